package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * NumPy's {@code cond}: {@code σ_max/σ_min} (or {@code σ_min/σ_max}) from one values-only SVD for the
 * spectral norms, {@code ‖A‖·‖A⁻¹‖} for the others; a member whose ratio is undefined ({@code 0/0}, a
 * zero matrix) or whose inverse does not exist (an exact zero pivot) has condition number {@code +∞}, as
 * NumPy's result. Thread-safe (stateless).
 */
final class ConditionNumber {
    private static final String OP = "cond";

    private ConditionNumber() {
    }

    static Tensor cond(BackendSession s, TensorRead a, MatrixNorm p) {
        Objects.requireNonNull(p, "p");
        LinalgKernels kernels = Portable.kernels(s, OP);
        boolean spectral = p == MatrixNorm.SPECTRAL || p == MatrixNorm.SMALLEST_SINGULAR_VALUE;
        if (spectral) {
            LinalgShapes.checkMatrix(OP, "a", a);
        } else {
            LinalgShapes.checkSquare(OP, "a", a);
        }
        if (a.dim(0) == 0 || a.dim(1) == 0) {
            throw ValidationException.invalidArgument(OP, "a", "non-empty matrices", a.dim(0) + " × " + a.dim(1),
                    "the condition number of an empty matrix is not defined; NumPy raises LinAlgError");
        }
        if (LinalgShapes.batchCount(a) == 0) {
            return s.zeros(a.dtype().realType(), LinalgShapes.batchShape(a));
        }
        return spectral ? singularValueRatio(s, a, p) : normProduct(s, kernels, a, p);
    }

    private static Tensor singularValueRatio(BackendSession s, TensorRead a, MatrixNorm p) {
        Tensor values = Linalg.svdvals(s, a, OP);
        Tensor largest = s.max(values, 0);
        Tensor smallest = s.min(values, 0);
        Tensor ratio = p == MatrixNorm.SPECTRAL ? s.div(largest, smallest) : s.div(smallest, largest);
        Tensor undefined = s.compare(CompareOp.NE, ratio, ratio); // 0/0: NaN, the input being finite
        Tensor cond = infinityWhere(s, undefined, ratio);
        Portable.reclaim(s, values, largest, smallest, ratio, undefined);
        return cond;
    }

    private static Tensor normProduct(BackendSession s, LinalgKernels kernels, TensorRead a, MatrixNorm p) {
        Tensor inverse;
        Tensor singular = null;
        try {
            inverse = Determinants.inv(s, a, OP);
        } catch (NumericalFailureException e) {
            singular = singularMembers(s, a);
            Tensor eye = Portable.identity(s, a.dtype(), a.dim(0));
            int[] batch = Portable.batchDims(singular, 0, 2);
            Tensor invertible = s.select(singular.broadcastInDim(a.shape(), batch),
                    eye.broadcastInDim(a.shape(), new int[] {0, 1}), a);
            try {
                inverse = Determinants.inv(s, invertible, OP);
            } finally {
                Portable.reclaim(s, eye, invertible);
            }
        }
        Tensor norm = Norms.matrix(s, a, p, OP);
        Tensor inverseNorm = Norms.matrix(s, inverse, p, OP);
        Tensor product = s.mul(norm, inverseNorm);
        Tensor cond = singular == null ? product : infinityWhere(s, singular, product);
        Portable.reclaim(s, inverse, norm, inverseNorm, cond == product ? null : product, singular);
        return cond;
    }

    /** @return BOOL {@code [b…]}: the members whose LU factor U has an exact zero on its diagonal */
    private static Tensor singularMembers(BackendSession s, TensorRead a) {
        Tensor[] factors = Determinants.factor(s, a, OP);
        Tensor pivots = s.abs(factors[0].diagonal());
        Tensor zero = s.compare(CompareOp.EQ, pivots, 0.0);
        Tensor zeros = NumericalRank.count(s, zero);
        Tensor singular = s.compare(CompareOp.GT, zeros, 0L);
        Portable.reclaim(s, factors[0], factors[1], pivots, zero, zeros);
        return singular;
    }

    /** @return {@code values} with {@code +∞} where {@code mask} holds */
    private static Tensor infinityWhere(BackendSession s, Tensor mask, Tensor values) {
        Tensor infinity = Portable.scalar(s, values.dtype(), Double.POSITIVE_INFINITY);
        Tensor result = s.select(mask, infinity, values);
        s.reclaim(infinity);
        return result;
    }
}
