package org.ferrite.cpu.internal.linalg.dense;

/**
 * Eigenvalues and eigenvectors of a real symmetric tridiagonal matrix by the implicit QL or QR method
 * with Wilkinson shifts (LAPACK's {@code dsteqr}): each unreduced block is scaled into a safe range,
 * iterated from its larger end (QL when the bottom entry is larger, QR otherwise), and split where an
 * off-diagonal entry falls below {@code eps·sqrt(|d_i|)·sqrt(|d_{i+1}|)}; 2×2 blocks are solved
 * directly. {@code T = Z_T·diag(λ)·Z_Tᵀ}; the rotations are accumulated into the columns of
 * {@code Z} ({@code Z ← Z·Z_T}), which may be complex (see {@link RotatedColumns}).
 *
 * <p>Thread-safe (stateless); the {@link PlaneRotation} passed in carries the per-call state.
 */
final class TridiagonalQl {
    private static final double EPS = Math.ulp(1.0) / 2;
    private static final double EPS2 = EPS * EPS;
    private static final double SAFE_MIN = Double.MIN_NORMAL;
    private static final double SAFE_MAX = 1 / SAFE_MIN;
    private static final double SCALE_MAX = Math.sqrt(SAFE_MAX) / 3;
    private static final double SCALE_MIN = Math.sqrt(SAFE_MIN) / EPS2;
    /** LAPACK's {@code MAXIT}: the budget is {@code 30n} iterations. */
    static final int MAX_ITERATIONS_PER_VALUE = 30;

    private TridiagonalQl() {
    }

    /**
     * Overwrites {@code d} with the eigenvalues, ascending, and rotates the columns of {@code z} (may be
     * {@code null}) into the eigenvectors.
     *
     * @param n order
     * @param d diagonal, {@code n} entries; overwritten by the eigenvalues
     * @param e off-diagonal, {@code n − 1} entries; destroyed
     * @param z columns to rotate (at least {@code n}), or {@code null} for values only
     * @param rot plane-rotation state
     * @param maxPerValue the budget, {@code maxPerValue·n} iterations ({@link #MAX_ITERATIONS_PER_VALUE})
     * @return 0, or the number of off-diagonal entries that had not converged to zero within the
     *     budget ({@code d} then holds unconverged values, unsorted)
     */
    static int run(int n, double[] d, double[] e, RotatedColumns z, PlaneRotation rot, int maxPerValue) {
        if (n <= 1) {
            return 0;
        }
        int maxIterations = maxPerValue * n;
        int total = 0;
        int l1 = 0;
        while (l1 < n) {
            if (l1 > 0) {
                e[l1 - 1] = 0;
            }
            int m = l1;
            while (m < n - 1) {
                double tst = Math.abs(e[m]);
                if (tst == 0) {
                    break;
                }
                if (tst <= Math.sqrt(Math.abs(d[m])) * Math.sqrt(Math.abs(d[m + 1])) * EPS) {
                    e[m] = 0;
                    break;
                }
                m++;
            }
            int l = l1;
            l1 = m + 1;
            if (m == l) {
                continue;
            }
            total = block(d, e, l, m, z, rot, total, maxIterations);
            if (total < 0) {
                int info = 0;
                for (int i = 0; i < n - 1; i++) {
                    if (e[i] != 0) {
                        info++;
                    }
                }
                return info;
            }
        }
        RotatedColumns.sort(n, d, false, z, null);
        return 0;
    }

    /**
     * Diagonalises the unreduced block {@code lo…hi}.
     *
     * @return the iterations used so far, or −1 when the budget ran out
     */
    private static int block(double[] d, double[] e, int lo, int hi, RotatedColumns z, PlaneRotation rot, int total,
            int maxIterations) {
        double anorm = 0;
        for (int i = lo; i <= hi; i++) {
            anorm = Math.max(anorm, Math.abs(d[i]));
            if (i < hi) {
                anorm = Math.max(anorm, Math.abs(e[i]));
            }
        }
        if (anorm == 0) {
            return total;
        }
        double scale = 1;
        if (anorm > SCALE_MAX) {
            scale = SCALE_MAX / anorm;
        } else if (anorm < SCALE_MIN) {
            scale = SCALE_MIN / anorm;
        }
        if (scale != 1) {
            rescale(d, e, lo, hi, scale);
        }
        int used = Math.abs(d[hi]) < Math.abs(d[lo])
                ? qr(d, e, hi, lo, z, rot, total, maxIterations)
                : ql(d, e, lo, hi, z, rot, total, maxIterations);
        if (scale != 1) {
            rescale(d, e, lo, hi, 1 / scale);
        }
        return used;
    }

    private static void rescale(double[] d, double[] e, int lo, int hi, double scale) {
        for (int i = lo; i <= hi; i++) {
            d[i] *= scale;
            if (i < hi) {
                e[i] *= scale;
            }
        }
    }

    /** QL iteration on {@code l…lend} ({@code l < lend}), deflating at the top; returns as {@link #block}. */
    private static int ql(double[] d, double[] e, int l, int lend, RotatedColumns z, PlaneRotation rot, int total,
            int maxIterations) {
        while (l <= lend) {
            int m = l;
            while (m < lend) {
                double tst = Math.abs(e[m]) * Math.abs(e[m]);
                if (tst <= (EPS2 * Math.abs(d[m])) * Math.abs(d[m + 1]) + SAFE_MIN) {
                    break;
                }
                m++;
            }
            if (m < lend) {
                e[m] = 0;
            }
            double p = d[l];
            if (m == l) {
                l++;
                continue;
            }
            if (m == l + 1) {
                rot.symmetric2x2(d[l], e[l], d[l + 1]);
                if (z != null) {
                    z.rotate(l, l + 1, rot.c, rot.s);
                }
                d[l] = rot.big;
                d[l + 1] = rot.small;
                e[l] = 0;
                l += 2;
                continue;
            }
            if (total == maxIterations) {
                return -1;
            }
            total++;
            double g = (d[l + 1] - p) / (2 * e[l]);
            double r = Math.hypot(g, 1);
            g = d[m] - p + e[l] / (g + Math.copySign(r, g));
            double s = 1;
            double c = 1;
            p = 0;
            for (int i = m - 1; i >= l; i--) {
                double f = s * e[i];
                double b = c * e[i];
                rot.generate(g, f);
                c = rot.c;
                s = rot.s;
                if (i != m - 1) {
                    e[i + 1] = rot.r;
                }
                g = d[i + 1] - p;
                r = (d[i] - g) * s + 2 * c * b;
                p = s * r;
                d[i + 1] = g + p;
                g = c * r - b;
                if (z != null) {
                    z.rotate(i, i + 1, c, -s);
                }
            }
            d[l] -= p;
            e[l] = g;
        }
        return total;
    }

    /** QR iteration on {@code lend…l} ({@code l > lend}), deflating at the bottom; returns as {@link #block}. */
    private static int qr(double[] d, double[] e, int l, int lend, RotatedColumns z, PlaneRotation rot, int total,
            int maxIterations) {
        while (l >= lend) {
            int m = l;
            while (m > lend) {
                double tst = Math.abs(e[m - 1]) * Math.abs(e[m - 1]);
                if (tst <= (EPS2 * Math.abs(d[m])) * Math.abs(d[m - 1]) + SAFE_MIN) {
                    break;
                }
                m--;
            }
            if (m > lend) {
                e[m - 1] = 0;
            }
            double p = d[l];
            if (m == l) {
                l--;
                continue;
            }
            if (m == l - 1) {
                rot.symmetric2x2(d[l - 1], e[l - 1], d[l]);
                if (z != null) {
                    z.rotate(l - 1, l, rot.c, rot.s);
                }
                d[l - 1] = rot.big;
                d[l] = rot.small;
                e[l - 1] = 0;
                l -= 2;
                continue;
            }
            if (total == maxIterations) {
                return -1;
            }
            total++;
            double g = (d[l - 1] - p) / (2 * e[l - 1]);
            double r = Math.hypot(g, 1);
            g = d[m] - p + e[l - 1] / (g + Math.copySign(r, g));
            double s = 1;
            double c = 1;
            p = 0;
            for (int i = m; i < l; i++) {
                double f = s * e[i];
                double b = c * e[i];
                rot.generate(g, f);
                c = rot.c;
                s = rot.s;
                if (i != m) {
                    e[i - 1] = rot.r;
                }
                g = d[i] - p;
                r = (d[i + 1] - g) * s + 2 * c * b;
                p = s * r;
                d[i] = g + p;
                g = c * r - b;
                if (z != null) {
                    z.rotate(i, i + 1, c, s);
                }
            }
            d[l] -= p;
            e[l - 1] = g;
        }
        return total;
    }
}
