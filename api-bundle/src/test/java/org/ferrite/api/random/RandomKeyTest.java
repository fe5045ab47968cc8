package org.ferrite.api.random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ferrite.api.error.ValidationKind;
import org.junit.jupiter.api.Test;

/** {@link RandomKey}: seeds, children, folds — deterministic, distinct, and apart from the key's own stream. */
class RandomKeyTest {

    private static RandomKey firstTwoWords(RandomKey key, int c0, int c1, int tag) {
        int[] out = new int[4];
        Philox.block(c0, c1, tag, 0, key.k0(), key.k1(), out);
        return new RandomKey(out[0], out[1]);
    }

    @Test
    void aSeedIsTheKeysLowAndHighWords() {
        assertThat(RandomKey.of(0x1122334455667788L)).isEqualTo(new RandomKey(0x55667788, 0x11223344));
        assertThat(RandomKey.of(-1)).isEqualTo(new RandomKey(-1, -1));
        assertThat(RandomKey.of(7).toString()).isEqualTo("RandomKey[0x00000007, 0x00000000]");
    }

    @Test
    void childrenAndFoldsAreTheFirstTwoWordsOfTheirTaggedBlocks() {
        RandomKey key = RandomKey.of(2024);
        assertThat(key.child(5)).isEqualTo(firstTwoWords(key, 5, 0, 1));
        assertThat(key.child(1L << 33)).isEqualTo(firstTwoWords(key, 0, 2, 1));
        assertThat(key.fold(9)).isEqualTo(firstTwoWords(key, 9, 0, 2));
        assertThat(key.fold(-1)).isEqualTo(firstTwoWords(key, -1, -1, 2));
        List<RandomKey> split = key.split(4);
        assertThat(split).containsExactly(key.child(0), key.child(1), key.child(2), key.child(3));
        assertThat(key.split(4)).as("deterministic").isEqualTo(split);
    }

    @Test
    void derivedKeysDifferFromEachOtherAndFromTheStreamsWords() {
        RandomKey key = RandomKey.of(77);
        Set<RandomKey> keys = new HashSet<>(key.split(1000));
        for (int i = 0; i < 1000; i++) {
            keys.add(key.fold(i));
        }
        keys.add(key);
        assertThat(keys).as("2001 distinct keys").hasSize(2001);
        Set<Long> streamPairs = new HashSet<>();
        for (long w = 0; w < 4000; w += 2) {
            streamPairs.add((Philox.word(key, w) & 0xFFFF_FFFFL) | ((long) Philox.word(key, w + 1) << 32));
        }
        for (RandomKey k : keys) {
            assertThat(streamPairs).doesNotContain((k.k0() & 0xFFFF_FFFFL) | ((long) k.k1() << 32));
        }
    }

    @Test
    void splitTakesACountFromOneToTheLimit() {
        RandomKey key = RandomKey.of(1);
        assertThat(key.split(1)).containsExactly(key.child(0));
        expectValidation(() -> key.split(0), ValidationKind.INVALID_ARGUMENT, "RandomKey.split", "n");
        expectValidation(() -> key.split(RandomKey.MAX_SPLIT + 1), ValidationKind.INVALID_ARGUMENT, "RandomKey.split",
                "n");
    }
}
