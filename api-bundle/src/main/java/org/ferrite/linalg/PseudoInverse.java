package org.ferrite.linalg;

import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The Moore–Penrose pseudo-inverse of every member. General A: {@code A⁺ = V·diag(S⁺)·Uᴴ} from the
 * thin SVD, {@code S⁺[j] = 1/S[j]} where {@code S[j] > rtol·S[0]} and 0 elsewhere, the product
 * {@code A⁺[i, l] = Σ_j conj(Vᴴ[j, i])·S⁺[j]·conj(U[l, j])} one batched {@code dotGeneral} with both
 * operands conjugated. Hermitian A (NumPy's {@code hermitian=True}): {@code A⁺ = V·diag(λ⁺)·Vᴴ} from
 * the eigendecomposition of the lower triangle, {@code λ⁺[j] = 1/λ[j]} where
 * {@code |λ[j]| > rtol·max|λ|}, the product {@code Σ_j V[i, j]·λ⁺[j]·conj(V[l, j])}. Thread-safe
 * (stateless).
 */
final class PseudoInverse {
    private PseudoInverse() {
    }

    /**
     * @param s the session
     * @param a the matrices (square when {@code hermitian})
     * @param rtol the relative cut-off ({@code >= 0}, finite), ignored when {@code defaultCut}
     * @param defaultCut true for the default cut-off {@code eps·max(m, n)}
     * @param hermitian take A as Hermitian (its lower triangle) and decompose it with {@code eigh}
     * @return {@code [n, m, b…]}
     */
    static Tensor pinv(BackendSession s, TensorRead a, double rtol, boolean defaultCut, boolean hermitian) {
        String op = "pinv";
        LinalgKernels kernels = Portable.kernels(s, op);
        double cut = NumericalRank.checkedOperand(op, a, hermitian, rtol, defaultCut);
        long m = a.dim(0);
        long n = a.dim(1);
        if (Math.min(m, n) == 0 || LinalgShapes.batchCount(a) == 0) {
            return s.zeros(a.dtype(), LinalgShapes.matrixShape(n, m, a));
        }
        return hermitian ? hermitian(s, kernels, a, cut) : general(s, kernels, a, cut);
    }

    private static Tensor general(BackendSession s, LinalgKernels kernels, TensorRead a, double cut) {
        long m = a.dim(0);
        long n = a.dim(1);
        long k = Math.min(m, n);
        DType dtype = a.dtype();
        Tensor values = s.allocate(dtype.realType(), LinalgShapes.vectorShape(k, a));
        Tensor u = s.allocate(dtype, LinalgShapes.matrixShape(m, k, a));
        Tensor vh = s.allocate(dtype, LinalgShapes.matrixShape(k, n, a));
        Portable.fill(s, "pinv", () -> kernels.svd(a, SvdJob.THIN, PhaseGauge.NONE, values, u, vh), values, u, vh);
        Tensor scaled = scaleColumns(s, u, values, values, cut);
        int[] batch = Portable.batchDims(a, 2, 2);
        Tensor out = s.allocate(dtype, LinalgShapes.matrixShape(n, m, a));
        s.dotGeneralAccumulate(vh, scaled, DotGeneralConfig.of(new int[] {0}, new int[] {1}, batch, batch),
                new Accumulation(1, 0, 0, 0, true, true), out);
        Portable.reclaim(s, values, u, vh, scaled);
        return out;
    }

    private static Tensor hermitian(BackendSession s, LinalgKernels kernels, TensorRead a, double cut) {
        Tensor values = s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(a.dim(0), a));
        Tensor vectors = s.allocate(a.dtype(), a.shape());
        Portable.fill(s, "pinv", () -> kernels.eigh(a, EighOptions.LOWER, values, vectors), values, vectors);
        Tensor moduli = s.abs(values);
        Tensor scaled = scaleColumns(s, vectors, values, moduli, cut);
        int[] batch = Portable.batchDims(a, 2, 2);
        Tensor out = s.allocate(a.dtype(), a.shape());
        s.dotGeneralAccumulate(scaled, vectors, DotGeneralConfig.of(new int[] {1}, new int[] {1}, batch, batch),
                new Accumulation(1, 0, 0, 0, false, true), out);
        Portable.reclaim(s, values, vectors, moduli, scaled);
        return out;
    }

    /**
     * @return {@code factor} {@code [p, k, b…]} with column {@code j} multiplied by {@code 1/values[j]}
     *     where {@code moduli[j] > cut·max moduli}, by 0 elsewhere
     */
    private static Tensor scaleColumns(BackendSession s, Tensor factor, Tensor values, Tensor moduli, double cut) {
        Tensor kept = NumericalRank.kept(s, moduli, cut, 0);
        Tensor inverse = NumericalRank.reciprocal(s, values, kept);
        Tensor scale = factor.dtype().isComplex() ? s.cast(inverse, factor.dtype()) : inverse;
        Tensor scaled = s.mul(factor, scale.broadcastInDim(factor.shape(), Portable.batchDims(scale, 0, 1)));
        Portable.reclaim(s, kept, inverse, scale == inverse ? null : scale);
        return scaled;
    }
}
