package org.ferrite.cpu.internal.linalg.dense;

/**
 * The Schur factorisation of a real 2×2 block in standard form (LAPACK's {@code dlanv2}):
 * {@code [a b; c d] = [cs −sn; sn cs]·[aa bb; cc dd]·[cs sn; −sn cs]} with either {@code cc = 0} (two
 * real eigenvalues, upper triangular) or {@code aa = dd} and {@code bb·cc < 0} (a complex pair
 * {@code aa ± i·sqrt(|bb·cc|)}, whose parts are therefore exact conjugates). The fields hold the results
 * of the last call (Java has no tuples).
 *
 * <p>Not thread-safe: one per {@link RealSchur}.
 */
final class RealSchurBlock {
    private static final double EPS = Math.ulp(1.0);
    private static final double SAFE_MIN2 = 0x1p-485;
    private static final double SAFE_MAX2 = 1 / SAFE_MIN2;

    /** The standardised block {@code [a b; c d]}. */
    double a;
    double b;
    double c;
    double d;
    /** Its eigenvalues, the one with non-negative imaginary part first. */
    double rt1r;
    double rt1i;
    double rt2r;
    double rt2i;
    /** The rotation. */
    double cs;
    double sn;

    /**
     * Standardises {@code [a0 b0; c0 d0]}; results in the fields.
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
