package org.ferrite.cpu.internal.linalg.dense;

/**
 * The SVD of a real upper bidiagonal matrix by implicit-shift QR (LAPACK's {@code dbdsqr}, after
 * Demmel and Kahan, "Accurate singular values of bidiagonal matrices", 1990): zero-shift sweeps when a
 * shift would spoil relative accuracy, the chase direction chosen per block towards the larger end,
 * and the relative convergence criterion. {@code B = Q_B·diag(σ)·P_Bᵀ}; the left rotations are
 * accumulated into the columns of {@code U} ({@code U ← U·Q_B}) and the right ones into the columns
 * of {@code V} ({@code V ← V·P_B}). Columns are runs of real scalars, so a complex column of
 * {@code m} elements is a run of {@code 2m} scalars (real rotations act on both parts alike).
 *
 * <p>Thread-safe (stateless); the {@link PlaneRotation} passed in carries the per-call state.
 */
final class BidiagonalQr {
    private static final double EPS = Math.ulp(1.0) / 2;
    private static final double TOLERANCE = Math.max(10, Math.min(100, Math.pow(EPS, -0.125))) * EPS;
    /** LAPACK's {@code MAXITR}: the budget is {@code 6n²} inner steps. */
    static final int MAX_SWEEPS_PER_VALUE = 6;

    private BidiagonalQr() {
    }

    /**
     * Overwrites {@code d} with the singular values of the bidiagonal ({@code d} on the diagonal,
     * {@code e} above it), sorted descending and non-negative, and rotates the columns of {@code u}
     * and {@code v} (either may be {@code null}) to match.
     *
     * @param n order
     * @param d diagonal, {@code n} entries; overwritten by the singular values
     * @param e superdiagonal, {@code n − 1} entries; destroyed
     * @param u left columns (at least {@code n}), or {@code null}
     * @param v right columns (at least {@code n}), or {@code null}
     * @param rot plane-rotation state
     * @param maxSweeps the budget, {@code maxSweeps·n²} inner steps ({@link #MAX_SWEEPS_PER_VALUE})
     * @return 0, or the number of superdiagonals that failed to converge within the budget ({@code d}
     *     then holds unconverged values, unsorted)
     */
    static int run(int n, double[] d, double[] e, RotatedColumns u, RotatedColumns v, PlaneRotation rot,
            int maxSweeps) {
        if (n == 0) {
            return 0;
        }
        int info = n > 1 ? iterate(n, d, e, u, v, rot, maxSweeps) : 0;
        if (info > 0) {
            return info;
        }
        for (int i = 0; i < n; i++) {
            if (d[i] < 0) {
                d[i] = -d[i];
                if (v != null) {
                    v.negate(i);
                }
            }
        }
        RotatedColumns.sort(n, d, true, u, v);
        return 0;
    }

    private static int iterate(int n, double[] d, double[] e, RotatedColumns u, RotatedColumns v, PlaneRotation rot,
            int maxSweeps) {
        double tol = TOLERANCE;
        double smax = 0;
        for (int i = 0; i < n; i++) {
            smax = Math.max(smax, Math.abs(d[i]));
        }
        for (int i = 0; i < n - 1; i++) {
            smax = Math.max(smax, Math.abs(e[i]));
        }
        double sminoa = Math.abs(d[0]);
        if (sminoa != 0) {
            double mu = sminoa;
            for (int i = 1; i < n; i++) {
                mu = Math.abs(d[i]) * (mu / (mu + Math.abs(e[i - 1])));
                sminoa = Math.min(sminoa, mu);
                if (sminoa == 0) {
                    break;
                }
            }
        }
        sminoa = sminoa / Math.sqrt(n);
        double thresh = Math.max(tol * sminoa, MAX_SWEEPS_PER_VALUE * (n * (n * Double.MIN_NORMAL)));
        long maxit = (long) maxSweeps * n * n;
        long iter = 0;
        int oldll = -1;
        int oldm = -1;
        int idir = 0;
        int m = n - 1;
        outer:
        while (m > 0) {
            if (iter >= maxit) {
                int info = 0;
                for (int i = 0; i < n - 1; i++) {
                    if (e[i] != 0) {
                        info++;
                    }
                }
                return info;
            }
            // Find the unreduced block lo…m at the bottom.
            smax = Math.abs(d[m]);
            int lo = 0;
            for (int ll = m - 1; ll >= 0; ll--) {
                double abss = Math.abs(d[ll]);
                double abse = Math.abs(e[ll]);
                if (abse <= thresh) {
                    e[ll] = 0;
                    if (ll == m - 1) {
                        m--;
                        continue outer;
                    }
                    lo = ll + 1;
                    break;
                }
                smax = Math.max(smax, Math.max(abss, abse));
            }
            if (lo == m - 1) {
                rot.svd2x2(d[m - 1], e[m - 1], d[m]);
                d[m - 1] = rot.big;
                e[m - 1] = 0;
                d[m] = rot.small;
                if (v != null) {
                    v.rotate(m - 1, m, rot.r, rot.sr);
                }
                if (u != null) {
                    u.rotate(m - 1, m, rot.c, rot.s);
                }
                m -= 2;
                continue;
            }
            if (lo > oldm || m < oldll) {
                idir = Math.abs(d[lo]) >= Math.abs(d[m]) ? 1 : 2;
            }
            double sminl;
            if (idir == 1) {
                if (Math.abs(e[m - 1]) <= tol * Math.abs(d[m])) {
                    e[m - 1] = 0;
                    continue;
                }
                double mu = Math.abs(d[lo]);
                sminl = mu;
                for (int l = lo; l < m; l++) {
                    if (Math.abs(e[l]) <= tol * mu) {
                        e[l] = 0;
                        continue outer;
                    }
                    mu = Math.abs(d[l + 1]) * (mu / (mu + Math.abs(e[l])));
                    sminl = Math.min(sminl, mu);
                }
            } else {
                if (Math.abs(e[lo]) <= tol * Math.abs(d[lo])) {
                    e[lo] = 0;
                    continue;
                }
                double mu = Math.abs(d[m]);
                sminl = mu;
                for (int l = m - 1; l >= lo; l--) {
                    if (Math.abs(e[l]) <= tol * mu) {
                        e[l] = 0;
                        continue outer;
                    }
                    mu = Math.abs(d[l]) * (mu / (mu + Math.abs(e[l])));
                    sminl = Math.min(sminl, mu);
                }
            }
            oldll = lo;
            oldm = m;
            double shift = shift(n, d, e, lo, m, idir, tol, sminl, smax, rot);
            iter += m - lo;
            if (shift == 0) {
                if (idir == 1) {
                    zeroShiftDown(d, e, lo, m, thresh, u, v, rot);
                } else {
                    zeroShiftUp(d, e, lo, m, thresh, u, v, rot);
                }
            } else if (idir == 1) {
                shiftedDown(d, e, lo, m, shift, thresh, u, v, rot);
            } else {
                shiftedUp(d, e, lo, m, shift, thresh, u, v, rot);
            }
        }
        return 0;
    }

    /** The shift of the next sweep: 0 where a shift would lose relative accuracy, else dlas2's. */
    private static double shift(int n, double[] d, double[] e, int lo, int m, int idir, double tol, double sminl,
            double smax, PlaneRotation rot) {
        if (n * tol * (sminl / smax) <= Math.max(EPS, 0.01 * tol)) {
            return 0;
        }
        double sll;
        if (idir == 1) {
            sll = Math.abs(d[lo]);
            rot.singular2x2(d[m - 1], e[m - 1], d[m]);
        } else {
            sll = Math.abs(d[m]);
            rot.singular2x2(d[lo], e[lo], d[lo + 1]);
        }
        double shift = rot.small;
        if (sll > 0 && (shift / sll) * (shift / sll) < EPS) {
            return 0;
        }
        return shift;
    }

    private static void zeroShiftDown(double[] d, double[] e, int lo, int m, double thresh, RotatedColumns u,
            RotatedColumns v, PlaneRotation rot) {
        double cs = 1;
        double oldcs = 1;
        double oldsn = 0;
        for (int i = lo; i < m; i++) {
            rot.generate(d[i] * cs, e[i]);
            cs = rot.c;
            double sn = rot.s;
            double r = rot.r;
            if (i > lo) {
                e[i - 1] = oldsn * r;
            }
            rot.generate(oldcs * r, d[i + 1] * sn);
            oldcs = rot.c;
            oldsn = rot.s;
            d[i] = rot.r;
            if (v != null) {
                v.rotate(i, i + 1, cs, sn);
            }
            if (u != null) {
                u.rotate(i, i + 1, oldcs, oldsn);
            }
        }
        double h = d[m] * cs;
        d[m] = h * oldcs;
        e[m - 1] = h * oldsn;
        if (Math.abs(e[m - 1]) <= thresh) {
            e[m - 1] = 0;
        }
    }

    private static void zeroShiftUp(double[] d, double[] e, int lo, int m, double thresh, RotatedColumns u,
            RotatedColumns v, PlaneRotation rot) {
        double cs = 1;
        double oldcs = 1;
        double oldsn = 0;
        for (int i = m; i > lo; i--) {
            rot.generate(d[i] * cs, e[i - 1]);
            cs = rot.c;
            double sn = rot.s;
            double r = rot.r;
            if (i < m) {
                e[i] = oldsn * r;
            }
            rot.generate(oldcs * r, d[i - 1] * sn);
            oldcs = rot.c;
            oldsn = rot.s;
            d[i] = rot.r;
            if (u != null) {
                u.rotate(i - 1, i, cs, -sn);
            }
            if (v != null) {
                v.rotate(i - 1, i, oldcs, -oldsn);
            }
        }
        double h = d[lo] * cs;
        d[lo] = h * oldcs;
        e[lo] = h * oldsn;
        if (Math.abs(e[lo]) <= thresh) {
            e[lo] = 0;
        }
    }

    private static void shiftedDown(double[] d, double[] e, int lo, int m, double shift, double thresh,
            RotatedColumns u, RotatedColumns v, PlaneRotation rot) {
        double f = (Math.abs(d[lo]) - shift) * (Math.copySign(1, d[lo]) + shift / d[lo]);
        double g = e[lo];
        for (int i = lo; i < m; i++) {
            rot.generate(f, g);
            double cosr = rot.c;
            double sinr = rot.s;
            if (i > lo) {
                e[i - 1] = rot.r;
            }
            f = cosr * d[i] + sinr * e[i];
            e[i] = cosr * e[i] - sinr * d[i];
            g = sinr * d[i + 1];
            d[i + 1] = cosr * d[i + 1];
            rot.generate(f, g);
            double cosl = rot.c;
            double sinl = rot.s;
            d[i] = rot.r;
            f = cosl * e[i] + sinl * d[i + 1];
            d[i + 1] = cosl * d[i + 1] - sinl * e[i];
            if (i < m - 1) {
                g = sinl * e[i + 1];
                e[i + 1] = cosl * e[i + 1];
            }
            if (v != null) {
                v.rotate(i, i + 1, cosr, sinr);
            }
            if (u != null) {
                u.rotate(i, i + 1, cosl, sinl);
            }
        }
        e[m - 1] = f;
        if (Math.abs(e[m - 1]) <= thresh) {
            e[m - 1] = 0;
        }
    }

    private static void shiftedUp(double[] d, double[] e, int lo, int m, double shift, double thresh,
            RotatedColumns u, RotatedColumns v, PlaneRotation rot) {
        double f = (Math.abs(d[m]) - shift) * (Math.copySign(1, d[m]) + shift / d[m]);
        double g = e[m - 1];
        for (int i = m; i > lo; i--) {
            rot.generate(f, g);
            double cosr = rot.c;
            double sinr = rot.s;
            if (i < m) {
                e[i] = rot.r;
            }
            f = cosr * d[i] + sinr * e[i - 1];
            e[i - 1] = cosr * e[i - 1] - sinr * d[i];
            g = sinr * d[i - 1];
            d[i - 1] = cosr * d[i - 1];
            rot.generate(f, g);
            double cosl = rot.c;
            double sinl = rot.s;
            d[i] = rot.r;
            f = cosl * e[i - 1] + sinl * d[i - 1];
            d[i - 1] = cosl * d[i - 1] - sinl * e[i - 1];
            if (i > lo + 1) {
                g = sinl * e[i - 2];
                e[i - 2] = cosl * e[i - 2];
            }
            if (u != null) {
                u.rotate(i - 1, i, cosr, -sinr);
            }
            if (v != null) {
                v.rotate(i - 1, i, cosl, -sinl);
            }
        }
        e[lo] = f;
        if (Math.abs(e[lo]) <= thresh) {
            e[lo] = 0;
        }
    }
}
