package org.ferrite.linalg;

import java.util.Objects;

/**
 * The system a {@link Linalg#triangularSolve(org.ferrite.api.session.BackendSession,
 * org.ferrite.api.tensor.TensorRead, org.ferrite.api.tensor.TensorRead, TriangularSolveOptions)}
 * solves: {@code op(A)·X = B} ({@link Side#LEFT}) or {@code X·op(A) = B} ({@link Side#RIGHT}) for a
 * triangular A of which only the given {@link Triangle} is read — and not its diagonal when
 * {@code unitDiagonal}, which takes it as all ones.
 *
 * <pre>{@code
 * Tensor y = Linalg.triangularSolve(s, l, b, TriangularSolveOptions.LOWER);                 // L·y = b
 * Tensor x = Linalg.triangularSolve(s, l, y, TriangularSolveOptions.LOWER
 *         .withTranspose(Transpose.CONJUGATE_TRANSPOSE));                                    // Lᴴ·x = y
 * }</pre>
 *
 * <p>Thread-safe (immutable); a value that lives as long as it is referenced.
 *
 * @param side where A stands
 * @param triangle the triangle of A that is read
 * @param transpose {@code op(A)}
 * @param unitDiagonal take A's diagonal as ones (and never read it)
 */
public record TriangularSolveOptions(Side side, Triangle triangle, Transpose transpose, boolean unitDiagonal) {
    /** {@code L·X = B}: left side, lower triangle, no transpose, diagonal read. */
    public static final TriangularSolveOptions LOWER = new TriangularSolveOptions(Side.LEFT, Triangle.LOWER,
            Transpose.NONE, false);
    /** {@code U·X = B}: left side, upper triangle, no transpose, diagonal read. */
    public static final TriangularSolveOptions UPPER = new TriangularSolveOptions(Side.LEFT, Triangle.UPPER,
            Transpose.NONE, false);

    /**
     * Checks non-null components.
     *
     * @param side where A stands
     * @param triangle the triangle read
     * @param transpose the operator
     * @param unitDiagonal implicit unit diagonal
     */
    public TriangularSolveOptions {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(triangle, "triangle");
        Objects.requireNonNull(transpose, "transpose");
    }

    /**
     * @param where the side
     * @return a copy on that side
     */
    public TriangularSolveOptions withSide(Side where) {
        return new TriangularSolveOptions(where, triangle, transpose, unitDiagonal);
    }

    /**
     * @param op the operator
     * @return a copy with that operator
     */
    public TriangularSolveOptions withTranspose(Transpose op) {
        return new TriangularSolveOptions(side, triangle, op, unitDiagonal);
    }

    /**
     * @param unit take the diagonal as ones
     * @return a copy with that diagonal
     */
    public TriangularSolveOptions withUnitDiagonal(boolean unit) {
        return new TriangularSolveOptions(side, triangle, transpose, unit);
    }
}
