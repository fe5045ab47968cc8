package org.ferrite.linalg;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * NumPy's {@code lstsq}, batched, from the thin SVD {@code A = U·diag(S)·Vᴴ} as LAPACK's {@code ?gelsd}
 * defines it: {@code X = V·diag(S⁺)·Uᴴ·B} with {@code S⁺[j] = 1/S[j]} where {@code S[j] > rcond·S[0]}
 * and 0 elsewhere (the least-norm minimiser of {@code ‖B − A·X‖₂}), the rank the count of kept values,
 * the residuals {@code Σ_i |B − A·X|²} when {@code m > n} and every member has rank {@code n}. Both
 * products are batched {@code dotGeneral}s with {@code U}, {@code Vᴴ} conjugated; the only host read is
 * the smallest rank (whether residuals exist). Thread-safe (stateless).
 */
final class LeastSquares {
    private static final String OP = "lstsq";

    private LeastSquares() {
    }

    /**
     * @param s the session
     * @param a {@code [m, n, b…]}
     * @param b {@code [m, r, b…]} or {@code [m, b…]}
     * @param rcond the relative cut-off: finite; negative means machine precision; ignored when
     *     {@code defaultCut}
     * @param defaultCut use {@code eps·max(m, n)}
     * @return x, residuals, rank, singular values
     */
    static Lstsq lstsq(BackendSession s, TensorRead a, TensorRead b, double rcond, boolean defaultCut) {
        LinalgKernels kernels = Portable.kernels(s, OP);
        LinalgShapes.checkMatrix(OP, "a", a);
        LinalgShapes.checkRightHandSide(OP, a, b, 0);
        long m = a.dim(0);
        long n = a.dim(1);
        double cut = defaultCut ? NumericalRank.defaultRtol(a.dtype(), m, n) : cutOff(rcond, a.dtype());
        boolean vector = b.rank() == a.rank() - 1;
        TensorRead rhs = vector ? b.broadcastInDim(LinalgShapes.matrixShape(m, 1, a), vectorDims(b.rank())) : b;
        long r = rhs.dim(1);
        Tensor x = s.allocate(a.dtype(), vector ? LinalgShapes.vectorShape(n, a) : LinalgShapes.matrixShape(n, r, a));
        TensorWrite xm = vector ? x.reshape(LinalgShapes.matrixShape(n, 1, a)) : x;
        Tensor values;
        Tensor rank;
        long k = Math.min(m, n);
        if (k == 0 || LinalgShapes.batchCount(a) == 0) {
            s.fill(x, 0);
            values = s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(k, a));
            rank = s.zeros(DType.I64, LinalgShapes.batchShape(a));
        } else {
            values = s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(k, a));
            rank = solve(s, kernels, a, rhs, cut, values, xm);
        }
        Tensor residuals = m > n && smallest(s, rank, n) == n ? residuals(s, a, rhs, xm)
                : s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(0, a));
        return new Lstsq(x, residuals, rank, values);
    }

    /** @return the cut-off of an explicit {@code rcond}: {@code eps} where it is negative */
    private static double cutOff(double rcond, DType dtype) {
        if (Double.isNaN(rcond) || Double.isInfinite(rcond)) {
            throw ValidationException.invalidArgument(OP, "rcond", "a finite cut-off (negative: machine precision)",
                    String.valueOf(rcond), null);
        }
        return rcond < 0 ? NumericalRank.epsilon(dtype) : rcond;
    }

    /** Fills {@code values} and {@code x} from the SVD; @return the ranks, {@code [b…]} I64 */
    private static Tensor solve(BackendSession s, LinalgKernels kernels, TensorRead a, TensorRead rhs, double cut,
            Tensor values, TensorWrite x) {
        long m = a.dim(0);
        long n = a.dim(1);
        long k = Math.min(m, n);
        Tensor u = s.allocate(a.dtype(), LinalgShapes.matrixShape(m, k, a));
        Tensor vh = s.allocate(a.dtype(), LinalgShapes.matrixShape(k, n, a));
        Portable.fill(s, OP, () -> kernels.svd(a, SvdJob.THIN, PhaseGauge.NONE, values, u, vh), values, u, vh);
        Tensor kept = NumericalRank.kept(s, values, cut, 0);
        Tensor rank = NumericalRank.count(s, kept);
        Tensor inverse = NumericalRank.reciprocal(s, values, kept);
        Tensor scale = a.dtype().isComplex() ? s.cast(inverse, a.dtype()) : inverse;
        int[] batch = Portable.batchDims(a, 2, 2);
        DotGeneralConfig firstAxes = DotGeneralConfig.of(new int[] {0}, new int[] {0}, batch, batch);
        Accumulation conjugateLhs = new Accumulation(1, 0, 0, 0, true, false);
        Tensor projected = s.allocate(a.dtype(), LinalgShapes.matrixShape(k, rhs.dim(1), a)); // Uᴴ·B
        s.dotGeneralAccumulate(u, rhs, firstAxes, conjugateLhs, projected);
        Tensor scaled = s.mul(projected, scale.broadcastInDim(projected.shape(), vectorDims(scale.rank())));
        s.dotGeneralAccumulate(vh, scaled, firstAxes, conjugateLhs, x); // V·(S⁺·Uᴴ·B)
        Portable.reclaim(s, u, vh, kept, inverse, scale == inverse ? null : scale, projected, scaled);
        return rank;
    }

    /** @return {@code Σ_i |B − A·X|²} over the rows, {@code [r, b…]} of A's real type */
    private static Tensor residuals(BackendSession s, TensorRead a, TensorRead rhs, TensorRead x) {
        int[] batch = Portable.batchDims(a, 2, 2);
        Tensor fitted = s.dotGeneral(a, x, DotGeneralConfig.of(new int[] {1}, new int[] {0}, batch, batch));
        Tensor difference = s.sub(rhs, fitted);
        Tensor residuals = s.sumSquares(difference, 0);
        Portable.reclaim(s, fitted, difference);
        return residuals;
    }

    /** @return the smallest rank over the members ({@code n} for an empty batch: every member has it) */
    private static long smallest(BackendSession s, Tensor rank, long n) {
        if (rank.size() == 0) {
            return n;
        }
        Tensor low = s.min(rank);
        Tensor host = low.placement().isHost() ? low : s.toHost(low);
        long smallest = host.getLong();
        Portable.reclaim(s, low, host == low ? null : host);
        return smallest;
    }

    /** @return where a {@code [k, b…]} vector's axes go in a {@code [k, r, b…]} matrix: {@code {0, 2, 3, …}} */
    private static int[] vectorDims(int rank) {
        int[] dims = new int[rank];
        for (int axis = 1; axis < rank; axis++) {
            dims[axis] = axis + 1;
        }
        return dims;
    }
}
