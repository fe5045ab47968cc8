package org.ferrite.cpu;

import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.CapabilityKey;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.cpu.internal.linalg.lapack.LapackLibrary;
import org.ferrite.cpu.internal.simd.Simd;
import org.ferrite.linalg.LinalgKernels;

/**
 * The CPU provider's entries in {@link BackendCapabilities#details()}: typed keys for what only this
 * provider reports.
 *
 * <pre>{@code
 * BackendCapabilities caps = backend.capabilities();
 * if (!caps.detail(CpuCapabilities.AFFINITY_SUPPORTED).orElse(false)) {
 *     log.info("CPU sets are advisory here: " + caps.detail(CpuCapabilities.AFFINITY_NOTE).orElse(""));
 * }
 * if (!caps.detail(CpuCapabilities.LAPACK_AVAILABLE).orElse(false)) {
 *     log.info("linear algebra in pure Java: " + caps.detail(CpuCapabilities.LAPACK_NOTE).orElse(""));
 * }
 * log.info("vector kernels: " + caps.detail(CpuCapabilities.SIMD_NOTE).orElse("")); // e.g. "Vector API, 512-bit"
 * }</pre>
 *
 * <p>Besides these details, a CPU backend's capabilities report device {@link DeviceKind#CPU}, placement
 * {@link Placement#HOST}, every dtype, its thread budget, memory as the JVM heap (a snapshot: total
 * {@link Runtime#maxMemory()}, available what the heap can still grow into), the extension
 * {@link LinalgKernels} (linear algebra, see {@link LinalgRoute}), and {@link BackendCapabilities#SPI_VERSION}.
 *
 * <p>Thread-safe (constants only); it has no instances.
 */
public final class CpuCapabilities {
    /** Whether the backend can narrow the CPU affinity of threads to its domain (false where the platform cannot). */
    public static final CapabilityKey<Boolean> AFFINITY_SUPPORTED = CapabilityKey.of("cpu.affinity.supported",
            Boolean.class);
    /** Why affinity narrowing is unsupported, or an empty string when it is supported. */
    public static final CapabilityKey<String> AFFINITY_NOTE = CapabilityKey.of("cpu.affinity.note", String.class);
    /**
     * Whether the native LAPACK tier of the linear algebra is available (the system's {@code liblapack.so.3}
     * through JNA: it opens and exports every routine; it is bound and sanity-checked on the first call
     * routed to it, and should that check fail the Java tiers serve and the failure is logged); without
     * it the pure-Java tiers serve every operation — never an error.
     */
    public static final CapabilityKey<Boolean> LAPACK_AVAILABLE = CapabilityKey.of("cpu.linalg.lapack.available",
            Boolean.class);
    /**
     * The native LAPACK tier's description: the library (and its OpenBLAS threads once bound), or
     * {@code "unavailable (reason)"}.
     */
    public static final CapabilityKey<String> LAPACK_NOTE = CapabilityKey.of("cpu.linalg.lapack.note", String.class);
    /**
     * Whether the Vector API kernels are in use (the JVM was started with
     * {@code --add-modules jdk.incubator.vector}, the bundle sees that package, the CPU's preferred
     * vectors hold at least 256 bits, and {@code -Dferrite.simd=false} is not set). They serve the small
     * and batched contractions and the pure-Java GEMM; without them the scalar kernels do — same
     * results up to rounding, never an error. Fixed for the JVM's lifetime.
     */
    public static final CapabilityKey<Boolean> SIMD_ENABLED = CapabilityKey.of("cpu.simd.enabled", Boolean.class);
    /** {@code "Vector API, 512-bit"} when {@link #SIMD_ENABLED}, else {@code "off: "} and why. */
    public static final CapabilityKey<String> SIMD_NOTE = CapabilityKey.of("cpu.simd.note", String.class);
    /** The backend's {@link LinalgRoute}, by name. */
    public static final CapabilityKey<String> LINALG_ROUTE = CapabilityKey.of("cpu.linalg.route", String.class);

    private CpuCapabilities() {
    }

    /**
     * The capabilities of a CPU backend, without the memory snapshot ({@link #snapshot} adds it).
     *
     * @param threadBudget the backend's thread budget
     * @param affinitySupported whether affinity narrowing works
     * @param affinityNote why not, or empty
     * @param linalgRoute the linear-algebra route
     * @return the capabilities
     */
    static BackendCapabilities describe(int threadBudget, boolean affinitySupported, String affinityNote,
            LinalgRoute linalgRoute) {
        LapackLibrary lapack = LapackLibrary.located();
        return BackendCapabilities.builder(DeviceKind.CPU).placement(Placement.HOST).dtypes(DType.values())
                .threadBudget(threadBudget).extension(LinalgKernels.class)
                .detail(AFFINITY_SUPPORTED, affinitySupported).detail(AFFINITY_NOTE, affinityNote)
                .detail(LAPACK_AVAILABLE, lapack.available()).detail(LAPACK_NOTE, lapack.description())
                .detail(LINALG_ROUTE, linalgRoute.name()).detail(SIMD_ENABLED, Simd.enabled())
                .detail(SIMD_NOTE, Simd.describe()).build();
    }

    /**
     * @param base the backend's fixed capabilities
     * @return {@code base} with the JVM heap as memory, measured now
     */
    static BackendCapabilities snapshot(BackendCapabilities base) {
        Runtime runtime = Runtime.getRuntime();
        long max = runtime.maxMemory();
        if (max == Long.MAX_VALUE) {
            return base; // no heap limit known
        }
        long used = runtime.totalMemory() - runtime.freeMemory();
        return base.toBuilder().memory(max, Math.max(0, Math.min(max, max - used))).build();
    }
}
