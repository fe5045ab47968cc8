package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * The small tier's LU factorisation and linear solve: the batch in chunks of batch-innermost planes,
 * factored by {@link RealLu} or {@link ComplexLu} and written straight into the outputs (the solve
 * writes X only). The solve fails on the first chunk holding a singular member, naming the first such
 * member. Thread-safe (stateless).
 */
public final class SmallLu {
    private SmallLu() {
    }

    /**
     * @param ws the workspace
     * @param a the matrices, {@code [m, n, batch…]}, at least one member
     * @param lu receives the packed factors
     * @param pivots receives the interchanges (I32)
     * @param permutation receives the row order (I32), or null
     */
    public static void factor(SmallWorkspace ws, TensorRead a, TensorWrite lu, TensorWrite pivots,
            TensorWrite permutation) {
        int m = (int) a.dim(0);
        int n = (int) a.dim(1);
        int k = Math.min(m, n);
        boolean complex = a.dtype().isComplex();
        long members = LinalgShapes.batchCount(a);
        int cs = SmallWorkspace.chunk((complex ? 2L : 1L) * m * n + k + m, members);
        MemberCursor ca = ws.cursor(0).reset(a, false);
        MemberCursor cl = ws.cursor(1).reset(lu, false);
        MemberCursor cp = ws.cursor(2).reset(pivots, true);
        MemberCursor co = permutation == null ? null : ws.cursor(3).reset(permutation, true);
        double[] re = ws.plane(0, m * n * cs);
        double[] im = complex ? ws.plane(1, m * n * cs) : null;
        int[] piv = ws.ints(0, Math.max(1, k) * cs);
        int[] info = ws.ints(1, cs);
        int[] order = ws.ints(2, Math.max(1, m) * cs);
        double[] w = ws.row(0, 3 * cs);
        double[] column = ws.plane(6, 2 * m * cs);
        double[] row = ws.plane(7, 2 * n * cs);
        for (long start = 0; start < members; start += cs) {
            int count = (int) Math.min(cs, members - start);
            int[] ba = Planes.take(ws, 0, ca, count);
            int[] bl = Planes.take(ws, 1, cl, count);
            int[] bp = Planes.take(ws, 2, cp, count);
            Planes.load(ca, ba, count, m, n, false, false, re, im);
            if (complex) {
                ComplexLu.factor(re, im, m, n, count, piv, info, w, column, row);
            } else {
                RealLu.factor(re, m, n, count, piv, info, w, column, row);
            }
            Planes.store(re, im, cl, bl, count, m, n, false, false);
            Planes.storeInts(piv, cp, bp, count, k);
            if (co != null) {
                int[] bo = Planes.take(ws, 3, co, count);
                rowOrder(piv, order, m, k, count);
                Planes.storeInts(order, co, bo, count, m);
            }
        }
    }

    /** {@code order[i·cs + c]}: the row of A that the interchanges put at row {@code i}. */
    private static void rowOrder(int[] piv, int[] order, int m, int k, int cs) {
        for (int i = 0; i < m; i++) {
            for (int c = 0; c < cs; c++) {
                order[i * cs + c] = i;
            }
        }
        for (int j = 0; j < k; j++) {
            for (int c = 0; c < cs; c++) {
                int p = piv[j * cs + c];
                int t = order[j * cs + c];
                order[j * cs + c] = order[p * cs + c];
                order[p * cs + c] = t;
            }
        }
    }

    /**
     * @param ws the workspace
     * @param a the square matrices, at least one member of order at least 1
     * @param b the right-hand sides, {@code [n, k, batch…]} or {@code [n, batch…]}
     * @param op {@code op(A)}
     * @param x receives X (may be {@code b} itself)
     * @throws org.ferrite.api.error.NumericalFailureException for the first singular member
     */
    public static void solve(SmallWorkspace ws, TensorRead a, TensorRead b, Transpose op, TensorWrite x) {
        int n = (int) a.dim(0);
        boolean vector = b.rank() == a.rank() - 1;
        int nrhs = vector ? 1 : (int) b.dim(1);
        boolean complex = a.dtype().isComplex();
        long members = LinalgShapes.batchCount(a);
        int cs = SmallWorkspace.chunk((complex ? 2L : 1L) * n * (n + nrhs) + n, members);
        MemberCursor ca = ws.cursor(0).reset(a, false);
        MemberCursor cb = ws.cursor(1).reset(b, vector);
        MemberCursor cx = ws.cursor(2).reset(x, vector);
        double[] lr = ws.plane(0, n * n * cs);
        double[] li = complex ? ws.plane(1, n * n * cs) : null;
        double[] br = ws.plane(2, n * nrhs * cs);
        double[] bi = complex ? ws.plane(3, n * nrhs * cs) : null;
        int[] piv = ws.ints(0, n * cs);
        int[] info = ws.ints(1, cs);
        double[] w = ws.row(0, 3 * cs);
        double[] column = ws.plane(6, 2 * n * cs);
        double[] row = ws.plane(7, 2 * n * cs);
        double[] t = ws.row(1, 2 * cs);
        for (long start = 0; start < members; start += cs) {
            int count = (int) Math.min(cs, members - start);
            int[] ba = Planes.take(ws, 0, ca, count);
            int[] bb = Planes.take(ws, 1, cb, count);
            int[] bx = Planes.take(ws, 2, cx, count);
            Planes.load(ca, ba, count, n, n, false, false, lr, li);
            Planes.load(cb, bb, count, n, nrhs, false, false, br, bi);
            if (complex) {
                ComplexLu.factor(lr, li, n, n, count, piv, info, w, column, row);
            } else {
                RealLu.factor(lr, n, n, count, piv, info, w, column, row);
            }
            failOnFirst("solve", a, start, info, count, true);
            if (complex) {
                ComplexLu.solve(lr, li, n, count, piv, br, bi, nrhs, op, t);
            } else {
                RealLu.solve(lr, n, count, piv, br, nrhs, op, t);
            }
            Planes.store(br, bi, cx, bx, count, n, nrhs, false, false);
        }
    }

    /**
     * Throws for the first member of the chunk with a non-zero {@code info}.
     *
     * @param op the operation
     * @param a the operand
     * @param start the chunk's first member
     * @param info the chunk's infos
     * @param count its members
     * @param singular a singular LU (else a singular triangle)
     */
    static void failOnFirst(String op, TensorRead a, long start, int[] info, int count, boolean singular) {
        for (int c = 0; c < count; c++) {
            if (info[c] != 0) {
                throw singular ? LinalgFailure.singular(op, a, start + c, info[c])
                        : LinalgFailure.singularTriangle(op, a, start + c, info[c]);
            }
        }
    }
}
