package org.ferrite.linalg;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The cut-off rule that {@code matrixRank}, {@code lstsq} and {@code pinv} share: of the singular values
 * (or eigenvalue moduli) {@code σ_j} of a member, those with {@code σ_j > max(atol, rtol·max_j σ_j)}
 * count; the default {@code rtol} is {@code eps·max(m, n)} with {@code eps} of A's precision (NumPy's
 * {@code matrix_rank} and {@code pinv(rtol=None)}). The mask, the count and the reciprocals are session
 * operations, so they run where the session computes. Thread-safe (stateless).
 */
final class NumericalRank {
    private NumericalRank() {
    }

    /**
     * The effective rank of every member (see {@link Linalg#matrixRank(BackendSession, TensorRead,
     * double, double, boolean)}).
     *
     * @param s the session
     * @param a the matrices (square when {@code hermitian})
     * @param rtol the relative cut-off, ignored when {@code defaultRtol}
     * @param atol the absolute cut-off
     * @param hermitian take the eigenvalue moduli of the Hermitian matrix of A's lower triangle
     * @param defaultRtol use {@code eps·max(m, n)} for the relative cut-off
     * @return {@code [b…]} I64
     */
    static Tensor matrixRank(BackendSession s, TensorRead a, double rtol, double atol, boolean hermitian,
            boolean defaultRtol) {
        String op = "matrixRank";
        LinalgKernels kernels = Portable.kernels(s, op);
        double relative = checkedOperand(op, a, hermitian, rtol, defaultRtol);
        double absolute = checkedTolerance(op, "atol", atol);
        long m = a.dim(0);
        long n = a.dim(1);
        if (Math.min(m, n) == 0 || LinalgShapes.batchCount(a) == 0) {
            return s.zeros(DType.I64, LinalgShapes.batchShape(a));
        }
        Tensor magnitudes;
        if (hermitian) {
            Tensor values = s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(n, a));
            Portable.fill(s, op, () -> kernels.eigh(a, EighOptions.LOWER, values, null), values);
            magnitudes = s.abs(values);
            s.reclaim(values);
        } else {
            magnitudes = Linalg.svdvals(s, a, op);
        }
        Tensor kept = kept(s, magnitudes, relative, absolute);
        Tensor rank = count(s, kept);
        Portable.reclaim(s, magnitudes, kept);
        return rank;
    }

    /**
     * Checks a matrix operand (square when {@code hermitian}) and its relative cut-off.
     *
     * @param op the operation
     * @param a the matrices
     * @param hermitian whether A is read as Hermitian
     * @param rtol the relative cut-off, ignored when {@code defaultRtol}
     * @param defaultRtol use {@code eps·max(m, n)}
     * @return the relative cut-off
     * @throws ValidationException if either is invalid
     */
    static double checkedOperand(String op, TensorRead a, boolean hermitian, double rtol, boolean defaultRtol) {
        if (hermitian) {
            LinalgShapes.checkSquare(op, "a", a);
        } else {
            LinalgShapes.checkMatrix(op, "a", a);
        }
        return defaultRtol ? defaultRtol(a.dtype(), a.dim(0), a.dim(1)) : checkedTolerance(op, "rtol", rtol);
    }

    /**
     * @param dtype A's dtype
     * @param m rows
     * @param n columns
     * @return {@code eps·max(m, n)}
     */
    static double defaultRtol(DType dtype, long m, long n) {
        return epsilon(dtype) * Math.max(m, n);
    }

    /** @return the machine epsilon of the dtype's precision */
    static double epsilon(DType dtype) {
        return dtype == DType.F32 || dtype == DType.C64 ? Math.ulp(1.0f) : Math.ulp(1.0);
    }

    /**
     * @param op the operation
     * @param argument the argument's name
     * @param tolerance the value
     * @return {@code tolerance}
     * @throws ValidationException (INVALID_ARGUMENT) unless it is finite and {@code >= 0}
     */
    static double checkedTolerance(String op, String argument, double tolerance) {
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) { // NaN fails the first test
            throw ValidationException.invalidArgument(op, argument, "a finite cut-off >= 0",
                    String.valueOf(tolerance), null);
        }
        return tolerance;
    }

    /**
     * @param s the session
     * @param magnitudes {@code σ} {@code [k, b…]}, {@code k > 0}, non-negative
     * @param rtol the relative cut-off
     * @param atol the absolute cut-off
     * @return BOOL {@code [k, b…]}: {@code σ_j > max(atol, rtol·max_j σ_j)}
     */
    static Tensor kept(BackendSession s, Tensor magnitudes, double rtol, double atol) {
        Tensor largest = s.max(magnitudes, 0);
        Tensor relative = s.mul(largest, rtol);
        Tensor threshold = atol > 0 ? s.maximum(relative, atol) : relative;
        Tensor kept = s.compare(CompareOp.GT, magnitudes, threshold.broadcastInDim(magnitudes.shape(),
                Portable.batchDims(threshold, 0, 1)));
        Portable.reclaim(s, largest, relative, threshold == relative ? null : threshold);
        return kept;
    }

    /**
     * @param s the session
     * @param kept BOOL {@code [k, b…]}
     * @return the count of kept values per member, {@code [b…]} I64
     */
    static Tensor count(BackendSession s, Tensor kept) {
        Tensor ones = s.cast(kept, DType.I64);
        Tensor count = s.sum(ones, 0);
        s.reclaim(ones);
        return count;
    }

    /**
     * @param s the session
     * @param values {@code [k, b…]}, real
     * @param kept BOOL {@code [k, b…]}
     * @return {@code 1/values} where kept, else 0
     */
    static Tensor reciprocal(BackendSession s, Tensor values, Tensor kept) {
        Tensor reciprocal = s.div(1.0, values);
        Tensor zero = Portable.scalar(s, values.dtype(), 0);
        Tensor inverse = s.select(kept, reciprocal, zero);
        Portable.reclaim(s, reciprocal, zero);
        return inverse;
    }
}
