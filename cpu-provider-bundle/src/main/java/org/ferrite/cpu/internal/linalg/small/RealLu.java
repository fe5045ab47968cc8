package org.ferrite.cpu.internal.linalg.small;

import org.ferrite.cpu.internal.linalg.option.Transpose;

/**
 * LU with partial pivoting ({@code ?getf2}) and the solve with its factors ({@code ?getrs}) for a
 * chunk of real matrices in batch-innermost planes (entry {@code (i, j)} of member {@code c} at
 * {@code (i + j·m)·cs + c}). The pivot search and the row interchanges are per member (each member
 * pivots differently); the scaling and the rank-1 updates — the work — loop over the members
 * innermost. Pivots are 0-based, LAPACK's interchange convention; each is the first entry of largest
 * modulus. Thread-safe (stateless).
 */
final class RealLu {
    private RealLu() {
    }

    /**
     * Factors in place: L strictly below the diagonal (unit diagonal implicit), U on and above.
     *
     * @param a the {@code m × n} planes, overwritten
     * @param m rows
     * @param n columns
     * @param cs members
     * @param piv receives the interchanges, {@code piv[j·cs + c]}
     * @param info receives, per member, {@code i + 1} for the first exact zero {@code U[i, i]}, else 0
     * @param w scratch of {@code 2·cs}
     * @param column scratch of {@code m·cs}: the multipliers of the current column
     * @param row scratch of {@code n·cs}: the current pivot row (both apart from {@code a}, so that the
     *     rank-1 update reads and writes different arrays: the JIT vectorises it only then)
     */
    static void factor(double[] a, int m, int n, int cs, int[] piv, int[] info, double[] w, double[] column,
            double[] row) {
        java.util.Arrays.fill(info, 0, cs, 0);
        for (int j = 0; j < Math.min(m, n); j++) {
            int p = j * cs;
            int diag = (j + j * m) * cs;
            for (int c = 0; c < cs; c++) {
                w[c] = Math.abs(a[diag + c]);
                piv[p + c] = j;
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) {
                    double v = Math.abs(a[x + c]);
                    if (v > w[c]) {
                        w[c] = v;
                        piv[p + c] = i;
                    }
                }
            }
            for (int c = 0; c < cs; c++) {
                swapRows(a, m, n, cs, c, j, piv[p + c]);
                double d = a[diag + c];
                if (d == 0 && info[c] == 0) {
                    info[c] = j + 1;
                }
                w[cs + c] = d == 0 ? 0 : 1 / d;
            }
            for (int i = j + 1; i < m; i++) {
                int x = (i + j * m) * cs;
                for (int c = 0; c < cs; c++) {
                    a[x + c] *= w[cs + c];
                }
            }
            if (j + 1 < n && j + 1 < m) {
                System.arraycopy(a, (j + 1 + j * m) * cs, column, (j + 1) * cs, (m - j - 1) * cs);
                for (int l = j + 1; l < n; l++) {
                    System.arraycopy(a, (j + l * m) * cs, row, l * cs, cs);
                }
                for (int l = j + 1; l < n; l++) {
                    int y = l * cs;
                    for (int i = j + 1; i < m; i++) {
                        int x = i * cs;
                        int z = (i + l * m) * cs;
                        for (int c = 0; c < cs; c++) {
                            a[z + c] -= column[x + c] * row[y + c];
                        }
                    }
                }
            }
        }
    }

    /** Swaps rows {@code i} and {@code p} (all {@code cols} columns) of member {@code c}. */
    static void swapRows(double[] a, int rows, int cols, int cs, int c, int i, int p) {
        if (p == i) {
            return;
        }
        for (int l = 0; l < cols; l++) {
            int x = (i + l * rows) * cs + c;
            int y = (p + l * rows) * cs + c;
            double t = a[x];
            a[x] = a[y];
            a[y] = t;
        }
    }

    /**
     * Solves {@code op(A)·X = B} in place in {@code b} with the factors of square A.
     *
     * @param lu the factors ({@code n × n})
     * @param n order
     * @param cs members
     * @param piv the interchanges
     * @param b the {@code n × nrhs} right-hand sides, overwritten by X
     * @param nrhs right-hand sides
     * @param op {@code op(A)} (for real A the conjugate transpose is the transpose)
     * @param t scratch of {@code cs}
     */
    static void solve(double[] lu, int n, int cs, int[] piv, double[] b, int nrhs, Transpose op, double[] t) {
        if (op == Transpose.NONE) {
            for (int j = 0; j < n; j++) {
                for (int c = 0; c < cs; c++) {
                    swapRows(b, n, nrhs, cs, c, j, piv[j * cs + c]);
                }
            }
        }
        for (int l = 0; l < nrhs; l++) {
            int col = l * n;
            if (op == Transpose.NONE) {
                for (int j = 0; j < n; j++) { // L·y = b, unit diagonal
                    eliminate(lu, n, cs, b, col, j, j + 1, n, false, t);
                }
                for (int j = n - 1; j >= 0; j--) { // U·x = y
                    divide(lu, n, cs, b, col, j);
                    eliminate(lu, n, cs, b, col, j, 0, j, false, t);
                }
            } else {
                for (int j = 0; j < n; j++) { // Uᵀ·y = b
                    divide(lu, n, cs, b, col, j);
                    eliminate(lu, n, cs, b, col, j, j + 1, n, true, t);
                }
                for (int j = n - 1; j >= 0; j--) { // Lᵀ·x = y, unit diagonal
                    eliminate(lu, n, cs, b, col, j, 0, j, true, t);
                }
            }
        }
        if (op != Transpose.NONE) {
            for (int j = n - 1; j >= 0; j--) {
                for (int c = 0; c < cs; c++) {
                    swapRows(b, n, nrhs, cs, c, j, piv[j * cs + c]);
                }
            }
        }
    }

    /**
     * {@code b[i] −= M[i, j]·b[j]} for {@code i ∈ [from, to)}, {@code M = lu} or its transpose; {@code b[j]}
     * is first copied to {@code t} so that the loop reads and writes different arrays.
     */
    static void eliminate(double[] lu, int n, int cs, double[] b, int col, int j, int from, int to,
            boolean transposed, double[] t) {
        if (from >= to) {
            return;
        }
        System.arraycopy(b, (j + col) * cs, t, 0, cs);
        for (int i = from; i < to; i++) {
            int x = (transposed ? j + i * n : i + j * n) * cs;
            int z = (i + col) * cs;
            for (int c = 0; c < cs; c++) {
                b[z + c] -= lu[x + c] * t[c];
            }
        }
    }

    /** {@code b[j] /= M[j, j]}. */
    static void divide(double[] lu, int n, int cs, double[] b, int col, int j) {
        int y = (j + col) * cs;
        int d = (j + j * n) * cs;
        for (int c = 0; c < cs; c++) {
            b[y + c] /= lu[d + c];
        }
    }
}
