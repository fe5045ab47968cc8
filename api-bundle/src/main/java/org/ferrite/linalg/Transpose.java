package org.ferrite.linalg;

/**
 * The operator a solve applies to its matrix, {@code op(A)} (LAPACK's {@code TRANS}). For real dtypes
 * {@link #CONJUGATE_TRANSPOSE} is the transpose.
 *
 * <pre>{@code
 * Tensor x = Linalg.solve(s, a, b, Transpose.CONJUGATE_TRANSPOSE);   // solves Aᴴ·x = b
 * }</pre>
 *
 * <p>Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum Transpose {
    /** {@code op(A) = A}. */
    NONE,
    /** {@code op(A) = Aᵀ}. */
    TRANSPOSE,
    /** {@code op(A) = Aᴴ}, the conjugate transpose. */
    CONJUGATE_TRANSPOSE
}
