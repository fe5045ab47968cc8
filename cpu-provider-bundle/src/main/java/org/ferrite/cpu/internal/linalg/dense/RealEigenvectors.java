package org.ferrite.cpu.internal.linalg.dense;

/**
 * Right eigenvectors of a real Schur form {@code T} in standard form (see {@link RealSchur}),
 * back-transformed by the real Schur vectors {@code Z} (LAPACK's {@code dtrevc('R', 'B')}): for each
 * real eigenvalue, and for the first (positive imaginary part) member of each complex pair, the vector
 * of {@code T} is found by block back-substitution over the 1×1 and 2×2 diagonal blocks in complex
 * arithmetic — which stays exactly real for a real eigenvalue — with pivots below
 * {@code smin = max(ulp·|λ|, safmin·n/ulp)} replaced by {@code smin} and the right-hand side scaled
 * against overflow; then {@code v = Z·x}. The second member of a pair gets the exact conjugate.
 *
 * <p>Not thread-safe: fields carry the 2×2 block solution; each {@link DenseWorkspace} owns one.
 */
final class RealEigenvectors {
    private static final double ULP = Math.ulp(1.0);
    private static final double SAFE_MIN = Double.MIN_NORMAL;
    private static final double OVERFLOW_BOUND = ULP / SAFE_MIN;

    /** Solution of the last 2×2 block: {@code y0 = (y0r, y0i)}, {@code y1 = (y1r, y1i)}. */
    private double y0r;
    private double y0i;
    private double y1r;
    private double y1i;
    /** Quotient slot for {@link ComplexArithmetic#divide}. */
    private final double[] q = new double[2];

    /**
     * @param n order
     * @param t compact real Schur form, read
     * @param z compact real Schur vectors, read
     * @param wr real parts of the eigenvalues (Schur order)
     * @param wi imaginary parts
     * @param v compact complex {@code n × n}, receives the eigenvectors (not normalised)
     * @param x scratch, {@code 2n} scalars
     * @param cnorm scratch, {@code n} scalars
     */
    void compute(int n, double[] t, double[] z, double[] wr, double[] wi, double[] v, double[] x, double[] cnorm) {
        double smlnum = SAFE_MIN * (n / ULP);
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = 0; i < j; i++) {
                s += Math.abs(t[i + j * n]);
            }
            cnorm[j] = s;
        }
        for (int k = n - 1; k >= 0; k--) {
            if (wi[k] < 0) {
                continue;
            }
            boolean pair = wi[k] > 0;
            double lr = wr[k];
            double li = wi[k];
            double smin = Math.max(ULP * (Math.abs(lr) + Math.abs(li)), smlnum);
            int top = pair ? k + 1 : k;
            java.util.Arrays.fill(x, 0, 2 * (top + 1), 0);
            if (pair) {
                double tUp = t[k + (k + 1) * n];
                double tLow = t[k + 1 + k * n];
                if (Math.abs(tUp) >= Math.abs(tLow)) {
                    x[2 * k] = 1;
                    x[2 * (k + 1) + 1] = li / tUp;
                } else {
                    x[2 * k] = -li / tLow;
                    x[2 * (k + 1) + 1] = 1;
                }
            } else {
                x[2 * k] = 1;
            }
            // Right-hand side −T[0…k−1, k…top]·x[k…top].
            for (int p = k; p <= top; p++) {
                subtractColumn(n, t, p, k, x[2 * p], x[2 * p + 1], x);
            }
            double scale = solve(n, k, t, lr, li, smin, x, cnorm);
            for (int p = k; p <= top; p++) {
                x[2 * p] *= scale;
                x[2 * p + 1] *= scale;
            }
            backTransform(n, z, top, x, v, 2 * k * n);
            if (pair) {
                for (int i = 0; i < n; i++) {
                    v[2 * (i + (k + 1) * n)] = v[2 * (i + k * n)];
                    v[2 * (i + (k + 1) * n) + 1] = -v[2 * (i + k * n) + 1];
                }
            }
        }
    }

    /** {@code x[0…rows−1] −= T[0…rows−1, col]·(yr + i·yi)}. */
    private static void subtractColumn(int n, double[] t, int col, int rows, double yr, double yi, double[] x) {
        if (yr == 0 && yi == 0) {
            return;
        }
        int c = col * n;
        for (int i = 0; i < rows; i++) {
            double tv = t[c + i];
            x[2 * i] -= tv * yr;
            x[2 * i + 1] -= tv * yi;
        }
    }

    /** {@code v = Z[:, 0…top]·x[0…top]} into the compact complex column at {@code vOff}. */
    private static void backTransform(int n, double[] z, int top, double[] x, double[] v, int vOff) {
        java.util.Arrays.fill(v, vOff, vOff + 2 * n, 0);
        for (int p = 0; p <= top; p++) {
            double xr = x[2 * p];
            double xi = x[2 * p + 1];
            if (xr == 0 && xi == 0) {
                continue;
            }
            int c = p * n;
            for (int i = 0; i < n; i++) {
                double zv = z[c + i];
                v[vOff + 2 * i] += zv * xr;
                v[vOff + 2 * i + 1] += zv * xi;
            }
        }
    }

    /**
     * Block back-substitution for {@code (T[0…k−1, 0…k−1] − λ·I)·y = scale·x}, in place.
     *
     * @return the scale ({@code ≤ 1}) applied to the right-hand side (and to be applied to
     *     {@code x[k…]})
     */
    private double solve(int n, int k, double[] t, double lr, double li, double smin, double[] x, double[] cnorm) {
        double scale = 1;
        double xbound = 0;
        for (int i = 0; i < k; i++) {
            xbound = Math.max(xbound, Math.abs(x[2 * i]) + Math.abs(x[2 * i + 1]));
        }
        int j = k - 1;
        while (j >= 0) {
            boolean block = j > 0 && t[j + (j - 1) * n] != 0;
            int lo = block ? j - 1 : j;
            double rmax = Math.abs(x[2 * j]) + Math.abs(x[2 * j + 1]);
            if (block) {
                rmax = Math.max(rmax, Math.abs(x[2 * lo]) + Math.abs(x[2 * lo + 1]));
            }
            double pivot = block ? solve2x2(n, t, lo, lr, li, smin, x) : solve1x1(n, t, j, lr, li, smin, x);
            // |y| ≤ 3·rmax/pivot; rescale first if that could overflow.
            if (pivot < 1 && 3 * rmax > pivot * OVERFLOW_BOUND) {
                double rec = pivot / (3 * rmax);
                scaleVector(k, rec, x);
                scale *= rec;
                xbound *= rec;
                pivot = block ? solve2x2(n, t, lo, lr, li, smin, x) : solve1x1(n, t, j, lr, li, smin, x);
            }
            double growth = 0;
            double ymax = 0;
            for (int p = lo; p <= j; p++) {
                double yp = p == lo && block ? Math.abs(y0r) + Math.abs(y0i) : Math.abs(y1r) + Math.abs(y1i);
                ymax = Math.max(ymax, yp);
                growth += yp * cnorm[p];
            }
            if (growth > OVERFLOW_BOUND - xbound) {
                double rec = 0.5 / Math.max(Math.max(growth, ymax), xbound);
                scaleVector(k, rec, x);
                scale *= rec;
                xbound *= rec;
                growth *= rec;
                y0r *= rec;
                y0i *= rec;
                y1r *= rec;
                y1i *= rec;
            }
            if (block) {
                x[2 * lo] = y0r;
                x[2 * lo + 1] = y0i;
            }
            x[2 * j] = y1r;
            x[2 * j + 1] = y1i;
            if (block) {
                subtractColumn(n, t, lo, lo, y0r, y0i, x);
            }
            subtractColumn(n, t, j, lo, y1r, y1i, x);
            xbound += growth;
            j = lo - 1;
        }
        return scale;
    }

    private static void scaleVector(int k, double s, double[] x) {
        for (int i = 0; i < 2 * k; i++) {
            x[i] *= s;
        }
    }

    /** {@code y1 = x_j / (T[j, j] − λ)}; returns the pivot modulus. */
    private double solve1x1(int n, double[] t, int j, double lr, double li, double smin, double[] x) {
        double dr = t[j + j * n] - lr;
        double di = -li;
        if (Math.abs(dr) + Math.abs(di) < smin) {
            dr = smin;
            di = 0;
        }
        ComplexArithmetic.divide(x[2 * j], x[2 * j + 1], dr, di, q, 0);
        y1r = q[0];
        y1i = q[1];
        return Math.abs(dr) + Math.abs(di);
    }

    /**
     * Solves the 2×2 block {@code (T[lo…lo+1, lo…lo+1] − λ·I)·[y0; y1] = x[lo…lo+1]} by Gaussian
     * elimination with complete pivoting, pivots below {@code smin} replaced by {@code smin}; returns the
     * smaller pivot modulus.
     */
    private double solve2x2(int n, double[] t, int lo, double lr, double li, double smin, double[] x) {
        int hi = lo + 1;
        // m[r][c] for r, c ∈ {0, 1}: real parts; the imaginary parts are −li on the diagonal, 0 off it.
        double m00 = t[lo + lo * n] - lr;
        double m01 = t[lo + hi * n];
        double m10 = t[hi + lo * n];
        double m11 = t[hi + hi * n] - lr;
        double a00 = Math.abs(m00) + Math.abs(li);
        double a01 = Math.abs(m01);
        double a10 = Math.abs(m10);
        double a11 = Math.abs(m11) + Math.abs(li);
        double cmax = Math.max(Math.max(a00, a01), Math.max(a10, a11));
        double b0r = x[2 * lo];
        double b0i = x[2 * lo + 1];
        double b1r = x[2 * hi];
        double b1i = x[2 * hi + 1];
        if (cmax < smin) {
            y0r = b0r / smin;
            y0i = b0i / smin;
            y1r = b1r / smin;
            y1i = b1i / smin;
            return smin;
        }
        // Pivot position (pr, pc); the unknown order follows pc, the equation order pr.
        int pr;
        int pc;
        if (cmax == a00) {
            pr = 0;
            pc = 0;
        } else if (cmax == a01) {
            pr = 0;
            pc = 1;
        } else if (cmax == a10) {
            pr = 1;
            pc = 0;
        } else {
            pr = 1;
            pc = 1;
        }
        int qr0 = 1 - pr;
        int qc0 = 1 - pc;
        // Imaginary parts of the block: −li on the diagonal, 0 off it.
        double ur = entry(pr, pc, m00, m01, m10, m11);
        double ui = pr == pc ? -li : 0;
        // l = m[qr][pc] / u
        ComplexArithmetic.divide(entry(qr0, pc, m00, m01, m10, m11), qr0 == pc ? -li : 0, ur, ui, q, 0);
        double lre = q[0];
        double lim = q[1];
        double u12r = entry(pr, qc0, m00, m01, m10, m11);
        double u12i = pr == qc0 ? -li : 0;
        double u22r = entry(qr0, qc0, m00, m01, m10, m11) - (lre * u12r - lim * u12i);
        double u22i = (qr0 == qc0 ? -li : 0) - (lre * u12i + lim * u12r);
        if (Math.abs(u22r) + Math.abs(u22i) < smin) {
            u22r = smin;
            u22i = 0;
        }
        double bpr = pr == 0 ? b0r : b1r;
        double bpi = pr == 0 ? b0i : b1i;
        double bqr = pr == 0 ? b1r : b0r;
        double bqi = pr == 0 ? b1i : b0i;
        // y[qc] = (b[qr] − l·b[pr]) / u22; y[pc] = (b[pr] − u12·y[qc]) / u
        ComplexArithmetic.divide(bqr - (lre * bpr - lim * bpi), bqi - (lre * bpi + lim * bpr), u22r, u22i, q,
                0);
        double yqr = q[0];
        double yqi = q[1];
        ComplexArithmetic.divide(bpr - (u12r * yqr - u12i * yqi), bpi - (u12r * yqi + u12i * yqr), ur, ui, q,
                0);
        double ypr = q[0];
        double ypi = q[1];
        if (pc == 0) {
            y0r = ypr;
            y0i = ypi;
            y1r = yqr;
            y1i = yqi;
        } else {
            y0r = yqr;
            y0i = yqi;
            y1r = ypr;
            y1i = ypi;
        }
        return Math.min(Math.abs(ur) + Math.abs(ui), Math.abs(u22r) + Math.abs(u22i));
    }

    private static double entry(int r, int c, double m00, double m01, double m10, double m11) {
        return r == 0 ? c == 0 ? m00 : m01 : c == 0 ? m10 : m11;
    }
}
