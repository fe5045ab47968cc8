package org.ferrite.cpu.internal.linalg.option;

/**
 * Which triangle of a square matrix a routine reads or writes (LAPACK's {@code UPLO}), for every
 * linear-algebra tier. Thread-safe (immutable).
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
    public char code() {
        return code;
    }

    /**
     * @param triangle the API's triangle
     * @return this tier's
     */
    public static Triangle of(org.ferrite.linalg.Triangle triangle) {
        return triangle == org.ferrite.linalg.Triangle.LOWER ? LOWER : UPPER;
    }
}
