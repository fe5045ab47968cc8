package org.ferrite.cpu.internal.linalg.dense;

/**
 * The real Schur form {@code H = Z·T·Zᵀ} of a real upper Hessenberg matrix by the Francis double-shift
 * QR algorithm (LAPACK's {@code dlahqr}): exceptional shifts every 10 iterations without deflation,
 * the Ahues–Kressner deflation criterion, a start row chosen where two consecutive subdiagonals are
 * small, and each converged 2×2 block put in standard form by {@link #standardize} ({@code dlanv2}):
 * either upper triangular (two real eigenvalues) or with equal diagonal entries and off-diagonal
 * entries of opposite signs (a complex pair {@code a ± i·sqrt(|b·c|)}, exact conjugates).
 *
 * <p>Eigenvalue order: {@code (wr[i], wi[i])} in the order of the diagonal of {@code T}, the member of a
 * complex pair with positive imaginary part first.
 *
 * <p>Not thread-safe: the fields carry the 2×2 results (Java has no tuples), so each
 * {@link DenseWorkspace} owns one.
 */
final class RealSchur {
    private static final double ULP = Math.ulp(1.0);
    private static final double EPS = Math.ulp(1.0);
    private static final double SAFE_MIN = Double.MIN_NORMAL;
    private static final double SAFE_MIN2 = 0x1p-485;
    private static final double SAFE_MAX2 = 1 / SAFE_MIN2;
    private static final double EXCEPTIONAL1 = 0.75;
    private static final double EXCEPTIONAL2 = -0.4375;
    private static final int EXCEPTIONAL_PERIOD = 10;

    /** The standardised 2×2 block {@code [a b; c d]}, its eigenvalues and rotation. */
    double a;
    double b;
    double c;
    double d;
    double rt1r;
    double rt1i;
    double rt2r;
    double rt2i;
    double cs;
    double sn;
    private final double[] v = new double[3];

    /**
     * @param n order
     * @param h compact {@code n × n} upper Hessenberg (entries below the subdiagonal ignored and
     *     zeroed); overwritten by {@code T} (with {@code wantT}) or destroyed
     * @param wantT whether to form the full Schur form
     * @param z compact {@code n × n} to accumulate into ({@code Z ← Z·Q}), or {@code null}
     * @param wr receives the real parts of the eigenvalues
     * @param wi receives the imaginary parts
     * @return 0, or {@code i + 1} when the eigenvalue at position {@code i} failed to converge within
     *     {@code 30·max(10, n)} iterations ({@code wr, wi[i+1…n−1]} hold converged eigenvalues)
     */
    int run(int n, double[] h, boolean wantT, double[] z, double[] wr, double[] wi) {
        if (n == 0) {
            return 0;
        }
        if (n == 1) {
            wr[0] = h[0];
            wi[0] = 0;
            return 0;
        }
        for (int j = 0; j < n - 3; j++) {
            h[j + 2 + j * n] = 0;
            h[j + 3 + j * n] = 0;
        }
        if (n >= 3) {
            h[n - 1 + (n - 3) * n] = 0;
        }
        double smlnum = SAFE_MIN * (n / ULP);
        int itmax = 30 * Math.max(10, n);
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
                    h[l + (l - 1) * n] = 0;
                }
                if (l >= i - 1) {
                    converged = true;
                    break;
                }
                kdefl++;
                if (!wantT) {
                    i1 = l;
                    i2 = i;
                }
                shifts(n, h, l, i, kdefl);
                sweep(n, h, z, l, i, i1, i2);
            }
            if (!converged) {
                return i + 1;
            }
            if (l == i) {
                wr[i] = h[i + i * n];
                wi[i] = 0;
            } else {
                deflatePair(n, h, z, i, wantT, i1, i2);
                wr[i - 1] = rt1r;
                wi[i - 1] = rt1i;
                wr[i] = rt2r;
                wi[i] = rt2i;
            }
            kdefl = 0;
            i = l - 1;
        }
        return 0;
    }

    /** Standardises the converged block {@code (i−1, i)} and applies its rotation to the rest of H and Z. */
    private void deflatePair(int n, double[] h, double[] z, int i, boolean wantT, int i1, int i2) {
        int p = i - 1;
        standardize(h[p + p * n], h[p + i * n], h[i + p * n], h[i + i * n]);
        h[p + p * n] = a;
        h[p + i * n] = b;
        h[i + p * n] = c;
        h[i + i * n] = d;
        if (wantT) {
            for (int j = i + 1; j <= i2; j++) {
                double x = h[p + j * n];
                double y = h[i + j * n];
                h[p + j * n] = cs * x + sn * y;
                h[i + j * n] = cs * y - sn * x;
            }
            for (int r = i1; r < p; r++) {
                double x = h[r + p * n];
                double y = h[r + i * n];
                h[r + p * n] = cs * x + sn * y;
                h[r + i * n] = cs * y - sn * x;
            }
        }
        if (z != null) {
            for (int r = 0; r < n; r++) {
                double x = z[r + p * n];
                double y = z[r + i * n];
                z[r + p * n] = cs * x + sn * y;
                z[r + i * n] = cs * y - sn * x;
            }
        }
    }

    /** The largest {@code k ∈ (l, i]} whose subdiagonal {@code H[k, k−1]} is negligible, else {@code l}. */
    private static int smallSubdiagonal(int n, double[] h, int l, int i, double smlnum) {
        for (int k = i; k > l; k--) {
            double sub = Math.abs(h[k + (k - 1) * n]);
            if (sub <= smlnum) {
                return k;
            }
            double hkk = h[k + k * n];
            double hmm = h[k - 1 + (k - 1) * n];
            double tst = Math.abs(hmm) + Math.abs(hkk);
            if (tst == 0) {
                if (k - 2 >= 0) {
                    tst += Math.abs(h[k - 1 + (k - 2) * n]);
                }
                if (k + 1 <= n - 1) {
                    tst += Math.abs(h[k + 1 + k * n]);
                }
            }
            if (sub <= ULP * tst) {
                double sup = Math.abs(h[k - 1 + k * n]);
                double ab = Math.max(sub, sup);
                double ba = Math.min(sub, sup);
                double aa = Math.max(Math.abs(hkk), Math.abs(hmm - hkk));
                double bb = Math.min(Math.abs(hkk), Math.abs(hmm - hkk));
                double s = aa + ab;
                if (ba * (ab / s) <= Math.max(smlnum, ULP * (bb * (aa / s)))) {
                    return k;
                }
            }
        }
        return l;
    }

    /** Sets {@code rt1r, rt1i, rt2r, rt2i} to the two shifts of the next sweep. */
    private void shifts(int n, double[] h, int l, int i, int kdefl) {
        double h11;
        double h12;
        double h21;
        double h22;
        if (kdefl % (2 * EXCEPTIONAL_PERIOD) == 0) {
            double s = Math.abs(h[i + (i - 1) * n]) + Math.abs(h[i - 1 + (i - 2) * n]);
            h11 = EXCEPTIONAL1 * s + h[i + i * n];
            h12 = EXCEPTIONAL2 * s;
            h21 = s;
            h22 = h11;
        } else if (kdefl % EXCEPTIONAL_PERIOD == 0) {
            double s = Math.abs(h[l + 1 + l * n]) + Math.abs(h[l + 2 + (l + 1) * n]);
            h11 = EXCEPTIONAL1 * s + h[l + l * n];
            h12 = EXCEPTIONAL2 * s;
            h21 = s;
            h22 = h11;
        } else {
            h11 = h[i - 1 + (i - 1) * n];
            h21 = h[i + (i - 1) * n];
            h12 = h[i - 1 + i * n];
            h22 = h[i + i * n];
        }
        double s = Math.abs(h11) + Math.abs(h12) + Math.abs(h21) + Math.abs(h22);
        if (s == 0) {
            rt1r = 0;
            rt1i = 0;
            rt2r = 0;
            rt2i = 0;
            return;
        }
        h11 /= s;
        h21 /= s;
        h12 /= s;
        h22 /= s;
        double tr = (h11 + h22) / 2;
        double det = (h11 - tr) * (h22 - tr) - h12 * h21;
        double rtdisc = Math.sqrt(Math.abs(det));
        if (det >= 0) {
            rt1r = tr * s;
            rt2r = rt1r;
            rt1i = rtdisc * s;
            rt2i = -rt1i;
        } else {
            double r1 = tr + rtdisc;
            double r2 = tr - rtdisc;
            double pick = Math.abs(r1 - h22) <= Math.abs(r2 - h22) ? r1 : r2;
            rt1r = pick * s;
            rt2r = rt1r;
            rt1i = 0;
            rt2i = 0;
        }
    }

    /** One double-shift sweep on the active block {@code l…i} with the shifts in the fields. */
    private void sweep(int n, double[] h, double[] z, int l, int i, int i1, int i2) {
        int m = startRow(n, h, l, i);
        for (int k = m; k < i; k++) {
            int nr = Math.min(3, i - k + 1);
            if (k > m) {
                for (int r = 0; r < nr; r++) {
                    v[r] = h[k + r + (k - 1) * n];
                }
            }
            double t1 = RealReflectors.generate(nr, v, 0, 1, 1);
            if (k > m) {
                h[k + (k - 1) * n] = v[0];
                h[k + 1 + (k - 1) * n] = 0;
                if (k < i - 1) {
                    h[k + 2 + (k - 1) * n] = 0;
                }
            } else if (m > l) {
                h[k + (k - 1) * n] *= 1 - t1;
            }
            double v2 = v[1];
            double t2 = t1 * v2;
            if (nr == 3) {
                double v3 = v[2];
                double t3 = t1 * v3;
                for (int j = k; j <= i2; j++) {
                    int p = k + j * n;
                    double sum = h[p] + v2 * h[p + 1] + v3 * h[p + 2];
                    h[p] -= sum * t1;
                    h[p + 1] -= sum * t2;
                    h[p + 2] -= sum * t3;
                }
                for (int j = i1, last = Math.min(k + 3, i); j <= last; j++) {
                    applyRight3(h, j + k * n, n, t1, t2, t3, v2, v3);
                }
                if (z != null) {
                    for (int j = 0; j < n; j++) {
                        applyRight3(z, j + k * n, n, t1, t2, t3, v2, v3);
                    }
                }
            } else {
                for (int j = k; j <= i2; j++) {
                    int p = k + j * n;
                    double sum = h[p] + v2 * h[p + 1];
                    h[p] -= sum * t1;
                    h[p + 1] -= sum * t2;
                }
                for (int j = i1; j <= i; j++) {
                    applyRight2(h, j + k * n, n, t1, t2, v2);
                }
                if (z != null) {
                    for (int j = 0; j < n; j++) {
                        applyRight2(z, j + k * n, n, t1, t2, v2);
                    }
                }
            }
        }
    }

    private static void applyRight3(double[] x, int p, int ld, double t1, double t2, double t3, double v2,
            double v3) {
        double sum = x[p] + v2 * x[p + ld] + v3 * x[p + 2 * ld];
        x[p] -= sum * t1;
        x[p + ld] -= sum * t2;
        x[p + 2 * ld] -= sum * t3;
    }

    private static void applyRight2(double[] x, int p, int ld, double t1, double t2, double v2) {
        double sum = x[p] + v2 * x[p + ld];
        x[p] -= sum * t1;
        x[p + ld] -= sum * t2;
    }

    /**
     * Chooses the start row {@code m} of the sweep and sets {@code v} to the first column of
     * {@code (H − s₁·I)(H − s₂·I)} there, scaled.
     */
    private int startRow(int n, double[] h, int l, int i) {
        for (int m = i - 2; m >= l; m--) {
            double hmm = h[m + m * n];
            double h21s = h[m + 1 + m * n];
            double s = Math.abs(hmm - rt2r) + Math.abs(rt2i) + Math.abs(h21s);
            h21s /= s;
            v[0] = h21s * h[m + (m + 1) * n] + (hmm - rt1r) * ((hmm - rt2r) / s) - rt1i * (rt2i / s);
            v[1] = h21s * (hmm + h[m + 1 + (m + 1) * n] - rt1r - rt2r);
            v[2] = h21s * h[m + 2 + (m + 1) * n];
            s = Math.abs(v[0]) + Math.abs(v[1]) + Math.abs(v[2]);
            v[0] /= s;
            v[1] /= s;
            v[2] /= s;
            if (m == l) {
                return m;
            }
            double lhs = Math.abs(h[m + (m - 1) * n]) * (Math.abs(v[1]) + Math.abs(v[2]));
            double rhs = ULP * Math.abs(v[0])
                    * (Math.abs(h[m - 1 + (m - 1) * n]) + Math.abs(hmm) + Math.abs(h[m + 1 + (m + 1) * n]));
            if (lhs <= rhs) {
                return m;
            }
        }
        return l;
    }

    /**
     * LAPACK's {@code dlanv2}: the Schur factorisation of a real 2×2 matrix in standard form,
     * {@code [a b; c d] = [cs −sn; sn cs]·[aa bb; cc dd]·[cs sn; −sn cs]}, with {@code cc = 0} (real
     * eigenvalues) or {@code aa = dd} and {@code bb·cc < 0} (complex pair). Results in the fields.
     *
     * @param a0 upper-left entry
     * @param b0 upper-right entry
     * @param c0 lower-left entry
     * @param d0 lower-right entry
     */
    void standardize(double a0, double b0, double c0, double d0) {
        a = a0;
        b = b0;
        c = c0;
        d = d0;
        if (c == 0) {
            cs = 1;
            sn = 0;
        } else if (b == 0) {
            cs = 0;
            sn = 1;
            double t = d;
            d = a;
            a = t;
            b = -c;
            c = 0;
        } else if (a - d == 0 && Math.copySign(1, b) != Math.copySign(1, c)) {
            cs = 1;
            sn = 0;
        } else {
            standardizeGeneral();
        }
        rt1r = a;
        rt2r = d;
        if (c == 0) {
            rt1i = 0;
            rt2i = 0;
        } else {
            rt1i = Math.sqrt(Math.abs(b)) * Math.sqrt(Math.abs(c));
            rt2i = -rt1i;
        }
    }

    private void standardizeGeneral() {
        double temp = a - d;
        double p = 0.5 * temp;
        double bcmax = Math.max(Math.abs(b), Math.abs(c));
        double bcmis = Math.min(Math.abs(b), Math.abs(c)) * Math.copySign(1, b) * Math.copySign(1, c);
        double scale = Math.max(Math.abs(p), bcmax);
        double zz = (p / scale) * p + (bcmax / scale) * bcmis;
        if (zz >= 4 * EPS) {
            // Real eigenvalues.
            zz = p + Math.copySign(Math.sqrt(scale) * Math.sqrt(zz), p);
            a = d + zz;
            d = d - (bcmax / zz) * bcmis;
            double tau = Math.hypot(c, zz);
            cs = zz / tau;
            sn = c / tau;
            b = b - c;
            c = 0;
            return;
        }
        // Complex or nearly equal real eigenvalues: make the diagonal entries equal.
        double sigma = b + c;
        for (int count = 1; count <= 20; count++) {
            double sc = Math.max(Math.abs(temp), Math.abs(sigma));
            if (sc >= SAFE_MAX2) {
                sigma *= SAFE_MIN2;
                temp *= SAFE_MIN2;
            } else if (sc <= SAFE_MIN2) {
                sigma *= SAFE_MAX2;
                temp *= SAFE_MAX2;
            } else {
                break;
            }
        }
        p = 0.5 * temp;
        double tau = Math.hypot(sigma, temp);
        cs = Math.sqrt(0.5 * (1 + Math.abs(sigma) / tau));
        sn = -(p / (tau * cs)) * Math.copySign(1, sigma);
        double aa = a * cs + b * sn;
        double bb = -a * sn + b * cs;
        double cc = c * cs + d * sn;
        double dd = -c * sn + d * cs;
        a = aa * cs + cc * sn;
        b = bb * cs + dd * sn;
        c = -aa * sn + cc * cs;
        d = -bb * sn + dd * cs;
        temp = 0.5 * (a + d);
        a = temp;
        d = temp;
        if (c != 0) {
            if (b != 0) {
                if (Math.copySign(1, b) == Math.copySign(1, c)) {
                    // Real eigenvalues after all: reduce to upper triangular form.
                    double sab = Math.sqrt(Math.abs(b));
                    double sac = Math.sqrt(Math.abs(c));
                    p = Math.copySign(sab * sac, c);
                    tau = 1 / Math.sqrt(Math.abs(b + c));
                    a = temp + p;
                    d = temp - p;
                    b = b - c;
                    c = 0;
                    double cs1 = sab * tau;
                    double sn1 = sac * tau;
                    double t = cs * cs1 - sn * sn1;
                    sn = cs * sn1 + sn * cs1;
                    cs = t;
                }
            } else {
                b = -c;
                c = 0;
                double t = cs;
                cs = -sn;
                sn = t;
            }
        }
    }
}
