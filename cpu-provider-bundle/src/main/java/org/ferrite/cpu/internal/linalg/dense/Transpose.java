package org.ferrite.cpu.internal.linalg.dense;

/**
 * Which operator a solve applies to its matrix: {@code op(A) = A}, {@code Aᵀ} or {@code Aᴴ} (LAPACK's
 * {@code TRANS = 'N' | 'T' | 'C'}). For real matrices {@link #CONJUGATE_TRANSPOSE} equals
 * {@link #TRANSPOSE}. Thread-safe (immutable).
 */
public enum Transpose {
    /** {@code op(A) = A}. */
    NONE,
    /** {@code op(A) = Aᵀ}. */
    TRANSPOSE,
    /** {@code op(A) = Aᴴ} (conjugate transpose). */
    CONJUGATE_TRANSPOSE
}
