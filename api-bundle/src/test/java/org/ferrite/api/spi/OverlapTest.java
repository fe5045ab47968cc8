package org.ferrite.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.testsupport.FakeDeviceStorage;
import org.junit.jupiter.api.Test;

/** The provider-neutral aliasing rule, for host arrays and device allocations alike. */
class OverlapTest {
    private static final Placement GPU = new Placement(DeviceKind.CUDA, 0);

    @Test
    void overlapsIsAConservativeElementRangeTestOnTheSameStorage() {
        Tensor base = Tensor.zeros(DType.F64, 10);
        TensorView first = base.slice(0, 0, 5, 1);
        TensorView last = base.slice(0, 5, 10, 1);
        TensorView evens = base.slice(0, 0, 10, 2);
        TensorView odds = base.slice(0, 1, 10, 2);
        assertThat(Overlap.mayOverlap(first, last)).isFalse();
        assertThat(Overlap.mayOverlap(first, base)).isTrue();
        assertThat(Overlap.mayOverlap(base.slice(0, 4, 6, 1), last)).isTrue();
        // interleaved: disjoint elements, but the ranges intersect, so they count as overlapping
        assertThat(Overlap.mayOverlap(evens, odds)).isTrue();
        assertThat(Overlap.mayOverlap(base, Tensor.zeros(DType.F64, 10))).isFalse();
        assertThat(Overlap.mayOverlap(base.slice(0, 3, 3, 1), base)).isFalse();
        // negative strides reach below their offset
        TensorView reversedFirst = first.reverse(0);
        assertThat(Overlap.mayOverlap(reversedFirst, last)).isFalse();
        assertThat(Overlap.mayOverlap(reversedFirst, base.slice(0, 0, 1, 1))).isTrue();
    }

    @Test
    void identicalLayoutIgnoresStridesOfExtentOneAxes() {
        Tensor base = Tensor.zeros(DType.F64, 3, 1);
        TensorView sameElements = TensorView.of(DType.F64, base.storage(), new long[] {3, 1}, new long[] {1, 99}, 0);
        assertThat(Overlap.identicalLayout(base, sameElements)).isTrue();
        assertThat(Overlap.identicalLayout(base, base.reverse(0))).isFalse();
        assertThat(Overlap.identicalLayout(base, base.slice(0, 1, 3, 1))).isFalse();
        assertThat(Overlap.identicalLayout(base, Tensor.zeros(DType.F64, 3, 1))).isFalse();
        assertThat(Overlap.identicalLayout(base, base.reshape(3))).isFalse();
    }

    @Test
    void overlapIsJudgedInStorageScalarsAcrossDtypesSharingOneArray() {
        float[] storage = new float[8];
        // C64 elements 0..1 occupy scalars 0..3
        TensorView complex = TensorView.of(DType.C64, storage, new long[] {2}, new long[] {1}, 0);
        TensorView realAtScalar3 = TensorView.of(DType.F32, storage, new long[] {1}, new long[] {1}, 3);
        TensorView realAtScalar4 = TensorView.of(DType.F32, storage, new long[] {4}, new long[] {1}, 4);
        assertThat(Overlap.mayOverlap(complex, realAtScalar3)).isTrue();
        assertThat(Overlap.mayOverlap(realAtScalar3, complex)).isTrue();
        assertThat(Overlap.mayOverlap(complex, realAtScalar4)).isFalse();
        assertThat(Overlap.mayOverlap(realAtScalar4, complex)).isFalse();
        ValidationException e = expectValidation(
                () -> OperandChecks.requireNoAlias("cast", realAtScalar3, complex, "src"),
                ValidationKind.INVALID_ARGUMENT, "cast", "out");
        assertThat(e.getMessage()).contains("src");
    }

    @Test
    void deviceWindowsOfOneAllocationAreComparedByByteRangeNotByHandle() {
        Object pool = new Object();
        // two handles into one pooled allocation: bytes [0, 64) and [64, 128) of F64 (8 bytes each)
        FakeDeviceStorage low = new FakeDeviceStorage(GPU, 8, pool, 0);
        FakeDeviceStorage high = new FakeDeviceStorage(GPU, 8, pool, 64);
        Tensor a = Tensor.wrapDevice(DType.F64, low, 8);
        Tensor b = Tensor.wrapDevice(DType.F64, high, 8);
        assertThat(Overlap.allocationOf(a)).isSameAs(pool).isSameAs(Overlap.allocationOf(b));
        assertThat(Overlap.byteOffsetOf(b)).isEqualTo(64);
        assertThat(Overlap.mayOverlap(a, b)).isFalse();
        // a handle starting at byte 56 shares the last element of the first window
        Tensor straddling = Tensor.wrapDevice(DType.F64, new FakeDeviceStorage(GPU, 2, pool, 56), 2);
        assertThat(Overlap.mayOverlap(a, straddling)).isTrue();
        assertThat(Overlap.mayOverlap(straddling, b)).isTrue();
        assertThat(Overlap.mayOverlap(TensorView.of(a).slice(0, 0, 7, 1), straddling)).isFalse();
        ValidationException e = expectValidation(() -> OperandChecks.requireNoAlias("add", a, straddling, "rhs"),
                ValidationKind.INVALID_ARGUMENT, "add", "out");
        assertThat(e.getMessage()).contains("'rhs'");
        // distinct allocations never overlap; a host array and a device window never do either
        Tensor elsewhere = Tensor.wrapDevice(DType.F64, new FakeDeviceStorage(GPU, 8), 8);
        assertThat(Overlap.mayOverlap(a, elsewhere)).isFalse();
        assertThat(Overlap.mayOverlap(a, Tensor.zeros(DType.F64, 8))).isFalse();
    }

    @Test
    void identicalLayoutComparesTheFirstByteInsideTheAllocation() {
        Object pool = new Object();
        Tensor a = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, 4, pool, 16), 4);
        TensorView sameBytes = TensorView.of(DType.F32, new FakeDeviceStorage(GPU, 8, pool, 0), new long[] {4},
                new long[] {1}, 4);
        assertThat(Overlap.identicalLayout(a, sameBytes)).isTrue();
        TensorView shifted = TensorView.of(DType.F32, new FakeDeviceStorage(GPU, 8, pool, 0), new long[] {4},
                new long[] {1}, 3);
        assertThat(Overlap.identicalLayout(a, shifted)).isFalse();
        assertThat(Overlap.mayOverlap(a, shifted)).isTrue();
    }

    @Test
    void overlapOfMetadataBeyondTwoToTheThirtyOneIsExact() {
        Object pool = new Object();
        long n = 3L << 30; // 3 Gi elements of F32: 12 GiB
        Tensor first = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, n, pool, 0), n);
        Tensor next = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, n, pool, 4 * n), n);
        assertThat(Overlap.mayOverlap(first, next)).isFalse();
        Tensor lastOfFirst = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, 1, pool, 4 * n - 4), 1);
        assertThat(Overlap.mayOverlap(first, lastOfFirst)).isTrue();
        assertThat(Overlap.mayOverlap(next, lastOfFirst)).isFalse();
    }
}
