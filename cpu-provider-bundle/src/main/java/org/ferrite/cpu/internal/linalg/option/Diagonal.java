package org.ferrite.cpu.internal.linalg.option;

/**
 * Whether a triangular matrix has an implicit unit diagonal (LAPACK's {@code DIAG}), for every
 * linear-algebra tier. Thread-safe (immutable).
 */
public enum Diagonal {
    /** The diagonal is read from the matrix ({@code 'N'}). */
    NON_UNIT('N'),
    /** The diagonal is taken as all ones and never read ({@code 'U'}). */
    UNIT('U');

    private final char code;

    Diagonal(char code) {
        this.code = code;
    }

    /** @return LAPACK's {@code DIAG} character */
    public char code() {
        return code;
    }

    /**
     * @param unit whether the diagonal is implicitly one
     * @return the matching value
     */
    public static Diagonal of(boolean unit) {
        return unit ? UNIT : NON_UNIT;
    }
}
