// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/kernel/typed/ComplexMath.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

/**
 * Complex functions in double precision. Each writes its result {@code (re, im)} to
 * {@code sink[at], sink[at + 1]} once, after reading all its arguments, so the sink may be the storage
 * the arguments came from (in-place kernels), and never reads the sink. C128 kernels pass their output
 * array as the sink; C64 kernels call {@code ComplexMathToFloat}, these functions generated with a
 * {@code float[]} sink (each part rounded once, from double), so neither needs scratch. Branch cuts
 * are the principal ones (C99 / NumPy). Thread-safe (stateless); it has no instances.
 *
 * <p>{@code ComplexMathToFloat} is generated from {@code ComplexMath} by ferrite-codegen, which renames
 * the sink's type and the class and rounds in {@code store}: every write to the sink is in
 * {@code store}.
 */
public final class ComplexMathToFloat {
    /** Above this |Re z|, tanh z is ±1 to double precision. */
    private static final double TANH_SATURATION = 22.0;
    /** Integer exponents up to this magnitude use repeated squaring (exact for small Gaussian integers). */
    private static final double SQUARING_LIMIT = 64;

    private ComplexMathToFloat() {
    }

    private static void store(float[] sink, int at, double re, double im) {
        sink[at] = (float) re;
        sink[at + 1] = (float) im;
    }

    /**
     * {@code x / y} by Smith's algorithm (no intermediate overflow for moderate operands); division by
     * a real {@code y} divides both parts, so {@code x / 0} gives infinities or NaN like real division.
     *
     * @param xr Re x
     * @param xi Im x
     * @param yr Re y
     * @param yi Im y
     * @param sink output
     * @param at index
     */
    public static void div(double xr, double xi, double yr, double yi, float[] sink, int at) {
        if (yi == 0) {
            store(sink, at, xr / yr, xi / yr);
        } else if (Math.abs(yr) >= Math.abs(yi)) {
            double r = yi / yr;
            double d = yr + yi * r;
            store(sink, at, (xr + xi * r) / d, (xi - xr * r) / d);
        } else {
            double r = yr / yi;
            double d = yr * r + yi;
            store(sink, at, (xr * r + xi) / d, (xi * r - xr) / d);
        }
    }

    /**
     * {@code x^w = e^{w·log x}}; {@code x^0 = 1}; {@code 0^w = 0} for {@code Re w > 0} and NaN for other
     * {@code w}; real integer exponents up to 64 in magnitude use repeated squaring.
     *
     * @param xr Re x
     * @param xi Im x
     * @param wr Re w
     * @param wi Im w
     * @param sink output
     * @param at index
     */
    public static void pow(double xr, double xi, double wr, double wi, float[] sink, int at) {
        if (wr == 0 && wi == 0) {
            store(sink, at, 1, 0);
        } else if (xr == 0 && xi == 0) {
            double z = wr > 0 ? 0 : Double.NaN;
            store(sink, at, z, z);
        } else if (wi == 0 && wr == Math.rint(wr) && Math.abs(wr) <= SQUARING_LIMIT) {
            integerPower(xr, xi, (int) wr, sink, at);
        } else {
            double lr = Math.log(Math.hypot(xr, xi));
            double li = Math.atan2(xi, xr);
            exp(wr * lr - wi * li, wr * li + wi * lr, sink, at);
        }
    }

    private static void integerPower(double xr, double xi, int n, float[] sink, int at) {
        double rr = 1;
        double ri = 0;
        double br = xr;
        double bi = xi;
        for (int e = Math.abs(n); e > 0; e >>>= 1) {
            if ((e & 1) != 0) {
                double t = rr * br - ri * bi;
                ri = rr * bi + ri * br;
                rr = t;
            }
            double t = br * br - bi * bi;
            bi = 2 * br * bi;
            br = t;
        }
        if (n < 0) {
            div(1, 0, rr, ri, sink, at);
        } else {
            store(sink, at, rr, ri);
        }
    }

    /**
     * {@code e^x = e^{Re x}(cos Im x + i sin Im x)}; exact {@code (e^{Re x}, Im x)} when {@code Im x == 0}.
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void exp(double xr, double xi, float[] sink, int at) {
        if (xi == 0) {
            store(sink, at, Math.exp(xr), xi);
        } else {
            double e = Math.exp(xr);
            store(sink, at, e * Math.cos(xi), e * Math.sin(xi));
        }
    }

    /**
     * {@code e^x - 1} for {@code x = a + ib}: {@code expm1(a)·cos b − 2·sin²(b/2) + i·e^a·sin b}. The
     * real part is {@code e^a·cos b − 1} written without the cancellation of {@code e^a·cos b} against
     * 1 ({@code cos b − 1 = −2 sin²(b/2)}), so both parts keep their relative accuracy for tiny
     * {@code |x|}; {@code (expm1 a, b)} when {@code b == 0}.
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void expm1(double xr, double xi, float[] sink, int at) {
        if (xi == 0) {
            store(sink, at, Math.expm1(xr), xi);
            return;
        }
        double h = Math.sin(0.5 * xi);
        store(sink, at, Math.expm1(xr) * Math.cos(xi) - 2 * h * h, Math.exp(xr) * Math.sin(xi));
    }

    /**
     * Principal {@code ln(1 + x)} for {@code x = a + ib}: imaginary part {@code atan2(b, 1 + a)}; real part
     * {@code ln|1 + x|}, evaluated as {@code ½·log1p(a·(2 + a) + b²)} while {@code |x| < 1/2} (where
     * {@code |1 + x|² − 1} is formed without cancelling against 1, so a tiny {@code |x|} keeps its relative
     * accuracy), else as {@code ln(hypot(1 + a, b))}.
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void log1p(double xr, double xi, float[] sink, int at) {
        double im = Math.atan2(xi, 1 + xr);
        if (Math.abs(xr) < 0.5 && Math.abs(xi) < 0.5) {
            store(sink, at, 0.5 * Math.log1p(xr * (2 + xr) + xi * xi), im);
        } else {
            store(sink, at, Math.log(Math.hypot(1 + xr, xi)), im);
        }
    }

    /**
     * Principal logarithm {@code ln|x| + i·arg x}, {@code arg} in {@code (-π, π]}.
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void log(double xr, double xi, float[] sink, int at) {
        store(sink, at, Math.log(Math.hypot(xr, xi)), Math.atan2(xi, xr));
    }

    /**
     * Principal square root (non-negative real part; the sign of the imaginary part follows {@code Im x}).
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void sqrt(double xr, double xi, float[] sink, int at) {
        if (xr == 0 && xi == 0) {
            store(sink, at, 0, xi);
            return;
        }
        double t = sqrtMagnitude(xr, xi);
        if (xr >= 0) {
            store(sink, at, t, xi / (2 * t));
        } else {
            store(sink, at, Math.abs(xi) / (2 * t), Math.copySign(t, xi));
        }
    }

    /** @return {@code sqrt((|Re x| + |x|) / 2)}, the larger part's magnitude of {@code sqrt x} */
    private static double sqrtMagnitude(double xr, double xi) {
        return Math.sqrt((Math.abs(xr) + Math.hypot(xr, xi)) * 0.5);
    }

    /**
     * {@code 1 / sqrt x}.
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void rsqrt(double xr, double xi, float[] sink, int at) {
        // the parts of sqrt x as in sqrt, kept in double (never read back from the sink)
        if (xr == 0 && xi == 0) {
            div(1, 0, 0, xi, sink, at);
            return;
        }
        double t = sqrtMagnitude(xr, xi);
        if (xr >= 0) {
            div(1, 0, t, xi / (2 * t), sink, at);
        } else {
            div(1, 0, Math.abs(xi) / (2 * t), Math.copySign(t, xi), sink, at);
        }
    }

    /**
     * {@code sin x = sin a cosh b + i cos a sinh b} for {@code x = a + ib}.
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void sin(double xr, double xi, float[] sink, int at) {
        store(sink, at, Math.sin(xr) * Math.cosh(xi), Math.cos(xr) * Math.sinh(xi));
    }

    /**
     * {@code cos x = cos a cosh b - i sin a sinh b} for {@code x = a + ib}.
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void cos(double xr, double xi, float[] sink, int at) {
        store(sink, at, Math.cos(xr) * Math.cosh(xi), -Math.sin(xr) * Math.sinh(xi));
    }

    /**
     * {@code tanh x} by Kahan's formulation: with {@code t = tan b}, {@code β = 1 + t²},
     * {@code s = sinh a}, {@code ρ = sqrt(1 + s²)}: {@code tanh x = (βρs + i t) / (1 + βs²)}; for
     * {@code |a| > 22} the real part is ±1 and the imaginary part {@code 4 sin b cos b e^{-2|a|}}.
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void tanh(double xr, double xi, float[] sink, int at) {
        if (Math.abs(xr) > TANH_SATURATION) {
            store(sink, at, Math.copySign(1, xr), 4 * Math.sin(xi) * Math.cos(xi) * Math.exp(-2 * Math.abs(xr)));
            return;
        }
        double t = Math.tan(xi);
        double beta = 1 + t * t;
        double s = Math.sinh(xr);
        double rho = Math.sqrt(1 + s * s);
        double denom = 1 + beta * s * s;
        store(sink, at, beta * rho * s / denom, t / denom);
    }

    /**
     * {@code x / |x|}, and 0 at 0 (NaN stays NaN).
     *
     * @param xr Re x
     * @param xi Im x
     * @param sink output
     * @param at index
     */
    public static void sign(double xr, double xi, float[] sink, int at) {
        if (xr == 0 && xi == 0) {
            store(sink, at, 0, 0);
            return;
        }
        double h = Math.hypot(xr, xi);
        store(sink, at, xr / h, xi / h);
    }
}
