package org.ferrite.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;
import org.junit.jupiter.api.Test;

class DotGeneralShapesTest {
    private static final int[] NONE = {};

    private static final Placement HOST = Placement.HOST;

    /** The whole check of a {@code dotGeneralInto} on the host: both halves, with OVERWRITE. */
    private static void checkInto(TensorRead lhs, TensorRead rhs, DotGeneralConfig c, TensorWrite out) {
        DotGeneralShapes.checkAccumulate(HOST, lhs, rhs, c, Accumulation.OVERWRITE, out);
    }

    private static Tensor t(DType d, long... shape) {
        return Tensor.zeros(d, shape);
    }

    private static Tensor f64(long... shape) {
        return Tensor.zeros(DType.F64, shape);
    }

    @Test
    void outputAxesAreLhsFreeThenRhsFreeThenBatch() {
        // lhs [b=2, m=3, k=4], rhs [k=4, b=2, n=5]: batch trailing
        DotGeneralConfig c = DotGeneralConfig.of(new int[] {2}, new int[] {0}, new int[] {0}, new int[] {1});
        Tensor lhs = f64(2, 3, 4);
        Tensor rhs = f64(4, 2, 5);
        DotGeneralShapes.checkOperands(lhs, rhs, c);
        assertThat(DotGeneralShapes.outputShape(lhs, rhs, c)).containsExactly(3, 5, 2);
    }

    @Test
    void freeAxesKeepOperandOrderAndBatchAxesFollowTheBatchLists() {
        DotGeneralConfig c = DotGeneralConfig.of(new int[] {1}, new int[] {2}, new int[] {3, 0}, new int[] {0, 3});
        Tensor lhs = f64(7, 4, 5, 6, 8); // free: 5 (axis 2), 8 (axis 4)
        Tensor rhs = f64(6, 9, 4, 7);    // free: 9 (axis 1)
        assertThat(DotGeneralShapes.outputShape(lhs, rhs, c)).containsExactly(5, 8, 9, 6, 7);
        assertThat(DotGeneralShapes.isFree(2, c, true)).isTrue();
        assertThat(DotGeneralShapes.isFree(1, c, true)).isFalse();
        assertThat(DotGeneralShapes.isFree(3, c, true)).isFalse();
        assertThat(DotGeneralShapes.isFree(2, c, false)).isFalse();
        assertThat(DotGeneralShapes.isFree(1, c, false)).isTrue();
    }

    @Test
    void matmulAndMatrixVectorShapes() {
        assertThat(DotGeneralShapes.outputShape(f64(2, 3), f64(3, 4), DotGeneralConfig.MATMUL)).containsExactly(2, 4);
        assertThat(DotGeneralShapes.outputShape(f64(2, 3), f64(3), DotGeneralConfig.MATMUL)).containsExactly(2);
    }

    @Test
    void rankZeroOperandsGiveAnOuterProductShape() {
        DotGeneralConfig none = DotGeneralConfig.contracting(NONE, NONE);
        DotGeneralShapes.checkOperands(f64(), f64(), none);
        assertThat(DotGeneralShapes.outputShape(f64(), f64(), none)).isEmpty();
        assertThat(DotGeneralShapes.outputShape(f64(), f64(3), none)).containsExactly(3);
        assertThat(DotGeneralShapes.outputShape(f64(2), f64(3), none)).containsExactly(2, 3);
        DotGeneralConfig inner = DotGeneralConfig.contracting(new int[] {0}, new int[] {0});
        assertThat(DotGeneralShapes.outputShape(f64(3), f64(3), inner)).isEmpty();
        checkInto(f64(3), f64(3), inner, f64());
    }

    @Test
    void axisOutOfBoundsIsReportedWhenTheConfigIsUsed() {
        DotGeneralConfig c = DotGeneralConfig.contracting(new int[] {2}, new int[] {0});
        ValidationException e = expectValidation(() -> DotGeneralShapes.checkOperands(f64(2, 3), f64(3, 4), c),
                ValidationKind.AXIS_OUT_OF_BOUNDS, "dotGeneral", "lhsContracting");
        assertThat(e.axis()).isEqualTo(2);
        assertThat(e.expected()).isEqualTo("an axis in [0, 2)");
        expectValidation(() -> DotGeneralShapes.checkOperands(f64(2, 3), f64(3), DotGeneralConfig.contracting(
                new int[] {1}, new int[] {1})), ValidationKind.AXIS_OUT_OF_BOUNDS, "dotGeneral", "rhsContracting");
        DotGeneralConfig b = DotGeneralConfig.of(NONE, NONE, new int[] {0}, new int[] {1});
        expectValidation(() -> DotGeneralShapes.checkOperands(f64(), f64(2, 2), b), ValidationKind.AXIS_OUT_OF_BOUNDS,
                "dotGeneral", "lhsBatch");
        expectValidation(() -> DotGeneralShapes.checkOperands(f64(2), f64(2), b), ValidationKind.AXIS_OUT_OF_BOUNDS,
                "dotGeneral", "rhsBatch");
    }

    @Test
    void contractingAndBatchExtentsMustAgree() {
        ValidationException e = expectValidation(
                () -> DotGeneralShapes.checkOperands(f64(2, 3), f64(4, 5), DotGeneralConfig.MATMUL),
                ValidationKind.SHAPE_MISMATCH, "dotGeneral", "rhs");
        assertThat(e.axis()).isZero();
        assertThat(e.expected()).isEqualTo("extent 3");
        assertThat(e.actual()).isEqualTo("extent 4");
        assertThat(e.getMessage()).contains("contracting");
        DotGeneralConfig b = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {0}, new int[] {1});
        ValidationException be = expectValidation(() -> DotGeneralShapes.checkOperands(f64(2, 3), f64(3, 5), b),
                ValidationKind.SHAPE_MISMATCH, "dotGeneral", "rhs");
        assertThat(be.axis()).isEqualTo(1);
        assertThat(be.getMessage()).contains("batch");
    }

    @Test
    void operandsMustShareOneContractedDtype() {
        ValidationException e = expectValidation(
                () -> DotGeneralShapes.checkOperands(f64(2, 3), t(DType.F32, 3, 4), DotGeneralConfig.MATMUL),
                ValidationKind.DTYPE_MISMATCH, "dotGeneral", "rhs");
        assertThat(e.expected()).startsWith("F64");
        assertThat(e.actual()).isEqualTo("F32");
        ValidationException bool = expectValidation(() -> DotGeneralShapes.checkOperands(t(DType.BOOL, 2, 3),
                t(DType.BOOL, 3, 4), DotGeneralConfig.MATMUL), ValidationKind.DTYPE_MISMATCH, "dotGeneral", "lhs");
        assertThat(bool.getMessage()).contains("cast it to I32 first");
        for (DType d : new DType[] {DType.I32, DType.I64, DType.F32, DType.F64, DType.C64, DType.C128}) {
            DotGeneralShapes.checkOperands(t(d, 2, 3), t(d, 3, 4), DotGeneralConfig.MATMUL);
        }
    }

    @Test
    void checkIntoValidatesTheOutputDtypeShapeWritabilityAndAliasing() {
        Tensor a = f64(2, 3);
        Tensor b = f64(3, 4);
        checkInto(a, b, DotGeneralConfig.MATMUL, f64(2, 4));
        expectValidation(() -> checkInto(a, b, DotGeneralConfig.MATMUL, t(DType.F32, 2, 4)),
                ValidationKind.DTYPE_MISMATCH, "dotGeneral", "out");
        ValidationException e = expectValidation(
                () -> checkInto(a, b, DotGeneralConfig.MATMUL, f64(4, 2)),
                ValidationKind.SHAPE_MISMATCH, "dotGeneral", "out");
        assertThat(e.expectedShape()).containsExactly(2, 4);
        assertThat(e.actualShape()).containsExactly(4, 2);
        expectValidation(() -> checkInto(a, b, DotGeneralConfig.MATMUL, f64(2, 4, 1)),
                ValidationKind.SHAPE_MISMATCH, "dotGeneral", "out");
        TensorView broadcast = f64(1, 4).broadcastTo(2, 4);
        expectValidation(() -> checkInto(a, b, DotGeneralConfig.MATMUL, broadcast),
                ValidationKind.INVALID_ARGUMENT, "dotGeneral", "out");
        Tensor big = f64(2, 8);
        TensorView lhsInBig = big.slice(1, 0, 3, 1); // elements 0..5
        TensorView outInBig = big.slice(1, 2, 6, 1); // elements 4..11
        ValidationException alias = expectValidation(
                () -> checkInto(lhsInBig, b, DotGeneralConfig.MATMUL, outInBig),
                ValidationKind.INVALID_ARGUMENT, "dotGeneral", "out");
        assertThat(alias.getMessage()).contains("'lhs'");
        // disjoint element ranges of the same array are fine
        checkInto(lhsInBig, b, DotGeneralConfig.MATMUL, big.slice(1, 4, 8, 1));
    }

    @Test
    void checkAccumulateRejectsComplexScalarsForRealDtypes() {
        Tensor a = f64(2, 3);
        Tensor b = f64(3, 4);
        DotGeneralShapes.checkAccumulate(HOST, a, b, DotGeneralConfig.MATMUL, Accumulation.of(2, 1), f64(2, 4));
        expectValidation(() -> DotGeneralShapes.checkAccumulate(HOST, a, b, DotGeneralConfig.MATMUL,
                new Accumulation(1, 1, 0, 0, false, false), f64(2, 4)), ValidationKind.INVALID_ARGUMENT, "dotGeneral",
                "accumulation");
        Tensor z = t(DType.C64, 2, 2);
        DotGeneralShapes.checkAccumulate(HOST, z, z.copy(), DotGeneralConfig.MATMUL,
                new Accumulation(1, 1, 0, 2, true, false), t(DType.C64, 2, 2));
    }

    @Test
    void outputOnAnotherPlacementIsRejected() {
        var gpu = new Placement(DeviceKind.CUDA, 0);
        org.ferrite.api.tensor.DeviceStorage storage = new org.ferrite.api.tensor.DeviceStorage() {
            @Override
            public org.ferrite.api.tensor.Placement placement() {
                return gpu;
            }

            @Override
            public long elementCapacity() {
                return 8;
            }
        };
        Tensor deviceOut = Tensor.wrapDevice(DType.F64, storage, 2, 4);
        expectValidation(() -> checkInto(f64(2, 3), f64(3, 4), DotGeneralConfig.MATMUL, deviceOut),
                ValidationKind.INVALID_ARGUMENT, "dotGeneral", "out");
    }

    @Test
    void checkShapesIsTheCacheableHalfAndIgnoresPlacementAliasingAndScalars() {
        Tensor big = f64(2, 8);
        TensorView lhsInBig = big.slice(1, 0, 3, 1);
        TensorView outInBig = big.slice(1, 2, 6, 1);
        // overlapping storage is a per-call matter: the cacheable half accepts it
        DotGeneralShapes.checkShapes(lhsInBig, f64(3, 4), DotGeneralConfig.MATMUL, outInBig);
        expectValidation(() -> DotGeneralShapes.checkShapes(f64(2, 3), f64(3, 4), DotGeneralConfig.MATMUL,
                f64(4, 2)), ValidationKind.SHAPE_MISMATCH, "dotGeneral", "out");
        expectValidation(() -> DotGeneralShapes.checkShapes(f64(2, 3), f64(3, 4), DotGeneralConfig.MATMUL,
                f64(1, 4).broadcastTo(2, 4)), ValidationKind.INVALID_ARGUMENT, "dotGeneral", "out");
    }

    @Test
    void checkCallIsThePerCallHalfOfPlacementAliasingAndScalars() {
        Tensor big = f64(2, 8);
        TensorView lhsInBig = big.slice(1, 0, 3, 1);
        Tensor b = f64(3, 4);
        DotGeneralShapes.checkCall(HOST, lhsInBig, b, Accumulation.OVERWRITE, big.slice(1, 4, 8, 1));
        assertThat(expectValidation(() -> DotGeneralShapes.checkCall(HOST, lhsInBig, b, Accumulation.OVERWRITE,
                big.slice(1, 2, 6, 1)), ValidationKind.INVALID_ARGUMENT, "dotGeneral", "out").getMessage())
                        .contains("'lhs'");
        expectValidation(() -> DotGeneralShapes.checkCall(HOST, f64(2, 3), b, new Accumulation(1, 0, 0, 1, false,
                false), f64(2, 4)), ValidationKind.INVALID_ARGUMENT, "dotGeneral", "accumulation");
        Placement gpu = new Placement(DeviceKind.CUDA, 0);
        ValidationException e = expectValidation(() -> DotGeneralShapes.checkCall(gpu, f64(2, 3), b,
                Accumulation.OVERWRITE, f64(2, 4)), ValidationKind.INVALID_ARGUMENT, "dotGeneral", "lhs");
        assertThat(e.getMessage()).contains("host").contains("cuda:0").contains("session.to(t, session.placement())");
    }
}
