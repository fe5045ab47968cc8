package org.ferrite.cpu.internal.linalg.option;

/**
 * The operator a solve applies to its matrix, {@code op(A)} (LAPACK's {@code TRANS}), for every
 * linear-algebra tier. For real types {@link #CONJUGATE_TRANSPOSE} equals {@link #TRANSPOSE}.
 * Thread-safe (immutable).
 */
public enum Transpose {
    /** {@code op(A) = A} ({@code 'N'}). */
    NONE('N'),
    /** {@code op(A) = Aᵀ} ({@code 'T'}). */
    TRANSPOSE('T'),
    /** {@code op(A) = Aᴴ} ({@code 'C'}). */
    CONJUGATE_TRANSPOSE('C');

    private final char code;

    Transpose(char code) {
        this.code = code;
    }

    /** @return LAPACK's {@code TRANS} character */
    public char code() {
        return code;
    }

    /**
     * @param transpose the API's operator
     * @return this tier's
     */
    public static Transpose of(org.ferrite.linalg.Transpose transpose) {
        switch (transpose) {
            case NONE:
                return NONE;
            case TRANSPOSE:
                return TRANSPOSE;
            default:
                return CONJUGATE_TRANSPOSE;
        }
    }
}
