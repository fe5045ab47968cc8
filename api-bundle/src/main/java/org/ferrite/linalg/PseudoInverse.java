package org.ferrite.linalg;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The Moore–Penrose pseudo-inverse {@code A⁺ = V·diag(S⁺)·Uᴴ} from the thin SVD, with
 * {@code S⁺[j] = 1/S[j]} where {@code S[j] > rtol·S[0]} and 0 elsewhere; the scaling and the product
 * {@code A⁺[i, l] = Σ_j conj(Vᴴ[j, i])·S⁺[j]·conj(U[l, j])} are session operations (one batched
 * {@code dotGeneral} with both operands conjugated). Thread-safe (stateless).
 */
final class PseudoInverse {
    private PseudoInverse() {
    }

    /**
     * @param s the session
     * @param a the matrices
     * @param rtol the relative cut-off ({@code >= 0}, finite), ignored when {@code defaultCut}
     * @param defaultCut true for the default cut-off {@code eps·max(m, n)}
     * @return {@code [n, m, b…]}
     */
    static Tensor pinv(BackendSession s, TensorRead a, double rtol, boolean defaultCut) {
        String op = "pinv";
        LinalgKernels kernels = Portable.kernels(s, op);
        LinalgShapes.checkMatrix(op, "a", a);
        long m = a.dim(0);
        long n = a.dim(1);
        long k = Math.min(m, n);
        DType dtype = a.dtype();
        double cut = defaultCut ? epsilon(dtype) * Math.max(m, n) : rtol;
        if (!(cut >= 0) || Double.isInfinite(cut)) { // NaN fails the first test
            throw ValidationException.invalidArgument(op, "rtol", "a finite cut-off >= 0", String.valueOf(rtol),
                    null);
        }
        if (k == 0 || LinalgShapes.batchCount(a) == 0) {
            return s.zeros(dtype, LinalgShapes.matrixShape(n, m, a));
        }
        DType real = dtype.realType();
        Tensor values = s.allocate(real, LinalgShapes.vectorShape(k, a));
        Tensor u = s.allocate(dtype, LinalgShapes.matrixShape(m, k, a));
        Tensor vh = s.allocate(dtype, LinalgShapes.matrixShape(k, n, a));
        Portable.fill(s, op, () -> kernels.svd(a, SvdJob.THIN, PhaseGauge.NONE, values, u, vh), values, u, vh);
        Tensor inverse = invertedValues(s, values, cut);
        Tensor scale = dtype.isComplex() ? s.cast(inverse, dtype) : inverse;
        Tensor scaled = s.mul(u, scale.broadcastInDim(u.shape(), Portable.batchDims(scale, 0, 1)));
        int[] batch = Portable.batchDims(a, 2, 2);
        Tensor out = s.allocate(dtype, LinalgShapes.matrixShape(n, m, a));
        s.dotGeneralAccumulate(vh, scaled, DotGeneralConfig.of(new int[] {0}, new int[] {1}, batch, batch),
                new Accumulation(1, 0, 0, 0, true, true), out);
        Portable.reclaim(s, values, u, vh, inverse, scale == inverse ? null : scale, scaled);
        return out;
    }

    /** @return {@code S⁺}: {@code 1/S[j]} where {@code S[j] > cut·S[0]}, else 0, {@code [k, b…]} */
    private static Tensor invertedValues(BackendSession s, Tensor values, double cut) {
        DType real = values.dtype();
        Tensor largest = s.max(values, 0);
        Tensor factor = Portable.scalar(s, real, cut);
        Tensor threshold = s.mul(largest, factor);
        Tensor kept = s.compare(CompareOp.GT, values, threshold.broadcastInDim(values.shape(),
                Portable.batchDims(threshold, 0, 1)));
        Tensor one = Portable.scalar(s, real, 1);
        Tensor reciprocal = s.div(one, values);
        Tensor zero = Portable.scalar(s, real, 0);
        Tensor inverse = s.select(kept, reciprocal, zero);
        Portable.reclaim(s, largest, factor, threshold, kept, one, reciprocal, zero);
        return inverse;
    }

    /** @return the machine epsilon of the dtype's precision */
    static double epsilon(DType dtype) {
        return dtype == DType.F32 || dtype == DType.C64 ? Math.ulp(1.0f) : Math.ulp(1.0);
    }
}
