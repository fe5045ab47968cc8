package org.ferrite.cpu.internal.linalg.lapack;

/**
 * The operator a solve applies to its matrix, {@code op(A)} (LAPACK's {@code TRANS}). For real types
 * {@link #CONJUGATE_TRANSPOSE} is the transpose. Thread-safe (immutable).
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
    char code() {
        return code;
    }
}
