package org.ferrite.cpu.conformance;

import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.LinalgRoute;

/**
 * The backend every CPU conformance class runs against: one shared {@link CpuBackend} with a thread
 * budget of 2 (so that kernels may split work), created once per test JVM and never closed (its pool
 * threads are daemons); for the linear-algebra suites also one per forced {@link LinalgRoute}. Thread-safe. Lifetime: the test JVM's.
 */
final class ConformanceBackends {
    static final CpuBackend TWO_THREADS = CpuBackend.builder().threads(2).build();
    /** Linear algebra forced onto each tier (AUTO gives the suite's small matrices to the small tier). */
    static final CpuBackend DENSE = CpuBackend.builder().threads(2).linalgRoute(LinalgRoute.DENSE).build();
    static final CpuBackend NATIVE = CpuBackend.builder().threads(2).linalgRoute(LinalgRoute.NATIVE).build();
    static final CpuBackend SMALL = CpuBackend.builder().threads(2).linalgRoute(LinalgRoute.SMALL).build();

    private ConformanceBackends() {
    }
}
