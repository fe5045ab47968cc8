package org.ferrite.linalg;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * NumPy's {@code tensorsolve} and {@code tensorinv}, as one square solve over flattened axes. Both
 * flatten the equations' axes and the unknowns' axes the same way (Ferrite's column-major order), so
 * the answer is NumPy's element for element although NumPy flattens in C order. Unlike NumPy, which
 * compares only element counts, a's leading axes must be b's shape exactly: with counts alone the
 * pairing of equations would depend on the flattening order. Thread-safe (stateless).
 */
final class TensorEquations {
    private TensorEquations() {
    }

    static Tensor tensorsolve(BackendSession s, TensorRead a, TensorRead b, int[] axes) {
        String op = "tensorsolve";
        LinalgKernels kernels = Portable.kernels(s, op);
        checkFloating(op, a);
        if (b.dtype() != a.dtype()) {
            throw ValidationException.dtypeMismatch(op, "b", a.dtype().name() + " (a's dtype)", b.dtype().name());
        }
        TensorRead moved = axes.length == 0 ? a : a.permute(movedLast(op, a.rank(), axes));
        if (moved.rank() < b.rank()) {
            throw ValidationException.rankMismatch(op, "a", ">= " + b.rank() + " (a is [b's shape…, x's shape…])",
                    a.rank());
        }
        for (int axis = 0; axis < b.rank(); axis++) {
            if (moved.dim(axis) != b.dim(axis)) {
                throw ValidationException.extentMismatch(op, "a", axis, b.dim(axis), moved.dim(axis),
                        "a's leading axes (after moving 'axes' last) must be b's shape");
            }
        }
        long[] xShape = Arrays.copyOfRange(moved.shape(), b.rank(), moved.rank());
        long equations = b.size();
        if (product(xShape) != equations) {
            throw ValidationException.invalidArgument(op, "a", "as many unknowns as equations (b.size() = "
                    + equations + ")", product(xShape) + " unknowns, x's shape " + Arrays.toString(xShape),
                    "a must be [b's shape…, x's shape…] with prod(x's shape) == prod(b's shape)");
        }
        Tensor matrix = s.toContiguous(moved);
        Tensor rhs = s.toContiguous(b);
        Tensor x = s.allocate(a.dtype(), xShape);
        try {
            Portable.fill(s, op, () -> kernels.solve(matrix.reshape(equations, equations), rhs.reshape(equations),
                    Transpose.NONE, x.reshape(equations)), x);
        } finally {
            Portable.reclaim(s, matrix == moved ? null : matrix, rhs == b ? null : rhs);
        }
        return x;
    }

    static Tensor tensorinv(BackendSession s, TensorRead a, int ind) {
        String op = "tensorinv";
        LinalgKernels kernels = Portable.kernels(s, op);
        checkFloating(op, a);
        if (ind < 1 || ind > a.rank()) {
            throw ValidationException.invalidArgument(op, "ind", "1 … " + a.rank() + " (the rank of a)",
                    String.valueOf(ind), "ind counts a's leading axes, those of the equations");
        }
        long[] shape = a.shape();
        long rows = product(Arrays.copyOfRange(shape, 0, ind));
        long columns = product(Arrays.copyOfRange(shape, ind, shape.length));
        if (rows != columns) {
            throw ValidationException.invalidArgument(op, "a", "prod(shape[:ind]) == prod(shape[ind:])", rows + " and "
                    + columns + " for shape " + Arrays.toString(shape) + ", ind " + ind, null);
        }
        long[] inverseShape = new long[shape.length];
        System.arraycopy(shape, ind, inverseShape, 0, shape.length - ind);
        System.arraycopy(shape, 0, inverseShape, shape.length - ind, ind);
        Tensor matrix = s.toContiguous(a);
        Tensor inverse = s.allocate(a.dtype(), inverseShape);
        try {
            Determinants.invInto(s, kernels, matrix.reshape(rows, rows), inverse.reshape(rows, rows), inverse, op);
        } finally {
            Portable.reclaim(s, matrix == a ? null : matrix);
        }
        return inverse;
    }

    private static void checkFloating(String op, TensorRead a) {
        LinalgShapes.checkDtype(op, "a", a.dtype());
    }

    /** @return the permutation that moves {@code axes} (negative from the end) last, in their order */
    private static int[] movedLast(String op, int rank, int[] axes) {
        boolean[] moved = new boolean[rank];
        int[] perm = new int[rank];
        int last = rank - axes.length;
        for (int i = 0; i < axes.length; i++) {
            int axis = axes[i] < 0 ? axes[i] + rank : axes[i];
            if (axis < 0 || axis >= rank) {
                throw ValidationException.axisOutOfBounds(op, "axes", axes[i], rank);
            }
            if (moved[axis]) {
                throw ValidationException.invalidAxisArgument(op, "axes", axes[i], "each axis once",
                        Arrays.toString(axes));
            }
            moved[axis] = true;
            perm[last + i] = axis;
        }
        for (int axis = 0, k = 0; axis < rank; axis++) {
            if (!moved[axis]) {
                perm[k++] = axis;
            }
        }
        return perm;
    }

    private static long product(long[] extents) {
        long product = 1;
        for (long extent : extents) {
            product *= extent;
        }
        return product;
    }
}
