package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.testsupport.FakeDeviceStorage;
import org.junit.jupiter.api.Test;

/**
 * Sizes are {@code long}: a device tensor of more than 2^31-1 elements is represented exactly by its
 * metadata alone (a fake {@link DeviceStorage} that holds no memory), stays closed under reshape,
 * flatten, slicing, transposition and diagonals, while host tensors keep the one-Java-array bound.
 */
class LargeTensorMetadataTest {
    private static final Placement GPU = new Placement(DeviceKind.CUDA, 0);
    /** 50 000 × 50 000 F32: 2.5·10^9 elements, 10 GB — more than 2^31-1. */
    private static final long N = 50_000;

    @Test
    void aDeviceMatrixOfMoreThanTwoToTheThirtyOneElementsIsRepresentedExactly() {
        Tensor m = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, N * N), N, N);
        assertThat(m.size()).isEqualTo(2_500_000_000L).isGreaterThan(Integer.MAX_VALUE);
        assertThat(m.shape()).containsExactly(N, N);
        assertThat(m.strides()).containsExactly(1, N);
        assertThat(m.elementOffset(N - 1, N - 1)).isEqualTo(N * N - 1);
        assertThat(m.isColumnMajorContiguous()).isTrue();
        assertThat(m.isWritable()).isTrue();
        assertThat(m.placement()).isEqualTo(GPU);
        assertThat(m.toString()).isEqualTo("Tensor(F32, shape=[50000, 50000], cuda:0)");
    }

    @Test
    void itFlattensToOneAxisAndBackLikeAFlatParameterBuffer() {
        Tensor m = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, N * N), N, N);
        TensorView flat = m.reshape(N * N);
        assertThat(flat.shape()).containsExactly(N * N);
        assertThat(flat.strides()).containsExactly(1);
        assertThat(flat.elementOffset(N * N - 1)).isEqualTo(m.elementOffset(N - 1, N - 1));
        // the second half of a flat buffer (FSDP/ZeRO shards), then viewed as a matrix again
        TensorView shard = flat.slice(0, N * N / 2, N * N, 1);
        assertThat(shard.offset()).isEqualTo(1_250_000_000L);
        assertThat(shard.size()).isEqualTo(1_250_000_000L);
        TensorView rows = shard.reshape(N, N / 2);
        assertThat(rows.strides()).containsExactly(1, N);
        assertThat(rows.elementOffset(3, 7)).isEqualTo(1_250_000_000L + 3 + 7 * N);
        assertThat(flat.reshape(N, N).strides()).containsExactly(1, N);
    }

    @Test
    void transposesStepsReversalsAndDiagonalsOfItAreExact() {
        Tensor m = Tensor.wrapDevice(DType.C64, new FakeDeviceStorage(GPU, N * N), N, N);
        TensorView t = m.transpose();
        assertThat(t.strides()).containsExactly(N, 1);
        assertThat(t.elementOffset(N - 1, 0)).isEqualTo((N - 1) * N);
        TensorView everyThird = m.slice(1, N - 1, -1, -3);
        assertThat(everyThird.dim(1)).isEqualTo((N + 2) / 3);
        assertThat(everyThird.stride(1)).isEqualTo(-3 * N);
        assertThat(everyThird.offset()).isEqualTo((N - 1) * N);
        TensorView diagonal = m.diagonal();
        assertThat(diagonal.shape()).containsExactly(N);
        assertThat(diagonal.strides()).containsExactly(N + 1);
        assertThat(diagonal.elementOffset(N - 1)).isEqualTo(N * N - 1);
        TensorView superDiagonal = m.diagonal(0, 1, N - 2);
        assertThat(superDiagonal.shape()).containsExactly(2);
        assertThat(superDiagonal.offset()).isEqualTo((N - 2) * N);
        TensorView reversed = m.reverse(0, 1);
        assertThat(reversed.offset()).isEqualTo(N * N - 1);
        assertThat(reversed.elementOffset(N - 1, N - 1)).isZero();
    }

    @Test
    void aBroadcastOfItIsAMetadataOnlyReadView() {
        Tensor row = Tensor.wrapDevice(DType.F64, new FakeDeviceStorage(GPU, N), 1, N);
        TensorView wide = row.broadcastTo(N, N);
        assertThat(wide.size()).isEqualTo(N * N);
        assertThat(wide.strides()).containsExactly(0, 1);
        assertThat(wide.isWritable()).isFalse();
    }

    @Test
    void windowsOfOneHugeAllocationAreComparedExactlyByTheOverlapRule() {
        Object allocation = new Object();
        long half = N * N / 2;
        Tensor first = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, half, allocation, 0), half);
        Tensor second = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, half, allocation, 4 * half), half);
        assertThat(Overlap.mayOverlap(first, second)).isFalse();
        assertThat(Overlap.mayOverlap(first, TensorView.of(first).slice(0, half - 1, half, 1))).isTrue();
    }

    @Test
    void viewsThatOverflowALongAreRejectedTyped() {
        FakeDeviceStorage storage = new FakeDeviceStorage(GPU, Long.MAX_VALUE);
        ValidationException e = expectValidation(() -> TensorView.of(DType.F32, storage, new long[] {3},
                new long[] {Long.MAX_VALUE / 2 + 1}, 0), ValidationKind.INVALID_ARGUMENT, "TensorView.of", "strides");
        assertThat(e.actual()).contains("overflows");
        expectValidation(() -> Tensor.wrapDevice(DType.F32, storage, 1L << 32, 1L << 32),
                ValidationKind.INVALID_ARGUMENT, "Tensor.wrap", "shape");
        expectValidation(() -> Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(GPU, N * N - 1), N, N),
                ValidationKind.INVALID_ARGUMENT, "Tensor.wrap", "storage");
    }

    @Test
    void aHostTensorOfThatShapeIsRejectedNamingTheShapeAndTheSize() {
        ValidationException e = expectValidation(() -> Tensor.zeros(DType.F32, N, N),
                ValidationKind.INVALID_ARGUMENT, "Tensor.zeros", "shape");
        assertThat(e.actual()).contains("[50000, 50000]").contains("2500000000 elements");
        assertThat(e.expected()).contains(String.valueOf(Shapes.MAX_HOST_SCALARS));
        assertThat(e.getMessage()).contains("one Java array");
        expectValidation(() -> Tensor.wrap(DType.F64, new double[0], 0, 1L << 31), ValidationKind.INVALID_ARGUMENT,
                "Tensor.wrap", "shape");
        // C128 takes two scalars per element: half the elements fit
        expectValidation(() -> Tensor.zeros(DType.C128, Shapes.MAX_HOST_SCALARS / 2 + 1),
                ValidationKind.INVALID_ARGUMENT, "Tensor.zeros", "shape");
    }

    @Test
    void aHostBroadcastViewMayDescribeMoreElementsThanAnArrayButNotBeCopiedOut() {
        TensorView huge = Tensor.scalar(2.5).broadcastTo(N, N);
        assertThat(huge.size()).isEqualTo(N * N);
        assertThat(huge.getDouble(N - 1, N - 1)).isEqualTo(2.5);
        ValidationException e = expectValidation(huge::copy, ValidationKind.INVALID_ARGUMENT, "toColumnMajorArray",
                "shape");
        assertThat(e.actual()).contains("[50000, 50000]");
    }
}
