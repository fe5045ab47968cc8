package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.ErrorConformance;

/** The CPU provider passes {@link ErrorConformance}, on a backend with a thread budget of 2. */
class CpuErrorConformanceTest extends ErrorConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
