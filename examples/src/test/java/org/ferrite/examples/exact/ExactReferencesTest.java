package org.ferrite.examples.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The quadratures of the exact references agree with SciPy's ({@code exact-references.csv}, written by
 * {@code examples/scripts/exact_references.py}) and with the closed forms where there is one.
 */
class ExactReferencesTest {

    @Test
    void quadratureIntegratesAKnownIntegralToRounding() {
        assertThat(Quadrature.integrate(x -> 4 / (1 + x * x), 0, 1)).isCloseTo(Math.PI, within(1e-15));
        assertThat(Quadrature.integrate(Math::exp, 0, 3)).isCloseTo(Math.expm1(3), within(1e-13));
        assertThat(Quadrature.integrate(x -> Math.sqrt(x), 0, 1)).as("an endpoint singularity of the derivative")
                .isCloseTo(2.0 / 3, within(1e-12));
    }

    @Test
    void onsagerAndTheTransverseFieldChainMatchScipyToTwelveDigits() throws IOException {
        List<String> lines = lines();
        assertThat(lines).hasSizeGreaterThan(10);
        for (String line : lines) {
            String[] parts = line.split(",");
            double parameter = Double.parseDouble(parts[1]);
            double expected = Double.parseDouble(parts[2]);
            double actual = parts[0].equals("onsager") ? Onsager.freeEnergy(parameter)
                    : TransverseFieldIsing.groundStateEnergy(parameter);
            assertThat(actual).as(line).isCloseTo(expected, within(1e-12 * Math.abs(expected)));
        }
    }

    @Test
    void closedFormsHold() {
        assertThat(TransverseFieldIsing.groundStateEnergy(1)).isCloseTo(-4 / Math.PI, within(1e-14));
        assertThat(TransverseFieldIsing.groundStateEnergy(0)).isCloseTo(-1, within(1e-14));
        assertThat(Onsager.CRITICAL_TEMPERATURE).isCloseTo(2.269185314213022, within(1e-15));
        double hot = 50;                                      // f → −T ln 2 − 2/T… at high T: the leading term
        assertThat(Onsager.freeEnergy(hot) / (-hot * Math.log(2))).isCloseTo(1, within(1e-3));
        double peak = Onsager.specificHeat(Onsager.CRITICAL_TEMPERATURE, 0.01);
        assertThat(peak).as("c peaks at T_c").isGreaterThan(Onsager.specificHeat(2.0, 0.01))
                .isGreaterThan(Onsager.specificHeat(2.6, 0.01));
    }

    private static List<String> lines() throws IOException {
        try (var in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                ExactReferencesTest.class.getResourceAsStream("exact-references.csv")), StandardCharsets.UTF_8))) {
            return in.lines().filter(l -> !l.startsWith("#") && !l.startsWith("kind")).toList();
        }
    }
}
