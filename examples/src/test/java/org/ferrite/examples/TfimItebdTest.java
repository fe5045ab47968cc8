package org.ferrite.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ferrite.api.Backends;
import org.ferrite.api.error.ValidationException;
import org.ferrite.examples.exact.TransverseFieldIsing;
import org.junit.jupiter.api.Test;

/** iTEBD at χ = 16 finds the transverse-field Ising ground-state energy at h = 0.5 within 1e−5. */
class TfimItebdTest {

    @Test
    void chi16IsWithin1em5OfTheExactEnergyAtHalfField() {
        ItebdResult r = new TfimItebd(Backends.get()).groundState(0.5, 16, ItebdSchedule.DEFAULT);
        double exact = TransverseFieldIsing.groundStateEnergy(0.5);
        assertThat(Math.abs(r.energy() / exact - 1)).isLessThan(1e-5);
        assertThat(r.bondDimension()).isBetween(2L, 16L);
        assertThat(r.entanglementEntropy()).isBetween(0.0, Math.log(16));
        assertThat(r.stats().svdCalls()).isEqualTo(2L * ItebdSchedule.DEFAULT.totalSteps() + ItebdSchedule.DEFAULT
                .stages().size());
    }

    @Test
    void schedulesParseAndRejectMalformedText() {
        ItebdSchedule s = ItebdSchedule.parse("0.1:10, 0.01:5");
        assertThat(s.totalSteps()).isEqualTo(15);
        assertThat(s.stages().get(1).timeStep()).isEqualTo(0.01);
        assertThat(ItebdSchedule.DEFAULT.totalSteps()).isEqualTo(1000);
        assertThatThrownBy(() -> ItebdSchedule.parse("0.1-10")).isInstanceOf(ValidationException.class)
                .hasMessageContaining("'text'");
        assertThatThrownBy(() -> ItebdSchedule.parse("-0.1:10")).hasMessageContaining("'timeStep'");
        assertThatThrownBy(() -> new TfimItebd(Backends.get()).groundState(-1, 8, s)).hasMessageContaining("'field'");
    }
}
