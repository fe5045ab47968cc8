package org.ferrite.reference.defaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.testkit.oracle.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.PadConfig;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.SliceConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.junit.jupiter.api.Test;

/** The indexing defaults, run on a session that implements only the hooks. */
class IndexingOpsTest {
    private final NaiveSession s = new NaiveSession();

    private static Tensor rowMajorI32(int[] values, long... shape) {
        return Tensor.fromRowMajor(DType.I32, values, shape);
    }

    private static Tensor rowMajorI64(long[] values, long... shape) {
        return Tensor.fromRowMajor(DType.I64, values, shape);
    }

    @Test
    void gatherReproducesTheStableHloSpecExample() {
        Tensor operand = rowMajorI32(range(1, 24), 3, 4, 2);
        Tensor idx = rowMajorI64(new long[] {0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0, 2}, 2, 3, 2);
        Tensor r = s.gather(operand, idx, GatherConfig.builder().offsetDims(2, 3).collapsedSliceDims(0).startIndexMap(1, 0)
                .indexVectorDim(2).sliceSizes(1, 2, 2).build());
        assertThat(r.shape()).containsExactly(2, 3, 2, 2);
        assertThat((int[]) r.toRowMajorArray()).containsExactly(
                1, 2, 3, 4, 3, 4, 5, 6, 13, 14, 15, 16,
                9, 10, 11, 12, 11, 12, 13, 14, 17, 18, 19, 20);
    }

    @Test
    void gatherReproducesTheStableHloSpecBatchingExampleIncludingClamping() {
        Tensor operand = rowMajorI32(range(1, 48), 2, 3, 4, 2);
        Tensor idx = rowMajorI64(new long[] {0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0, 9,
            0, 0, 2, 1, 2, 2, 1, 2, 0, 1, 1, 0}, 2, 2, 3, 2);
        Tensor r = s.gather(operand, idx, GatherConfig.builder().offsetDims(3, 4).collapsedSliceDims(1)
                .operandBatchingDims(0).startIndicesBatchingDims(1).startIndexMap(2, 1).indexVectorDim(3)
                .sliceSizes(1, 1, 2, 2).build());
        assertThat(r.shape()).containsExactly(2, 2, 3, 2, 2);
        assertThat((int[]) r.toRowMajorArray()).containsExactly(
                1, 2, 3, 4, 3, 4, 5, 6, 13, 14, 15, 16,
                33, 34, 35, 36, 35, 36, 37, 38, 41, 42, 43, 44,
                1, 2, 3, 4, 13, 14, 15, 16, 21, 22, 23, 24,
                43, 44, 45, 46, 33, 34, 35, 36, 27, 28, 29, 30);
    }

    private static int[] range(int from, int to) {
        int[] v = new int[to - from + 1];
        for (int i = 0; i < v.length; i++) {
            v[i] = from + i;
        }
        return v;
    }

    @Test
    void takeAlongAxisIsAGatherWithClampedIndices() {
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {10, 30, 20, 60, 40, 50}, 2, 3);
        Tensor idx = rowMajorI64(new long[] {0, 2, 1, 2, 0, 1}, 2, 3);
        Tensor r = s.takeAlongAxis(a, idx, 1);
        assertThat((double[]) r.toRowMajorArray()).containsExactly(10, 20, 30, 50, 60, 40);
        Tensor firstRow = s.takeAlongAxis(a, rowMajorI32(new int[] {1, 0, 1}, 1, 3), 0);
        assertThat((double[]) firstRow.toRowMajorArray()).containsExactly(60, 30, 50);
        Tensor clamped = s.takeAlongAxis(a, rowMajorI64(new long[] {-5, 99}, 1, 2).transpose(), 1);
        assertThat((double[]) clamped.toRowMajorArray()).containsExactly(10, 50);
        expectValidation(() -> s.takeAlongAxis(a, idx, 2), ValidationKind.AXIS_OUT_OF_BOUNDS, "takeAlongAxis", "axis");
        expectValidation(() -> s.takeAlongAxis(a, Tensor.zeros(DType.F64, 2, 3), 1), ValidationKind.DTYPE_MISMATCH,
                "takeAlongAxis", "indices");
        expectValidation(() -> s.takeAlongAxis(a, Tensor.zeros(DType.I32, 3, 3), 1), ValidationKind.SHAPE_MISMATCH,
                "takeAlongAxis", "indices");
        expectValidation(() -> s.takeAlongAxis(a, Tensor.zeros(DType.I32, 3), 1), ValidationKind.RANK_MISMATCH,
                "takeAlongAxis", "indices");
    }

    @Test
    void takeAlongAxisHandlesExtentZero() {
        Tensor a = Tensor.zeros(DType.F64, 0, 3);
        assertThat(s.takeAlongAxis(a, Tensor.zeros(DType.I32, 0, 2), 1).shape()).containsExactly(0, 2);
        Tensor empty = Tensor.zeros(DType.F64, 2, 0);
        assertThat(s.takeAlongAxis(empty, Tensor.zeros(DType.I32, 2, 0), 1).shape()).containsExactly(2, 0);
        expectValidation(() -> s.takeAlongAxis(empty, Tensor.zeros(DType.I32, 2, 1), 1),
                ValidationKind.INVALID_ARGUMENT, "takeAlongAxis", "indices");
    }

    @Test
    void scatterAllocatesACopyAndAppliesUpdatesInPlaceOnIt() {
        Tensor operand = Tensor.of(new double[] {1, 2, 3, 4}, 4);
        ScatterConfig add = ScatterConfig.builder().insertedWindowDims(0).scatterDimsToOperandDims(0)
                .indexVectorDim(1).mode(ScatterMode.ADD).build();
        Tensor r = s.scatter(operand, Tensor.of(new int[] {3, 1, 3, 7}, 4), Tensor.of(new double[] {10, 20, 30, 99},
                4), add);
        assertThat(r.f64Data()).containsExactly(1, 22, 3, 44);
        assertThat(operand.f64Data()).containsExactly(1, 2, 3, 4);
    }

    @Test
    void sliceDefaultsCopyTheStridedWindow() {
        Tensor t = Tensor.arange(DType.F64, 12).reshape(3, 4).copy();
        SliceConfig c = SliceConfig.of(new long[] {0, 1}, new long[] {3, 4}, new long[] {2, 2});
        Tensor r = s.slice(t, c);
        assertThat(r.shape()).containsExactly(2, 2);
        assertThat(r.getDouble(1, 1)).isEqualTo(t.getDouble(2, 3));
        Tensor out = Tensor.zeros(DType.F64, 2, 2);
        s.sliceInto(t, c, out);
        assertThat(Tensor.contentEquals(out, r)).isTrue();
    }

    @Test
    void dynamicSliceClampsTheStartLikeStableHlo() {
        // StableHLO spec example: operand 4x4, start (-1, 3), sizes 2x2 -> clamped to (0, 2)
        Tensor operand = rowMajorI32(new int[] {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}, 4, 4);
        Tensor r = s.dynamicSlice(operand, new long[] {-1, 3}, new long[] {2, 2});
        assertThat((int[]) r.toRowMajorArray()).containsExactly(1, 1, 1, 1);
        expectValidation(() -> s.dynamicSlice(operand, new long[] {0, 0}, new long[] {5, 1}),
                ValidationKind.INVALID_ARGUMENT, "dynamicSlice", "sizes");
    }

    @Test
    void dynamicUpdateSliceReproducesTheStableHloSpecExample() {
        Tensor operand = rowMajorI32(new int[] {1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1}, 4, 4);
        Tensor update = rowMajorI32(new int[] {1, 1, 1, 1}, 2, 2);
        Tensor r = s.dynamicUpdateSlice(operand, update, new long[] {-1, 3});
        assertThat(r.i32Data()).containsOnly(1);
        assertThat(operand.getLong(0, 2)).as("operand untouched").isZero();
        s.dynamicUpdateSliceInto(operand, update, new long[] {0, 2}, operand);
        assertThat(operand.i32Data()).as("in place").containsOnly(1);
    }

    @Test
    void dynamicUpdateSliceRejectsBadUpdatesAndPartialAliasingBeforeWriting() {
        Tensor operand = Tensor.zeros(DType.F64, 4, 4);
        Tensor out = Tensor.full(DType.F64, 5, 4, 4);
        expectValidation(() -> s.dynamicUpdateSliceInto(operand, Tensor.zeros(DType.F64, 2), new long[] {0, 0}, out),
                ValidationKind.RANK_MISMATCH, "dynamicUpdateSlice", "update");
        assertThat(expectValidation(() -> s.dynamicUpdateSliceInto(operand, Tensor.zeros(DType.F64, 2, 5),
                new long[] {0, 0}, out), ValidationKind.SHAPE_MISMATCH, "dynamicUpdateSlice", "update").axis())
                .isEqualTo(1);
        expectValidation(() -> s.dynamicUpdateSliceInto(operand, Tensor.zeros(DType.I32, 2, 2), new long[] {0, 0},
                out), ValidationKind.DTYPE_MISMATCH, "dynamicUpdateSlice", "update");
        Tensor big = Tensor.zeros(DType.F64, 5, 4);
        ValidationException e = expectValidation(() -> s.dynamicUpdateSliceInto(big.slice(0, 0, 4, 1),
                Tensor.zeros(DType.F64, 1, 1), new long[] {0, 0}, big.slice(0, 1, 5, 1)),
                ValidationKind.INVALID_ARGUMENT, "dynamicUpdateSlice", "out");
        assertThat(e.getMessage()).contains("'operand'");
        expectValidation(() -> s.dynamicUpdateSliceInto(operand, out.slice(0, 0, 1, 1), new long[] {0, 0}, out),
                ValidationKind.INVALID_ARGUMENT, "dynamicUpdateSlice", "out");
        assertThat(out.f64Data()).containsOnly(5.0);
    }

    @Test
    void padReproducesTheStableHloSpecExample() {
        Tensor operand = rowMajorI32(new int[] {1, 2, 3, 4, 5, 6}, 2, 3);
        PadConfig c = PadConfig.of(new long[] {0, 1}, new long[] {2, 1}, new long[] {1, 2});
        Tensor r = s.pad(operand, Tensor.scalar(DType.I32, 0), c);
        assertThat(r.shape()).containsExactly(5, 9);
        assertThat((int[]) r.toRowMajorArray()).containsExactly(
                0, 1, 0, 0, 2, 0, 0, 3, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 4, 0, 0, 5, 0, 0, 6, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void padWithNegativeEdgesCutsElements() {
        Tensor operand = Tensor.arange(DType.F64, 5);
        Tensor r = s.pad(operand, Tensor.scalar(-1), PadConfig.of(new long[] {-2}, new long[] {1}, new long[] {1}));
        // interior-padded: 0 p 1 p 2 p 3 p 4, cut 2 at the front, 1 pad at the back
        assertThat(r.f64Data()).containsExactly(1, -1, 2, -1, 3, -1, 4, -1);
        Tensor allCut = s.pad(operand, Tensor.scalar(7), PadConfig.edges(new long[] {-5}, new long[] {2}));
        assertThat(allCut.f64Data()).containsExactly(7, 7);
    }

    @Test
    void padRejectsBadPadValuesAndOutputsBeforeWriting() {
        Tensor operand = Tensor.arange(DType.F64, 3);
        PadConfig c = PadConfig.edges(new long[] {1}, new long[] {1});
        Tensor out = Tensor.full(DType.F64, 9, 5);
        expectValidation(() -> s.padInto(operand, Tensor.scalar(DType.F32, 0), c, out), ValidationKind.DTYPE_MISMATCH,
                "pad", "padValue");
        expectValidation(() -> s.padInto(operand, Tensor.zeros(DType.F64, 1), c, out), ValidationKind.RANK_MISMATCH,
                "pad", "padValue");
        expectValidation(() -> s.padInto(operand, Tensor.scalar(0), c, Tensor.zeros(DType.F64, 4)),
                ValidationKind.SHAPE_MISMATCH, "pad", "out");
        expectValidation(() -> s.padInto(operand, out.slice(0, 0, 1, 1).reshape(), c, out),
                ValidationKind.INVALID_ARGUMENT, "pad", "out");
        expectValidation(() -> s.padInto(out.slice(0, 1, 4, 1), Tensor.scalar(0), c, out),
                ValidationKind.INVALID_ARGUMENT, "pad", "out");
        assertThat(out.f64Data()).containsOnly(9.0);
    }

    @Test
    void concatenateJoinsAlongTheAxisInOrder() {
        Tensor a = Tensor.fromRowMajor(DType.I64, new long[] {1, 2, 3, 4}, 2, 2);
        Tensor b = Tensor.fromRowMajor(DType.I64, new long[] {5, 6}, 2, 1);
        Tensor r = s.concatenate(1, a, b, Tensor.zeros(DType.I64, 2, 0));
        assertThat((long[]) r.toRowMajorArray()).containsExactly(1, 2, 5, 3, 4, 6);
        Tensor rows = s.concatenate(0, a, a.transpose());
        assertThat((long[]) rows.toRowMajorArray()).containsExactly(1, 2, 3, 4, 1, 3, 2, 4);
        Tensor out = Tensor.full(DType.I64, 8, 2, 4);
        expectValidation(() -> s.concatenateInto(1, out, a, b), ValidationKind.SHAPE_MISMATCH, "concatenate", "out");
        expectValidation(() -> s.concatenateInto(1, out, a, out.slice(1, 2, 4, 1)), ValidationKind.INVALID_ARGUMENT,
                "concatenate", "out");
        assertThat(out.i64Data()).containsOnly(8L);
        expectValidation(() -> s.concatenate(0), ValidationKind.INVALID_ARGUMENT, "concatenate", "inputs");
    }

    @Test
    void reverseCopiesTheReversedView() {
        Tensor t = Tensor.arange(DType.F32, 6).reshape(2, 3).copy();
        Tensor r = s.reverse(t, 1);
        assertThat((float[]) r.toRowMajorArray()).containsExactly(4, 2, 0, 5, 3, 1);
        TensorView twice = r.reverse(1);
        assertThat(Tensor.contentEquals(twice, t)).isTrue();
    }
}
