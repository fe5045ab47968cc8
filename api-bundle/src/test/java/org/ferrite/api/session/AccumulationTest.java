package org.ferrite.api.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AccumulationTest {

    @Test
    void overwriteAndAddAreTheTwoCommonForms() {
        assertThat(Accumulation.OVERWRITE).isEqualTo(new Accumulation(1, 0, 0, 0, false, false));
        assertThat(Accumulation.OVERWRITE.overwrites()).isTrue();
        assertThat(Accumulation.ADD).isEqualTo(Accumulation.of(1, 1));
        assertThat(Accumulation.ADD.overwrites()).isFalse();
    }

    @Test
    void betaZeroOverwritesOnlyWhenBothPartsAreZero() {
        assertThat(Accumulation.of(2, 0).overwrites()).isTrue();
        assertThat(new Accumulation(1, 0, 0, 1, false, false).overwrites()).isFalse();
        assertThat(new Accumulation(1, 0, -0.0, 0, false, false).overwrites()).isTrue();
    }

    @Test
    void integerContractionsAcceptOnlyScalarsThatALongHoldsExactly() {
        assertThat(Accumulation.of(3, -2).isIntegral()).isTrue();
        assertThat(Accumulation.of(-0x1p63, 0).isIntegral()).isTrue();
        assertThat(Accumulation.of(0x1p63, 0).isIntegral()).isFalse();
        assertThat(Accumulation.of(0.5, 0).isIntegral()).isFalse();
        assertThat(Accumulation.of(1, Double.NaN).isIntegral()).isFalse();
        assertThat(Accumulation.of(Double.POSITIVE_INFINITY, 0).isIntegral()).isFalse();
        assertThat(new Accumulation(1, 1, 0, 0, false, false).isIntegral()).isFalse();
    }

    @Test
    void realityAndConjugationFlags() {
        assertThat(Accumulation.of(2, 3).isReal()).isTrue();
        assertThat(new Accumulation(1, 0.5, 0, 0, false, false).isReal()).isFalse();
        assertThat(new Accumulation(1, 0, 0, 0.5, false, false).isReal()).isFalse();
        Accumulation c = Accumulation.of(2, 3).withConjugation(true, false);
        assertThat(c.conjugateLhs()).isTrue();
        assertThat(c.conjugateRhs()).isFalse();
        assertThat(c.alphaRe()).isEqualTo(2);
        assertThat(c.betaRe()).isEqualTo(3);
    }
}
