package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * The small tier's Hermitian eigendecomposition: chunks of batch-innermost planes, the Hermitian matrix
 * rebuilt from the given triangle (the other never read, the diagonal's imaginary part ignored),
 * diagonalised by {@link BatchedJacobiEigh}, the eigenvalues sorted ascending per member with their
 * vectors. A non-finite member fails before iterating; so does one that does not converge. The caller
 * applies the phase gauge. Thread-safe (stateless).
 */
public final class SmallEigh {
    private SmallEigh() {
    }

    /**
     * @param ws the workspace
     * @param a the Hermitian matrices, {@code [n, n, batch…]}, at least one member of order at least 1
     * @param triangle the triangle read
     * @param values receives the eigenvalues (ascending)
     * @param vectors receives the eigenvectors, or null
     * @throws org.ferrite.api.error.NumericalFailureException for the first non-finite or
     *     non-converging member
     */
    public static void run(SmallWorkspace ws, TensorRead a, Triangle triangle, TensorWrite values,
            TensorWrite vectors) {
        int n = (int) a.dim(0);
        boolean complex = a.dtype().isComplex();
        long members = LinalgShapes.batchCount(a);
        int cs = SmallWorkspace.chunk((complex ? 4L : 2L) * n * n + n, members);
        MemberCursor ca = ws.cursor(0).reset(a, false);
        MemberCursor cw = ws.cursor(1).reset(values, true);
        MemberCursor cv = vectors == null ? null : ws.cursor(2).reset(vectors, false);
        double[] re = ws.plane(0, n * n * cs);
        double[] im = complex ? ws.plane(1, n * n * cs) : null;
        double[] vr = vectors == null ? null : ws.plane(2, n * n * cs);
        double[] vi = vectors == null || !complex ? null : ws.plane(3, n * n * cs);
        double[] w = ws.row(0, 6 * cs);
        double[] lambda = ws.plane(4, n * cs);
        for (long start = 0; start < members; start += cs) {
            int count = (int) Math.min(cs, members - start);
            int[] ba = Planes.take(ws, 0, ca, count);
            int[] bw = Planes.take(ws, 1, cw, count);
            Planes.load(ca, ba, count, n, n, false, false, re, im);
            hermitian(re, im, n, count, triangle == Triangle.LOWER);
            int bad = firstNonFinite(re, im, n * n, count);
            if (bad >= 0) {
                throw LinalgFailure.noConvergence("eigh", a, start + bad, n);
            }
            bad = BatchedJacobiEigh.diagonalise(re, im, vr, vi, n, count, w);
            if (bad >= 0) {
                throw LinalgFailure.noConvergence("eigh", a, start + bad, n);
            }
            for (int i = 0; i < n; i++) {
                System.arraycopy(re, (i + i * n) * count, lambda, i * count, count);
            }
            for (int c = 0; c < count; c++) {
                sortAscending(lambda, vr, vi, n, count, c);
            }
            Planes.store(lambda, null, cw, bw, count, n, 1, false, false);
            if (cv != null) {
                int[] bv = Planes.take(ws, 2, cv, count);
                Planes.store(vr, vi, cv, bv, count, n, n, false, false);
            }
        }
    }

    /** Rebuilds the full Hermitian planes from the lower (or upper) triangle; the diagonal made real. */
    static void hermitian(double[] re, double[] im, int n, int cs, boolean lower) {
        for (int j = 0; j < n; j++) {
            for (int i = j + 1; i < n; i++) {
                int below = (i + j * n) * cs;
                int above = (j + i * n) * cs;
                int from = lower ? below : above;
                int to = lower ? above : below;
                System.arraycopy(re, from, re, to, cs);
                if (im != null) {
                    for (int c = 0; c < cs; c++) {
                        im[to + c] = -im[from + c];
                    }
                }
            }
            if (im != null) {
                java.util.Arrays.fill(im, (j + j * n) * cs, (j + j * n + 1) * cs, 0);
            }
        }
    }

    /** @return the first member with a non-finite entry among {@code entries}, or -1 */
    static int firstNonFinite(double[] re, double[] im, int entries, int cs) {
        int first = -1;
        for (int e = 0; e < entries; e++) {
            for (int c = 0; c < cs; c++) {
                double v = re[e * cs + c] + (im == null ? 0 : im[e * cs + c]);
                if (!Double.isFinite(v) && (first < 0 || c < first)) {
                    first = c;
                }
            }
        }
        return first;
    }

    /** Insertion sort of member {@code c}'s values, ascending, moving its vector columns along. */
    private static void sortAscending(double[] lambda, double[] vr, double[] vi, int n, int cs, int c) {
        for (int i = 1; i < n; i++) {
            for (int j = i; j > 0 && lambda[(j - 1) * cs + c] > lambda[j * cs + c]; j--) {
                double t = lambda[j * cs + c];
                lambda[j * cs + c] = lambda[(j - 1) * cs + c];
                lambda[(j - 1) * cs + c] = t;
                if (vr != null) {
                    swapColumns(vr, n, cs, c, j, j - 1);
                    if (vi != null) {
                        swapColumns(vi, n, cs, c, j, j - 1);
                    }
                }
            }
        }
    }

    static void swapColumns(double[] plane, int rows, int cs, int c, int p, int q) {
        for (int i = 0; i < rows; i++) {
            int x = (i + p * rows) * cs + c;
            int y = (i + q * rows) * cs + c;
            double t = plane[x];
            plane[x] = plane[y];
            plane[y] = t;
        }
    }
}
