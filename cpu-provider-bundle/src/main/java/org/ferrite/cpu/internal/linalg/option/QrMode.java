package org.ferrite.cpu.internal.linalg.option;

/**
 * What a QR factorisation {@code A = Q·R} of an {@code m × n} matrix writes, {@code k = min(m, n)}
 * (NumPy's {@code mode = 'r' | 'reduced' | 'complete'}), for every linear-algebra tier. Thread-safe
 * (immutable).
 */
public enum QrMode {
    /** {@code R} ({@code k × n}) only; {@code Q} is never formed. */
    R_ONLY,
    /** {@code Q} is {@code m × k} with orthonormal columns, {@code R} is {@code k × n}. */
    REDUCED,
    /** {@code Q} is {@code m × m} unitary, {@code R} is {@code m × n} (rows {@code k…m-1} zero). */
    COMPLETE;

    /**
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @return the number of rows of {@code R}
     */
    public int rRows(int m, int n) {
        return this == COMPLETE ? m : Math.min(m, n);
    }

    /**
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @return the number of columns of {@code Q} (0 for {@link #R_ONLY})
     */
    public int qColumns(int m, int n) {
        return this == R_ONLY ? 0 : this == REDUCED ? Math.min(m, n) : m;
    }
}
