package org.ferrite.cpu.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;

class RetainedTensorsTest {

    @Test
    void anEmptiedGroupStaysUntilANewGroupNeedsItsRoom() {
        RetainedTensors retained = new RetainedTensors(8);
        Tensor a = Tensor.zeros(DType.F64, 200);
        retained.add(a, 200);
        assertThat(retained.take(200)).isSameAs(a);
        assertThat(retained.take(200)).isNull();
        assertThat(retained.groups()).isEqualTo(1);
        assertThat(retained.smallestBytes()).isEqualTo(Long.MAX_VALUE);
        retained.add(a, 200);
        assertThat(retained.groups()).isEqualTo(1);
        assertThat(retained.size()).isEqualTo(1);
    }

    @Test
    void manyDistinctLengthsKeepTheGroupCountBoundedByTheLiveOnes() {
        RetainedTensors retained = new RetainedTensors(8);
        Tensor kept = Tensor.zeros(DType.F64, 128);
        retained.add(kept, 128);
        for (int length = 129; length < 2129; length++) {
            retained.add(Tensor.zeros(DType.F64, length), length);
            assertThat(retained.take(length).size()).isEqualTo(length);
            assertThat(retained.groups()).as("groups after length %d", length).isLessThanOrEqualTo(4);
        }
        assertThat(retained.size()).isEqualTo(1);
        assertThat(retained.smallestBytes()).isEqualTo(128L * 8);
        assertThat(retained.take(128)).isSameAs(kept);
    }

    @Test
    void theSmallestNonEmptyGroupIsEvictedFirst() {
        RetainedTensors retained = new RetainedTensors(8);
        retained.add(Tensor.zeros(DType.F64, 300), 300);
        retained.add(Tensor.zeros(DType.F64, 100), 100);
        retained.add(Tensor.zeros(DType.F64, 200), 200);
        retained.take(100); // group 100 is empty now, but stays
        assertThat(retained.smallestBytes()).isEqualTo(200L * 8);
        assertThat(retained.evictSmallest()).isEqualTo(200L * 8);
        assertThat(retained.evictSmallest()).isEqualTo(300L * 8);
        assertThat(retained.size()).isZero();
        assertThat(retained.recomputeBytes()).isZero();
    }
}
