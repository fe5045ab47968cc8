package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.junit.jupiter.api.Test;

class ShapesTest {

    @Test
    void elementCountIsTheProductOfTheExtentsAndOneForRankZero() {
        assertThat(Shapes.elementCount("op", "shape", new long[0])).isEqualTo(1);
        assertThat(Shapes.elementCount("op", "shape", new long[] {2, 3, 4})).isEqualTo(24);
        assertThat(Shapes.elementCount("op", "shape", new long[] {2, 0, 4})).isZero();
        assertThat(Shapes.elementCount("op", "shape", new long[] {Integer.MAX_VALUE})).isEqualTo(Integer.MAX_VALUE);
        // sizes are long: a shape beyond 2^31-1 elements is counted exactly
        assertThat(Shapes.elementCount("op", "shape", new long[] {65536, 32768})).isEqualTo(1L << 31);
        assertThat(Shapes.elementCount("op", "shape", new long[] {Long.MAX_VALUE})).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void negativeExtentIsRejectedNamingTheAxis() {
        ValidationException e = expectValidation(() -> Shapes.elementCount("zeros", "shape", new long[] {2, -3}),
                ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
        assertThat(e.axis()).isEqualTo(1);
        assertThat(e.actual()).isEqualTo("-3");
        // a zero extent before the negative one does not hide it
        expectValidation(() -> Shapes.elementCount("zeros", "shape", new long[] {0, -1}),
                ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
    }

    @Test
    void elementCountOverflowIsRejected() {
        ValidationException e = expectValidation(
                () -> Shapes.elementCount("zeros", "shape", new long[] {1L << 32, 1L << 31}),
                ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
        assertThat(e.actual()).contains("[4294967296, 2147483648]");
    }

    @Test
    void overflowOfTheNonZeroExtentsIsRejectedWhateverTheOrderOfAZeroExtent() {
        // NumPy rejects a shape whose non-zero extents overflow even if another extent is 0; the result
        // must not depend on where the zero sits, and the strides of any accepted shape must fit a long
        // (and, for host storage, an int).
        expectValidation(() -> Shapes.elementCount("zeros", "shape", new long[] {1L << 32, 1L << 32, 0}),
                ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
        expectValidation(() -> Shapes.elementCount("zeros", "shape", new long[] {0, 1L << 32, 1L << 32}),
                ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
        assertThat(Shapes.elementCount("zeros", "shape", new long[] {0, 65536, 65536})).isZero();
        expectValidation(() -> Shapes.hostStorageLength("zeros", DType.F64, new long[] {65536, 65536, 0}),
                ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
        expectValidation(() -> Shapes.hostStorageLength("zeros", DType.F64, new long[] {0, 65536, 65536}),
                ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
        assertThat(Shapes.hostStorageLength("zeros", DType.F64, new long[] {0, 65536, 32767})).isZero();
    }

    @Test
    void hostStorageLengthCountsScalarsAndRejectsArraysJavaCannotAllocateNamingShapeAndSize() {
        assertThat(Shapes.hostStorageLength("op", DType.C128, new long[] {5})).isEqualTo(10);
        assertThat(Shapes.hostStorageLength("op", DType.F64, new long[] {5})).isEqualTo(5);
        assertThat(Shapes.hostStorageLength("op", DType.F32, new long[] {Shapes.MAX_HOST_SCALARS}))
                .isEqualTo(Integer.MAX_VALUE - 8);
        ValidationException e = expectValidation(() -> Shapes.hostStorageLength("zeros", DType.C64,
                new long[] {1 << 30}), ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
        assertThat(e.actual()).contains("C64").contains("[1073741824]").contains("2147483648 scalars");
        assertThat(e.expected()).contains(String.valueOf(Integer.MAX_VALUE - 8));
        expectValidation(() -> Shapes.hostStorageLength("zeros", DType.F32, new long[] {Shapes.MAX_HOST_SCALARS + 1L}),
                ValidationKind.INVALID_ARGUMENT, "zeros", "shape");
    }

    @Test
    void compactStridesAreColumnMajorOrRowMajor() {
        assertThat(Shapes.columnMajorStrides(new long[] {2, 3, 4})).containsExactly(1, 2, 6);
        assertThat(Shapes.rowMajorStrides(new long[] {2, 3, 4})).containsExactly(12, 4, 1);
        assertThat(Shapes.columnMajorStrides(new long[0])).isEmpty();
        assertThat(Shapes.columnMajorStrides(new long[] {0, 3, 2})).containsExactly(1, 1, 3);
        assertThat(Shapes.rowMajorStrides(new long[] {2, 0, 3})).containsExactly(3, 3, 1);
    }

    @Test
    void normalizeAxisCountsNegativeAxesFromTheEnd() {
        assertThat(Shapes.normalizeAxis("op", "axis", -1, 3)).isEqualTo(2);
        assertThat(Shapes.normalizeAxis("op", "axis", -3, 3)).isZero();
        assertThat(Shapes.normalizeAxis("op", "axis", 2, 3)).isEqualTo(2);
        ValidationException e = expectValidation(() -> Shapes.normalizeAxis("sum", "axis", 3, 3),
                ValidationKind.AXIS_OUT_OF_BOUNDS, "sum", "axis");
        assertThat(e.axis()).isEqualTo(3);
        assertThat(expectValidation(() -> Shapes.normalizeAxis("sum", "axis", -4, 3),
                ValidationKind.AXIS_OUT_OF_BOUNDS, "sum", "axis").axis()).isEqualTo(-4);
    }

    @Test
    void checkPermutationNamesTheFirstBadAxis() {
        Shapes.checkPermutation("op", "perm", new int[] {2, 0, 1}, 3);
        Shapes.checkPermutation("op", "perm", new int[0], 0);
        expectValidation(() -> Shapes.checkPermutation("permute", "perm", new int[] {0, 1}, 3),
                ValidationKind.INVALID_ARGUMENT, "permute", "perm");
        assertThat(expectValidation(() -> Shapes.checkPermutation("permute", "perm", new int[] {0, 3, 1}, 3),
                ValidationKind.AXIS_OUT_OF_BOUNDS, "permute", "perm").axis()).isEqualTo(3);
        assertThat(expectValidation(() -> Shapes.checkPermutation("permute", "perm", new int[] {1, 1, 0}, 3),
                ValidationKind.INVALID_ARGUMENT, "permute", "perm").axis()).isEqualTo(1);
    }

    @Test
    void broadcastAlignsTrailingAxesAndStretchesExtentOne() {
        assertThat(Shapes.broadcast("add", new long[] {3, 1}, new long[] {1, 4})).containsExactly(3, 4);
        assertThat(Shapes.broadcast("add", new long[0], new long[] {2, 3})).containsExactly(2, 3);
        assertThat(Shapes.broadcast("add", new long[] {5, 2, 3}, new long[] {3})).containsExactly(5, 2, 3);
        assertThat(Shapes.broadcast("add", new long[] {3}, new long[] {5, 1, 1})).containsExactly(5, 1, 3);
        assertThat(Shapes.broadcast("add", new long[] {0}, new long[] {1})).containsExactly(0);
        assertThat(Shapes.broadcast("add", new long[] {2, 1}, new long[] {2, 0})).containsExactly(2, 0);
    }

    @Test
    void incompatibleBroadcastNamesTheRhsAxisAndBothExtents() {
        ValidationException e = expectValidation(() -> Shapes.broadcast("add", new long[] {4, 2, 3}, new long[] {2, 2}),
                ValidationKind.SHAPE_MISMATCH, "add", "rhs");
        assertThat(e.axis()).isEqualTo(1);
        assertThat(e.expected()).isEqualTo("extent 3");
        assertThat(e.actual()).isEqualTo("extent 2");
        assertThat(e.getMessage()).contains("[4, 2, 3]").contains("[2, 2]");
        expectValidation(() -> Shapes.broadcast("add", new long[] {0}, new long[] {2}), ValidationKind.SHAPE_MISMATCH,
                "add", "rhs");
    }
}
