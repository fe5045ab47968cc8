package org.ferrite.cpu.internal.linalg.dense;

import org.ferrite.cpu.internal.linalg.option.Diagonal;

/**
 * Diagonal balancing of a general matrix before an eigen-decomposition (LAPACK's {@code ?gebal} with
 * {@code JOB = 'S'}, scaling only): {@code A ← D⁻¹·A·D} with {@code D} a diagonal of powers of two,
 * iterated until each row and column pair has comparable 2-norms, which makes the eigenvalues of badly
 * scaled matrices accurate. Powers of two make the scaling exact; the eigenvectors of the original
 * matrix are {@code D·x} ({@code ?gebak}). Real and complex alike (1 or 2 scalars per element).
 * Thread-safe (stateless).
 */
final class Balancing {
    private static final double ULP = Math.ulp(1.0);
    private static final double SAFE_MIN = Double.MIN_NORMAL;
    private static final double RADIX = 2;
    private static final double FACTOR = 0.95;

    private Balancing() {
    }

    /**
     * @param n order
     * @param scalars 1 for real, 2 for complex
     * @param a compact {@code n × n}, balanced in place
     * @param d receives the {@code n} diagonal entries of {@code D}
     */
    static void balance(int n, int scalars, double[] a, double[] d) {
        java.util.Arrays.fill(d, 0, n, 1);
        double sfmin1 = SAFE_MIN / ULP;
        double sfmax1 = 1 / sfmin1;
        double sfmin2 = sfmin1 * RADIX;
        double sfmax2 = 1 / sfmin2;
        boolean noconv = true;
        while (noconv) {
            noconv = false;
            for (int i = 0; i < n; i++) {
                double c = norm2(n, scalars, a, scalars * i * n, 1);
                double r = norm2(n, scalars, a, scalars * i, n);
                double ca = maxAbs(n, scalars, a, scalars * i * n, 1);
                double ra = maxAbs(n, scalars, a, scalars * i, n);
                if (c == 0 || r == 0) {
                    continue;
                }
                if (Double.isNaN(c + r + ca + ra)) {
                    return;
                }
                double g = r / RADIX;
                double f = 1;
                double s = c + r;
                while (c < g && Math.max(f, Math.max(c, ca)) < sfmax2 && Math.min(r, Math.min(g, ra)) > sfmin2) {
                    f *= RADIX;
                    c *= RADIX;
                    ca *= RADIX;
                    r /= RADIX;
                    g /= RADIX;
                    ra /= RADIX;
                }
                g = c / RADIX;
                while (g >= r && Math.max(r, ra) < sfmax2 && Math.min(Math.min(f, c), Math.min(g, ca)) > sfmin2) {
                    f /= RADIX;
                    c /= RADIX;
                    g /= RADIX;
                    ca /= RADIX;
                    r *= RADIX;
                    ra *= RADIX;
                }
                if (c + r >= FACTOR * s || f < 1 && d[i] < 1 && f * d[i] <= sfmin1
                        || f > 1 && d[i] > 1 && d[i] >= sfmax1 / f) {
                    continue;
                }
                d[i] *= f;
                noconv = true;
                scale(n, scalars, 1 / f, a, scalars * i, n);
                scale(n, scalars, f, a, scalars * i * n, 1);
            }
        }
    }

    private static double norm2(int n, int scalars, double[] a, int off, int inc) {
        return scalars == 2 ? ComplexReflectors.norm2(n, a, off, inc) : RealReflectors.norm2(n, a, off, inc);
    }

    private static double maxAbs(int n, int scalars, double[] a, int off, int inc) {
        double m = 0;
        for (int i = 0, p = off; i < n; i++, p += scalars * inc) {
            m = Math.max(m, scalars == 2 ? Math.hypot(a[p], a[p + 1]) : Math.abs(a[p]));
        }
        return m;
    }

    private static void scale(int n, int scalars, double f, double[] a, int off, int inc) {
        for (int i = 0, p = off; i < n; i++, p += scalars * inc) {
            a[p] *= f;
            if (scalars == 2) {
                a[p + 1] *= f;
            }
        }
    }
}
