package org.ferrite.cpu.internal.session;

import java.util.Objects;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.affinity.AffinityControl;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * The validated, immutable configuration of one engine (built by {@code CpuBackend.Builder}).
 * Thread-safe (immutable). Lifetime: a value; the engine built from it keeps it for its own lifetime.
 *
 * @param cpus the CPU set, non-empty, within the process's CPUs
 * @param threads the thread budget, {@code 1 … cpus.cardinality()}
 * @param pinCaller narrow the calling thread's affinity during sessions (when narrower)
 * @param bufferPoolLimitBytes the buffer pool's retention cap
 * @param planCacheMaxEntries the indexed-plan cache's entry limit
 * @param planCacheMaxBytes the indexed-plan cache's byte limit
 * @param gemmRoute the GEMM route kernels use
 * @param linalgRoute the linear-algebra route
 * @param leakDetection record the open site of held sessions and log it if one leaks
 * @param longWaitWarningNanos after how long an entry that waits without bound logs who holds its CPUs
 * @param arbiter the admission arbiter (the process-wide one outside tests)
 * @param affinity the affinity control (the platform's outside tests)
 */
public record EngineSettings(CpuMask cpus, int threads, boolean pinCaller, long bufferPoolLimitBytes,
        int planCacheMaxEntries, long planCacheMaxBytes, GemmRoute gemmRoute, LinalgRoute linalgRoute,
        boolean leakDetection, long longWaitWarningNanos, AdmissionArbiter arbiter, AffinityControl affinity) {
    /**
     * Checks non-null components (the builder validated the values).
     *
     * @param cpus the CPU set
     * @param threads the thread budget
     * @param pinCaller narrow the caller
     * @param bufferPoolLimitBytes the buffer pool's cap
     * @param planCacheMaxEntries the plan cache's entry limit
     * @param planCacheMaxBytes the plan cache's byte limit
     * @param gemmRoute the GEMM route
     * @param linalgRoute the linear-algebra route
     * @param leakDetection record open sites
     * @param longWaitWarningNanos the wait after which an unbounded entry logs, {@code > 0}
     * @param arbiter the arbiter
     * @param affinity the affinity control
     */
    public EngineSettings {
        Objects.requireNonNull(cpus, "cpus");
        Objects.requireNonNull(gemmRoute, "gemmRoute");
        Objects.requireNonNull(linalgRoute, "linalgRoute");
        Objects.requireNonNull(arbiter, "arbiter");
        Objects.requireNonNull(affinity, "affinity");
    }

    /**
     * Settings with {@link LinalgRoute#AUTO} (for tests that do not care about linear algebra).
     *
     * @param cpus the CPU set
     * @param threads the thread budget
     * @param pinCaller narrow the caller
     * @param bufferPoolLimitBytes the buffer pool's cap
     * @param planCacheMaxEntries the plan cache's entry limit
     * @param planCacheMaxBytes the plan cache's byte limit
     * @param gemmRoute the GEMM route
     * @param leakDetection record open sites
     * @param longWaitWarningNanos the wait after which an unbounded entry logs, {@code > 0}
     * @param arbiter the arbiter
     * @param affinity the affinity control
     */
    public EngineSettings(CpuMask cpus, int threads, boolean pinCaller, long bufferPoolLimitBytes,
            int planCacheMaxEntries, long planCacheMaxBytes, GemmRoute gemmRoute, boolean leakDetection,
            long longWaitWarningNanos, AdmissionArbiter arbiter, AffinityControl affinity) {
        this(cpus, threads, pinCaller, bufferPoolLimitBytes, planCacheMaxEntries, planCacheMaxBytes, gemmRoute,
                LinalgRoute.AUTO, leakDetection, longWaitWarningNanos, arbiter, affinity);
    }
}
