package org.ferrite.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

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
import org.ferrite.api.testsupport.GatherExamples;
import org.junit.jupiter.api.Test;

class IndexingShapesTest {

    private static Tensor f64(long... shape) {
        return Tensor.zeros(DType.F64, shape);
    }

    private static Tensor i64(long... shape) {
        return Tensor.zeros(DType.I64, shape);
    }

    // ------------------------------------------------------------------ gather

    @Test
    void gatherShapeMatchesTheStableHloSpecExamples() {
        assertThat(IndexingShapes.gatherShape(f64(3, 4, 2), i64(2, 3, 2), GatherExamples.specExample()))
                .containsExactly(2, 3, 2, 2);
        assertThat(IndexingShapes.gatherShape(f64(2, 3, 4, 2), i64(2, 2, 3, 2), GatherExamples.specBatchingExample()))
                .containsExactly(2, 2, 3, 2, 2);
    }

    @Test
    void gatherWithAnImplicitTrailingIndexVectorDim() {
        GatherConfig take = GatherConfig.builder().collapsedSliceDims(0).startIndexMap(0).indexVectorDim(1)
                .sliceSizes(1).build();
        assertThat(IndexingShapes.gatherShape(f64(5), Tensor.zeros(DType.I32, 3), take)).containsExactly(3);
        GatherConfig rows = GatherConfig.builder().offsetDims(0).collapsedSliceDims(0).startIndexMap(0)
                .indexVectorDim(1).sliceSizes(1, 3).build();
        // offset axis first, then the batch axis
        assertThat(IndexingShapes.gatherShape(f64(4, 6), i64(2), rows)).containsExactly(3, 2);
        GatherConfig scalar = GatherConfig.builder().offsetDims(0).startIndexMap(0).indexVectorDim(0).sliceSizes(2)
                .build();
        assertThat(IndexingShapes.gatherShape(f64(4), i64(), scalar)).containsExactly(2);
    }

    @Test
    void gatherAcceptsAnExtentZeroBatchingAxisWithSliceSizeZero() {
        GatherConfig c = GatherConfig.builder().collapsedSliceDims(1).operandBatchingDims(0)
                .startIndicesBatchingDims(0).startIndexMap(1).indexVectorDim(1).sliceSizes(0, 1).build();
        assertThat(IndexingShapes.gatherShape(f64(0, 4), i64(0), c)).containsExactly(0);
    }

    @Test
    void gatherRejectsEachViolatedConstraintNamingItsArgument() {
        Tensor operand = f64(3, 4, 2);
        Tensor idx = i64(2, 3, 2);
        expectValidation(() -> IndexingShapes.gatherShape(operand, f64(2, 3, 2), GatherExamples.specExample()),
                ValidationKind.DTYPE_MISMATCH, "gather", "startIndices");
        expectValidation(() -> IndexingShapes.gatherShape(f64(3, 4), idx, GatherExamples.specExample()),
                ValidationKind.INVALID_ARGUMENT, "gather", "sliceSizes");
        expectValidation(() -> IndexingShapes.gatherShape(operand, idx, GatherExamples.specBuilder()
                .indexVectorDim(4).build()), ValidationKind.AXIS_OUT_OF_BOUNDS, "gather", "indexVectorDim");
        expectValidation(() -> IndexingShapes.gatherShape(operand, i64(2, 3, 3), GatherExamples.specExample()),
                ValidationKind.INVALID_ARGUMENT, "gather", "startIndexMap");
        expectValidation(() -> IndexingShapes.gatherShape(operand, idx, GatherExamples.specBuilder()
                .startIndexMap(1, 3).build()), ValidationKind.AXIS_OUT_OF_BOUNDS, "gather", "startIndexMap");
        expectValidation(() -> IndexingShapes.gatherShape(operand, idx, GatherExamples.specBuilder()
                .collapsedSliceDims(3).build()), ValidationKind.AXIS_OUT_OF_BOUNDS, "gather", "collapsedSliceDims");
        ValidationException big = expectValidation(() -> IndexingShapes.gatherShape(operand, idx,
                GatherExamples.specBuilder().collapsedSliceDims(1).offsetDims(2, 3).sliceSizes(1, 2, 2).build()),
                ValidationKind.INVALID_ARGUMENT, "gather", "sliceSizes");
        assertThat(big.axis()).isEqualTo(1);
        ValidationException tooLarge = expectValidation(() -> IndexingShapes.gatherShape(operand, idx,
                GatherExamples.specBuilder().sliceSizes(1, 5, 2).build()), ValidationKind.INVALID_ARGUMENT, "gather",
                "sliceSizes");
        assertThat(tooLarge.axis()).isEqualTo(1);
        expectValidation(() -> IndexingShapes.gatherShape(operand, idx, GatherExamples.specBuilder()
                .offsetDims(2).build()), ValidationKind.INVALID_ARGUMENT, "gather", "offsetDims");
        expectValidation(() -> IndexingShapes.gatherShape(operand, idx, GatherExamples.specBuilder()
                .offsetDims(2, 4).build()), ValidationKind.AXIS_OUT_OF_BOUNDS, "gather", "offsetDims");
    }

    @Test
    void gatherRejectsBadBatchingDims() {
        GatherConfig c = GatherExamples.specBatchingExample();
        Tensor operand = f64(2, 3, 4, 2);
        ValidationException e = expectValidation(() -> IndexingShapes.gatherShape(operand, i64(2, 3, 3, 2), c),
                ValidationKind.SHAPE_MISMATCH, "gather", "startIndices");
        assertThat(e.axis()).isEqualTo(1);
        expectValidation(() -> IndexingShapes.gatherShape(operand, i64(2, 2, 3, 2), GatherExamples.batchingBuilder()
                .sliceSizes(2, 1, 2, 2).build()), ValidationKind.INVALID_ARGUMENT, "gather", "sliceSizes");
        expectValidation(() -> IndexingShapes.gatherShape(operand, i64(2, 2), GatherExamples.batchingBuilder()
                .startIndicesBatchingDims(3).indexVectorDim(1).build()), ValidationKind.AXIS_OUT_OF_BOUNDS, "gather",
                "startIndicesBatchingDims");
    }

    @Test
    void gatherConfigRejectsRankIndependentErrorsAtConstruction() {
        expectValidation(() -> GatherConfig.builder().offsetDims(1, 1).build(), ValidationKind.INVALID_ARGUMENT,
                "GatherConfig", "offsetDims");
        expectValidation(() -> GatherConfig.builder().offsetDims(2, 1).build(), ValidationKind.INVALID_ARGUMENT,
                "GatherConfig", "offsetDims");
        expectValidation(() -> GatherConfig.builder().collapsedSliceDims(2, 0).build(),
                ValidationKind.INVALID_ARGUMENT, "GatherConfig", "collapsedSliceDims");
        expectValidation(() -> GatherConfig.builder().operandBatchingDims(1, 0).startIndicesBatchingDims(0, 1)
                .build(), ValidationKind.INVALID_ARGUMENT, "GatherConfig", "operandBatchingDims");
        expectValidation(() -> GatherConfig.builder().collapsedSliceDims(0).operandBatchingDims(0)
                .startIndicesBatchingDims(0).indexVectorDim(1).build(), ValidationKind.INVALID_ARGUMENT,
                "GatherConfig", "operandBatchingDims");
        expectValidation(() -> GatherConfig.builder().startIndexMap(0).operandBatchingDims(0)
                .startIndicesBatchingDims(0).indexVectorDim(1).build(), ValidationKind.INVALID_ARGUMENT,
                "GatherConfig", "operandBatchingDims");
        expectValidation(() -> GatherConfig.builder().operandBatchingDims(0).build(), ValidationKind.INVALID_ARGUMENT,
                "GatherConfig", "startIndicesBatchingDims");
        expectValidation(() -> GatherConfig.builder().startIndexMap(-1).build(), ValidationKind.INVALID_ARGUMENT,
                "GatherConfig", "startIndexMap");
        expectValidation(() -> GatherConfig.builder().indexVectorDim(-1).build(), ValidationKind.INVALID_ARGUMENT,
                "GatherConfig", "indexVectorDim");
        expectValidation(() -> GatherConfig.builder().operandBatchingDims(0).startIndicesBatchingDims(0).build(),
                ValidationKind.INVALID_ARGUMENT, "GatherConfig", "startIndicesBatchingDims");
        expectValidation(() -> GatherConfig.builder().sliceSizes(1, -1).build(), ValidationKind.INVALID_ARGUMENT,
                "GatherConfig", "sliceSizes");
    }

    @Test
    void gatherConfigIsAValueWithDefensiveCopies() {
        long[] sizes = {1, 2, 2};
        GatherConfig.Builder b = GatherConfig.builder().offsetDims(2, 3).collapsedSliceDims(0).startIndexMap(1, 0)
                .indexVectorDim(2).sliceSizes(sizes);
        GatherConfig c = b.build();
        sizes[0] = 9;
        assertThat(c.sliceSizes()).containsExactly(1, 2, 2);
        c.sliceSizes()[0] = 9;
        assertThat(c.sliceSizes()).containsExactly(1, 2, 2);
        assertThat(c).isEqualTo(GatherExamples.specExample()).hasSameHashCodeAs(GatherExamples.specExample());
        assertThat(c).isNotEqualTo(b.indicesAreSorted(true).build());
        assertThat(b.build().indicesAreSorted()).isTrue();
        assertThat(c.offsetDims()).containsExactly(2, 3);
        assertThat(c.collapsedSliceDims()).containsExactly(0);
        assertThat(c.startIndexMap()).containsExactly(1, 0);
        assertThat(c.operandBatchingDims()).isEmpty();
        assertThat(c.startIndicesBatchingDims()).isEmpty();
        assertThat(c.indexVectorDim()).isEqualTo(2);
        assertThat(c.toString()).contains("offsetDims=[2, 3]").contains("sliceSizes=[1, 2, 2]");
    }

    // ------------------------------------------------------------------ scatter config

    @Test
    void scatterConfigDefaultsAndValidation() {
        ScatterConfig c = ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0)
                .scatterDimsToOperandDims(0).indexVectorDim(1).build();
        assertThat(c.mode()).isEqualTo(ScatterMode.REPLACE);
        assertThat(c.updateWindowDims()).containsExactly(1);
        assertThat(c.insertedWindowDims()).containsExactly(0);
        assertThat(c.scatterDimsToOperandDims()).containsExactly(0);
        assertThat(c.inputBatchingDims()).isEmpty();
        assertThat(c.scatterIndicesBatchingDims()).isEmpty();
        assertThat(c.indicesAreSorted()).isFalse();
        assertThat(c.uniqueIndices()).isFalse();
        ScatterConfig same = ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0)
                .scatterDimsToOperandDims(0).indexVectorDim(1).build();
        assertThat(c).isEqualTo(same).hasSameHashCodeAs(same);
        assertThat(c).isNotEqualTo(ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0)
                .scatterDimsToOperandDims(0).indexVectorDim(1).mode(ScatterMode.ADD).build());
        assertThat(c.toString()).contains("mode=REPLACE");
        expectValidation(() -> ScatterConfig.builder().updateWindowDims(0, 0).build(), ValidationKind.INVALID_ARGUMENT,
                "ScatterConfig", "updateWindowDims");
        expectValidation(() -> ScatterConfig.builder().updateWindowDims(2, 1).build(), ValidationKind.INVALID_ARGUMENT,
                "ScatterConfig", "updateWindowDims");
        expectValidation(() -> ScatterConfig.builder().insertedWindowDims(1, 0).build(),
                ValidationKind.INVALID_ARGUMENT, "ScatterConfig", "insertedWindowDims");
        expectValidation(() -> ScatterConfig.builder().inputBatchingDims(1, 0).scatterIndicesBatchingDims(0, 1)
                .build(), ValidationKind.INVALID_ARGUMENT, "ScatterConfig", "inputBatchingDims");
        expectValidation(() -> ScatterConfig.builder().insertedWindowDims(0).inputBatchingDims(0)
                .scatterIndicesBatchingDims(0).indexVectorDim(1).build(), ValidationKind.INVALID_ARGUMENT,
                "ScatterConfig", "inputBatchingDims");
        expectValidation(() -> ScatterConfig.builder().scatterDimsToOperandDims(0).inputBatchingDims(0)
                .scatterIndicesBatchingDims(0).indexVectorDim(1).build(), ValidationKind.INVALID_ARGUMENT,
                "ScatterConfig", "inputBatchingDims");
        expectValidation(() -> ScatterConfig.builder().inputBatchingDims(0).build(), ValidationKind.INVALID_ARGUMENT,
                "ScatterConfig", "scatterIndicesBatchingDims");
        expectValidation(() -> ScatterConfig.builder().inputBatchingDims(0).scatterIndicesBatchingDims(0).build(),
                ValidationKind.INVALID_ARGUMENT, "ScatterConfig", "scatterIndicesBatchingDims");
        expectValidation(() -> ScatterConfig.builder().indexVectorDim(-1).build(), ValidationKind.INVALID_ARGUMENT,
                "ScatterConfig", "indexVectorDim");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ScatterConfig.builder().mode(null).build())
                .isInstanceOf(NullPointerException.class);
    }

    // ------------------------------------------------------------------ slice

    @Test
    void sliceConfigValidatesAtConstructionAndComputesExtents() {
        SliceConfig c = SliceConfig.of(new long[] {1, 0}, new long[] {8, 3}, new long[] {3, 1});
        assertThat(c.rank()).isEqualTo(2);
        assertThat(c.resultExtent(0)).isEqualTo(3);
        assertThat(c.resultExtent(1)).isEqualTo(3);
        assertThat(c.start(0)).isEqualTo(1);
        assertThat(c.limit(0)).isEqualTo(8);
        assertThat(c.stride(0)).isEqualTo(3);
        assertThat(SliceConfig.of(new long[] {2}, new long[] {2}).resultExtent(0)).isZero();
        assertThat(SliceConfig.of(new long[] {1}, new long[] {5}, new long[] {Integer.MAX_VALUE}).resultExtent(0))
                .isEqualTo(1);
        assertThat(c).isEqualTo(SliceConfig.of(new long[] {1, 0}, new long[] {8, 3}, new long[] {3, 1}))
                .hasSameHashCodeAs(SliceConfig.of(new long[] {1, 0}, new long[] {8, 3}, new long[] {3, 1}));
        assertThat(c).isNotEqualTo(SliceConfig.of(new long[] {1, 0}, new long[] {8, 3}));
        assertThat(c.toString()).isEqualTo("SliceConfig[starts=[1, 0], limits=[8, 3], strides=[3, 1]]");
        expectValidation(() -> SliceConfig.of(new long[] {0}, new long[] {1, 2}), ValidationKind.INVALID_ARGUMENT,
                "SliceConfig", "limits");
        expectValidation(() -> SliceConfig.of(new long[] {0}, new long[] {1}, new long[0]),
                ValidationKind.INVALID_ARGUMENT, "SliceConfig", "strides");
        assertThat(expectValidation(() -> SliceConfig.of(new long[] {0, -1}, new long[] {1, 1}),
                ValidationKind.INVALID_ARGUMENT, "SliceConfig", "starts/limits").axis()).isEqualTo(1);
        expectValidation(() -> SliceConfig.of(new long[] {3}, new long[] {2}), ValidationKind.INVALID_ARGUMENT,
                "SliceConfig", "starts/limits");
        expectValidation(() -> SliceConfig.of(new long[] {0}, new long[] {2}, new long[] {0}),
                ValidationKind.INVALID_ARGUMENT, "SliceConfig", "strides");
    }

    @Test
    void sliceViewSelectsTheStridedWindowAndChecksLimitsAgainstTheOperand() {
        Tensor t = Tensor.arange(DType.F64, 20).reshape(4, 5).copy();
        TensorView v = IndexingShapes.sliceView(t, SliceConfig.of(new long[] {1, 0}, new long[] {4, 5},
                new long[] {2, 2}));
        assertThat(v.shape()).containsExactly(2, 3);
        assertThat(v.getDouble(1, 2)).isEqualTo(t.getDouble(3, 4));
        assertThat(v.storage()).isSameAs(t.storage());
        expectValidation(() -> IndexingShapes.sliceView(t, SliceConfig.of(new long[] {0}, new long[] {1})),
                ValidationKind.RANK_MISMATCH, "slice", "config");
        ValidationException e = expectValidation(() -> IndexingShapes.sliceView(t, SliceConfig.of(new long[] {0, 0},
                new long[] {4, 6})), ValidationKind.INVALID_ARGUMENT, "slice", "limits");
        assertThat(e.axis()).isEqualTo(1);
    }

    @Test
    void dynamicSliceViewClampsStartsSoTheWindowFits() {
        Tensor t = Tensor.arange(DType.F64, 20).reshape(4, 5).copy();
        TensorView v = IndexingShapes.dynamicSliceView("dynamicSlice", t, new long[] {3, -7}, new long[] {2, 3});
        assertThat(v.shape()).containsExactly(2, 3);
        assertThat(v.getDouble(0, 0)).isEqualTo(t.getDouble(2, 0));
        assertThat(IndexingShapes.dynamicSliceView("dynamicSlice", t, new long[] {Integer.MAX_VALUE, 1},
                new long[] {0, 4}).shape()).containsExactly(0, 4);
        TensorView end = IndexingShapes.dynamicSliceView("dynamicSlice", t, new long[] {Integer.MAX_VALUE, 1},
                new long[] {1, 4});
        assertThat(end.getDouble(0, 0)).isEqualTo(t.getDouble(3, 1));
        expectValidation(() -> IndexingShapes.dynamicSliceView("dynamicSlice", t, new long[] {0}, new long[] {1, 1}),
                ValidationKind.RANK_MISMATCH, "dynamicSlice", "starts");
        expectValidation(() -> IndexingShapes.dynamicSliceView("dynamicSlice", t, new long[] {0, 0}, new long[] {1}),
                ValidationKind.RANK_MISMATCH, "dynamicSlice", "sizes");
        assertThat(expectValidation(() -> IndexingShapes.dynamicSliceView("dynamicSlice", t, new long[] {0, 0},
                new long[] {1, 6}), ValidationKind.INVALID_ARGUMENT, "dynamicSlice", "sizes").axis()).isEqualTo(1);
        expectValidation(() -> IndexingShapes.dynamicSliceView("dynamicSlice", t, new long[] {0, 0},
                new long[] {-1, 1}), ValidationKind.INVALID_ARGUMENT, "dynamicSlice", "sizes");
    }

    // ------------------------------------------------------------------ pad

    @Test
    void padConfigValidatesAndComputesExtents() {
        PadConfig c = PadConfig.of(new long[] {0, 1}, new long[] {2, 1}, new long[] {1, 2});
        assertThat(c.rank()).isEqualTo(2);
        assertThat(c.resultExtent(0, 2)).isEqualTo(5);
        assertThat(c.resultExtent(1, 3)).isEqualTo(9);
        assertThat(c.resultExtent(1, 0)).isEqualTo(2);
        assertThat(c.low(1)).isEqualTo(1);
        assertThat(c.high(0)).isEqualTo(2);
        assertThat(c.interior(1)).isEqualTo(2);
        assertThat(PadConfig.edges(new long[] {-1}, new long[] {2}).interior(0)).isZero();
        assertThat(c).isEqualTo(PadConfig.of(new long[] {0, 1}, new long[] {2, 1}, new long[] {1, 2}))
                .hasSameHashCodeAs(PadConfig.of(new long[] {0, 1}, new long[] {2, 1}, new long[] {1, 2}));
        assertThat(c).isNotEqualTo(PadConfig.edges(new long[] {0, 1}, new long[] {2, 1}));
        assertThat(c.toString()).isEqualTo("PadConfig[low=[0, 1], high=[2, 1], interior=[1, 2]]");
        expectValidation(() -> PadConfig.of(new long[] {0}, new long[] {0, 0}, new long[] {0}),
                ValidationKind.INVALID_ARGUMENT, "PadConfig", "high");
        assertThat(expectValidation(() -> PadConfig.of(new long[] {0, 0}, new long[] {0, 0}, new long[] {0, -1}),
                ValidationKind.INVALID_ARGUMENT, "PadConfig", "interior").axis()).isEqualTo(1);
    }

    @Test
    void padShapeMatchesTheStableHloSpecExampleAndRejectsNegativeExtents() {
        PadConfig c = PadConfig.of(new long[] {0, 1}, new long[] {2, 1}, new long[] {1, 2});
        assertThat(IndexingShapes.padShape(f64(2, 3), c)).containsExactly(5, 9);
        expectValidation(() -> IndexingShapes.padShape(f64(2), c), ValidationKind.RANK_MISMATCH, "pad", "config");
        ValidationException e = expectValidation(() -> IndexingShapes.padShape(f64(3),
                PadConfig.edges(new long[] {-2}, new long[] {-2})), ValidationKind.INVALID_ARGUMENT, "pad", "config");
        assertThat(e.axis()).isZero();
        assertThat(e.actual()).isEqualTo("-1");
        assertThat(IndexingShapes.padShape(f64(3), PadConfig.edges(new long[] {-2}, new long[] {-1})))
                .containsExactly(0);
    }

    @Test
    void padPlacementPutsSourceElementsAtLowPlusIndexTimesInteriorPlusOne() {
        Tensor operand = f64(2, 3);
        PadConfig c = PadConfig.of(new long[] {0, 1}, new long[] {2, 1}, new long[] {1, 2});
        Tensor out = f64(5, 9);
        TensorView[] p = IndexingShapes.padPlacement(operand, c, out);
        assertThat(p[0].shape()).containsExactly(2, 3);
        assertThat(p[1].shape()).containsExactly(2, 3);
        assertThat(p[1].elementOffset(1, 2)).isEqualTo(out.elementOffset(2, 7));
        assertThat(p[1].elementOffset(0, 0)).isEqualTo(out.elementOffset(0, 1));
    }

    @Test
    void padPlacementCutsElementsWithNegativeEdgePadding() {
        Tensor operand = Tensor.arange(DType.F64, 4);
        // interior 1, low -1: positions -1, 1, 3, 5 in an extent-6 result; element 0 is cut
        PadConfig lowCut = PadConfig.of(new long[] {-1}, new long[] {0}, new long[] {1});
        TensorView[] p = IndexingShapes.padPlacement(operand, lowCut, f64(6));
        assertThat(TensorViewValues.of(p[0])).containsExactly(1, 2, 3);
        assertThat(p[1].offset()).isEqualTo(1);
        assertThat(p[1].strides()).containsExactly(2);
        // interior 1, high -2: positions 0, 2, 4, 6 in an extent-5 result; element 3 is cut
        PadConfig highCut = PadConfig.of(new long[] {0}, new long[] {-2}, new long[] {1});
        assertThat(IndexingShapes.padShape(operand, highCut)).containsExactly(5);
        p = IndexingShapes.padPlacement(operand, highCut, f64(5));
        assertThat(TensorViewValues.of(p[0])).containsExactly(0, 1, 2);
        assertThat(p[1].shape()).containsExactly(3);
        // everything cut
        assertThat(IndexingShapes.padPlacement(Tensor.arange(DType.F64, 3),
                PadConfig.edges(new long[] {-3}, new long[] {1}), f64(1))).isNull();
        assertThat(IndexingShapes.padPlacement(f64(0, 2), PadConfig.edges(new long[] {1, 0}, new long[] {1, 0}),
                f64(2, 2))).isNull();
    }

    // ------------------------------------------------------------------ concatenate

    @Test
    void concatenateShapeSumsTheJoinedAxis() {
        assertThat(IndexingShapes.concatenateShape(1, f64(2, 3), f64(2, 0), f64(2, 4))).containsExactly(2, 7);
        assertThat(IndexingShapes.concatenateShape(0, f64(1))).containsExactly(1);
        expectValidation(() -> IndexingShapes.concatenateShape(0), ValidationKind.INVALID_ARGUMENT, "concatenate",
                "inputs");
        expectValidation(() -> IndexingShapes.concatenateShape(2, f64(2, 3)), ValidationKind.AXIS_OUT_OF_BOUNDS,
                "concatenate", "axis");
        expectValidation(() -> IndexingShapes.concatenateShape(0, f64()), ValidationKind.AXIS_OUT_OF_BOUNDS,
                "concatenate", "axis");
        expectValidation(() -> IndexingShapes.concatenateShape(0, f64(2), Tensor.zeros(DType.F32, 2)),
                ValidationKind.DTYPE_MISMATCH, "concatenate", "inputs[1]");
        expectValidation(() -> IndexingShapes.concatenateShape(0, f64(2), f64(2, 1)), ValidationKind.RANK_MISMATCH,
                "concatenate", "inputs[1]");
        ValidationException e = expectValidation(() -> IndexingShapes.concatenateShape(0, f64(2, 3), f64(1, 3),
                f64(2, 4)), ValidationKind.SHAPE_MISMATCH, "concatenate", "inputs[2]");
        assertThat(e.axis()).isEqualTo(1);
    }

    /** Reads a rank-1 view's values. */
    static final class TensorViewValues {
        static double[] of(TensorView v) {
            double[] out = new double[(int) v.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = v.getDouble(i);
            }
            return out;
        }
    }
}
