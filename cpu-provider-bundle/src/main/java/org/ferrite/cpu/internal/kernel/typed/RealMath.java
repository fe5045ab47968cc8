package org.ferrite.cpu.internal.kernel.typed;

/**
 * Real functions the JDK lacks or gets differently from C99, in double precision: {@code pow} with the
 * special values of C99 Annex F, the error function and the logistic sigmoid. F32 kernels evaluate
 * them in double and round once. Thread-safe (stateless); it has no instances and
 * holds no resources.
 */
public final class RealMath {
    private static final double TWO_OVER_SQRT_PI = 1.1283791670955126;
    private static final double ONE_OVER_SQRT_PI = 0.5641895835477563;
    /** Below this |x| the series is used, above it the continued fraction of erfc. */
    private static final double SERIES_LIMIT = 1.5;
    /** erfc(x) < 2^-56 beyond this, so erf(x) rounds to ±1. */
    private static final double SATURATION = 6.0;
    private static final int FRACTION_TERMS = 100;
    /** Clears the 27 low mantissa bits, leaving 26 significant bits whose square is exact. */
    private static final long HIGH_26_BITS = 0xFFFFFFFFF8000000L;

    private RealMath() {
    }

    /**
     * {@code x^y} per C99 Annex F ({@code pow}) and IEEE 754, which NumPy follows: {@link Math#pow}
     * except where Java differs — {@code pow(1, y) = 1} for every {@code y} (NaN and ±∞ included; Java
     * gives NaN for NaN and ±∞) and {@code pow(-1, ±∞) = 1} (Java: NaN). {@code pow(x, ±0) = 1} for
     * every {@code x}, NaN included, in both.
     *
     * @param x the base
     * @param y the exponent
     * @return {@code x^y}
     */
    public static double pow(double x, double y) {
        if (x == 1.0 || (x == -1.0 && Double.isInfinite(y))) {
            return 1.0;
        }
        return Math.pow(x, y);
    }

    /**
     * NumPy's {@code floor_divide} of doubles, Python's {@code x // y}, as {@code npy_divmod} computes it:
     * {@code q = (x - fmod(x, y)) / y}, less one where {@code fmod}'s sign differs from {@code y}'s, snapped
     * to the nearest integer; a zero quotient takes the sign of {@code x / y}; {@code x // 0} is
     * {@code x / 0}.
     *
     * @param x the dividend
     * @param y the divisor
     * @return {@code floor(x / y)}, as NumPy
     */
    public static double floorDivide(double x, double y) {
        if (y == 0) {
            return x / y;
        }
        double mod = x % y;
        double q = (x - mod) / y;
        if (mod != 0 && (y < 0) != (mod < 0)) {
            q -= 1;
        }
        if (q == 0) {
            return Math.copySign(0.0, x / y);
        }
        double f = Math.floor(q);
        return q - f > 0.5 ? f + 1 : f;
    }

    /**
     * {@link #floorDivide(double, double)} in float arithmetic, as NumPy's float32 loop.
     *
     * @param x the dividend
     * @param y the divisor
     * @return {@code floor(x / y)}, as NumPy's float32
     */
    public static float floorDivide(float x, float y) {
        if (y == 0) {
            return x / y;
        }
        float mod = x % y;
        float q = (x - mod) / y;
        if (mod != 0 && (y < 0) != (mod < 0)) {
            q -= 1;
        }
        if (q == 0) {
            return Math.copySign(0.0f, x / y);
        }
        float f = (float) Math.floor(q);
        return q - f > 0.5f ? f + 1 : f;
    }

    /**
     * NumPy's {@code remainder} of doubles, Python's {@code x % y}: {@code fmod(x, y)}, plus {@code y} where
     * their signs differ; a zero remainder takes {@code y}'s sign; {@code x % 0} is NaN.
     *
     * @param x the dividend
     * @param y the divisor
     * @return the remainder with the divisor's sign
     */
    public static double remainder(double x, double y) {
        double mod = x % y;
        if (mod == 0) {
            return y == 0 ? mod : Math.copySign(0.0, y);
        }
        return y == 0 || (y < 0) == (mod < 0) ? mod : mod + y;
    }

    /**
     * {@link #remainder(double, double)} in float arithmetic.
     *
     * @param x the dividend
     * @param y the divisor
     * @return the remainder with the divisor's sign
     */
    public static float remainder(float x, float y) {
        float mod = x % y;
        if (mod == 0) {
            return y == 0 ? mod : Math.copySign(0.0f, y);
        }
        return y == 0 || (y < 0) == (mod < 0) ? mod : mod + y;
    }

    /**
     * The error function {@code erf x = 2/√π ∫₀ˣ e^{-t²} dt}, odd, NaN for NaN.
     *
     * <p>For {@code |x| < 1.5} it sums the series {@code erf x = 2/√π · e^{-x²} · Σ_n 2ⁿ x^{2n+1} /
     * (1·3·…·(2n+1))}, whose terms are all positive (no cancellation); above that it evaluates
     * {@code 1 - erfc x} with {@code erfc x = e^{-x²}/√π · 1/(x + (1/2)/(x + (2/2)/(x + (3/2)/(x + …))))}
     * by backward recurrence (100 terms); beyond 6 it returns ±1. {@code e^{-x²}} is formed without
     * the rounding error of {@code x·x}. Error at most 4 ulps below 1.5 (the series, summed backward)
     * and 1 ulp above.
     *
     * @param x the argument
     * @return {@code erf x}
     */
    public static double erf(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        double a = Math.abs(x);
        double r;
        if (a < SERIES_LIMIT) {
            r = erfSeries(a);
        } else if (a < SATURATION) {
            r = 1.0 - erfcFraction(a);
        } else {
            r = 1.0;
        }
        return Math.copySign(r, x);
    }

    private static double erfSeries(double a) {
        // Σ_{n=0}^{N} Π_{k<=n} c_k with c_k = 2a²/(2k+1), evaluated backward (Horner) so that rounding
        // errors do not grow with n; N = 12 + 12a² leaves a tail below 2^-60 for a < 1.5.
        double twoA2 = 2 * a * a;
        double s = 1;
        for (int n = 12 + (int) (12 * a * a); n >= 1; n--) {
            s = 1 + s * (twoA2 / (2 * n + 1));
        }
        return TWO_OVER_SQRT_PI * expNegSquare(a) * (a * s);
    }

    /**
     * {@code e^{-a²}} without the rounding error of {@code a·a}: with {@code a = hi + lo} where
     * {@code hi} keeps 26 significant bits, {@code hi²} is exact and {@code a² - hi² = lo·(a + hi)}.
     */
    private static double expNegSquare(double a) {
        double hi = Double.longBitsToDouble(Double.doubleToRawLongBits(a) & HIGH_26_BITS);
        double lo = a - hi;
        return Math.exp(-hi * hi) * Math.exp(-lo * (a + hi));
    }

    private static double erfcFraction(double a) {
        double f = a;
        for (int n = FRACTION_TERMS; n >= 1; n--) {
            f = a + (n * 0.5) / f;
        }
        return ONE_OVER_SQRT_PI * expNegSquare(a) / f;
    }

    /**
     * The logistic sigmoid {@code 1/(1 + e^{-x})}, evaluated as {@code e^x/(1 + e^x)} for negative
     * {@code x} so that neither form overflows.
     *
     * @param x the argument
     * @return a value in {@code [0, 1]} (NaN for NaN)
     */
    public static double sigmoid(double x) {
        if (x >= 0) {
            return 1.0 / (1.0 + Math.exp(-x));
        }
        double e = Math.exp(x);
        return e / (1.0 + e);
    }
}
