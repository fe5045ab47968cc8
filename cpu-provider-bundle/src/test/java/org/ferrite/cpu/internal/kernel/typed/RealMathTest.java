package org.ferrite.cpu.internal.kernel.typed;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

class RealMathTest {
    private static final MathContext MC = new MathContext(90);
    private static final BigDecimal PI = new BigDecimal(
            "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798");

    /** erf by its Maclaurin series in 90-digit arithmetic: exact to double precision for |x| <= 7. */
    private static double erfExact(double x) {
        BigDecimal bx = new BigDecimal(x);
        BigDecimal x2 = bx.multiply(bx, MC).negate();
        BigDecimal power = bx;
        BigDecimal factorial = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ZERO;
        for (int n = 0; n < 400; n++) {
            if (n > 0) {
                power = power.multiply(x2, MC);
                factorial = factorial.multiply(BigDecimal.valueOf(n), MC);
            }
            BigDecimal term = power.divide(factorial.multiply(BigDecimal.valueOf(2L * n + 1), MC), MC);
            sum = sum.add(term, MC);
            if (n > 10 && term.abs().compareTo(new BigDecimal("1e-40")) < 0) {
                break;
            }
        }
        return sum.multiply(BigDecimal.valueOf(2), MC).divide(PI.sqrt(MC), MC).doubleValue();
    }

    @Test
    void powTakesC99sSpecialValuesWhereMathPowDiffers() {
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        for (double y : new double[] {nan, inf, -inf, 0.5, -7, 0}) {
            assertThat(RealMath.pow(1, y)).as("pow(1, " + y + ")").isEqualTo(1);
        }
        assertThat(RealMath.pow(-1, inf)).isEqualTo(1);
        assertThat(RealMath.pow(-1, -inf)).isEqualTo(1);
        assertThat(RealMath.pow(nan, 0)).isEqualTo(1);
        assertThat(RealMath.pow(nan, -0.0)).isEqualTo(1);
        assertThat(RealMath.pow(nan, 1)).isNaN();
        assertThat(RealMath.pow(-1, nan)).isNaN();
        assertThat(RealMath.pow(-2, 0.5)).isNaN();
        assertThat(RealMath.pow(-0.0, -3)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(RealMath.pow(0.5, -inf)).isEqualTo(inf);
        for (double x = -3; x <= 3; x += 0.37) {
            assertThat(RealMath.pow(x, 3)).isEqualTo(Math.pow(x, 3));
        }
    }

    @Test
    void erfIsAccurateToFourUlpsAcrossItsRange() {
        for (double x = -7; x <= 7; x += 0.0137) {
            double want = erfExact(x);
            assertThat(Math.abs(RealMath.erf(x) - want)).as("erf(" + x + ")")
                    .isLessThanOrEqualTo(4 * Math.ulp(want) + Double.MIN_VALUE);
        }
        for (double x : new double[] {1e-300, 1e-10, 1.4999999, 1.5, 5.9999, 6.0}) {
            double want = erfExact(x);
            assertThat(Math.abs(RealMath.erf(x) - want)).as("erf(" + x + ")").isLessThanOrEqualTo(4 * Math.ulp(want));
        }
    }

    @Test
    void erfHandlesSpecialValues() {
        assertThat(RealMath.erf(0.0)).isEqualTo(0.0);
        assertThat(1 / RealMath.erf(-0.0)).isNegative();
        assertThat(RealMath.erf(Double.POSITIVE_INFINITY)).isEqualTo(1.0);
        assertThat(RealMath.erf(Double.NEGATIVE_INFINITY)).isEqualTo(-1.0);
        assertThat(RealMath.erf(Double.NaN)).isNaN();
        assertThat(RealMath.erf(30)).isEqualTo(1.0);
    }

    @Test
    void sigmoidNeitherOverflowsNorLosesItsTails() {
        assertThat(RealMath.sigmoid(0)).isEqualTo(0.5);
        assertThat(RealMath.sigmoid(800)).isEqualTo(1.0);
        assertThat(RealMath.sigmoid(-800)).isEqualTo(0.0);
        assertThat(RealMath.sigmoid(-40)).isCloseTo(Math.exp(-40),
                org.assertj.core.api.Assertions.withinPercentage(1e-10));
        assertThat(RealMath.sigmoid(Double.NaN)).isNaN();
    }

    @Test
    void integerPowerWrapsAndTreatsZeroExponentAsOne() {
        assertThat(IntegerMath.pow(0, 0)).isEqualTo(1);
        assertThat(IntegerMath.pow(-3, 3)).isEqualTo(-27);
        assertThat(IntegerMath.pow(2, 31)).isEqualTo(Integer.MIN_VALUE);
        assertThat(IntegerMath.pow(3L, 40)).isEqualTo(-6289078614652622815L); // 3^40 - 2^64
    }
}
