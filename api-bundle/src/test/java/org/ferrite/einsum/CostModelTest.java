package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CostModelTest {
    @Test
    void flopCountsFollowOptEinsum() {
        // opt_einsum.helpers.flop_count docstring: sizes a=2, b=3, c=5
        long[] sizes = {2, 3, 5};
        LabelSet abc = LabelSet.of(new int[] {0, 1, 2}, 1);
        assertThat(CostModel.flops(abc, false, 1, sizes)).isEqualTo(30);
        assertThat(CostModel.flops(abc, true, 2, sizes)).isEqualTo(60);
        assertThat(CostModel.flops(abc, true, 4, sizes)).isEqualTo(120);
        LabelSet ab = LabelSet.of(new int[] {0, 1}, 1);
        LabelSet bc = LabelSet.of(new int[] {1, 2}, 1);
        LabelSet ac = LabelSet.of(new int[] {0, 2}, 1);
        assertThat(CostModel.pairFlops(ab, bc, ac, sizes)).as("b summed: inner").isEqualTo(60);
        assertThat(CostModel.pairFlops(ab, bc, abc, sizes)).as("b kept: batch").isEqualTo(30);
    }

    @Test
    void sizesSaturateInsteadOfOverflowing() {
        assertThat(CostModel.multiply(Long.MAX_VALUE / 2, 3)).isEqualTo(Long.MAX_VALUE);
        assertThat(CostModel.multiply(1L << 40, 1L << 30)).isEqualTo(Long.MAX_VALUE);
        assertThat(CostModel.multiply(0, Long.MAX_VALUE)).isZero();
        long[] huge = new long[200];
        java.util.Arrays.fill(huge, 1 << 20);
        int[] all = new int[200];
        for (int l = 0; l < 200; l++) {
            all[l] = l;
        }
        assertThat(LabelSet.of(all, LabelSet.wordsFor(200)).size(huge)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void labelSetsSpanSeveralWords() {
        int words = LabelSet.wordsFor(150);
        assertThat(words).isEqualTo(3);
        LabelSet a = LabelSet.of(new int[] {3, 64, 149}, words);
        LabelSet b = LabelSet.of(new int[] {64, 100}, words);
        assertThat(a.union(b).toArray()).containsExactly(3, 64, 100, 149);
        assertThat(a.intersect(b).toArray()).containsExactly(64);
        assertThat(a.minus(b).toArray()).containsExactly(3, 149);
        assertThat(a.intersects(b)).isTrue();
        assertThat(a.minus(b).intersects(b)).isFalse();
        assertThat(LabelSet.of(new int[] {64}, words).isSubsetOf(a)).isTrue();
        assertThat(a.isSubsetOf(b)).isFalse();
        assertThat(a.contains(149)).isTrue();
        assertThat(a.contains(148)).isFalse();
        assertThat(a.cardinality()).isEqualTo(3);
        assertThat(a).isEqualTo(LabelSet.of(new int[] {149, 3, 64, 3}, words)).hasSameHashCodeAs(LabelSet.of(
                new int[] {149, 3, 64}, words));
        assertThat(LabelSet.empty(words).isEmpty()).isTrue();
    }
}
