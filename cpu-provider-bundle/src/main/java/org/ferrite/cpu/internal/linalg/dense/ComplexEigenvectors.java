package org.ferrite.cpu.internal.linalg.dense;

/**
 * Right eigenvectors of a complex upper triangular Schur form {@code T}, back-transformed by the Schur
 * vectors (LAPACK's {@code ztrevc('R', 'B')}): for each {@code k} from the last, solve
 * {@code (T[0…k−1, 0…k−1] − T[k, k]·I)·x = −s·T[0…k−1, k]} by back-substitution — diagonal entries
 * closer than {@code smin = max(ulp·|T[k, k]|, safmin·n/ulp)} to zero are replaced by {@code smin}, as
 * LAPACK does, so defective and repeated eigenvalues give finite, nearly parallel vectors — with the
 * scale {@code s ≤ 1} chosen to keep every partial result below the overflow threshold
 * ({@code zlatrs}'s bound), then {@code v_k = Q·[x; s; 0]}. Thread-safe (stateless).
 */
final class ComplexEigenvectors {
    private static final double ULP = Math.ulp(1.0);
    private static final double SAFE_MIN = Double.MIN_NORMAL;
    private static final double OVERFLOW_BOUND = ULP / SAFE_MIN;

    private ComplexEigenvectors() {
    }

    /**
     * @param n order
     * @param t compact upper triangular Schur form; its diagonal is used as scratch and restored
     * @param q compact {@code n × n} Schur vectors, overwritten column by column with the eigenvectors
     *     (not normalised)
     * @param x scratch, {@code 2n} scalars
     * @param cnorm scratch, {@code n} scalars
     */
    static void backSubstitute(int n, double[] t, double[] q, double[] x, double[] cnorm) {
        double smlnum = SAFE_MIN * (n / ULP);
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = 0; i < j; i++) {
                s += Math.abs(t[2 * (i + j * n)]) + Math.abs(t[2 * (i + j * n) + 1]);
            }
            cnorm[j] = s;
        }
        for (int k = n - 1; k >= 0; k--) {
            int kk = 2 * (k + k * n);
            double lr = t[kk];
            double li = t[kk + 1];
            double smin = Math.max(ULP * (Math.abs(lr) + Math.abs(li)), smlnum);
            for (int i = 0; i < k; i++) {
                x[2 * i] = -t[2 * (i + k * n)];
                x[2 * i + 1] = -t[2 * (i + k * n) + 1];
            }
            double scale = solveShifted(n, k, t, lr, li, smin, x, cnorm);
            // v_k = Q[:, 0…k−1]·x + scale·Q[:, k], in place in column k.
            int col = 2 * k * n;
            for (int r = 0; r < 2 * n; r++) {
                q[col + r] *= scale;
            }
            for (int p = 0; p < k; p++) {
                double xr = x[2 * p];
                double xi = x[2 * p + 1];
                if (xr == 0 && xi == 0) {
                    continue;
                }
                int src = 2 * p * n;
                for (int r = 0; r < 2 * n; r += 2) {
                    double qr = q[src + r];
                    double qi = q[src + r + 1];
                    q[col + r] += xr * qr - xi * qi;
                    q[col + r + 1] += xr * qi + xi * qr;
                }
            }
        }
    }

    /**
     * Back-substitution for {@code (T[0…k−1, 0…k−1] − λ·I)·y = scale·x}, in place in {@code x}.
     *
     * @return the scale ({@code ≤ 1}) applied to the right-hand side to avoid overflow
     */
    private static double solveShifted(int n, int k, double[] t, double lr, double li, double smin, double[] x,
            double[] cnorm) {
        double scale = 1;
        double xbound = 0;
        for (int i = 0; i < k; i++) {
            xbound = Math.max(xbound, Math.abs(x[2 * i]) + Math.abs(x[2 * i + 1]));
        }
        for (int j = k - 1; j >= 0; j--) {
            int jj = 2 * (j + j * n);
            double dr = t[jj] - lr;
            double di = t[jj + 1] - li;
            if (Math.abs(dr) + Math.abs(di) < smin) {
                dr = smin;
                di = 0;
            }
            double tjj = Math.abs(dr) + Math.abs(di);
            double xr = x[2 * j];
            double xi = x[2 * j + 1];
            double xj = Math.abs(xr) + Math.abs(xi);
            if (tjj < 1 && xj > tjj * OVERFLOW_BOUND) {
                double rec = 1 / xj;
                scaleVector(k, rec, x);
                scale *= rec;
                xbound *= rec;
                xr = x[2 * j];
                xi = x[2 * j + 1];
            }
            ComplexArithmetic.divide(xr, xi, dr, di, x, 2 * j);
            double yr = x[2 * j];
            double yi = x[2 * j + 1];
            double yj = Math.abs(yr) + Math.abs(yi);
            if (yj * cnorm[j] > OVERFLOW_BOUND - xbound) {
                double rec = 0.5 / Math.max(yj * Math.max(cnorm[j], 1), xbound);
                scaleVector(k, rec, x);
                scale *= rec;
                xbound *= rec;
                yr *= rec;
                yi *= rec;
                yj *= rec;
            }
            x[2 * j] = yr;
            x[2 * j + 1] = yi;
            int col = 2 * j * n;
            for (int i = 0; i < 2 * j; i += 2) {
                double tr = t[col + i];
                double ti = t[col + i + 1];
                x[i] -= yr * tr - yi * ti;
                x[i + 1] -= yr * ti + yi * tr;
            }
            xbound += yj * cnorm[j];
        }
        return scale;
    }

    private static void scaleVector(int k, double s, double[] x) {
        for (int i = 0; i < 2 * k; i++) {
            x[i] *= s;
        }
    }

    /**
     * Scales column {@code v} (compact, {@code n} complex entries) to unit 2-norm with its
     * largest-modulus entry real and positive ({@code zgeev}'s normalisation).
     *
     * @param n entries
     * @param v storage
     * @param off offset of entry 0, in scalars
     */
    static void normalize(int n, double[] v, int off) {
        double norm = ComplexReflectors.norm2(n, v, off, 1);
        if (norm == 0 || !(norm < Double.POSITIVE_INFINITY)) {
            return;
        }
        ComplexReflectors.scale(n, 1 / norm, 0, v, off, 1);
        int best = 0;
        double bestSq = -1;
        for (int i = 0; i < n; i++) {
            double sq = v[off + 2 * i] * v[off + 2 * i] + v[off + 2 * i + 1] * v[off + 2 * i + 1];
            if (sq > bestSq) {
                bestSq = sq;
                best = i;
            }
        }
        double root = Math.sqrt(bestSq);
        double cr = v[off + 2 * best] / root;
        double ci = -v[off + 2 * best + 1] / root;
        ComplexReflectors.scale(n, cr, ci, v, off, 1);
        v[off + 2 * best] = root;
        v[off + 2 * best + 1] = 0;
    }
}
