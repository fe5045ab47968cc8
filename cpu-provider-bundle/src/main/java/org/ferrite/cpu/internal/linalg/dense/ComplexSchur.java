package org.ferrite.cpu.internal.linalg.dense;

/**
 * The Schur form {@code H = Z·T·Zᴴ} of a complex upper Hessenberg matrix by the single-shift complex QR
 * algorithm (LAPACK's {@code zlahqr}): Wilkinson shifts with exceptional shifts every 10 iterations
 * without deflation, the Ahues–Kressner deflation criterion, a start row chosen where two consecutive
 * subdiagonals are small, and subdiagonals kept real so that each bulge-chasing reflector is
 * {@code 2 × 2}. With {@code wantT} the full {@code T} is formed (upper triangular, eigenvalues on its
 * diagonal in the order they appear); without, only the active block is transformed, which suffices
 * for the eigenvalues. With {@code wantZ} the transformations are accumulated into {@code Z}.
 *
 * <p>Eigenvalue order: {@code w[i] = T[i, i]}, i.e. the order the diagonal of the Schur form holds.
 *
 * <p>Not thread-safe: the fields carry complex intermediate results (Java has no tuples), so each
 * {@link DenseWorkspace} owns one.
 */
final class ComplexSchur {
    private static final double ULP = Math.ulp(1.0);
    private static final double SAFE_MIN = Double.MIN_NORMAL;
    private static final double EXCEPTIONAL = 0.75;
    private static final int EXCEPTIONAL_PERIOD = 10;
    /** LAPACK's {@code ITMAX} factor: {@code 30·max(10, n)} iterations in all. */
    static final int MAX_ITERATIONS_PER_VALUE = 30;

    /** The current shift, set by {@link #shift}. */
    private double re;
    private double im;
    /** Results of the complex helpers: three (real, imaginary) slots. */
    private final double[] slot = new double[6];
    /** The 2-vector of the bulge and its reflector, {@code v[0…3]}, {@code tau[0…1]}. */
    private final double[] v = new double[4];
    private final double[] tau = new double[2];

    private static double cabs1(double[] h, int p) {
        return Math.abs(h[p]) + Math.abs(h[p + 1]);
    }

    /**
     * @param n order
     * @param h compact {@code n × n} upper Hessenberg (entries below the subdiagonal are ignored and
     *     zeroed); overwritten by {@code T} (with {@code wantT}) or destroyed
     * @param wantT whether to form the full Schur form
     * @param z compact {@code n × n} to accumulate into ({@code Z ← Z·Q}), or {@code null}
     * @param w receives the {@code n} eigenvalues, interleaved
     * @param maxPerValue the budget per eigenvalue ({@link #MAX_ITERATIONS_PER_VALUE}, LAPACK's 30)
     * @return 0, or {@code i + 1} when the eigenvalue at position {@code i} failed to converge within
     *     {@code maxPerValue·max(10, n)} iterations (then {@code w[i+1…n−1]} hold converged eigenvalues)
     */
    int run(int n, double[] h, boolean wantT, double[] z, double[] w, int maxPerValue) {
        if (n == 0) {
            return 0;
        }
        if (n == 1) {
            w[0] = h[0];
            w[1] = h[1];
            return 0;
        }
        for (int j = 0; j < n - 3; j++) {
            set(h, n, j + 2, j, 0, 0);
            set(h, n, j + 3, j, 0, 0);
        }
        if (n >= 3) {
            set(h, n, n - 1, n - 3, 0, 0);
        }
        for (int i = 1; i < n; i++) {
            makeSubdiagonalReal(n, h, z, i, 0, n - 1);
        }
        double smlnum = SAFE_MIN * (n / ULP);
        int itmax = maxPerValue * Math.max(10, n);
        int kdefl = 0;
        int i1 = 0;
        int i2 = n - 1;
        int i = n - 1;
        while (i >= 0) {
            int l = 0;
            boolean converged = false;
            for (int its = 0; its <= itmax; its++) {
                l = smallSubdiagonal(n, h, l, i, smlnum);
                if (l > 0) {
                    set(h, n, l, l - 1, 0, 0);
                }
                if (l >= i) {
                    converged = true;
                    break;
                }
                kdefl++;
                if (!wantT) {
                    i1 = l;
                    i2 = i;
                }
                shift(n, h, l, i, kdefl);
                sweep(n, h, z, l, i, i1, i2, re, im);
            }
            if (!converged) {
                return i + 1;
            }
            w[2 * i] = h[2 * (i + i * n)];
            w[2 * i + 1] = h[2 * (i + i * n) + 1];
            kdefl = 0;
            i = l - 1;
        }
        return 0;
    }

    private static void set(double[] h, int n, int r, int c, double vr, double vi) {
        h[2 * (r + c * n)] = vr;
        h[2 * (r + c * n) + 1] = vi;
    }

    /**
     * Scales row and column {@code i} (and column {@code i} of {@code Z}) by a unit factor that makes
     * {@code H[i, i−1]} real and non-negative.
     */
    private static void makeSubdiagonalReal(int n, double[] h, double[] z, int i, int jlo, int jhi) {
        int p = 2 * (i + (i - 1) * n);
        if (h[p + 1] == 0) {
            return;
        }
        double a = Math.hypot(h[p], h[p + 1]);
        // sc = conj(h)/|h|; row i by sc, column i by conj(sc)
        double scr = h[p] / a;
        double sci = -h[p + 1] / a;
        h[p] = a;
        h[p + 1] = 0;
        ComplexReflectors.scale(jhi - i + 1, scr, sci, h, 2 * (i + i * n), n);
        ComplexReflectors.scale(Math.min(jhi, i + 1) - jlo + 1, scr, -sci, h, 2 * (jlo + i * n), 1);
        if (z != null) {
            ComplexReflectors.scale(n, scr, -sci, z, 2 * i * n, 1);
        }
    }

    /** The largest {@code k ∈ (l, i]} whose subdiagonal {@code H[k, k−1]} is negligible, else {@code l}. */
    private static int smallSubdiagonal(int n, double[] h, int l, int i, double smlnum) {
        for (int k = i; k > l; k--) {
            int sub = 2 * (k + (k - 1) * n);
            if (cabs1(h, sub) <= smlnum) {
                return k;
            }
            int kk = 2 * (k + k * n);
            int km = 2 * (k - 1 + (k - 1) * n);
            double tst = cabs1(h, km) + cabs1(h, kk);
            if (tst == 0) {
                if (k - 2 >= 0) {
                    tst += Math.abs(h[2 * (k - 1 + (k - 2) * n)]);
                }
                if (k + 1 <= n - 1) {
                    tst += Math.abs(h[2 * (k + 1 + k * n)]);
                }
            }
            if (Math.abs(h[sub]) <= ULP * tst) {
                int sup = 2 * (k - 1 + k * n);
                double ab = Math.max(cabs1(h, sub), cabs1(h, sup));
                double ba = Math.min(cabs1(h, sub), cabs1(h, sup));
                double dr = h[km] - h[kk];
                double di = h[km + 1] - h[kk + 1];
                double aa = Math.max(cabs1(h, kk), Math.abs(dr) + Math.abs(di));
                double bb = Math.min(cabs1(h, kk), Math.abs(dr) + Math.abs(di));
                double s = aa + ab;
                if (ba * (ab / s) <= Math.max(smlnum, ULP * (bb * (aa / s)))) {
                    return k;
                }
            }
        }
        return l;
    }

    /** Sets {@code (re, im)} to the shift of the next sweep on the active block {@code l…i}. */
    private void shift(int n, double[] h, int l, int i, int kdefl) {
        int ii = 2 * (i + i * n);
        if (kdefl % (2 * EXCEPTIONAL_PERIOD) == 0) {
            double s = EXCEPTIONAL * Math.abs(h[2 * (i + (i - 1) * n)]);
            re = s + h[ii];
            im = h[ii + 1];
            return;
        }
        if (kdefl % EXCEPTIONAL_PERIOD == 0) {
            int ll = 2 * (l + l * n);
            double s = EXCEPTIONAL * Math.abs(h[2 * (l + 1 + l * n)]);
            re = s + h[ll];
            im = h[ll + 1];
            return;
        }
        // Wilkinson: the eigenvalue of the trailing 2×2 closer to H[i, i].
        double tr = h[ii];
        double ti = h[ii + 1];
        int up = 2 * (i - 1 + i * n);
        int lo = 2 * (i + (i - 1) * n);
        ComplexArithmetic.sqrt(h[up], h[up + 1], slot, 0);
        ComplexArithmetic.sqrt(h[lo], h[lo + 1], slot, 2);
        double ur = slot[0] * slot[2] - slot[1] * slot[3];
        double ui = slot[0] * slot[3] + slot[1] * slot[2];
        double s = Math.abs(ur) + Math.abs(ui);
        if (s != 0) {
            int mm = 2 * (i - 1 + (i - 1) * n);
            double xr = 0.5 * (h[mm] - tr);
            double xi = 0.5 * (h[mm + 1] - ti);
            double sx = Math.abs(xr) + Math.abs(xi);
            s = Math.max(s, sx);
            // y = s·sqrt((x/s)² + (u/s)²)
            double xsr = xr / s;
            double xsi = xi / s;
            double usr = ur / s;
            double usi = ui / s;
            ComplexArithmetic.sqrt(xsr * xsr - xsi * xsi + usr * usr - usi * usi, 2 * (xsr * xsi + usr * usi), slot,
                    4);
            double yr = s * slot[4];
            double yi = s * slot[5];
            if (sx > 0 && (xr / sx) * yr + (xi / sx) * yi < 0) {
                yr = -yr;
                yi = -yi;
            }
            // t ← t − u·(u / (x + y))
            ComplexArithmetic.divide(ur, ui, xr + yr, xi + yi, slot, 0);
            double qr = slot[0];
            double qi = slot[1];
            tr -= ur * qr - ui * qi;
            ti -= ur * qi + ui * qr;
        }
        re = tr;
        im = ti;
    }

    /** One single-shift sweep with shift {@code t} on the active block {@code l…i}. */
    private void sweep(int n, double[] h, double[] z, int l, int i, int i1, int i2, double tr, double ti) {
        int m = startRow(n, h, l, i, tr, ti);
        for (int k = m; k < i; k++) {
            if (k > m) {
                int p = 2 * (k + (k - 1) * n);
                v[0] = h[p];
                v[1] = h[p + 1];
                v[2] = h[p + 2];
                v[3] = h[p + 3];
            }
            ComplexReflectors.generate(2, v, 0, 2, 1, tau, 0);
            if (k > m) {
                int p = 2 * (k + (k - 1) * n);
                h[p] = v[0];
                h[p + 1] = v[1];
                h[p + 2] = 0;
                h[p + 3] = 0;
            }
            double t1r = tau[0];
            double t1i = tau[1];
            double v2r = v[2];
            double v2i = v[3];
            double t2 = t1r * v2r - t1i * v2i;
            for (int j = k; j <= i2; j++) {
                int a = 2 * (k + j * n);
                // sum = conj(t1)·h(k, j) + t2·h(k+1, j)
                double sr = t1r * h[a] + t1i * h[a + 1] + t2 * h[a + 2];
                double si = t1r * h[a + 1] - t1i * h[a] + t2 * h[a + 3];
                h[a] -= sr;
                h[a + 1] -= si;
                h[a + 2] -= sr * v2r - si * v2i;
                h[a + 3] -= sr * v2i + si * v2r;
            }
            for (int j = i1, last = Math.min(k + 2, i); j <= last; j++) {
                applyRightPair(h, 2 * (j + k * n), 2 * (j + (k + 1) * n), t1r, t1i, t2, v2r, v2i);
            }
            if (z != null) {
                for (int j = 0; j < n; j++) {
                    applyRightPair(z, 2 * (j + k * n), 2 * (j + (k + 1) * n), t1r, t1i, t2, v2r, v2i);
                }
            }
            if (k == m && m > l) {
                keepStartSubdiagonalReal(n, h, z, m, i, i1, i2, t1r, t1i);
            }
        }
        int p = 2 * (i + (i - 1) * n);
        if (h[p + 1] != 0) {
            double a = Math.hypot(h[p], h[p + 1]);
            double cr = h[p] / a;
            double ci = h[p + 1] / a;
            h[p] = a;
            h[p + 1] = 0;
            if (i2 > i) {
                ComplexReflectors.scale(i2 - i, cr, -ci, h, 2 * (i + (i + 1) * n), n);
            }
            ComplexReflectors.scale(i - i1, cr, ci, h, 2 * (i1 + i * n), 1);
            if (z != null) {
                ComplexReflectors.scale(n, cr, ci, z, 2 * i * n, 1);
            }
        }
    }

    /** {@code sum = t1·x + t2·y; x −= sum; y −= sum·conj(v2)}. */
    private static void applyRightPair(double[] a, int x, int y, double t1r, double t1i, double t2, double v2r,
            double v2i) {
        double sr = t1r * a[x] - t1i * a[x + 1] + t2 * a[y];
        double si = t1r * a[x + 1] + t1i * a[x] + t2 * a[y + 1];
        a[x] -= sr;
        a[x + 1] -= si;
        a[y] -= sr * v2r + si * v2i;
        a[y + 1] -= si * v2r - sr * v2i;
    }

    /**
     * Chooses the start row {@code m} of the sweep (where starting makes {@code H[m, m−1]} negligible)
     * and sets {@code v} to the first column of {@code H − t·I} there, scaled.
     */
    private int startRow(int n, double[] h, int l, int i, double tr, double ti) {
        for (int m = i - 1; m >= l; m--) {
            int mm = 2 * (m + m * n);
            int nn = 2 * (m + 1 + (m + 1) * n);
            double h11sr = h[mm] - tr;
            double h11si = h[mm + 1] - ti;
            double h21 = h[2 * (m + 1 + m * n)];
            double s = Math.abs(h11sr) + Math.abs(h11si) + Math.abs(h21);
            h11sr /= s;
            h11si /= s;
            h21 /= s;
            v[0] = h11sr;
            v[1] = h11si;
            v[2] = h21;
            v[3] = 0;
            if (m == l) {
                return m;
            }
            double h10 = h[2 * (m + (m - 1) * n)];
            if (Math.abs(h10) * Math.abs(h21)
                    <= ULP * ((Math.abs(h11sr) + Math.abs(h11si)) * (cabs1(h, mm) + cabs1(h, nn)))) {
                return m;
            }
        }
        return l;
    }

    /**
     * After a sweep started at {@code m > l}, rescales by the unit factor of {@code 1 − τ} so that
     * {@code H[m, m−1]} stays real.
     */
    private static void keepStartSubdiagonalReal(int n, double[] h, double[] z, int m, int i, int i1, int i2,
            double t1r, double t1i) {
        double tmr = 1 - t1r;
        double tmi = -t1i;
        double a = Math.hypot(tmr, tmi);
        tmr /= a;
        tmi /= a;
        int p = 2 * (m + 1 + m * n);
        double hr = h[p];
        double hi = h[p + 1];
        h[p] = hr * tmr + hi * tmi;
        h[p + 1] = hi * tmr - hr * tmi;
        if (m + 2 <= i) {
            int q = 2 * (m + 2 + (m + 1) * n);
            hr = h[q];
            hi = h[q + 1];
            h[q] = hr * tmr - hi * tmi;
            h[q + 1] = hr * tmi + hi * tmr;
        }
        for (int j = m; j <= i; j++) {
            if (j != m + 1) {
                if (i2 > j) {
                    ComplexReflectors.scale(i2 - j, tmr, tmi, h, 2 * (j + (j + 1) * n), n);
                }
                ComplexReflectors.scale(j - i1, tmr, -tmi, h, 2 * (i1 + j * n), 1);
                if (z != null) {
                    ComplexReflectors.scale(n, tmr, -tmi, z, 2 * j * n, 1);
                }
            }
        }
    }
}
