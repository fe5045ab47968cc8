package org.ferrite.linalg;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * Matrix and vector norms as session reductions (and, for the nuclear and spectral norms, one
 * values-only SVD). Thread-safe (stateless).
 */
final class Norms {
    private static final String OP = "norm";

    private Norms() {
    }

    static Tensor matrix(BackendSession s, TensorRead a, MatrixNorm kind) {
        return matrix(s, a, kind, OP);
    }

    /**
     * @param s the session
     * @param a the matrices
     * @param kind the norm
     * @param op the user's operation, named in failures
     * @return {@code [b…]} of A's real type
     */
    static Tensor matrix(BackendSession s, TensorRead a, MatrixNorm kind, String op) {
        java.util.Objects.requireNonNull(kind, "kind");
        LinalgShapes.checkMatrix(op, "a", a);
        long[] batch = LinalgShapes.batchShape(a);
        switch (kind) {
            case FROBENIUS: {
                Tensor squares = s.sumSquares(a, 0, 1);
                Tensor norm = s.sqrt(squares);
                s.reclaim(squares);
                return norm;
            }
            case NUCLEAR:
            case SPECTRAL:
            case SMALLEST_SINGULAR_VALUE: {
                Tensor values = Linalg.svdvals(s, a, op);
                Tensor norm = kind == MatrixNorm.NUCLEAR ? s.sum(values, 0)
                        : values.dim(0) == 0 ? s.zeros(values.dtype(), batch)
                        : kind == MatrixNorm.SPECTRAL ? s.max(values, 0) : s.min(values, 0);
                s.reclaim(values);
                return norm;
            }
            default: {
                boolean columns = kind == MatrixNorm.MAX_COLUMN_SUM || kind == MatrixNorm.MIN_COLUMN_SUM;
                int summed = columns ? 0 : 1;
                if (a.dim(1 - summed) == 0) {
                    return s.zeros(a.dtype().realType(), batch);
                }
                Tensor moduli = s.abs(a);
                Tensor sums = s.sum(moduli, summed);
                boolean largest = kind == MatrixNorm.MAX_COLUMN_SUM || kind == MatrixNorm.MAX_ROW_SUM;
                Tensor norm = largest ? s.max(sums, 0) : s.min(sums, 0);
                Portable.reclaim(s, moduli, sums);
                return norm;
            }
        }
    }

    static Tensor vector(BackendSession s, TensorRead x, double p, int[] axes) {
        LinalgShapes.checkDtype(OP, "x", x.dtype());
        if (Double.isNaN(p)) {
            throw ValidationException.invalidArgument(OP, "p", "an order other than NaN", "NaN", null);
        }
        int[] reduced = axes.length == 0 ? java.util.stream.IntStream.range(0, x.rank()).toArray()
                : org.ferrite.api.tensor.Shapes.normalizeAxes(OP, "axes", axes, x.rank()).clone();
        long count = checkedCount(x, reduced);
        DType real = x.dtype().realType();
        if (p == 2) {
            Tensor squares = s.sumSquares(x, reduced);
            Tensor norm = s.sqrt(squares);
            s.reclaim(squares);
            return norm;
        }
        if (p == 0) {
            Tensor zero = Portable.scalar(s, x.dtype(), 0);
            Tensor nonZero = s.compare(CompareOp.NE, x, zero);
            Tensor ones = s.cast(nonZero, real);
            Tensor norm = s.sum(ones, reduced);
            Portable.reclaim(s, zero, nonZero, ones);
            return norm;
        }
        Tensor moduli = s.abs(x);
        Tensor norm;
        if (Double.isInfinite(p)) {
            if (count == 0) { // the identities: no modulus is above 0 or below +inf
                norm = s.allocate(real, remaining(x, reduced));
                s.fill(norm, p > 0 ? 0 : Double.POSITIVE_INFINITY);
            } else {
                norm = p > 0 ? s.max(moduli, reduced) : s.min(moduli, reduced);
            }
        } else if (p == 1) {
            norm = s.sum(moduli, reduced);
        } else {
            Tensor order = Portable.scalar(s, real, p);
            Tensor powers = s.pow(moduli, order);
            Tensor sums = s.sum(powers, reduced);
            Tensor inverseOrder = Portable.scalar(s, real, 1 / p);
            norm = s.pow(sums, inverseOrder);
            Portable.reclaim(s, order, powers, sums, inverseOrder);
        }
        s.reclaim(moduli);
        return norm;
    }

    /** @return the number of elements each result sums over, after checking the axes */
    private static long checkedCount(TensorRead x, int[] axes) {
        boolean[] seen = new boolean[x.rank()];
        long count = 1;
        for (int axis : axes) {
            if (axis < 0 || axis >= x.rank()) {
                throw ValidationException.axisOutOfBounds(OP, "axes", axis, x.rank());
            }
            if (seen[axis]) {
                throw ValidationException.invalidAxisArgument(OP, "axes", axis, "each axis once",
                        java.util.Arrays.toString(axes));
            }
            seen[axis] = true;
            count *= x.dim(axis);
        }
        return count;
    }

    private static long[] remaining(TensorRead x, int[] axes) {
        long[] shape = new long[x.rank() - axes.length];
        int k = 0;
        for (int axis = 0; axis < x.rank(); axis++) {
            int a = axis;
            if (java.util.Arrays.stream(axes).noneMatch(r -> r == a)) {
                shape[k++] = x.dim(axis);
            }
        }
        return shape;
    }
}
