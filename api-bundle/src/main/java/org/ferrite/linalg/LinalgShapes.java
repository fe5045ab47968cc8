package org.ferrite.linalg;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The shape, dtype and writability rules of every linear-algebra operation: {@link Linalg} uses them to
 * validate its arguments and size its results, and a provider's {@link LinalgKernels} calls the
 * {@code check…} method of each hook before its first write (placement and aliasing are the provider's
 * own per-call checks). Users may call the shape builders to size the outputs of the {@code …Into}
 * forms.
 *
 * <pre>{@code
 * long[] xShape = LinalgShapes.matrixShape(a.dim(1), b.dim(1), a);   // [n, k, batch of a…]
 * LinalgShapes.checkSolve(a, b, x);                                   // ValidationException if wrong
 * }</pre>
 *
 * <p>Every check throws {@link ValidationException} naming the operation, the argument, what was
 * expected and what was given; none allocates unless it throws. Thread-safe (stateless). Lifetime:
 * static methods only.
 */
public final class LinalgShapes {
    private LinalgShapes() {
    }

    // ------------------------------------------------------------------ shape builders

    /**
     * @param rows the first extent
     * @param cols the second extent
     * @param batchOf a matrix operand whose batch axes (axes 2…) the shape takes
     * @return {@code [rows, cols, batch…]}
     */
    public static long[] matrixShape(long rows, long cols, TensorRead batchOf) {
        long[] shape = new long[batchOf.rank()];
        shape[0] = rows;
        shape[1] = cols;
        for (int axis = 2; axis < shape.length; axis++) {
            shape[axis] = batchOf.dim(axis);
        }
        return shape;
    }

    /**
     * @param n the first extent
     * @param batchOf a matrix operand whose batch axes (axes 2…) the shape takes
     * @return {@code [n, batch…]}
     */
    public static long[] vectorShape(long n, TensorRead batchOf) {
        long[] shape = new long[batchOf.rank() - 1];
        shape[0] = n;
        for (int axis = 1; axis < shape.length; axis++) {
            shape[axis] = batchOf.dim(axis + 1);
        }
        return shape;
    }

    /**
     * @param batchOf a matrix operand
     * @return its batch axes, {@code [batch…]} (empty for a single matrix)
     */
    public static long[] batchShape(TensorRead batchOf) {
        return Arrays.copyOfRange(batchOf.shape(), 2, batchOf.rank());
    }

    /**
     * @param batchOf a matrix operand
     * @return the number of batch members, the product of its batch extents (1 for a single matrix)
     */
    public static long batchCount(TensorRead batchOf) {
        long count = 1;
        for (int axis = 2; axis < batchOf.rank(); axis++) {
            count *= batchOf.dim(axis);
        }
        return count;
    }

    // ------------------------------------------------------------------ operands

    /**
     * Checks a matrix operand: a dtype of linear algebra (F32, F64, C64, C128 — as NumPy's {@code linalg},
     * which refuses {@code float16}: F16, BF16 and the integers are converted by the caller) and rank ≥ 2
     * ({@code [m, n, batch…]}).
     *
     * @param op the operation
     * @param argument the argument's name
     * @param a the operand
     * @throws ValidationException (DTYPE_MISMATCH, RANK_MISMATCH) if not
     */
    public static void checkMatrix(String op, String argument, TensorRead a) {
        checkDtype(op, argument, a.dtype());
        if (a.rank() < 2) {
            throw ValidationException.rankMismatch(op, argument, ">= 2 ([m, n, batch…]; matrix axes first)",
                    a.rank());
        }
    }

    /**
     * @param d a dtype
     * @return true for the dtypes of linear algebra: F32, F64, C64, C128
     */
    static boolean isLinalgDtype(DType d) {
        return d == DType.F32 || d == DType.F64 || d == DType.C64 || d == DType.C128;
    }

    /** Refuses a dtype outside {@link #isLinalgDtype}, naming it and what to do. */
    static void checkDtype(String op, String argument, DType d) {
        if (!isLinalgDtype(d)) {
            throw ValidationException.dtypeMismatch(op, argument, "F32, F64, C64 or C128 (linear algebra has no "
                    + d + ", as NumPy's linalg: convert the operand with cast or convert first)", d.name());
        }
    }

    /**
     * Checks a square matrix operand ({@code [n, n, batch…]}).
     *
     * @param op the operation
     * @param argument the argument's name
     * @param a the operand
     * @throws ValidationException if not a matrix operand, or (SHAPE_MISMATCH) not square
     */
    public static void checkSquare(String op, String argument, TensorRead a) {
        checkMatrix(op, argument, a);
        if (a.dim(0) != a.dim(1)) {
            throw ValidationException.extentMismatch(op, argument, 1, a.dim(0), a.dim(1),
                    op + " needs square matrices [n, n, batch…]; got " + a.dim(0) + " × " + a.dim(1));
        }
    }

    // ------------------------------------------------------------------ hooks

    /**
     * The rules of {@link LinalgKernels#svd}.
     *
     * @param a the matrices
     * @param job the job
     * @param s the singular values' output
     * @param u U's output, {@code null} exactly for {@link SvdJob#VALUES}
     * @param vh Vᴴ's output, {@code null} exactly for {@link SvdJob#VALUES}
     * @throws ValidationException if an argument breaks them
     */
    public static void checkSvd(TensorRead a, SvdJob job, TensorWrite s, TensorWrite u, TensorWrite vh) {
        String op = "svd";
        checkMatrix(op, "a", a);
        long m = a.dim(0);
        long n = a.dim(1);
        checkVectorOutput(op, "s", s, a.dtype().realType(), Math.min(m, n), a);
        if (job == SvdJob.VALUES) {
            requireAbsent(op, "u", u, "values only");
            requireAbsent(op, "vh", vh, "values only");
        } else {
            checkMatrixOutput(op, "u", u, a.dtype(), m, job.uColumns(m, n), a);
            checkMatrixOutput(op, "vh", vh, a.dtype(), job.vhRows(m, n), n, a);
        }
    }

    /**
     * The rules of {@link LinalgKernels#qr}.
     *
     * @param a the matrices
     * @param options reduced or complete
     * @param q Q's output
     * @param r R's output
     * @throws ValidationException if an argument breaks them
     */
    public static void checkQr(TensorRead a, QrOptions options, TensorWrite q, TensorWrite r) {
        String op = "qr";
        checkMatrix(op, "a", a);
        long m = a.dim(0);
        long n = a.dim(1);
        checkMatrixOutput(op, "q", q, a.dtype(), m, options.qColumns(m, n), a);
        checkMatrixOutput(op, "r", r, a.dtype(), options.rRows(m, n), n, a);
    }

    /**
     * The rules of {@link LinalgKernels#lu}.
     *
     * @param a the matrices
     * @param lu the packed factors' output
     * @param pivots the interchanges' output (I32)
     * @param permutation the row order's output (I32), or {@code null}
     * @throws ValidationException if an argument breaks them
     */
    public static void checkLu(TensorRead a, TensorWrite lu, TensorWrite pivots, TensorWrite permutation) {
        String op = "lu";
        checkMatrix(op, "a", a);
        checkMatrixOutput(op, "lu", lu, a.dtype(), a.dim(0), a.dim(1), a);
        checkVectorOutput(op, "pivots", pivots, DType.I32, Math.min(a.dim(0), a.dim(1)), a);
        if (permutation != null) {
            checkVectorOutput(op, "permutation", permutation, DType.I32, a.dim(0), a);
        }
    }

    /**
     * The rules of {@link LinalgKernels#solve}: {@code b} and {@code x} are {@code [n, k, batch…]} or
     * {@code [n, batch…]}, of A's dtype, {@code x} of {@code b}'s shape.
     *
     * @param a the square matrices
     * @param b the right-hand sides
     * @param x the solution's output
     * @throws ValidationException if an argument breaks them
     */
    public static void checkSolve(TensorRead a, TensorRead b, TensorWrite x) {
        checkSolve("solve", a, b, x);
    }

    /**
     * {@link #checkSolve(TensorRead, TensorRead, TensorWrite)} reported under another operation's name.
     *
     * @param op the operation
     * @param a the square matrices
     * @param b the right-hand sides
     * @param x the solution's output
     * @throws ValidationException if an argument breaks the rules
     */
    public static void checkSolve(String op, TensorRead a, TensorRead b, TensorWrite x) {
        checkSquare(op, "a", a);
        checkRightHandSide(op, a, b, 0);
        checkSameAs(op, x, b);
    }

    /**
     * The rules of {@link LinalgKernels#cholesky}.
     *
     * @param a the square matrices
     * @param factor the factor's output
     * @throws ValidationException if an argument breaks them
     */
    public static void checkCholesky(TensorRead a, TensorWrite factor) {
        String op = "cholesky";
        checkSquare(op, "a", a);
        checkMatrixOutput(op, "factor", factor, a.dtype(), a.dim(0), a.dim(0), a);
    }

    /**
     * The rules of {@link LinalgKernels#eigh}.
     *
     * @param a the square matrices
     * @param values the eigenvalues' output (A's real type)
     * @param vectors the eigenvectors' output, or {@code null}
     * @throws ValidationException if an argument breaks them
     */
    public static void checkEigh(TensorRead a, TensorWrite values, TensorWrite vectors) {
        String op = "eigh";
        checkSquare(op, "a", a);
        checkVectorOutput(op, "values", values, a.dtype().realType(), a.dim(0), a);
        if (vectors != null) {
            checkMatrixOutput(op, "vectors", vectors, a.dtype(), a.dim(0), a.dim(0), a);
        }
    }

    /**
     * The rules of {@link LinalgKernels#eig}.
     *
     * @param a the square matrices
     * @param values the eigenvalues' output (A's complex type)
     * @param vectors the eigenvectors' output (A's complex type), or {@code null}
     * @throws ValidationException if an argument breaks them
     */
    public static void checkEig(TensorRead a, TensorWrite values, TensorWrite vectors) {
        String op = "eig";
        checkSquare(op, "a", a);
        DType complex = a.dtype().complexType();
        checkVectorOutput(op, "values", values, complex, a.dim(0), a);
        if (vectors != null) {
            checkMatrixOutput(op, "vectors", vectors, complex, a.dim(0), a.dim(0), a);
        }
    }

    /**
     * The rules of {@link LinalgKernels#triangularSolve}: left, {@code b} is {@code [n, k, batch…]} or
     * {@code [n, batch…]}; right, {@code [k, n, batch…]} or {@code [n, batch…]}; {@code x} of
     * {@code b}'s shape.
     *
     * @param a the square triangular matrices
     * @param b the right-hand sides
     * @param options the side (the others do not affect shapes)
     * @param x the solution's output
     * @throws ValidationException if an argument breaks them
     */
    public static void checkTriangularSolve(TensorRead a, TensorRead b, TriangularSolveOptions options,
            TensorWrite x) {
        String op = "triangularSolve";
        checkSquare(op, "a", a);
        boolean vector = b.rank() == a.rank() - 1;
        checkRightHandSide(op, a, b, options.side() == Side.RIGHT && !vector ? 1 : 0);
        checkSameAs(op, x, b);
    }

    // ------------------------------------------------------------------ parts

    /**
     * {@code b} is {@code [n, k, batch…]} (with {@code n} at {@code axis}, 0 or 1) or {@code [n, batch…]},
     * {@code n} the rows of A, of A's dtype, with A's batch axes.
     */
    static void checkRightHandSide(String op, TensorRead a, TensorRead b, int axis) {
        if (b.dtype() != a.dtype()) {
            throw ValidationException.dtypeMismatch(op, "b", a.dtype().name() + " (a's dtype)", b.dtype().name());
        }
        boolean vector = b.rank() == a.rank() - 1;
        if (!vector && b.rank() != a.rank()) {
            throw ValidationException.rankMismatch(op, "b", a.rank() + " ([n, k, batch…]) or " + (a.rank() - 1)
                    + " ([n, batch…]), matching a's " + (a.rank() - 2) + " batch axes", b.rank());
        }
        int rhsAxis = vector ? 0 : axis;
        if (b.dim(rhsAxis) != a.dim(0)) {
            throw ValidationException.extentMismatch(op, "b", rhsAxis, a.dim(0), b.dim(rhsAxis),
                    "b's extent along that axis must equal the rows of a");
        }
        int first = vector ? 1 : 2;
        for (int axis2 = 2; axis2 < a.rank(); axis2++) {
            int bAxis = axis2 - 2 + first;
            if (b.dim(bAxis) != a.dim(axis2)) {
                throw ValidationException.extentMismatch(op, "b", bAxis, a.dim(axis2), b.dim(bAxis),
                        "batch axes must equal a's (broadcast a view, e.g. broadcastInDim, to share one)");
            }
        }
    }

    private static void checkSameAs(String op, TensorWrite x, TensorRead b) {
        if (x == null) {
            throw ValidationException.invalidArgument(op, "x", "an output", "null", null);
        }
        if (x.dtype() != b.dtype()) {
            throw ValidationException.dtypeMismatch(op, "x", b.dtype().name() + " (b's dtype)", x.dtype().name());
        }
        boolean same = x.rank() == b.rank();
        for (int axis = 0; same && axis < b.rank(); axis++) {
            same = x.dim(axis) == b.dim(axis);
        }
        if (!same) {
            throw ValidationException.shapeMismatch(op, "x", b.shape(), x.shape());
        }
        requireWritable(op, "x", x);
    }

    private static void checkMatrixOutput(String op, String argument, TensorWrite out, DType dtype, long rows,
            long cols, TensorRead batchOf) {
        requireOutput(op, argument, out, dtype);
        boolean same = out.rank() == batchOf.rank() && out.dim(0) == rows && out.dim(1) == cols;
        for (int axis = 2; same && axis < batchOf.rank(); axis++) {
            same = out.dim(axis) == batchOf.dim(axis);
        }
        if (!same) {
            throw ValidationException.shapeMismatch(op, argument, matrixShape(rows, cols, batchOf), out.shape());
        }
        requireWritable(op, argument, out);
    }

    private static void checkVectorOutput(String op, String argument, TensorWrite out, DType dtype, long n,
            TensorRead batchOf) {
        requireOutput(op, argument, out, dtype);
        boolean same = out.rank() == batchOf.rank() - 1 && out.dim(0) == n;
        for (int axis = 2; same && axis < batchOf.rank(); axis++) {
            same = out.dim(axis - 1) == batchOf.dim(axis);
        }
        if (!same) {
            throw ValidationException.shapeMismatch(op, argument, vectorShape(n, batchOf), out.shape());
        }
        requireWritable(op, argument, out);
    }

    private static void requireOutput(String op, String argument, TensorWrite out, DType dtype) {
        if (out == null) {
            throw ValidationException.invalidArgument(op, argument, "an output", "null", null);
        }
        if (out.dtype() != dtype) {
            throw ValidationException.dtypeMismatch(op, argument, dtype.name(), out.dtype().name());
        }
    }

    private static void requireWritable(String op, String argument, TensorWrite out) {
        if (!out.isWritable()) {
            throw ValidationException.invalidArgument(op, argument, "a writable output (no zero strides)",
                    "a broadcast view", "write into a Tensor or a writable view");
        }
    }

    private static void requireAbsent(String op, String argument, TensorWrite out, String job) {
        if (out != null) {
            throw ValidationException.invalidArgument(op, argument, "null (" + job + ")", "an output", null);
        }
    }
}
