package org.ferrite.cpu.internal.cpuset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CpuMaskTest {
    @Test
    void cpusBelow63FormTheArbitersLowWord() {
        CpuMask low = CpuMask.of(0, 5, 62);
        assertThat(low.isLowOnly()).isTrue();
        assertThat(low.low()).isEqualTo(1L | 1L << 5 | 1L << 62);
        CpuMask with63 = CpuMask.of(0, 63);
        assertThat(with63.isLowOnly()).isFalse();
        assertThat(with63.low()).isEqualTo(1L);
        assertThat(CpuMask.of(100).low()).isZero();
        assertThat(CpuMask.of(100).isLowOnly()).isFalse();
    }

    @Test
    void setOperationsAgreeWithTheirDefinitions() {
        CpuMask a = CpuMask.parse("0-3,64-70");
        CpuMask b = CpuMask.parse("3-5,70,200");
        assertThat(a.overlaps(b)).isTrue();
        assertThat(a.intersect(b)).isEqualTo(CpuMask.of(3, 70));
        assertThat(a.union(b)).isEqualTo(CpuMask.parse("0-5,64-70,200"));
        assertThat(a.union(b).containsAll(a)).isTrue();
        assertThat(a.containsAll(b)).isFalse();
        assertThat(a.cardinality()).isEqualTo(11);
        assertThat(CpuMask.fromWords(new long[] {0b1010, 0, 0})).isEqualTo(CpuMask.of(1, 3));
        assertThat(CpuMask.fromWords(new long[] {0, 0}).isEmpty()).isTrue();
        assertThat(CpuMask.of(1, 3).toWords()).containsExactly(0b1010);
        assertThat(a.overlaps(CpuMask.EMPTY)).isFalse();
    }

    @Test
    void theListFormatRoundTripsAndIsMadeOnce() {
        CpuMask mask = CpuMask.parse("0-3,5,64-70,200");
        assertThat(mask.toString()).isEqualTo("0-3,5,64-70,200");
        assertThat(mask.toString()).isSameAs(mask.toString());
        assertThat(CpuMask.parse(mask.toString())).isEqualTo(mask);
        assertThat(CpuMask.EMPTY.toString()).isEmpty();
        assertThat(CpuMask.of(7).toString()).isEqualTo("7");
    }

    @Test
    void malformedListsAreRejected() {
        assertThatThrownBy(() -> CpuMask.parse("1,,2")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuMask.parse("-1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuMask.range(0, 8192)).isInstanceOf(IllegalArgumentException.class);
    }
}
