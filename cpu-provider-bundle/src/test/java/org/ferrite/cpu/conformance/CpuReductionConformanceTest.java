package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.ReductionConformance;

/** The CPU provider passes {@link ReductionConformance}, on a backend with a thread budget of 2. */
class CpuReductionConformanceTest extends ReductionConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
