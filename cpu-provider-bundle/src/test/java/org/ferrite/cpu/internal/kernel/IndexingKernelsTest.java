package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.spi.IndexingShapes;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.spi.IndexingShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.Operands.Layout;
import org.ferrite.testkit.oracle.Oracle.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class IndexingKernelsTest {
    private static final Layout[] LAYOUTS = Layout.values();
    private final TestKernelContext ctx = TestKernelContext.serial();

    /** A gather or scatter case: shapes and dimension numbers. */
    static final class Case {
        final String name;
        final long[] operand;
        final long[] indices;
        final long[] updates;
        final GatherConfig gather;
        final ScatterConfig.Builder scatter;

        Case(String name, long[] operand, long[] indices, long[] updates, GatherConfig gather,
                ScatterConfig.Builder scatter) {
            this.name = name;
            this.operand = operand;
            this.indices = indices;
            this.updates = updates;
            this.gather = gather;
            this.scatter = scatter;
        }
    }

    static List<Case> gathers() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("rows", new long[] {5, 4}, new long[] {3}, null, GatherConfig.builder().offsetDims(1)
                .collapsedSliceDims(0).startIndexMap(0).indexVectorDim(1).sliceSizes(1, 4).build(), null));
        c.add(new Case("clamped windows", new long[] {5, 6}, new long[] {2, 3}, null, GatherConfig.builder()
                .offsetDims(1, 2).startIndexMap(0, 1).indexVectorDim(0).sliceSizes(2, 3).build(), null));
        c.add(new Case("batching", new long[] {4, 5}, new long[] {4, 3}, null, GatherConfig.builder()
                .collapsedSliceDims(1).operandBatchingDims(0).startIndicesBatchingDims(0).startIndexMap(1)
                .indexVectorDim(2).sliceSizes(1, 1).build(), null));
        c.add(new Case("rank 3, vector last, mixed axes", new long[] {3, 4, 5}, new long[] {2, 2, 2}, null,
                GatherConfig.builder().offsetDims(1, 3).collapsedSliceDims(0).startIndexMap(2, 0).indexVectorDim(2)
                        .sliceSizes(1, 2, 3).build(), null));
        c.add(new Case("scalar index", new long[] {6}, new long[0], null, GatherConfig.builder().offsetDims(0)
                .startIndexMap(0).indexVectorDim(0).sliceSizes(3).build(), null));
        c.add(new Case("no positions", new long[] {4, 3}, new long[] {0}, null, GatherConfig.builder().offsetDims(1)
                .collapsedSliceDims(0).startIndexMap(0).indexVectorDim(1).sliceSizes(1, 3).build(), null));
        return c;
    }

    static List<Case> scatters() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("rows with duplicates", new long[] {5, 4}, new long[] {6}, new long[] {6, 4}, null,
                ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0).scatterDimsToOperandDims(0)
                        .indexVectorDim(1)));
        c.add(new Case("windows, some outside", new long[] {5, 6}, new long[] {2, 4}, new long[] {4, 2, 3}, null,
                ScatterConfig.builder().updateWindowDims(1, 2).scatterDimsToOperandDims(0, 1).indexVectorDim(0)));
        c.add(new Case("batching", new long[] {4, 5}, new long[] {4, 3}, new long[] {4, 3}, null,
                ScatterConfig.builder().insertedWindowDims(1).inputBatchingDims(0).scatterIndicesBatchingDims(0)
                        .scatterDimsToOperandDims(1).indexVectorDim(2)));
        c.add(new Case("scalar index", new long[] {6}, new long[0], new long[] {3}, null,
                ScatterConfig.builder().updateWindowDims(0).scatterDimsToOperandDims(0).indexVectorDim(0)));
        c.add(new Case("no updates", new long[] {5, 4}, new long[] {0}, new long[] {0, 4}, null,
                ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0).scatterDimsToOperandDims(0)
                        .indexVectorDim(1)));
        return c;
    }

    /** Index tensors with values in {@code [-2, bound + 2)}: some clamp (gather) or skip (scatter). */
    private static TensorRead indices(long[] shape, Layout layout, long seed, int bound) {
        TensorRead t = Operands.random(seed % 2 == 0 ? DType.I32 : DType.I64, shape, layout, seed);
        Operands.mapIntegerStorage(t, v -> Math.floorMod(v, bound + 4) - 2);
        return t;
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void gatherMatchesTheSpecificationForEveryLayout(DType dtype) {
        long seed = 41L * dtype.ordinal();
        for (Case c : gathers()) {
            for (int k = 0; k < LAYOUTS.length; k++) {
                TensorRead operand = Operands.random(dtype, c.operand, LAYOUTS[k], seed++);
                TensorRead idx = indices(c.indices, LAYOUTS[(k + 2) % LAYOUTS.length], seed++, 6);
                long[] shape = IndexingShapes.gatherShape(operand, idx, c.gather);
                TensorWrite out = Operands.random(dtype, shape, Operands.OUTPUT_LAYOUTS[k % 4], seed++);
                IndexingKernels.gatherInto(ctx, operand, idx, c.gather, out);
                Operands.forEachIndex(shape, r -> Reference.assertMatches(dtype, Reference.read(out, r),
                        Reference.read(operand, IndexingReference.gatherSource(operand, idx, c.gather, r)), 0,
                        c.name + " " + dtype + " at " + Reference.at(r)));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void scatterMatchesTheSpecificationForEveryModeAndLayout(DType dtype) {
        long seed = 43L * dtype.ordinal();
        for (ScatterMode mode : ScatterMode.values()) {
            if (!OpTable.accepts(mode, dtype)) {
                continue;
            }
            for (Case c : scatters()) {
                ScatterConfig config = c.scatter.mode(mode).build();
                for (int k = 0; k < LAYOUTS.length; k++) {
                    TensorRead operand = Operands.random(dtype, c.operand, LAYOUTS[(k + 1) % LAYOUTS.length], seed++);
                    TensorRead idx = indices(c.indices, LAYOUTS[k], seed++, 6);
                    TensorRead updates = Operands.random(dtype, c.updates, LAYOUTS[(k + 3) % LAYOUTS.length], seed++);
                    boolean inPlace = k % 2 == 1;
                    TensorWrite out = inPlace ? Operands.random(dtype, c.operand, Operands.OUTPUT_LAYOUTS[k % 4], seed)
                            : Operands.random(dtype, c.operand, Operands.OUTPUT_LAYOUTS[k % 4], seed++);
                    TensorRead source = inPlace ? out.copy() : operand;
                    Map<String, Value> changed = IndexingReference.scatter(source, idx, updates, config);
                    IndexingKernels.scatterInto(ctx, inPlace ? out : operand, idx, updates, config, out);
                    String where = c.name + " " + mode + " " + dtype + (inPlace ? " in place" : "");
                    Operands.forEachIndex(c.operand, i -> {
                        Value want = changed.getOrDefault(Reference.at(i), Reference.read(source, i));
                        Reference.assertMatches(dtype, Reference.read(out, i), want, Reference.tolerance(dtype),
                                where + " at " + Reference.at(i));
                    });
                }
            }
        }
    }

    @Test
    void replaceScatterLetsTheLastDuplicateWinAndAddAccumulatesThem() {
        Tensor operand = Tensor.zeros(DType.F64, 3);
        Tensor idx = Tensor.of(new int[] {1, 1, 2, 7}, 4);
        Tensor updates = Tensor.of(new double[] {10, 20, 30, 40}, 4);
        ScatterConfig.Builder b = ScatterConfig.builder().insertedWindowDims(0).scatterDimsToOperandDims(0)
                .indexVectorDim(1);
        Tensor out = Tensor.zeros(DType.F64, 3);
        IndexingKernels.scatterInto(ctx, operand, idx, updates, b.build(), out);
        assertThat(out.f64Data()).containsExactly(0, 20, 30);
        IndexingKernels.scatterInto(ctx, out, idx, updates, b.mode(ScatterMode.ADD).build(), out);
        assertThat(out.f64Data()).containsExactly(0, 50, 60);
    }

    @Test
    void gatherClampsStartsSoTheSliceStaysInside() {
        Tensor operand = Tensor.of(new int[] {0, 1, 2, 3, 4, 5}, 6);
        Tensor idx = Tensor.of(new long[] {-5, 4, 99}, 3);
        GatherConfig c = GatherConfig.builder().offsetDims(1).startIndexMap(0).indexVectorDim(1).sliceSizes(3).build();
        Tensor out = Tensor.zeros(DType.I32, 3, 3);
        IndexingKernels.gatherInto(ctx, operand, idx, c, out);
        assertThat(out.toRowMajorArray()).isEqualTo(new int[] {0, 1, 2, 3, 4, 5, 3, 4, 5});
    }

    @Test
    void unsupportedScatterModesNameOpAndDtype() {
        Tensor operand = Tensor.zeros(DType.C128, 3);
        Tensor idx = Tensor.of(new int[] {1}, 1);
        Tensor updates = Tensor.zeros(DType.C128, 1);
        for (ScatterMode mode : new ScatterMode[] {ScatterMode.MAX, ScatterMode.MIN}) {
            ScatterConfig c = ScatterConfig.builder().insertedWindowDims(0).scatterDimsToOperandDims(0)
                    .indexVectorDim(1).mode(mode).build();
            ElementwiseKernelsTest.assertUnsupported(() -> IndexingKernels.scatterInto(ctx, operand, idx, updates, c,
                    operand), "scatter", DType.C128);
            assertThatThrownBy(() -> IndexingKernels.scatterInto(ctx, operand, idx, updates, c, operand))
                    .hasMessageContaining("scatter mode " + mode + " is defined for I32, I64, F32, F64, F16, BF16, I8, U8"
                            + " (OpTable)");
        }
        Tensor bools = Tensor.zeros(DType.BOOL, 3);
        ScatterConfig sub = ScatterConfig.builder().insertedWindowDims(0).scatterDimsToOperandDims(0)
                .indexVectorDim(1).mode(ScatterMode.MAX).build();
        ElementwiseKernelsTest.assertUnsupported(() -> IndexingKernels.scatterInto(ctx, bools, idx,
                Tensor.zeros(DType.BOOL, 1), sub, bools), "scatter", DType.BOOL);
    }

    @Test
    void gatherRejectsBadOperandsBeforeWriting() {
        Tensor operand = Tensor.random(DType.F64, 1, 5, 4);
        Tensor idx = Tensor.of(new int[] {1, 2, 3}, 3);
        GatherConfig rows = gathers().get(0).gather;
        Tensor out = Tensor.random(DType.F64, 2, 3, 4);
        Operands.assertRejected(() -> IndexingKernels.gatherInto(ctx, operand, Tensor.zeros(DType.F32, 3), rows, out), out,
                ValidationKind.DTYPE_MISMATCH, "startIndices");
        Tensor wrongShape = Tensor.random(DType.F64, 3, 4, 3);
        Operands.assertRejected(() -> IndexingKernels.gatherInto(ctx, operand, idx, rows, wrongShape), wrongShape,
                ValidationKind.SHAPE_MISMATCH, "out");
        Tensor wrongType = Tensor.random(DType.F32, 3, 3, 4);
        Operands.assertRejected(() -> IndexingKernels.gatherInto(ctx, operand, idx, rows, wrongType), wrongType,
                ValidationKind.DTYPE_MISMATCH, "out");
        GatherConfig tooWide = GatherConfig.builder().offsetDims(1).collapsedSliceDims(0).startIndexMap(0)
                .indexVectorDim(1).sliceSizes(1, 5).build();
        Operands.assertRejected(() -> IndexingKernels.gatherInto(ctx, operand, idx, tooWide, out), out,
                ValidationKind.INVALID_ARGUMENT, "sliceSizes");
        Tensor big = Tensor.random(DType.F64, 4, 40);
        TensorWrite overlapping = big.slice(0, 0, 12, 1).reshape(3, 4);
        Operands.assertRejected(() -> IndexingKernels.gatherInto(ctx, big.reshape(5, 8).slice(1, 0, 4, 1), idx, rows,
                overlapping), big, ValidationKind.INVALID_ARGUMENT, "out");
    }

    @Test
    void scatterRejectsBadOperandsBeforeWriting() {
        Tensor operand = Tensor.random(DType.F64, 1, 5, 4);
        Tensor idx = Tensor.of(new int[] {1, 2, 3}, 3);
        ScatterConfig rows = ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0)
                .scatterDimsToOperandDims(0).indexVectorDim(1).build();
        Tensor updates = Tensor.random(DType.F64, 2, 3, 4);
        Tensor out = Tensor.random(DType.F64, 3, 5, 4);
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, operand, idx, Tensor.zeros(DType.F64, 3, 4, 1), rows,
                out), out, ValidationKind.RANK_MISMATCH, "updates");
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, operand, idx, Tensor.zeros(DType.F64, 2, 4), rows,
                out), out, ValidationKind.SHAPE_MISMATCH, "updates");
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, operand, idx, Tensor.zeros(DType.F64, 3, 5), rows,
                out), out, ValidationKind.INVALID_ARGUMENT, "updates");
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, operand, idx, Tensor.zeros(DType.F32, 3, 4), rows,
                out), out, ValidationKind.DTYPE_MISMATCH, "updates");
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, operand, Tensor.zeros(DType.BOOL, 3), updates, rows,
                out), out, ValidationKind.DTYPE_MISMATCH, "scatterIndices");
        ScatterConfig noWindow = ScatterConfig.builder().insertedWindowDims(0).scatterDimsToOperandDims(0)
                .indexVectorDim(1).build();
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, operand, idx, updates, noWindow, out), out,
                ValidationKind.INVALID_ARGUMENT, "updateWindowDims");
        ScatterConfig farAxis = ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0)
                .scatterDimsToOperandDims(2).indexVectorDim(1).build();
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, operand, idx, updates, farAxis, out), out,
                ValidationKind.AXIS_OUT_OF_BOUNDS, "scatterDimsToOperandDims");
        Tensor wrongShape = Tensor.random(DType.F64, 4, 4, 5);
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, operand, idx, updates, rows, wrongShape), wrongShape,
                ValidationKind.SHAPE_MISMATCH, "out");
        Tensor square = Tensor.random(DType.F64, 5, 3, 4);
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, square, idx, updates, rows, updates), updates,
                ValidationKind.INVALID_ARGUMENT, "out");
        Tensor big = Tensor.random(DType.F64, 6, 21);
        TensorRead inBig = big.slice(0, 0, 20, 1).reshape(5, 4);
        TensorWrite shifted = big.slice(0, 1, 21, 1).reshape(5, 4);
        Operands.assertRejected(() -> IndexingKernels.scatterInto(ctx, inBig, idx, updates, rows, shifted), big,
                ValidationKind.INVALID_ARGUMENT, "out");
    }
}
