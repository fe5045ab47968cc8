package org.ferrite.cpu.internal.linalg;

import org.ferrite.cpu.LinalgRoute;

/**
 * The kernel operations of the CPU linear algebra and, for each, the sizes at which {@link LinalgRoute#AUTO}
 * switches tiers: the small batched kernels up to {@link #smallLimit()} (the larger of the matrix's
 * extents), native LAPACK from {@link #nativeFrom()} when it is available, the dense Java kernels in
 * between or without LAPACK. The thresholds were measured (see {@code docs/linalg.md}, "Tiers"):
 * the crossover of one call on one matrix, F64, on the reference machine. Thread-safe (an enum).
 */
enum LinalgOp {
    SVD(16, 17, true),
    QR(16, 17, true),
    LU(16, 17, true),
    SOLVE(16, 17, true),
    CHOLESKY(16, 17, true),
    EIGH(16, 17, true),
    EIG(0, 17, false),
    TRIANGULAR_SOLVE(16, 17, true);

    private final int smallLimit;
    private final int nativeFrom;
    private final boolean hasSmallKernel;

    LinalgOp(int smallLimit, int nativeFrom, boolean hasSmallKernel) {
        this.smallLimit = smallLimit;
        this.nativeFrom = nativeFrom;
        this.hasSmallKernel = hasSmallKernel;
    }

    /** @return the largest order {@link LinalgRoute#AUTO} gives to the small kernels */
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
     * @param nativeAvailable whether native LAPACK is loaded
     * @return the tier
     */
    Tier tier(LinalgRoute route, int order, boolean nativeAvailable) {
        switch (route) {
            case SMALL:
                return hasSmallKernel ? Tier.SMALL : Tier.DENSE;
            case DENSE:
                return Tier.DENSE;
            case NATIVE:
                return nativeAvailable ? Tier.NATIVE : tier(LinalgRoute.JAVA, order, false);
            case JAVA:
                return hasSmallKernel && order <= smallLimit ? Tier.SMALL : Tier.DENSE;
            default:
                if (hasSmallKernel && order <= smallLimit) {
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
