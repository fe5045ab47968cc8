package org.ferrite.linalg;

/**
 * What an SVD {@code A = U·diag(S)·Vᴴ} of an {@code m × n} matrix computes, {@code k = min(m, n)}: the
 * job a {@link LinalgKernels#svd} hook is given. Users choose through {@link SvdOptions} and
 * {@link Linalg#svdvals}.
 *
 * <p>Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum SvdJob {
    /** S only; U and Vᴴ are never formed. */
    VALUES,
    /** Thin: U is {@code m × k}, Vᴴ is {@code k × n}. */
    THIN,
    /** Full: U is {@code m × m}, Vᴴ is {@code n × n}. */
    FULL;

    /**
     * @param m rows of A
     * @param n columns of A
     * @return columns of U: {@code k}, {@code m}, or 0 for {@link #VALUES}
     */
    public long uColumns(long m, long n) {
        return this == FULL ? m : this == THIN ? Math.min(m, n) : 0;
    }

    /**
     * @param m rows of A
     * @param n columns of A
     * @return rows of Vᴴ: {@code k}, {@code n}, or 0 for {@link #VALUES}
     */
    public long vhRows(long m, long n) {
        return this == FULL ? n : this == THIN ? Math.min(m, n) : 0;
    }
}
