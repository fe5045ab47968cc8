package org.ferrite.linalg;

/**
 * On which side a triangular matrix multiplies the unknown in a triangular solve.
 *
 * <pre>{@code
 * // X·U = B, U upper triangular
 * Tensor x = Linalg.triangularSolve(s, u, b, TriangularSolveOptions.UPPER.withSide(Side.RIGHT));
 * }</pre>
 *
 * <p>Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum Side {
    /** {@code op(A)·X = B}. */
    LEFT,
    /** {@code X·op(A) = B}. */
    RIGHT
}
