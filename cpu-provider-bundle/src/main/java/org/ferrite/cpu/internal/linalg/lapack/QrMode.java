package org.ferrite.cpu.internal.linalg.lapack;

/**
 * What a QR factorisation returns, for an {@code m × n} matrix with {@code k = min(m, n)} (NumPy's
 * {@code mode}). Thread-safe (immutable).
 */
public enum QrMode {
    /** Q is {@code m × k} with orthonormal columns, R is {@code k × n}. */
    REDUCED,
    /** Q is {@code m × m} unitary, R is {@code m × n} (rows {@code k …} zero). */
    COMPLETE,
    /** R only, {@code k × n}; Q is neither formed nor written. */
    R;

    /**
     * @param m rows of A
     * @param n columns of A
     * @return columns of Q: {@code k}, {@code m}, or 0 for {@link #R}
     */
    public int qColumns(int m, int n) {
        return this == COMPLETE ? m : this == REDUCED ? Math.min(m, n) : 0;
    }

    /**
     * @param m rows of A
     * @param n columns of A
     * @return rows of R: {@code m} for {@link #COMPLETE}, else {@code k}
     */
    public int rRows(int m, int n) {
        return this == COMPLETE ? m : Math.min(m, n);
    }
}
