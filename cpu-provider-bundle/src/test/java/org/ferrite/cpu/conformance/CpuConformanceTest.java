package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.testkit.ConformanceKit;

/**
 * The CPU provider passes the conformance kit, on one shared {@link CpuBackend} with a thread budget of
 * 2 (so that kernels may split work), created once per test JVM and never closed (its pool threads are
 * daemons).
 */
class CpuConformanceTest extends ConformanceKit {
    private static final CpuBackend TWO_THREADS = CpuBackend.builder().threads(2).build();

    @Override
    protected Backend backend() {
        return TWO_THREADS;
    }

    @Override
    protected Backend newBackend() {
        return CpuBackend.builder().threads(2).build();
    }
}
