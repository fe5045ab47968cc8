package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link NativeBlock}: compact copies in and out with leading dimensions and offsets, trapezoids, growth. */
class NativeBlockTest {

    @Test
    void aPaddedComplexMatrixRoundTripsThroughTheCompactBlock() {
        try (NativeBlock block = new NativeBlock()) {
            // 3 × 2 complex at offset 1, ld 4: element (i, j) = (10i + j, -(10i + j))
            double[] src = new double[1 + 2 * 4 * 2];
            for (int j = 0; j < 2; j++) {
                for (int i = 0; i < 3; i++) {
                    src[1 + 2 * (i + 4 * j)] = 10 * i + j;
                    src[2 + 2 * (i + 4 * j)] = -(10 * i + j);
                }
            }
            block.write(src, 1, 4, 3, 2, 2);
            double[] compact = new double[12];
            block.read(3, compact, 0, 3, 3, 2, 2);
            assertThat(compact).containsExactly(0, 0, 10, -10, 20, -20, 1, -1, 11, -11, 21, -21);
            double[] back = new double[src.length];
            block.read(3, back, 1, 4, 3, 2, 2);
            for (int k = 0; k < src.length; k++) {
                boolean inside = k >= 1 && ((k - 1) / 2) % 4 < 3;
                assertThat(back[k]).as("slot %d", k).isEqualTo(inside ? src[k] : 0);
            }
        }
    }

    @Test
    void floatsRoundTripAndTrapezoidsZeroTheRest() {
        try (NativeBlock block = new NativeBlock()) {
            float[] src = {1, 2, 3, 4, 5, 6, 7, 8, 9}; // 3 × 3, ld 3
            block.write(src, 0, 3, 3, 3, 1);
            float[] upper = new float[9];
            java.util.Arrays.fill(upper, -1);
            block.readTrapezoid(true, 3, upper, 0, 3, 3, 3, 1);
            assertThat(upper).containsExactly(1, 0, 0, 4, 5, 0, 7, 8, 9);
            float[] lowerWide = new float[2 * 3]; // the 2 × 3 lower trapezoid of the block's leading rows
            block.readTrapezoid(false, 3, lowerWide, 0, 2, 2, 3, 1);
            assertThat(lowerWide).containsExactly(1, 2, 0, 5, 0, 0);
            double[] upperDouble = new double[6];
            block.write(new double[] {1, 2, 3, 4, 5, 6}, 0, 3, 3, 2, 1);
            block.readTrapezoid(true, 3, upperDouble, 0, 3, 3, 2, 1);
            assertThat(upperDouble).containsExactly(1, 0, 0, 4, 5, 0);
        }
    }

    @Test
    void pivotsShiftBetweenZeroAndOneBasedAndGrowthKeepsTheBlockUsable() {
        try (NativeBlock block = new NativeBlock()) {
            long first = block.bytes();
            block.writeInts(new int[] {9, 0, 2, 1}, 1, 3, 1, new int[3]);
            int[] back = new int[4];
            block.readInts(back, 1, 3, -1);
            assertThat(back).containsExactly(0, 0, 2, 1);
            block.ensure(first + 1);
            assertThat(block.bytes()).isGreaterThan(first);
            assertThat(block.ensure(8)).isSameAs(block);
        }
    }

    @Test
    void aClosedBlockRefusesToGrow() {
        NativeBlock block = new NativeBlock();
        block.close();
        block.close();
        assertThatThrownBy(() -> block.ensure(8)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }
}
