package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.IndexingConformance;

/** The CPU provider passes {@link IndexingConformance}, on a backend with a thread budget of 2. */
class CpuIndexingConformanceTest extends IndexingConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
