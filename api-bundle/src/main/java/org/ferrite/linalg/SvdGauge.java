package org.ferrite.linalg;

import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * {@link PhaseGauge#LARGEST_ENTRY_REAL_POSITIVE} applied to thin SVD factors with session operations,
 * for the factors that a portable algorithm ({@link RandomizedSvd}) forms itself rather than a kernel:
 * in each column {@code j} of U the first entry of largest modulus {@code u} is found, and column
 * {@code j} of U is multiplied by {@code d = conj(u)/|u|} and row {@code j} of Vᴴ by {@code conj(d)}
 * ({@code d = 1} for a zero column), so {@code U·diag(S)·Vᴴ} is unchanged. Thread-safe (stateless).
 */
final class SvdGauge {
    private SvdGauge() {
    }

    /**
     * @param s the session
     * @param f thin factors {@code u [m, r, b…]}, {@code vh [r, n, b…]}; its U and Vᴴ go back to the pool
     * @return the gauged factors (S is {@code f}'s)
     */
    static Svd apply(BackendSession s, Svd f) {
        Tensor u = f.u();
        if (u.size() == 0) {
            return f;
        }
        long[] uShape = u.shape();
        int[] trailing = axesFrom(1, u.rank());
        Tensor modulus = s.abs(u);
        Tensor largest = s.max(modulus, 0);                                                   // [r, b…]
        Tensor isLargest = s.compare(CompareOp.EQ, modulus, largest.broadcastInDim(uShape, trailing));
        Tensor rows = Portable.arange(s, u.dim(0));
        Tensor past = Portable.scalar(s, DType.I32, u.dim(0));
        Tensor candidates = s.select(isLargest, rows.broadcastInDim(uShape, new int[] {0}), past);
        Tensor first = s.min(candidates, new int[] {0}, true);                               // [1, r, b…]
        Tensor pivot = s.takeAlongAxis(u, first, 0);
        Tensor unit = s.sign(pivot);                                                         // u/|u|, 0 at 0
        Tensor size = s.abs(unit);
        Tensor none = Portable.scalar(s, size.dtype(), 0);
        Tensor zero = s.compare(CompareOp.EQ, size, none);
        Tensor one = Portable.scalar(s, u.dtype(), 1);
        Tensor phase = s.conj(unit);
        Tensor factor = s.select(zero, one, phase);                                         // [1, r, b…]
        Tensor gaugedU = s.mul(u, factor.broadcastInDim(uShape, axesFrom(0, u.rank())));
        Tensor rowFactor = s.conj(factor);
        TensorRead rowFactors = rowFactor.reshape(LinalgShapes.vectorShape(u.dim(1), u))
                .broadcastInDim(f.vh().shape(), rowAxes(u.rank()));
        Tensor gaugedVh = s.mul(f.vh(), rowFactors);
        Portable.reclaim(s, modulus, largest, isLargest, rows, past, candidates, first, pivot, unit, size, none,
                zero, one, phase, factor, rowFactor, u, f.vh());
        return new Svd(gaugedU, f.s(), gaugedVh);
    }

    /** @return {@code [from, from + 1, …, rank − 1]} */
    private static int[] axesFrom(int from, int rank) {
        int[] axes = new int[rank - from];
        for (int i = 0; i < axes.length; i++) {
            axes[i] = from + i;
        }
        return axes;
    }

    /** @return where the axes {@code [r, b…]} of the row factors go in {@code [r, n, b…]}: 0, 2, 3, … */
    private static int[] rowAxes(int rank) {
        int[] axes = new int[rank - 1];
        for (int i = 1; i < axes.length; i++) {
            axes[i] = i + 1;
        }
        return axes;
    }
}
