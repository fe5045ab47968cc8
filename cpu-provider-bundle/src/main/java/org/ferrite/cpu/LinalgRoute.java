package org.ferrite.cpu;

/**
 * Which linear-algebra kernels a backend's {@code LinalgKernels} may use. Three tiers serve every
 * operation and dtype: Ferrite's small batched kernels (batch-innermost, vectorised across the members
 * of a batch: the fastest for small matrices), the pure-Java dense kernels (EJML where it covers the
 * operation, Ferrite's own elsewhere, complex included), and the system's native LAPACK through JNA
 * (the fastest for large matrices, when it is installed). Every route gives the same answers within
 * rounding; with {@code PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE} (and the positive-diagonal QR gauge)
 * the same vectors too.
 *
 * <pre>{@code
 * CpuBackend javaOnly = CpuBackend.builder().linalgRoute(LinalgRoute.JAVA).build();
 * }</pre>
 *
 * <p>Thread-safe (an enum). Lifetime: constants.
 */
public enum LinalgRoute {
    /**
     * Chosen per call by the matrices' order and the batch's size: the small kernels for batches (8
     * members or more) of small matrices — order up to 4 to 12, by operation — and for tiny single SVDs,
     * native LAPACK for large matrices when it is available (from order 12 to 24, by operation), the
     * dense Java kernels otherwise. The measured thresholds are in the linear-algebra guide.
     */
    AUTO,
    /** As {@link #AUTO}, but never native: the small kernels, then the dense Java kernels. */
    JAVA,
    /**
     * The small kernels at every size ({@code eig}, which has none, uses the dense tier). For tests and
     * for batches of small matrices whose size the thresholds misjudge.
     */
    SMALL,
    /** The dense Java kernels at every size. */
    DENSE,
    /** Native LAPACK at every size when it is available; {@link #JAVA} when it is not. */
    NATIVE
}
