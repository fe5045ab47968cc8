package org.ferrite.cpu.conformance;

import org.ferrite.cpu.CpuBackend;

/**
 * The backend every CPU conformance class runs against: one shared {@link CpuBackend} with a thread
 * budget of 2 (so that kernels may split work), created once per test JVM and never closed (its pool
 * threads are daemons). Thread-safe. Lifetime: the test JVM's.
 */
final class ConformanceBackends {
    static final CpuBackend TWO_THREADS = CpuBackend.builder().threads(2).build();

    private ConformanceBackends() {
    }
}
