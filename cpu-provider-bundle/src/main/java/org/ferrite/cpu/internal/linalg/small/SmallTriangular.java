package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.linalg.LinalgShapes;

/**
 * The small tier's triangular solves {@code op(T)·X = B} on chunks of batch-innermost planes, by
 * forward or back substitution in {@code M = op(T)} — lower when T is lower and not transposed or upper
 * and transposed — reading only T's given triangle (and its diagonal only when not unit). A right-side
 * system arrives as a left one on the transposed (conjugated) right-hand side, loaded and stored that
 * way. Fails on the first member whose (non-unit) diagonal has an exact zero. Thread-safe (stateless).
 */
public final class SmallTriangular {
    private SmallTriangular() {
    }

    /**
     * @param ws the workspace
     * @param a the triangular matrices, {@code [n, n, batch…]}, at least one member of order at least 1
     * @param b the right-hand sides (left: {@code [n, k, …]}, right: {@code [k, n, …]}, or {@code [n, …]})
     * @param right whether the system was right-sided (B and X are then transposed)
     * @param triangle T's triangle
     * @param op the left-side kernel's operator
     * @param diagonal unit or not
     * @param conjugateRhs conjugate B and X on the way in and out (a right-side {@code Aᴴ})
     * @param x receives X (may be {@code b})
     * @throws org.ferrite.api.error.NumericalFailureException for the first member with a zero pivot
     */
    public static void run(SmallWorkspace ws, TensorRead a, TensorRead b, boolean right, Triangle triangle,
            Transpose op, Diagonal diagonal, boolean conjugateRhs, TensorWrite x) {
        int n = (int) a.dim(0);
        boolean vector = b.rank() == a.rank() - 1;
        int nrhs = vector ? 1 : (int) b.dim(right ? 0 : 1);
        int rows = right && !vector ? nrhs : n;
        int cols = right && !vector ? n : nrhs;
        boolean transposeRhs = right && !vector;
        boolean complex = a.dtype().isComplex();
        long members = LinalgShapes.batchCount(a);
        int cs = SmallWorkspace.chunk((complex ? 2L : 1L) * n * (n + nrhs), members);
        MemberCursor ca = ws.cursor(0).reset(a, false);
        MemberCursor cb = ws.cursor(1).reset(b, vector);
        MemberCursor cx = ws.cursor(2).reset(x, vector);
        double[] tr = ws.plane(0, n * n * cs);
        double[] ti = complex ? ws.plane(1, n * n * cs) : null;
        double[] br = ws.plane(2, n * nrhs * cs);
        double[] bi = complex ? ws.plane(3, n * nrhs * cs) : null;
        int[] info = ws.ints(0, cs);
        boolean lower = (triangle == Triangle.LOWER) ^ (op != Transpose.NONE);
        boolean transposed = op != Transpose.NONE;
        double conj = op == Transpose.CONJUGATE_TRANSPOSE ? -1 : 1;
        boolean unit = diagonal == Diagonal.UNIT;
        double[] t = ws.row(0, 2 * cs);
        for (long start = 0; start < members; start += cs) {
            int count = (int) Math.min(cs, members - start);
            int[] ba = Planes.take(ws, 0, ca, count);
            int[] bb = Planes.take(ws, 1, cb, count);
            int[] bx = Planes.take(ws, 2, cx, count);
            Planes.load(ca, ba, count, n, n, false, false, tr, ti);
            java.util.Arrays.fill(info, 0, count, 0);
            for (int j = n - 1; !unit && j >= 0; j--) { // the first zero: scan down, keep the smallest
                int d = (j + j * n) * count;
                for (int c = 0; c < count; c++) {
                    if (tr[d + c] == 0 && (ti == null || ti[d + c] == 0)) {
                        info[c] = j + 1;
                    }
                }
            }
            SmallLu.failOnFirst("triangularSolve", a, start, info, count, false);
            Planes.load(cb, bb, count, rows, cols, transposeRhs, conjugateRhs, br, bi);
            for (int l = 0; l < nrhs; l++) {
                substitute(tr, ti, n, count, br, bi, l * n, lower, transposed, conj, unit, t);
            }
            Planes.store(br, bi, cx, bx, count, rows, cols, transposeRhs, conjugateRhs);
        }
    }

    private static void substitute(double[] tr, double[] ti, int n, int cs, double[] br, double[] bi, int col,
            boolean lower, boolean transposed, double conj, boolean unit, double[] t) {
        for (int step = 0; step < n; step++) {
            int j = lower ? step : n - 1 - step;
            int from = lower ? j + 1 : 0;
            int to = lower ? n : j;
            if (ti == null) {
                if (!unit) {
                    RealLu.divide(tr, n, cs, br, col, j);
                }
                RealLu.eliminate(tr, n, cs, br, col, j, from, to, transposed, t);
            } else {
                if (!unit) {
                    ComplexLu.divide(tr, ti, n, cs, br, bi, col, j, conj);
                }
                ComplexLu.eliminate(tr, ti, n, cs, br, bi, col, j, from, to, transposed, conj, t);
            }
        }
    }
}
