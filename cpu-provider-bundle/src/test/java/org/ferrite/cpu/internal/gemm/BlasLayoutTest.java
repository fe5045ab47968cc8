package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link BlasLayout}: which strided matrices BLAS accepts, and as what. */
class BlasLayoutTest {

    @Test
    void columnMajorWithLeadingDimensionIsUntransposed() {
        assertThat(BlasLayout.encode(3, 4, 1, 3)).isEqualTo(3);
        assertThat(BlasLayout.encode(3, 4, 1, 10)).isEqualTo(10);
        assertThat(BlasLayout.trans(BlasLayout.encode(3, 4, 1, 10))).isEqualTo("N");
    }

    @Test
    void rowMajorIsTransposedWithTheRowStrideAsLeadingDimension() {
        int code = BlasLayout.encode(3, 4, 4, 1);
        assertThat(BlasLayout.trans(code)).isEqualTo("T");
        assertThat(BlasLayout.leadingDimension(code)).isEqualTo(4);
    }

    @Test
    void negativeZeroAndDoublyStridedLayoutsAreIncompatible() {
        assertThat(BlasLayout.encode(3, 4, -1, -3)).isEqualTo(BlasLayout.INCOMPATIBLE);
        assertThat(BlasLayout.encode(3, 4, 0, 1)).isEqualTo(BlasLayout.INCOMPATIBLE);
        assertThat(BlasLayout.encode(3, 4, 2, 6)).isEqualTo(BlasLayout.INCOMPATIBLE);
        assertThat(BlasLayout.encode(3, 4, 1, 2)).isEqualTo(BlasLayout.INCOMPATIBLE);
    }

    @Test
    void stridesOfExtentOneAxesAreIgnored() {
        assertThat(BlasLayout.encode(1, 4, 99, 5)).isEqualTo(5);
        assertThat(BlasLayout.encode(4, 1, 1, -7)).isEqualTo(4);
        assertThat(BlasLayout.encode(1, 1, -3, -3)).isEqualTo(1);
        assertThat(BlasLayout.isColumnMajor(4, 1, 1, 0)).isTrue();
        assertThat(BlasLayout.isColumnMajor(4, 3, 3, 1)).isFalse();
    }
}
