package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.SessionConformance;

/** The CPU provider passes {@link SessionConformance}, on a backend with a thread budget of 2. */
class CpuSessionConformanceTest extends SessionConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
