package org.ferrite.cpu.internal.kernel.typed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
}
