package org.ferrite.linalg;

import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The portable operations built on the LU and solve kernels: the unpacked LU factorisation, the
 * determinant, its sign and log-magnitude, and the inverse. Everything beyond the kernel call is
 * session operations (triangles, reductions, comparisons), so it runs where the session computes.
 * Thread-safe (stateless).
 */
final class Determinants {
    private Determinants() {
    }

    static Lu lu(BackendSession s, TensorRead a) {
        String op = "lu";
        LinalgKernels kernels = Portable.kernels(s, op);
        LinalgShapes.checkMatrix(op, "a", a);
        long m = a.dim(0);
        long k = Math.min(m, a.dim(1));
        Tensor packed = s.allocate(a.dtype(), a.shape());
        Tensor pivots = s.allocate(DType.I32, LinalgShapes.vectorShape(k, a));
        Tensor permutation = s.allocate(DType.I32, LinalgShapes.vectorShape(m, a));
        Portable.fill(s, op, () -> kernels.lu(a, packed, pivots, permutation), packed, pivots, permutation);
        Tensor l = s.tril(packed.slice(1, 0, k, 1), -1);
        s.fill(l.diagonal(), 1);
        Tensor u = s.triu(packed.slice(0, 0, k, 1), 0);
        Tensor p = permutationMatrix(s, permutation, a.dtype());
        Tensor sign = permutationSign(s, pivots);
        Portable.reclaim(s, packed, permutation);
        return new Lu(p, l, u, pivots, sign);
    }

    static Tensor det(BackendSession s, TensorRead a) {
        String op = "det";
        Tensor[] factors = factor(s, a, op);
        Tensor product = s.prod(factors[0].diagonal(), 0);
        Tensor sign = permutationSign(s, factors[1]);
        Tensor signed = s.cast(sign, a.dtype());
        Tensor det = s.mul(product, signed);
        Portable.reclaim(s, factors[0], factors[1], product, sign, signed);
        return det;
    }

    static Slogdet slogdet(BackendSession s, TensorRead a) {
        String op = "slogdet";
        Tensor[] factors = factor(s, a, op);
        TensorRead diagonal = factors[0].diagonal();
        Tensor moduli = s.abs(diagonal);
        Tensor logs = s.log(moduli);
        Tensor logAbsDet = s.sum(logs, 0);
        Tensor phases = s.sign(diagonal);
        Tensor phase = s.prod(phases, 0);
        Tensor permutationSign = permutationSign(s, factors[1]);
        Tensor signed = s.cast(permutationSign, a.dtype());
        Tensor sign = s.mul(phase, signed);
        Portable.reclaim(s, factors[0], factors[1], moduli, logs, phases, phase, permutationSign, signed);
        return new Slogdet(sign, logAbsDet);
    }

    static Tensor inv(BackendSession s, TensorRead a) {
        return inv(s, a, "inv");
    }

    /**
     * @param s the session
     * @param a square matrices
     * @param op the user's operation, named in failures
     * @return the inverses, {@code [n, n, b…]}
     */
    static Tensor inv(BackendSession s, TensorRead a, String op) {
        LinalgKernels kernels = Portable.kernels(s, op);
        LinalgShapes.checkSquare(op, "a", a);
        Tensor x = s.allocate(a.dtype(), a.shape());
        invInto(s, kernels, a, x, x, op);
        return x;
    }

    /**
     * Solves {@code A·X = I} into {@code out}; on failure {@code owned} goes back to the pool.
     *
     * @param s the session
     * @param kernels the session's kernels
     * @param a square matrices, checked
     * @param out receives the inverses (a view of {@code owned}, or {@code owned})
     * @param owned the tensor behind {@code out}
     * @param op the user's operation, named in failures
     */
    static void invInto(BackendSession s, LinalgKernels kernels, TensorRead a, TensorWrite out, Tensor owned,
            String op) {
        Tensor eye = Portable.identity(s, a.dtype(), a.dim(0));
        TensorRead identities = a.rank() == 2 ? eye : eye.broadcastInDim(a.shape(), new int[] {0, 1});
        try {
            Portable.fill(s, op, () -> kernels.solve(a, identities, Transpose.NONE, out), owned);
        } finally {
            s.reclaim(eye);
        }
    }

    /** @return the packed LU factors {@code [n, n, b…]} and the pivots {@code [n, b…]} of square A */
    static Tensor[] factor(BackendSession s, TensorRead a, String op) {
        LinalgKernels kernels = Portable.kernels(s, op);
        LinalgShapes.checkSquare(op, "a", a);
        Tensor packed = s.allocate(a.dtype(), a.shape());
        Tensor pivots = s.allocate(DType.I32, LinalgShapes.vectorShape(a.dim(0), a));
        Portable.fill(s, op, () -> kernels.lu(a, packed, pivots, null), packed, pivots);
        return new Tensor[] {packed, pivots};
    }

    /**
     * @return {@code P} {@code [m, m, b…]} of {@code dtype} with {@code P[permutation[i], i] = 1}, so that
     *     {@code A = P·L·U}
     */
    private static Tensor permutationMatrix(BackendSession s, Tensor permutation, DType dtype) {
        long m = permutation.dim(0);
        long[] shape = new long[permutation.rank() + 1];
        shape[0] = m;
        shape[1] = m;
        for (int axis = 1; axis < permutation.rank(); axis++) {
            shape[axis + 1] = permutation.dim(axis);
        }
        Tensor rows = Portable.arange(s, m);
        Tensor hits = s.compare(CompareOp.EQ, rows.broadcastInDim(shape, new int[] {0}),
                permutation.broadcastInDim(shape, Portable.batchDims(permutation, 0, 1)));
        Tensor p = s.cast(hits, dtype);
        Portable.reclaim(s, rows, hits);
        return p;
    }

    /** @return {@code det(P) = (−1)^(number of i with pivots[i] ≠ i)}, {@code [b…]} I32 */
    private static Tensor permutationSign(BackendSession s, Tensor pivots) {
        Tensor steps = Portable.arange(s, pivots.dim(0));
        Tensor swapped = s.compare(CompareOp.NE, pivots, steps.broadcastInDim(pivots.shape(), new int[] {0}));
        Tensor counts = s.cast(swapped, DType.I32);
        Tensor swaps = s.sum(counts, 0);
        Tensor two = Portable.scalar(s, DType.I32, 2);
        Tensor odd = s.rem(swaps, two);
        Tensor minusTwo = Portable.scalar(s, DType.I32, -2);
        Tensor flips = s.mul(odd, minusTwo);
        Tensor one = Portable.scalar(s, DType.I32, 1);
        Tensor sign = s.add(flips, one);
        Portable.reclaim(s, steps, swapped, counts, swaps, two, odd, minusTwo, flips, one);
        return sign;
    }
}
