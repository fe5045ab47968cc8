package org.ferrite.linalg;

/**
 * The matrix norms of {@link Linalg#norm(org.ferrite.api.session.BackendSession,
 * org.ferrite.api.tensor.TensorRead, MatrixNorm)}, each over the two matrix axes of
 * {@code [m, n, batch…]} (NumPy's {@code ord} in brackets), and the norms of
 * {@link Linalg#cond(org.ferrite.api.session.BackendSession, org.ferrite.api.tensor.TensorRead, MatrixNorm)}
 * (NumPy's {@code p}). An empty matrix has norm 0 (the smallest of no sums or singular values too,
 * where NumPy raises).
 *
 * <pre>{@code
 * Tensor nuc = Linalg.norm(s, a, MatrixNorm.NUCLEAR);   // [batch…], a's real type
 * }</pre>
 *
 * <p>Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum MatrixNorm {
    /** {@code sqrt(Σ|a_ij|²)} ({@code 'fro'}). */
    FROBENIUS,
    /** The sum of the singular values ({@code 'nuc'}); one values-only SVD. */
    NUCLEAR,
    /** The largest singular value ({@code 2}); one values-only SVD. */
    SPECTRAL,
    /** The largest column sum of {@code |a_ij|} ({@code 1}). */
    MAX_COLUMN_SUM,
    /** The largest row sum of {@code |a_ij|} ({@code inf}). */
    MAX_ROW_SUM,
    /** The smallest singular value ({@code -2}); one values-only SVD. Not a norm, as in NumPy. */
    SMALLEST_SINGULAR_VALUE,
    /** The smallest column sum of {@code |a_ij|} ({@code -1}). Not a norm, as in NumPy. */
    MIN_COLUMN_SUM,
    /** The smallest row sum of {@code |a_ij|} ({@code -inf}). Not a norm, as in NumPy. */
    MIN_ROW_SUM
}
