package org.ferrite.cpu.internal.linalg;

import org.ferrite.cpu.LinalgRoute;

/**
 * The kernel operations of the CPU linear algebra and, for each, where {@link LinalgRoute#AUTO} switches
 * tiers, by the order of the matrices (the larger extent) and the batch's members:
 * <ul>
 *   <li>the small batched kernels for order ≤ {@link #smallAlways()} (they beat a per-matrix call
 *       even on one matrix), or for order ≤ {@link #smallLimit()} when the batch has at least
 *       {@link #MIN_BATCH} members (they vectorise across them);</li>
 *   <li>else native LAPACK from order {@link #nativeFrom()} when it is available;</li>
 *   <li>else the dense Java kernels.</li>
 * </ul>
 * The thresholds come from measurements of one held call per shape, F64, one thread, on one matrix and
 * on batches of 16 and 256 (the tables are in {@code docs/linalg.md}, "Thresholds"): the crossovers,
 * rounded towards the safer tier where noise blurred them. LU, Cholesky and triangular solves take
 * the solve's thresholds and {@code eig} eigh's native one; they were not measured apart. Thread-safe
 * (an enum).
 */
enum LinalgOp {
    SVD(4, 4, 12, true),
    QR(0, 12, 24, true),
    LU(0, 8, 16, true),
    SOLVE(0, 8, 16, true),
    CHOLESKY(0, 8, 16, true),
    EIGH(0, 4, 12, true),
    EIG(0, 0, 12, false),
    TRIANGULAR_SOLVE(0, 8, 16, true);

    /** The members from which a batch of small matrices goes to the small tier. */
    static final long MIN_BATCH = 8;

    private final int smallAlways;
    private final int smallLimit;
    private final int nativeFrom;
    private final boolean hasSmallKernel;

    LinalgOp(int smallAlways, int smallLimit, int nativeFrom, boolean hasSmallKernel) {
        this.smallAlways = smallAlways;
        this.smallLimit = smallLimit;
        this.nativeFrom = nativeFrom;
        this.hasSmallKernel = hasSmallKernel;
    }

    /** @return the largest order {@link LinalgRoute#AUTO} gives to the small kernels whatever the batch */
    int smallAlways() {
        return smallAlways;
    }

    /** @return the largest order {@link LinalgRoute#AUTO} gives to the small kernels for a batch */
    int smallLimit() {
        return smallLimit;
    }

    /** @return the smallest order {@link LinalgRoute#AUTO} gives to native LAPACK */
    int nativeFrom() {
        return nativeFrom;
    }

    /**
     * The tier of one call.
     *
     * @param route the backend's route
     * @param order the larger extent of the matrices
     * @param members the batch's members
     * @param nativeAvailable whether native LAPACK is loaded
     * @return the tier
     */
    Tier tier(LinalgRoute route, int order, long members, boolean nativeAvailable) {
        boolean small = hasSmallKernel && (order <= smallAlways || order <= smallLimit && members >= MIN_BATCH);
        switch (route) {
            case SMALL:
                return hasSmallKernel ? Tier.SMALL : Tier.DENSE;
            case DENSE:
                return Tier.DENSE;
            case NATIVE:
                return nativeAvailable ? Tier.NATIVE : tier(LinalgRoute.JAVA, order, members, false);
            case JAVA:
                return small ? Tier.SMALL : Tier.DENSE;
            default:
                if (small) {
                    return Tier.SMALL;
                }
                return nativeAvailable && order >= nativeFrom ? Tier.NATIVE : Tier.DENSE;
        }
    }

    /** The three kernel tiers. */
    enum Tier {
        /** Ferrite's batched small kernels ({@code internal.linalg.small}). */
        SMALL,
        /** The pure-Java dense layer ({@code internal.linalg.dense}). */
        DENSE,
        /** Native LAPACK ({@code internal.linalg.lapack}). */
        NATIVE
    }
}
