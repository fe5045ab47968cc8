package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link LworkCache}: hits only on the exact key, and a colliding key replaces its slot. */
class LworkCacheTest {

    @Test
    void aStoredKeyIsFoundAndEveryOtherKeyIsAMiss() {
        LworkCache cache = new LworkCache();
        assertThat(cache.find(1, LapackType.F64, 'S', 64, 32, 0)).isFalse();
        cache.store(1000, 0, 7);
        assertThat(cache.find(1, LapackType.F64, 'S', 64, 32, 0)).isTrue();
        assertThat(cache.lwork()).isEqualTo(1000);
        assertThat(cache.liwork()).isEqualTo(7);
        assertThat(cache.find(1, LapackType.F32, 'S', 64, 32, 0)).as("type").isFalse();
        assertThat(cache.find(1, LapackType.F64, 'A', 64, 32, 0)).as("job").isFalse();
        assertThat(cache.find(2, LapackType.F64, 'S', 64, 32, 0)).as("routine").isFalse();
        assertThat(cache.find(1, LapackType.F64, 'S', 32, 64, 0)).as("swapped dimensions").isFalse();
        assertThat(cache.find(1, LapackType.F64, 'S', 64, 32, 1)).as("k").isFalse();
    }

    @Test
    void manyShapesStayCorrectWhateverTheyEvict() {
        LworkCache cache = new LworkCache();
        for (int n = 1; n <= 4 * LworkCache.SLOTS; n++) {
            if (!cache.find(3, LapackType.C128, 0, n, n + 1, n - 1)) {
                cache.store(n * 10, n * 20, n * 30);
            }
            assertThat(cache.find(3, LapackType.C128, 0, n, n + 1, n - 1)).isTrue();
            assertThat(cache.lrwork()).isEqualTo(n * 20);
        }
        int hits = 0;
        for (int n = 1; n <= 4 * LworkCache.SLOTS; n++) {
            if (cache.find(3, LapackType.C128, 0, n, n + 1, n - 1)) {
                hits++;
                assertThat(cache.lwork()).as("n %d", n).isEqualTo(n * 10);
            }
        }
        assertThat(hits).isBetween(1, LworkCache.SLOTS);
    }
}
