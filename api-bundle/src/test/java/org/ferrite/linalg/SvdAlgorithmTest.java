package org.ferrite.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ferrite.api.error.ValidationException;
import org.junit.jupiter.api.Test;

/**
 * {@link SvdOptions#resolve}: AUTO picks the randomized SVD exactly where {@link SvdAlgorithm#AUTO}
 * says, forcing either algorithm wins, and the combinations that cannot run are rejected with the
 * argument named.
 */
class SvdAlgorithmTest {

    @Test
    void autoPicksRandomizedOnlyForARankLimitSmallAgainstALargeEnoughMatrix() {
        SvdOptions chi16 = SvdOptions.THIN.withMaxRank(16);
        assertThat(chi16.algorithm()).isEqualTo(SvdAlgorithm.AUTO);
        assertThat(chi16.resolve(256, 256)).isEqualTo(SvdAlgorithm.RANDOMIZED);
        assertThat(chi16.resolve(52, 500)).isEqualTo(SvdAlgorithm.RANDOMIZED);      // 16 + 10 <= 52 / 2
        assertThat(chi16.resolve(51, 500)).isEqualTo(SvdAlgorithm.DIRECT);          // 16 + 10 > 51 / 2
        assertThat(SvdOptions.THIN.withMaxRank(32).resolve(64, 64)).isEqualTo(SvdAlgorithm.DIRECT);
        assertThat(SvdOptions.THIN.withMaxRank(1).resolve(31, 31)).isEqualTo(SvdAlgorithm.DIRECT); // k < 32
        assertThat(SvdOptions.THIN.withMaxRank(1).resolve(32, 32)).isEqualTo(SvdAlgorithm.RANDOMIZED);
        assertThat(SvdOptions.THIN.withMaxRank(0).resolve(256, 256)).isEqualTo(SvdAlgorithm.DIRECT);
        assertThat(SvdOptions.THIN.withTolerance(1e-3).resolve(256, 256)).isEqualTo(SvdAlgorithm.DIRECT);
        assertThat(SvdOptions.THIN.resolve(256, 256)).isEqualTo(SvdAlgorithm.DIRECT);
        assertThat(SvdOptions.FULL.resolve(256, 256)).isEqualTo(SvdAlgorithm.DIRECT);
        assertThat(SvdOptions.THIN.withMaxRank(16).resolve(0, 256)).isEqualTo(SvdAlgorithm.DIRECT);
    }

    @Test
    void aForcedAlgorithmWinsOverTheRule() {
        assertThat(SvdOptions.THIN.withMaxRank(16).withAlgorithm(SvdAlgorithm.DIRECT).resolve(256, 256))
                .isEqualTo(SvdAlgorithm.DIRECT);
        assertThat(SvdOptions.THIN.withMaxRank(60).withAlgorithm(SvdAlgorithm.RANDOMIZED).resolve(64, 64))
                .isEqualTo(SvdAlgorithm.RANDOMIZED);
        SvdOptions kept = SvdOptions.THIN.withAlgorithm(SvdAlgorithm.RANDOMIZED).withMaxRank(4).withTolerance(1e-9)
                .withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE);
        assertThat(kept.algorithm()).as("every with… copy keeps the algorithm").isEqualTo(SvdAlgorithm.RANDOMIZED);
        assertThat(new SvdOptions(false, PhaseGauge.NONE, 4, 0, 0).algorithm()).isEqualTo(SvdAlgorithm.AUTO);
    }

    @Test
    void randomizedWithoutARankLimitOrWithFullFactorsIsRejectedNamingTheArgument() {
        SvdOptions unlimited = SvdOptions.THIN.withAlgorithm(SvdAlgorithm.RANDOMIZED);
        assertThatThrownBy(() -> unlimited.resolve(64, 64)).isInstanceOfSatisfying(ValidationException.class, e -> {
            assertThat(e.op()).isEqualTo("svd");
            assertThat(e.getMessage()).contains("'options'").contains("a rank limit (withMaxRank)");
        });
        assertThatThrownBy(() -> SvdOptions.FULL.withAlgorithm(SvdAlgorithm.RANDOMIZED))
                .isInstanceOf(ValidationException.class).hasMessageContaining("'algorithm'")
                .hasMessageContaining("AUTO or DIRECT for full factors");
        assertThat(SvdOptions.FULL.withAlgorithm(SvdAlgorithm.DIRECT).full()).isTrue();
        assertThatThrownBy(() -> SvdOptions.THIN.withAlgorithm(null)).isInstanceOf(NullPointerException.class);
    }
}
