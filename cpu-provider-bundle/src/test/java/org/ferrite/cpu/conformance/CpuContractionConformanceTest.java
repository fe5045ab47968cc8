package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.ContractionConformance;

/** The CPU provider passes {@link ContractionConformance}, on a backend with a thread budget of 2. */
class CpuContractionConformanceTest extends ContractionConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
