package org.ferrite.testkit.oracle;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import org.opentest4j.AssertionFailedError;

/**
 * Goodness-of-fit checks for random samples, for the kit's random-number suite and a provider's own
 * generator tests: sample moments against their expectation within a number of standard errors, and the
 * one-sample Kolmogorov–Smirnov test against a distribution function. Samples come from fixed keys, so
 * every check is deterministic: a correct generator passes it every time, and a bound of
 * {@value #SIGMAS} standard errors (or a KS level of {@value #KS_LEVEL}) makes a false alarm on a new key
 * improbable, while a biased or correlated generator fails by a wide margin.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Statistics {
    /** Standard errors a sample moment may lie from its expectation. */
    public static final double SIGMAS = 5;
    /** The significance level of the Kolmogorov–Smirnov test. */
    public static final double KS_LEVEL = 1e-4;

    private Statistics() {
    }

    /**
     * Asserts that the sample mean of {@code x} is {@code mean} within {@value #SIGMAS} standard errors
     * ({@code sd / √n}).
     *
     * @param context what was sampled
     * @param x the sample
     * @param mean the distribution's mean
     * @param sd the distribution's standard deviation
     */
    public static void assertMean(String context, double[] x, double mean, double sd) {
        double m = mean(x);
        double bound = SIGMAS * sd / Math.sqrt(x.length);
        if (!(Math.abs(m - mean) <= bound)) {
            throw new AssertionFailedError(context + ": sample mean " + m + " is not " + mean + " ± " + bound
                    + " (n = " + x.length + ")");
        }
    }

    /**
     * Asserts that the central moment of order {@code k} of {@code x} is {@code want} within
     * {@value #SIGMAS} standard errors, the error being {@code sqrt(varianceOfPower / n)}, with
     * {@code varianceOfPower} the distribution's variance of {@code (X - mean)^k}.
     *
     * @param context what was sampled
     * @param x the sample
     * @param mean the distribution's mean
     * @param k the order (2: variance, 3, 4)
     * @param want the distribution's central moment of order {@code k}
     * @param varianceOfPower the distribution's variance of {@code (X - mean)^k}
     */
    public static void assertCentralMoment(String context, double[] x, double mean, int k, double want,
            double varianceOfPower) {
        double sum = 0;
        for (double v : x) {
            sum += Math.pow(v - mean, k);
        }
        double m = sum / x.length;
        double bound = SIGMAS * Math.sqrt(varianceOfPower / x.length);
        if (!(Math.abs(m - want) <= bound)) {
            throw new AssertionFailedError(context + ": central moment " + k + " is " + m + ", not " + want + " ± "
                    + bound + " (n = " + x.length + ")");
        }
    }

    /**
     * The one-sample Kolmogorov–Smirnov test at level {@value #KS_LEVEL}: {@code D = sup |F_n(x) − F(x)|}
     * must not exceed the asymptotic critical value {@code sqrt(−ln(level / 2) / 2) / √n}.
     *
     * @param context what was sampled
     * @param x the sample (not modified)
     * @param cdf the distribution function
     * @return the statistic {@code D}
     */
    public static double assertKolmogorovSmirnov(String context, double[] x, DoubleUnaryOperator cdf) {
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double d = 0;
        for (int i = 0; i < n; i++) {
            double f = cdf.applyAsDouble(sorted[i]);
            d = Math.max(d, Math.max((i + 1.0) / n - f, f - (double) i / n));
        }
        double critical = Math.sqrt(-Math.log(KS_LEVEL / 2) / 2) / Math.sqrt(n);
        if (!(d <= critical)) {
            throw new AssertionFailedError(context + ": Kolmogorov–Smirnov D = " + d + " exceeds " + critical
                    + " (n = " + n + ", level " + KS_LEVEL + ")");
        }
        return d;
    }

    /**
     * @param x a value
     * @return the standard normal distribution function {@code Φ(x) = ½ erfc(−x / √2)}, within 1e-7
     */
    public static double normalCdf(double x) {
        double z = Math.abs(x) / Math.sqrt(2);
        // Abramowitz and Stegun 7.1.26: erfc(z) = t·(a1 + t·(a2 + …))·exp(−z²), |error| ≤ 1.5e-7
        double t = 1 / (1 + 0.3275911 * z);
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027
                + t * 1.061405429))));
        double tail = 0.5 * poly * Math.exp(-z * z);
        return x >= 0 ? 1 - tail : tail;
    }

    /**
     * @param x a value
     * @return the distribution function of the uniform distribution on {@code [0, 1)}
     */
    public static double uniformCdf(double x) {
        return Math.min(1, Math.max(0, x));
    }

    /**
     * @param x a sample
     * @return its mean
     */
    public static double mean(double[] x) {
        double sum = 0;
        for (double v : x) {
            sum += v;
        }
        return sum / x.length;
    }
}
