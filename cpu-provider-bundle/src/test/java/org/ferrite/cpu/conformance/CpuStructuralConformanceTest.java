package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.StructuralConformance;

/** The CPU provider passes {@link StructuralConformance}, on a backend with a thread budget of 2. */
class CpuStructuralConformanceTest extends StructuralConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
