package org.ferrite.cpu.internal.linalg.dense;

/**
 * The real Schur form {@code H = Z·T·Zᵀ} of a real upper Hessenberg matrix by the Francis double-shift
 * QR algorithm (LAPACK's {@code dlahqr}): exceptional shifts every 10 iterations without deflation,
 * the Ahues–Kressner deflation criterion, a start row chosen where two consecutive subdiagonals are
 * small, and each converged 2×2 block put in standard form by {@link RealSchurBlock} ({@code dlanv2}):
 * either upper triangular (two real eigenvalues) or with equal diagonal entries and off-diagonal
 * entries of opposite signs (a complex pair {@code a ± i·sqrt(|b·c|)}, exact conjugates).
 *
 * <p>Eigenvalue order: {@code (wr[i], wi[i])} in the order of the diagonal of {@code T}, the member of a
 * complex pair with positive imaginary part first.
 *
 * <p>Not thread-safe: the fields carry the shifts and the 2×2 block (Java has no tuples), so each
 * {@link DenseWorkspace} owns one.
 */
final class RealSchur {
    private static final double ULP = Math.ulp(1.0);
    private static final double SAFE_MIN = Double.MIN_NORMAL;
    private static final double EXCEPTIONAL1 = 0.75;
    private static final double EXCEPTIONAL2 = -0.4375;
    private static final int EXCEPTIONAL_PERIOD = 10;
    /** LAPACK's {@code ITMAX} factor: {@code 30·max(10, n)} iterations in all. */
    static final int MAX_ITERATIONS_PER_VALUE = 30;

    /** The shifts of the next sweep ({@code rt1r + i·rt1i}, {@code rt2r + i·rt2i}). */
    private double rt1r;
    private double rt1i;
    private double rt2r;
    private double rt2i;
    private final double[] v = new double[3];
    private final RealSchurBlock block = new RealSchurBlock();

    /**
     * @param n order
     * @param h compact {@code n × n} upper Hessenberg (entries below the subdiagonal ignored and
     *     zeroed); overwritten by {@code T} (with {@code wantT}) or destroyed
     * @param wantT whether to form the full Schur form
     * @param z compact {@code n × n} to accumulate into ({@code Z ← Z·Q}), or {@code null}
     * @param wr receives the real parts of the eigenvalues
     * @param wi receives the imaginary parts
     * @param maxPerValue the budget per eigenvalue ({@link #MAX_ITERATIONS_PER_VALUE}, LAPACK's 30)
     * @return 0, or {@code i + 1} when the eigenvalue at position {@code i} failed to converge within
     *     {@code maxPerValue·max(10, n)} iterations ({@code wr, wi[i+1…n−1]} hold converged eigenvalues)
     */
    int run(int n, double[] h, boolean wantT, double[] z, double[] wr, double[] wi, int maxPerValue) {
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
                wr[i - 1] = block.rt1r;
                wi[i - 1] = block.rt1i;
                wr[i] = block.rt2r;
                wi[i] = block.rt2i;
            }
            kdefl = 0;
            i = l - 1;
        }
        return 0;
    }

    /** Standardises the converged block {@code (i−1, i)} and applies its rotation to the rest of H and Z. */
    private void deflatePair(int n, double[] h, double[] z, int i, boolean wantT, int i1, int i2) {
        int p = i - 1;
        block.standardize(h[p + p * n], h[p + i * n], h[i + p * n], h[i + i * n]);
        h[p + p * n] = block.a;
        h[p + i * n] = block.b;
        h[i + p * n] = block.c;
        h[i + i * n] = block.d;
        double cs = block.cs;
        double sn = block.sn;
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
}
