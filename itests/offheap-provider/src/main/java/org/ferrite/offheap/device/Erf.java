package org.ferrite.offheap.device;

/**
 * The error function, to about 1e-15 relative: its Taylor series around 0 for {@code |x| < 2}, and
 * {@code 1 - erfc(|x|)} beyond, with {@code erfc} from the Laplace continued fraction
 * {@code erfc x = e^{-x²}/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + …))))} evaluated bottom-up with a fixed
 * depth (60 terms converge for {@code x >= 2}); {@code ±1} beyond 6.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class Erf {
    private static final double TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);
    private static final int FRACTION_DEPTH = 60;

    private Erf() {
    }

    static double erf(double x) {
        double ax = Math.abs(x);
        if (Double.isNaN(x) || ax < 2) {
            return series(x);
        }
        if (ax > 6) {
            return Math.copySign(1, x);
        }
        double tail = ax;
        for (int k = FRACTION_DEPTH; k >= 1; k--) {
            tail = ax + (k / 2.0) / tail;
        }
        return Math.copySign(1 - Math.exp(-ax * ax) / Math.sqrt(Math.PI) / tail, x);
    }

    /** {@code 2/√π · Σ (-1)^n x^(2n+1) / (n!(2n+1))}, summed until the terms stop mattering. */
    private static double series(double x) {
        double sum = 0;
        double term = x; // (-1)^n x^(2n+1) / n!
        for (int n = 0; n < 120; n++) {
            double add = term / (2 * n + 1);
            sum += add;
            if (Math.abs(add) <= 1e-17 * Math.abs(sum)) {
                break;
            }
            term *= -x * x / (n + 1);
        }
        return TWO_OVER_SQRT_PI * sum;
    }
}
