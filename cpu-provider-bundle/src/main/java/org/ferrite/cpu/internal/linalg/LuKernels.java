package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.dense.DenseLu;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.cpu.internal.linalg.lapack.Lu;
import org.ferrite.cpu.internal.linalg.lapack.Solve;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.small.SmallLu;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * LU with partial pivoting of every member ({@code ?getrf}) and the solve built on it ({@code ?getrf}
 * + {@code ?getrs}, as {@code ?gesv}), on the chosen tier: the small tier's batched kernels, or per
 * member native LAPACK or the dense layer (EJML's Crout LU, Ferrite's {@code getrs}). The dense tier
 * factors a copy of A (in the {@code lu} output itself when it is column-major) and solves in
 * {@code x}, after copying {@code b} there. Thread-safe (stateless).
 */
final class LuKernels {
    private LuKernels() {
    }

    static void lu(LinalgWorkspace ws, Tier tier, TensorRead a, TensorWrite lu, TensorWrite pivots,
            TensorWrite permutation) {
        int m = (int) a.dim(0);
        int n = (int) a.dim(1);
        int k = Math.min(m, n);
        long members = LinalgShapes.batchCount(a);
        if (members == 0) {
            return;
        }
        if (tier == Tier.SMALL) {
            SmallLu.factor(ws.small, a, lu, pivots, permutation);
            return;
        }
        MemberMatrix in = ws.a.reset(a, false, m, n, true);
        MemberMatrix factors = ws.first.reset(lu, false, m, n, true);
        MemberCursor pivotsOut = ws.cursor1.reset(pivots, true);
        MemberCursor orderOut = permutation == null ? null : ws.cursor2.reset(permutation, true);
        int[] ipiv = ws.ints(Math.max(1, k));
        for (long member = 0; member < members; member++) {
            if (tier == Tier.NATIVE) {
                in.load();
                nativeLu(ws.lapack(), a, m, n, in, factors, ipiv);
            } else {
                factors.loadFrom(in.cursor());
                denseLu(ws, a, m, n, factors, ipiv);
            }
            factors.store();
            writePivots(ipiv, k, m, pivotsOut, orderOut);
            in.next();
            factors.next();
            pivotsOut.next();
            if (orderOut != null) {
                orderOut.next();
            }
        }
    }

    /**
     * Writes the 0-based interchanges and, when asked, the row order they produce.
     *
     * @param ipiv the interchanges
     * @param k their count
     * @param m the rows
     * @param pivots the pivots' member (I32)
     * @param order the permutation's member (I32), or null
     */
    static void writePivots(int[] ipiv, int k, int m, MemberCursor pivots, MemberCursor order) {
        int[] p = (int[]) pivots.storage;
        for (int i = 0; i < k; i++) {
            p[pivots.base + i * pivots.rowStride] = ipiv[i];
        }
        if (order == null) {
            return;
        }
        int[] o = (int[]) order.storage;
        for (int i = 0; i < m; i++) {
            o[order.base + i * order.rowStride] = i;
        }
        for (int i = 0; i < k; i++) {
            int at = order.base + i * order.rowStride;
            int with = order.base + ipiv[i] * order.rowStride;
            int row = o[at];
            o[at] = o[with];
            o[with] = row;
        }
    }

    static void solve(LinalgWorkspace ws, Tier tier, TensorRead a, TensorRead b, Transpose transpose, TensorWrite x) {
        int n = (int) a.dim(0);
        boolean vector = b.rank() == a.rank() - 1;
        int nrhs = vector ? 1 : (int) b.dim(1);
        long members = LinalgShapes.batchCount(a);
        if (members == 0 || n == 0 || nrhs == 0) {
            return;
        }
        if (tier == Tier.SMALL) {
            SmallLu.solve(ws.small, a, b, transpose, x);
            return;
        }
        boolean dense = tier != Tier.NATIVE;
        MemberMatrix in = ws.a.reset(a, false, n, n, !dense); // the dense tier factors a copy
        MemberMatrix rhs = ws.b.reset(b, vector, n, nrhs, true);
        MemberMatrix out = ws.first.reset(x, vector, n, nrhs, true);
        int[] ipiv = ws.ints(n);
        for (long member = 0; member < members; member++) {
            in.load();
            int info;
            if (dense) {
                info = denseLu(ws, a, n, n, in, ipiv);
                if (info == 0) {
                    out.loadFrom(rhs.cursor());
                    denseSolve(ws, a, transpose, n, nrhs, in, ipiv, out);
                }
            } else {
                rhs.load();
                info = nativeSolve(ws.lapack(), a, transpose, n, nrhs, in, rhs, out);
            }
            if (info != 0) {
                throw LinalgFailure.singular("solve", a, member, info);
            }
            out.store();
            in.next();
            rhs.next();
            out.next();
        }
    }

    private static int nativeLu(LapackWorkspace l, TensorRead a, int m, int n, MemberMatrix in, MemberMatrix lu,
            int[] ipiv) {
        switch (a.dtype()) {
            case F64:
                return Lu.f64(l, m, n, (double[]) in.array, in.offset, in.ld, (double[]) lu.array, lu.offset, lu.ld,
                        ipiv, 0);
            case C128:
                return Lu.c128(l, m, n, (double[]) in.array, in.offset, in.ld, (double[]) lu.array, lu.offset, lu.ld,
                        ipiv, 0);
            case F32:
                return Lu.f32(l, m, n, (float[]) in.array, in.offset, in.ld, (float[]) lu.array, lu.offset, lu.ld,
                        ipiv, 0);
            default:
                return Lu.c64(l, m, n, (float[]) in.array, in.offset, in.ld, (float[]) lu.array, lu.offset, lu.ld,
                        ipiv, 0);
        }
    }

    /** {@code ?getrf} in place on {@code lu}'s array. */
    private static int denseLu(LinalgWorkspace ws, TensorRead a, int m, int n, MemberMatrix lu, int[] ipiv) {
        switch (a.dtype()) {
            case F64:
                return DenseLu.dgetrf(m, n, (double[]) lu.array, lu.offset, lu.ld, ipiv, 0, ws.dense);
            case C128:
                return DenseLu.zgetrf(m, n, (double[]) lu.array, lu.offset, lu.ld, ipiv, 0, ws.dense);
            case F32:
                return DenseLu.sgetrf(m, n, (float[]) lu.array, lu.offset, lu.ld, ipiv, 0, ws.dense);
            default:
                return DenseLu.cgetrf(m, n, (float[]) lu.array, lu.offset, lu.ld, ipiv, 0, ws.dense);
        }
    }

    /** {@code ?getrs} in place on {@code x}'s array. */
    private static void denseSolve(LinalgWorkspace ws, TensorRead a, Transpose t, int n, int nrhs, MemberMatrix lu,
            int[] ipiv, MemberMatrix x) {
        switch (a.dtype()) {
            case F64:
                DenseLu.dgetrs(t, n, nrhs, (double[]) lu.array, lu.offset, lu.ld, ipiv, 0, (double[]) x.array,
                        x.offset, x.ld);
                break;
            case C128:
                DenseLu.zgetrs(t, n, nrhs, (double[]) lu.array, lu.offset, lu.ld, ipiv, 0, (double[]) x.array,
                        x.offset, x.ld);
                break;
            case F32:
                DenseLu.sgetrs(t, n, nrhs, (float[]) lu.array, lu.offset, lu.ld, ipiv, 0, (float[]) x.array,
                        x.offset, x.ld, ws.dense);
                break;
            default:
                DenseLu.cgetrs(t, n, nrhs, (float[]) lu.array, lu.offset, lu.ld, ipiv, 0, (float[]) x.array,
                        x.offset, x.ld, ws.dense);
                break;
        }
    }

    private static int nativeSolve(LapackWorkspace l, TensorRead a, Transpose t, int n, int nrhs, MemberMatrix in,
            MemberMatrix b, MemberMatrix x) {
        switch (a.dtype()) {
            case F64:
                return Solve.f64(l, t, n, nrhs, (double[]) in.array, in.offset, in.ld, (double[]) b.array, b.offset,
                        b.ld, (double[]) x.array, x.offset, x.ld);
            case C128:
                return Solve.c128(l, t, n, nrhs, (double[]) in.array, in.offset, in.ld, (double[]) b.array, b.offset,
                        b.ld, (double[]) x.array, x.offset, x.ld);
            case F32:
                return Solve.f32(l, t, n, nrhs, (float[]) in.array, in.offset, in.ld, (float[]) b.array, b.offset,
                        b.ld, (float[]) x.array, x.offset, x.ld);
            default:
                return Solve.c64(l, t, n, nrhs, (float[]) in.array, in.offset, in.ld, (float[]) b.array, b.offset,
                        b.ld, (float[]) x.array, x.offset, x.ld);
        }
    }
}
