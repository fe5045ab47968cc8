package org.ferrite.cpu.internal.session;

import java.util.Objects;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.affinity.AffinityControl;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * The validated, immutable configuration of one engine: the resolved values of the provider's settings
 * ({@code internal.settings.CpuSetting}) plus what the engine is wired to (arbiter, affinity control).
 * Built in one place only, {@code CpuBackend.Builder.build()}, from the builder's values after
 * resolving their defaults (the domain's CPUs and size, the buffer-pool cap from the system property or
 * environment, leak detection from the system property); tests obtain engines through the builder too,
 * so no caller restates the components positionally ({@code EngineSettingsTest} holds that rule).
 *
 * <p>Thread-safe (immutable). Lifetime: a value; the engine built from it keeps it for its own lifetime.
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
}
