package org.ferrite.cpu.internal.linalg.lapack;

/**
 * Whether a triangular matrix has an implicit unit diagonal (LAPACK's {@code DIAG}). Thread-safe
 * (immutable).
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
    char code() {
        return code;
    }
}
