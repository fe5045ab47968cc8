package org.ferrite.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.error.ValidationException;
import org.ferrite.examples.exact.Onsager;
import org.junit.jupiter.api.Test;

/**
 * TRG at χ = 8 over 20 steps reproduces Onsager's free energy within its truncation error, through the
 * randomized truncated SVD; an instance is reusable from several threads (as a Spark task uses it).
 */
class IsingTrgTest {
    private static final Backend BACKEND = Backends.get();

    @Test
    void chi8IsWithin1em5OfOnsagerAtT2AndWithin2em4AtTc() {
        IsingTrg trg = new IsingTrg(BACKEND);
        for (double[] check : new double[][] {{2.0, 1e-5}, {Onsager.CRITICAL_TEMPERATURE, 2e-4}}) {
            TrgResult r = trg.freeEnergy(check[0], 8, 20);
            double exact = Onsager.freeEnergy(check[0]);
            assertThat(Math.abs(r.freeEnergy() / exact - 1)).as("relative error at T = %s", check[0])
                    .isLessThan(check[1]);
            assertThat(r.stats().svdCalls()).as("two splits per step after the exact first").isEqualTo(38);
            assertThat(r.stats().randomizedSvdCalls()).as("χ² × χ² with χ = 8: randomized").isEqualTo(34);
            assertThat(r.stats().largestDiscardedWeight()).isBetween(0.0, 0.01);
            assertThat(r.stats().backend()).isEqualTo(BACKEND.name());
        }
    }

    @Test
    void oneInstanceGivesTheSameResultOnEveryThread() {
        IsingTrg trg = new IsingTrg(BACKEND);
        double here = trg.freeEnergy(2.5, 6, 10).freeEnergy();
        double there = CompletableFuture.supplyAsync(() -> trg.freeEnergy(2.5, 6, 10).freeEnergy()).join();
        assertThat(there).isEqualTo(here);
    }

    @Test
    void argumentsOutOfRangeAreRejectedNamingThem() {
        IsingTrg trg = new IsingTrg(BACKEND);
        assertThatThrownBy(() -> trg.freeEnergy(0, 8, 20)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("'temperature'");
        assertThatThrownBy(() -> trg.freeEnergy(2, 1, 20)).hasMessageContaining("'chi'");
        assertThatThrownBy(() -> trg.freeEnergy(2, 8, 0)).hasMessageContaining("'steps'");
    }
}
