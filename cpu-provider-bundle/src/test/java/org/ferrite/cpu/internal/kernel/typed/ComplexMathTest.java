package org.ferrite.cpu.internal.kernel.typed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ComplexMathTest {
    private final double[] r = new double[2];

    @Test
    void squareRootIsPrincipalOnBothSidesOfTheBranchCut() {
        ComplexMath.sqrt(-4, 0.0, r, 0);
        assertThat(r).containsExactly(0, 2);
        ComplexMath.sqrt(-4, -0.0, r, 0);
        assertThat(r).containsExactly(0, -2);
        ComplexMath.sqrt(0, -0.0, r, 0);
        assertThat(r[0]).isZero();
        assertThat(1 / r[1]).isNegative();
        ComplexMath.sqrt(3, 4, r, 0);
        assertThat(r).containsExactly(2, 1);
    }

    @Test
    void tanhSaturatesForLargeRealParts() {
        ComplexMath.tanh(400, 1, r, 0);
        assertThat(r[0]).isEqualTo(1);
        assertThat(r[1]).isEqualTo(0, within(1e-300));
        ComplexMath.tanh(-30, 0.5, r, 0);
        assertThat(r[0]).isEqualTo(-1);
        ComplexMath.tanh(0, 0.25, r, 0);
        assertThat(r).containsExactly(new double[] {0, Math.tan(0.25)}, within(1e-16));
    }

    @Test
    void exponentialOfARealArgumentStaysReal() {
        ComplexMath.exp(Double.POSITIVE_INFINITY, 0, r, 0);
        assertThat(r).containsExactly(Double.POSITIVE_INFINITY, 0);
        ComplexMath.exp(1, -0.0, r, 0);
        assertThat(r[0]).isEqualTo(Math.E);
        assertThat(1 / r[1]).isNegative();
    }

    @Test
    void powersOfZeroAndIntegerPowersAreExact() {
        ComplexMath.pow(0, 0, 0, 0, r, 0);
        assertThat(r).containsExactly(1, 0);
        ComplexMath.pow(0, 0, 2, 1, r, 0);
        assertThat(r).containsExactly(0, 0);
        ComplexMath.pow(0, 0, -1, 0, r, 0);
        assertThat(r[0]).isNaN();
        ComplexMath.pow(1, 1, 4, 0, r, 0);
        assertThat(r).containsExactly(-4, 0);
        ComplexMath.pow(0, 2, -2, 0, r, 0);
        assertThat(r).containsExactly(new double[] {-0.25, 0}, within(0.0));
        ComplexMath.pow(-1, 0, 0.5, 0, r, 0);
        assertThat(r).containsExactly(new double[] {0, 1}, within(1e-16));
    }

    @Test
    void expm1AndLog1pKeepTheRelativeAccuracyOfTinyArguments() {
        ComplexMath.expm1(1e-20, 1e-20, r, 0);
        assertThat(r).containsExactly(1e-20, 1e-20);
        ComplexMath.log1p(1e-20, 1e-20, r, 0);
        assertThat(r).containsExactly(1e-20, 1e-20); // NumPy's log(hypot(1 + a, b)) gives a real part of 0
        ComplexMath.expm1(0, 1e-8, r, 0);
        assertThat(r[0]).isCloseTo(-5e-17, within(1e-32)); // cos b - 1 = -b²/2
        ComplexMath.log1p(-1e-10, 1e-5, r, 0);
        // ½ log1p(t), t = -2e-10 + 1e-20 + 1e-10, is ½ (t - t²/2) = -5e-11 + 2.5e-21 to 1e-30
        assertThat(r[0]).isCloseTo(-5e-11 + 2.5e-21, within(1e-26));
        ComplexMath.expm1(-0.0, -0.0, r, 0);
        assertThat(1 / r[0]).isNegative();
        assertThat(1 / r[1]).isNegative();
    }

    @Test
    void log1pIsPrincipalOnBothSidesOfItsBranchCutAndHasAPoleAtMinusOne() {
        ComplexMath.log1p(-3, 0.0, r, 0);
        assertThat(r).containsExactly(new double[] {Math.log(2), Math.PI}, within(1e-15));
        ComplexMath.log1p(-3, -0.0, r, 0);
        assertThat(r).containsExactly(new double[] {Math.log(2), -Math.PI}, within(1e-15));
        ComplexMath.log1p(-1, 0, r, 0);
        assertThat(r[0]).isEqualTo(Double.NEGATIVE_INFINITY);
        ComplexMath.log1p(3, 4, r, 0);
        assertThat(r).containsExactly(new double[] {Math.log(Math.hypot(4, 4)), Math.PI / 4}, within(1e-15));
    }

    @Test
    void divisionByARealNumberDividesBothParts() {
        ComplexMath.div(1, -2, 0, 0, r, 0);
        assertThat(r).containsExactly(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        ComplexMath.div(1e300, 1e300, 1e300, 1e300, r, 0);
        assertThat(r).containsExactly(1, 0);
    }

    @Test
    void signIsTheUnitPhaseAndZeroAtZero() {
        ComplexMath.sign(0, 0, r, 0);
        assertThat(r).containsExactly(0, 0);
        ComplexMath.sign(-3, 4, r, 0);
        assertThat(r).containsExactly(new double[] {-0.6, 0.8}, within(1e-16));
    }

    /** A unary function writing into a double sink, and its float-sink twin. */
    private interface Unary {
        void apply(double xr, double xi, double[] sink, int at);
    }

    private interface UnaryToFloat {
        void apply(double xr, double xi, float[] sink, int at);
    }

    private interface Binary {
        void apply(double xr, double xi, double yr, double yi, double[] sink, int at);
    }

    private interface BinaryToFloat {
        void apply(double xr, double xi, double yr, double yi, float[] sink, int at);
    }

    /**
     * The generated float-sink functions (the C64 loops' only complex math) give exactly the double
     * results rounded once, part by part, for every function, over random, special and branch-cut
     * inputs, at an offset inside the sink, without touching the neighbouring slots.
     */
    @Test
    void floatSinkTwinsRoundTheDoubleResultsOnce() {
        Map<String, Unary> unary = new LinkedHashMap<>();
        Map<String, UnaryToFloat> unaryToFloat = new LinkedHashMap<>();
        unary.put("sign", ComplexMath::sign);
        unaryToFloat.put("sign", ComplexMathToFloat::sign);
        unary.put("exp", ComplexMath::exp);
        unaryToFloat.put("exp", ComplexMathToFloat::exp);
        unary.put("log", ComplexMath::log);
        unaryToFloat.put("log", ComplexMathToFloat::log);
        unary.put("sin", ComplexMath::sin);
        unaryToFloat.put("sin", ComplexMathToFloat::sin);
        unary.put("cos", ComplexMath::cos);
        unaryToFloat.put("cos", ComplexMathToFloat::cos);
        unary.put("tanh", ComplexMath::tanh);
        unaryToFloat.put("tanh", ComplexMathToFloat::tanh);
        unary.put("sqrt", ComplexMath::sqrt);
        unaryToFloat.put("sqrt", ComplexMathToFloat::sqrt);
        unary.put("rsqrt", ComplexMath::rsqrt);
        unaryToFloat.put("rsqrt", ComplexMathToFloat::rsqrt);
        unary.put("expm1", ComplexMath::expm1);
        unaryToFloat.put("expm1", ComplexMathToFloat::expm1);
        unary.put("log1p", ComplexMath::log1p);
        unaryToFloat.put("log1p", ComplexMathToFloat::log1p);
        Map<String, Binary> binary = Map.of("div", ComplexMath::div, "pow", ComplexMath::pow);
        Map<String, BinaryToFloat> binaryToFloat = Map.of("div", ComplexMathToFloat::div, "pow",
                ComplexMathToFloat::pow);
        double[] specials = {0.0, -0.0, 1, -1, 0.5, 2, -4, 30, -30, 1e-30, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NaN};
        Random random = new Random(20261201);
        double[] d = new double[4];
        float[] f = new float[4];
        int cases = 0;
        for (int c = 0; c < 4000; c++) {
            double xr = c < specials.length * specials.length ? specials[c / specials.length] : random.nextGaussian() * 3;
            double xi = c < specials.length * specials.length ? specials[c % specials.length] : random.nextGaussian() * 3;
            double yr = random.nextInt(4) == 0 ? random.nextInt(7) - 3 : random.nextGaussian() * 2;
            double yi = random.nextInt(3) == 0 ? 0 : random.nextGaussian() * 2;
            for (Map.Entry<String, Unary> e : unary.entrySet()) {
                java.util.Arrays.fill(f, 7f);
                e.getValue().apply(xr, xi, d, 1);
                unaryToFloat.get(e.getKey()).apply(xr, xi, f, 1);
                assertThat(f).as("%s(%s, %s)", e.getKey(), xr, xi).containsExactly(7f, (float) d[1], (float) d[2], 7f);
                cases++;
            }
            for (Map.Entry<String, Binary> e : binary.entrySet()) {
                java.util.Arrays.fill(f, 7f);
                e.getValue().apply(xr, xi, yr, yi, d, 1);
                binaryToFloat.get(e.getKey()).apply(xr, xi, yr, yi, f, 1);
                assertThat(f).as("%s(%s, %s; %s, %s)", e.getKey(), xr, xi, yr, yi)
                        .containsExactly(7f, (float) d[1], (float) d[2], 7f);
                cases++;
            }
        }
        assertThat(cases).isEqualTo(4000 * 12);
    }

    @Test
    void reciprocalSquareRootIsOneOverTheSquareRoot() {
        double[] s = new double[2];
        Random random = new Random(7);
        for (int c = 0; c < 1000; c++) {
            double xr = c == 0 ? 0 : random.nextGaussian() * 5;
            double xi = c == 0 ? -0.0 : c % 3 == 0 ? 0 : random.nextGaussian() * 5;
            ComplexMath.sqrt(xr, xi, s, 0);
            ComplexMath.div(1, 0, s[0], s[1], s, 0);
            ComplexMath.rsqrt(xr, xi, r, 0);
            assertThat(r).as("rsqrt(%s, %s)", xr, xi).containsExactly(s[0], s[1]);
        }
    }
}
