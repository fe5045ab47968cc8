package org.ferrite.cpu.internal.linalg.lapack;

/**
 * Which triangle of a square matrix a routine reads or writes (LAPACK's {@code UPLO}). Thread-safe
 * (immutable).
 */
public enum Triangle {
    /** The lower triangle, diagonal included ({@code UPLO = 'L'}). */
    LOWER('L'),
    /** The upper triangle, diagonal included ({@code UPLO = 'U'}). */
    UPPER('U');

    private final char code;

    Triangle(char code) {
        this.code = code;
    }

    /** @return LAPACK's {@code UPLO} character */
    char code() {
        return code;
    }
}
