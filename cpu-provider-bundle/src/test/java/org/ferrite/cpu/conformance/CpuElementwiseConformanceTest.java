package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.ElementwiseConformance;

/** The CPU provider passes {@link ElementwiseConformance}, on a backend with a thread budget of 2. */
class CpuElementwiseConformanceTest extends ElementwiseConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
