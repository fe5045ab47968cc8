package org.ferrite.api.random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Philox} and {@link PhiloxStream}: Random123's known answers, and the key's stream, by word and by cursor. */
class PhiloxTest {

    private static int[] block(int c0, int c1, int c2, int c3, int k0, int k1) {
        int[] out = new int[4];
        Philox.block(c0, c1, c2, c3, k0, k1, out);
        return out;
    }

    @Test
    void theBlockFunctionGivesRandom123sKnownAnswers() {
        // Random123's kat_vectors, "philox4x32 10": counter (4 words), key (2 words) -> output (4 words)
        assertThat(block(0, 0, 0, 0, 0, 0)).containsExactly(0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8);
        assertThat(block(-1, -1, -1, -1, -1, -1)).containsExactly(0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd);
        assertThat(block(0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0))
                .containsExactly(0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1);
    }

    @Test
    void wordNIsWordNModFourOfBlockNDivFourWithTheStreamsCounter() {
        RandomKey key = new RandomKey(0x01234567, 0x89abcdef);
        for (long w : new long[] {0, 1, 2, 3, 4, 7, 8, 1L << 34, (1L << 34) + 3, Long.MAX_VALUE}) {
            long b = w >>> 2;
            int[] expected = block((int) b, (int) (b >>> 32), 0, 0, key.k0(), key.k1());
            assertThat(Philox.word(key, w)).as("word " + w).isEqualTo(expected[(int) (w & 3)]);
        }
        assertThatThrownBy(() -> Philox.word(key, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aStreamFromAnyWordReadsTheSameWordsAsRandomAccess() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int seed = 0; seed < 50; seed++) {
            RandomKey key = new RandomKey(rnd.nextInt(), rnd.nextInt());
            long first = rnd.nextLong(1L << 40);
            PhiloxStream words = new PhiloxStream(key, first);
            for (long w = first; w < first + 11; w++) {
                assertThat(words.position()).isEqualTo(w);
                assertThat(words.nextWord()).as("seed " + seed + ", word " + w).isEqualTo(Philox.word(key, w));
            }
            long low = Philox.word(key, first + 11) & 0xFFFF_FFFFL;
            long high = Philox.word(key, first + 12);
            assertThat(words.nextLong()).as("the first word is the low half").isEqualTo((high << 32) | low);
        }
        assertThatThrownBy(() -> new PhiloxStream(RandomKey.of(1), -4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theBlockNeedsFourOutputWords() {
        assertThatThrownBy(() -> Philox.block(0, 0, 0, 0, 0, 0, new int[3]))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }
}
