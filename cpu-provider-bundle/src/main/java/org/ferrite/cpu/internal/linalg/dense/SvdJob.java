package org.ferrite.cpu.internal.linalg.dense;

/**
 * What an SVD {@code A = U·diag(S)·Vᴴ} of an {@code m × n} matrix computes, with
 * {@code k = min(m, n)}. Thread-safe (immutable).
 */
public enum SvdJob {
    /** {@code S} only; {@code U} and {@code Vᴴ} are never formed (nor are their arrays touched). */
    VALUES,
    /** Thin: {@code U} is {@code m × k}, {@code Vᴴ} is {@code k × n}. */
    THIN,
    /** Full: {@code U} is {@code m × m}, {@code Vᴴ} is {@code n × n}. */
    FULL;

    /**
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @return the number of columns of {@code U} (0 for {@link #VALUES})
     */
    public int uColumns(int m, int n) {
        return this == VALUES ? 0 : this == THIN ? Math.min(m, n) : m;
    }

    /**
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @return the number of rows of {@code Vᴴ} (0 for {@link #VALUES})
     */
    public int vtRows(int m, int n) {
        return this == VALUES ? 0 : this == THIN ? Math.min(m, n) : n;
    }
}
