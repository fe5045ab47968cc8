package org.ferrite.cpu.internal.linalg.dense;

/**
 * Complex scalar operations that need care — division without overflow (Smith's algorithm) and the
 * principal square root — writing the result as a (real, imaginary) pair into an array (Java has no
 * tuples; the callers pass a slot of their own, so nothing is allocated). Thread-safe (stateless).
 */
final class ComplexArithmetic {
    private ComplexArithmetic() {
    }

    /**
     * {@code out[at] + i·out[at+1] = (ar + i·ai) / (br + i·bi)} by Smith's algorithm, which scales by
     * the larger part of the divisor so that no intermediate overflows needlessly.
     *
     * @param ar real part of the dividend
     * @param ai imaginary part of the dividend
     * @param br real part of the divisor
     * @param bi imaginary part of the divisor
     * @param out receives the quotient
     * @param at offset of its real part
     */
    static void divide(double ar, double ai, double br, double bi, double[] out, int at) {
        if (Math.abs(br) >= Math.abs(bi)) {
            double r = bi / br;
            double d = br + bi * r;
            out[at] = (ar + ai * r) / d;
            out[at + 1] = (ai - ar * r) / d;
        } else {
            double r = br / bi;
            double d = bi + br * r;
            out[at] = (ar * r + ai) / d;
            out[at + 1] = (ai * r - ar) / d;
        }
    }

    /**
     * {@code out[at] + i·out[at+1] = sqrt(xr + i·xi)}, the principal branch (non-negative real part).
     *
     * @param xr real part
     * @param xi imaginary part
     * @param out receives the root
     * @param at offset of its real part
     */
    static void sqrt(double xr, double xi, double[] out, int at) {
        if (xr == 0 && xi == 0) {
            out[at] = 0;
            out[at + 1] = 0;
            return;
        }
        double r = Math.hypot(xr, xi);
        if (xr >= 0) {
            double t = Math.sqrt(0.5 * (r + xr));
            out[at] = t;
            out[at + 1] = xi / (2 * t);
        } else {
            double t = Math.sqrt(0.5 * (r - xr));
            out[at] = Math.abs(xi) / (2 * t);
            out[at + 1] = Math.copySign(t, xi);
        }
    }
}
