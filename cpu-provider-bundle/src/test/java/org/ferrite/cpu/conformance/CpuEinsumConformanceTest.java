package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.EinsumConformance;

/** The CPU provider passes {@link EinsumConformance}, on a backend with a thread budget of 2. */
class CpuEinsumConformanceTest extends EinsumConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
