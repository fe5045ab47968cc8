package org.ferrite.cpu.internal.linalg.dense;

/**
 * Plane rotations, the 2×2 kernels of the QR iterations, and the results they return. The fields hold
 * the results of the last call (Java has no tuples; a field per result keeps the callers free of
 * allocation).
 *
 * <p>Not thread-safe: one per {@link DenseWorkspace}.
 */
final class PlaneRotation {
    private static final double SAFE_MIN = Double.MIN_NORMAL;
    private static final double SAFE_MAX = 1 / SAFE_MIN;
    private static final double ROOT_MIN = Math.sqrt(SAFE_MIN);
    private static final double ROOT_MAX = Math.sqrt(SAFE_MAX / 2);
    private static final double EPS = Math.ulp(1.0) / 2;

    /** Cosine of the last rotation (or of the left rotation of {@link #svd2x2}). */
    double c;
    /** Sine of the last rotation (or of the left rotation of {@link #svd2x2}). */
    double s;
    /** {@link #generate}: the rotated length {@code r}; {@link #svd2x2}: cosine of the right rotation. */
    double r;
    /** {@link #svd2x2}: sine of the right rotation. */
    double sr;
    /** Larger result of {@link #svd2x2} and {@link #symmetric2x2}; first of {@link #singular2x2}. */
    double big;
    /** Smaller result of {@link #svd2x2} and {@link #symmetric2x2}; second of {@link #singular2x2}. */
    double small;

    /**
     * LAPACK's {@code dlartg}: {@code c, s, r} with {@code [c s; −s c]·[f; g] = [r; 0]}, {@code c ≥ 0},
     * {@code r} of the sign of {@code f} (when {@code f ≠ 0}), avoiding overflow and underflow.
     *
     * @param f first component
     * @param g second component
     */
    void generate(double f, double g) {
        if (g == 0) {
            c = 1;
            s = 0;
            r = f;
        } else if (f == 0) {
            c = 0;
            s = Math.signum(g);
            r = Math.abs(g);
        } else {
            double f1 = Math.abs(f);
            double g1 = Math.abs(g);
            if (f1 > ROOT_MIN && f1 < ROOT_MAX && g1 > ROOT_MIN && g1 < ROOT_MAX) {
                double d = Math.sqrt(f * f + g * g);
                c = f1 / d;
                r = Math.copySign(d, f);
                s = g / r;
            } else {
                double u = Math.min(SAFE_MAX, Math.max(SAFE_MIN, Math.max(f1, g1)));
                double fs = f / u;
                double gs = g / u;
                double d = Math.sqrt(fs * fs + gs * gs);
                c = Math.abs(fs) / d;
                double rr = Math.copySign(d, f);
                s = gs / rr;
                r = rr * u;
            }
        }
    }

    /**
     * LAPACK's {@code dlas2}: the singular values of {@code [f g; 0 h]} into {@link #small} and
     * {@link #big}, accurate to a few ulps, without overflow.
     *
     * @param f upper-left entry
     * @param g upper-right entry
     * @param h lower-right entry
     */
    void singular2x2(double f, double g, double h) {
        double fa = Math.abs(f);
        double ga = Math.abs(g);
        double ha = Math.abs(h);
        double fhmn = Math.min(fa, ha);
        double fhmx = Math.max(fa, ha);
        if (fhmn == 0) {
            small = 0;
            if (fhmx == 0) {
                big = ga;
            } else {
                double mx = Math.max(fhmx, ga);
                double ratio = Math.min(fhmx, ga) / mx;
                big = mx * Math.sqrt(1 + ratio * ratio);
            }
        } else if (ga < fhmx) {
            double as = 1 + fhmn / fhmx;
            double at = (fhmx - fhmn) / fhmx;
            double au = (ga / fhmx) * (ga / fhmx);
            double cc = 2 / (Math.sqrt(as * as + au) + Math.sqrt(at * at + au));
            small = fhmn * cc;
            big = fhmx / cc;
        } else {
            double au = fhmx / ga;
            if (au == 0) {
                small = (fhmn * fhmx) / ga;
                big = ga;
            } else {
                double as = 1 + fhmn / fhmx;
                double at = (fhmx - fhmn) / fhmx;
                double cc = 1 / (Math.sqrt(1 + (as * au) * (as * au)) + Math.sqrt(1 + (at * au) * (at * au)));
                small = 2 * (fhmn * cc) * au;
                big = ga / (cc + cc);
            }
        }
    }

    /**
     * LAPACK's {@code dlasv2}: the SVD of {@code [f g; 0 h]},
     * {@code [cl sl; −sl cl]·[f g; 0 h]·[cr −sr; sr cr] = diag(big, small)}, with {@code |big| ≥ |small|}
     * (both signed). Results: {@link #big}, {@link #small}, left rotation {@link #c}, {@link #s}, right
     * rotation {@link #r} (cosine), {@link #sr} (sine).
     *
     * @param f upper-left entry
     * @param g upper-right entry
     * @param h lower-right entry
     */
    void svd2x2(double f, double g, double h) {
        double ft = f;
        double fa = Math.abs(ft);
        double ht = h;
        double ha = Math.abs(h);
        int pmax = 1;
        boolean swap = ha > fa;
        if (swap) {
            pmax = 3;
            double t = ft;
            ft = ht;
            ht = t;
            t = fa;
            fa = ha;
            ha = t;
        }
        double gt = g;
        double ga = Math.abs(gt);
        double clt;
        double crt;
        double slt;
        double srt;
        if (ga == 0) {
            small = ha;
            big = fa;
            clt = 1;
            crt = 1;
            slt = 0;
            srt = 0;
        } else {
            boolean gaSmall = true;
            clt = 1;
            crt = 1;
            slt = 0;
            srt = 0;
            if (ga > fa) {
                pmax = 2;
                if (fa / ga < EPS) {
                    gaSmall = false;
                    big = ga;
                    small = ha > 1 ? fa / (ga / ha) : (fa / ga) * ha;
                    clt = 1;
                    slt = ht / gt;
                    srt = 1;
                    crt = ft / gt;
                }
            }
            if (gaSmall) {
                double d = fa - ha;
                double l = d == fa ? 1 : d / fa;
                double m = gt / ft;
                double t = 2 - l;
                double mm = m * m;
                double tt = t * t;
                double sq = Math.sqrt(tt + mm);
                double rr = l == 0 ? Math.abs(m) : Math.sqrt(l * l + mm);
                double a = 0.5 * (sq + rr);
                small = ha / a;
                big = fa * a;
                if (mm == 0) {
                    t = l == 0 ? Math.copySign(2, ft) * Math.copySign(1, gt) : gt / Math.copySign(d, ft) + m / t;
                } else {
                    t = (m / (sq + t) + m / (rr + l)) * (1 + a);
                }
                l = Math.sqrt(t * t + 4);
                crt = 2 / l;
                srt = t / l;
                clt = (crt + srt * m) / a;
                slt = (ht / ft) * srt / a;
            }
        }
        if (swap) {
            c = srt;
            s = crt;
            r = slt;
            sr = clt;
        } else {
            c = clt;
            s = slt;
            r = crt;
            sr = srt;
        }
        double sign;
        if (pmax == 1) {
            sign = Math.copySign(1, r) * Math.copySign(1, c) * Math.copySign(1, f);
        } else if (pmax == 2) {
            sign = Math.copySign(1, sr) * Math.copySign(1, c) * Math.copySign(1, g);
        } else {
            sign = Math.copySign(1, sr) * Math.copySign(1, s) * Math.copySign(1, h);
        }
        big = Math.copySign(big, sign);
        small = Math.copySign(small, sign * Math.copySign(1, f) * Math.copySign(1, h));
    }

    /**
     * LAPACK's {@code dlaev2}: the eigen-decomposition of the symmetric {@code [a b; b d]}:
     * {@code [c s; −s c]·[a b; b d]·[c −s; s c] = diag(big, small)}, {@code |big| ≥ |small|}. Results:
     * {@link #big}, {@link #small}, {@link #c}, {@link #s}.
     *
     * @param a upper-left entry
     * @param b off-diagonal entry
     * @param d lower-right entry
     */
    void symmetric2x2(double a, double b, double d) {
        double sm = a + d;
        double df = a - d;
        double adf = Math.abs(df);
        double tb = b + b;
        double ab = Math.abs(tb);
        double acmx = Math.abs(a) > Math.abs(d) ? a : d;
        double acmn = Math.abs(a) > Math.abs(d) ? d : a;
        double rt;
        if (adf > ab) {
            rt = adf * Math.sqrt(1 + (ab / adf) * (ab / adf));
        } else if (adf < ab) {
            rt = ab * Math.sqrt(1 + (adf / ab) * (adf / ab));
        } else {
            rt = ab * Math.sqrt(2);
        }
        int sgn1;
        if (sm < 0) {
            big = 0.5 * (sm - rt);
            sgn1 = -1;
            small = (acmx / big) * acmn - (b / big) * b;
        } else if (sm > 0) {
            big = 0.5 * (sm + rt);
            sgn1 = 1;
            small = (acmx / big) * acmn - (b / big) * b;
        } else {
            big = 0.5 * rt;
            small = -0.5 * rt;
            sgn1 = 1;
        }
        int sgn2;
        double cs;
        if (df >= 0) {
            cs = df + rt;
            sgn2 = 1;
        } else {
            cs = df - rt;
            sgn2 = -1;
        }
        if (Math.abs(cs) > ab) {
            double ct = -tb / cs;
            s = 1 / Math.sqrt(1 + ct * ct);
            c = ct * s;
        } else if (ab == 0) {
            c = 1;
            s = 0;
        } else {
            double tn = -cs / tb;
            c = 1 / Math.sqrt(1 + tn * tn);
            s = tn * c;
        }
        if (sgn1 == sgn2) {
            double tn = c;
            c = -s;
            s = tn;
        }
    }
}
