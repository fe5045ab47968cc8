package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.cpu.internal.linalg.option.Transpose;

/**
 * {@link RealLu} for complex matrices (real and imaginary planes apart): partial pivoting on
 * {@code |re| + |im|} as LAPACK's {@code izamax}, and the solve with {@code op(A) = A, Aᵀ, Aᴴ}.
 * Thread-safe (stateless).
 */
final class ComplexLu {
    private ComplexLu() {
    }

    /**
     * Factors in place.
     *
     * @param re real planes of the {@code m × n} members, overwritten
     * @param im imaginary planes, overwritten
     * @param m rows
     * @param n columns
     * @param cs members
     * @param piv receives the interchanges
     * @param info receives the first zero pivot per member ({@code i + 1}), else 0
     * @param w scratch of {@code 3·cs}
     * @param column scratch of {@code 2·m·cs}: the current multipliers (real rows, then imaginary)
     * @param row scratch of {@code 2·n·cs}: the current pivot row
     */
    static void factor(double[] re, double[] im, int m, int n, int cs, int[] piv, int[] info, double[] w,
            double[] column, double[] row) {
        java.util.Arrays.fill(info, 0, cs, 0);
        for (int j = 0; j < Math.min(m, n); j++) {
            int p = j * cs;
            int diag = (j + j * m) * cs;
            for (int c = 0; c < cs; c++) {
                w[c] = Math.abs(re[diag + c]) + Math.abs(im[diag + c]);
                piv[p + c] = j;
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) {
                    double v = Math.abs(re[x + c]) + Math.abs(im[x + c]);
                    if (v > w[c]) {
                        w[c] = v;
                        piv[p + c] = i;
                    }
                }
            }
            for (int c = 0; c < cs; c++) {
                RealLu.swapRows(re, m, n, cs, c, j, piv[p + c]);
                RealLu.swapRows(im, m, n, cs, c, j, piv[p + c]);
                double dr = re[diag + c];
                double di = im[diag + c];
                double d2 = dr * dr + di * di;
                if (d2 == 0 && info[c] == 0) {
                    info[c] = j + 1;
                }
                w[cs + c] = d2 == 0 ? 0 : dr / d2;
                w[2 * cs + c] = d2 == 0 ? 0 : -di / d2;
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) {
                    double xr = re[x + c];
                    double xi = im[x + c];
                    re[x + c] = xr * w[cs + c] - xi * w[2 * cs + c];
                    im[x + c] = xr * w[2 * cs + c] + xi * w[cs + c];
                }
            }
            if (j + 1 < n && j + 1 < m) {
                int mi = m * cs;
                int ni = n * cs;
                System.arraycopy(re, (j + 1 + j * m) * cs, column, (j + 1) * cs, (m - j - 1) * cs);
                System.arraycopy(im, (j + 1 + j * m) * cs, column, mi + (j + 1) * cs, (m - j - 1) * cs);
                for (int l = j + 1; l < n; l++) {
                    System.arraycopy(re, (j + l * m) * cs, row, l * cs, cs);
                    System.arraycopy(im, (j + l * m) * cs, row, ni + l * cs, cs);
                }
                for (int l = j + 1; l < n; l++) {
                    int y = l * cs;
                    for (int i = j + 1; i < m; i++) {
                        int x = i * cs;
                        int z = (i + l * m) * cs;
                        for (int c = 0; c < cs; c++) {
                            double xr = column[x + c];
                            double xi = column[mi + x + c];
                            double yr = row[y + c];
                            double yi = row[ni + y + c];
                            re[z + c] -= xr * yr - xi * yi;
                            im[z + c] -= xr * yi + xi * yr;
                        }
                    }
                }
            }
        }
    }

    /**
     * Solves {@code op(A)·X = B} in place with the factors of square A.
     *
     * @param lr the factors' real planes
     * @param li the factors' imaginary planes
     * @param n order
     * @param cs members
     * @param piv the interchanges
     * @param br the right-hand sides' real planes, overwritten by X
     * @param bi their imaginary planes
     * @param nrhs right-hand sides
     * @param op {@code op(A)}
     * @param t scratch of {@code 2·cs}
     */
    static void solve(double[] lr, double[] li, int n, int cs, int[] piv, double[] br, double[] bi, int nrhs,
            Transpose op, double[] t) {
        boolean transposed = op != Transpose.NONE;
        double conj = op == Transpose.CONJUGATE_TRANSPOSE ? -1 : 1;
        if (!transposed) {
            swaps(br, bi, n, nrhs, cs, piv, true);
        }
        for (int l = 0; l < nrhs; l++) {
            int col = l * n;
            if (!transposed) {
                for (int j = 0; j < n; j++) {
                    eliminate(lr, li, n, cs, br, bi, col, j, j + 1, n, false, 1, t);
                }
                for (int j = n - 1; j >= 0; j--) {
                    divide(lr, li, n, cs, br, bi, col, j, 1);
                    eliminate(lr, li, n, cs, br, bi, col, j, 0, j, false, 1, t);
                }
            } else {
                for (int j = 0; j < n; j++) {
                    divide(lr, li, n, cs, br, bi, col, j, conj);
                    eliminate(lr, li, n, cs, br, bi, col, j, j + 1, n, true, conj, t);
                }
                for (int j = n - 1; j >= 0; j--) {
                    eliminate(lr, li, n, cs, br, bi, col, j, 0, j, true, conj, t);
                }
            }
        }
        if (transposed) {
            swaps(br, bi, n, nrhs, cs, piv, false);
        }
    }

    private static void swaps(double[] br, double[] bi, int n, int nrhs, int cs, int[] piv, boolean forward) {
        for (int step = 0; step < n; step++) {
            int j = forward ? step : n - 1 - step;
            for (int c = 0; c < cs; c++) {
                RealLu.swapRows(br, n, nrhs, cs, c, j, piv[j * cs + c]);
                RealLu.swapRows(bi, n, nrhs, cs, c, j, piv[j * cs + c]);
            }
        }
    }

    /**
     * {@code b[i] −= M[i, j]·b[j]}, M the factors or their transpose, its imaginary parts times
     * {@code conj}; {@code b[j]} first copied to {@code t} (real, then imaginary row).
     */
    static void eliminate(double[] lr, double[] li, int n, int cs, double[] br, double[] bi, int col, int j, int from,
            int to, boolean transposed, double conj, double[] t) {
        if (from >= to) {
            return;
        }
        System.arraycopy(br, (j + col) * cs, t, 0, cs);
        System.arraycopy(bi, (j + col) * cs, t, cs, cs);
        for (int i = from; i < to; i++) {
            int x = (transposed ? j + i * n : i + j * n) * cs;
            int z = (i + col) * cs;
            for (int c = 0; c < cs; c++) {
                double mr = lr[x + c];
                double mi = conj * li[x + c];
                br[z + c] -= mr * t[c] - mi * t[cs + c];
                bi[z + c] -= mr * t[cs + c] + mi * t[c];
            }
        }
    }

    /** {@code b[j] /= M[j, j]} (conjugated diagonal when {@code conj = −1}). */
    static void divide(double[] lr, double[] li, int n, int cs, double[] br, double[] bi, int col, int j,
            double conj) {
        int y = (j + col) * cs;
        int d = (j + j * n) * cs;
        for (int c = 0; c < cs; c++) {
            double dr = lr[d + c];
            double di = conj * li[d + c];
            double d2 = dr * dr + di * di;
            double xr = br[y + c];
            double xi = bi[y + c];
            br[y + c] = (xr * dr + xi * di) / d2;
            bi[y + c] = (xi * dr - xr * di) / d2;
        }
    }
}
