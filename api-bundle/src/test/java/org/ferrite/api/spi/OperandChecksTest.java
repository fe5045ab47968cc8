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

class OperandChecksTest {

    @Test
    void dtypeRankAndShapeChecksNameTheArgument() {
        Tensor t = Tensor.zeros(DType.F32, 2, 3);
        OperandChecks.requireDtype("op", "x", t, DType.F32);
        OperandChecks.requireRank("op", "x", t, 2);
        OperandChecks.requireShape("op", "x", new long[] {2, 3}, t);
        OperandChecks.requireSameShape("op", "x", Tensor.zeros(DType.I32, 2, 3), t);
        OperandChecks.requireFloating("op", "x", t);
        ValidationException d = expectValidation(() -> OperandChecks.requireDtype("exp", "x", t, DType.F64),
                ValidationKind.DTYPE_MISMATCH, "exp", "x");
        assertThat(d.expected()).isEqualTo("F64");
        assertThat(d.actual()).isEqualTo("F32");
        ValidationException r = expectValidation(() -> OperandChecks.requireRank("pad", "padValue", t, 0),
                ValidationKind.RANK_MISMATCH, "pad", "padValue");
        assertThat(r.actual()).isEqualTo("rank 2");
        ValidationException s = expectValidation(() -> OperandChecks.requireShape("add", "out", new long[] {3, 2}, t),
                ValidationKind.SHAPE_MISMATCH, "add", "out");
        assertThat(s.expectedShape()).containsExactly(3, 2);
        assertThat(s.actualShape()).containsExactly(2, 3);
        expectValidation(() -> OperandChecks.requireShape("add", "out", new long[] {2, 3, 1}, t),
                ValidationKind.SHAPE_MISMATCH, "add", "out");
        expectValidation(() -> OperandChecks.requireSameShape("add", "rhs", t, Tensor.zeros(DType.F32, 3)),
                ValidationKind.SHAPE_MISMATCH, "add", "rhs");
        expectValidation(() -> OperandChecks.requireFloating("qr", "a", Tensor.zeros(DType.I64, 1)),
                ValidationKind.DTYPE_MISMATCH, "qr", "a");
        assertThat(OperandChecks.sameShape(t, Tensor.zeros(DType.BOOL, 2, 3))).isTrue();
        assertThat(OperandChecks.sameShape(t, Tensor.zeros(DType.F32, 3, 2))).isFalse();
    }

    @Test
    void requireOutputChecksDtypeThenShapeThenWritability() {
        Tensor in = Tensor.zeros(DType.F64, 2, 3);
        OperandChecks.requireOutput("add", Tensor.zeros(DType.F64, 2, 3), DType.F64, in);
        expectValidation(() -> OperandChecks.requireOutput("add", Tensor.zeros(DType.F32, 2, 3), DType.F64, in),
                ValidationKind.DTYPE_MISMATCH, "add", "out");
        expectValidation(() -> OperandChecks.requireOutput("add", Tensor.zeros(DType.F64, 3, 2), DType.F64, in),
                ValidationKind.SHAPE_MISMATCH, "add", "out");
        TensorView broadcast = Tensor.zeros(DType.F64, 2, 1).broadcastTo(2, 3);
        ValidationException e = expectValidation(() -> OperandChecks.requireOutput("add", broadcast, DType.F64, in),
                ValidationKind.INVALID_ARGUMENT, "add", "out");
        assertThat(e.actual()).contains("[1, 0]");
        assertThat(e.getMessage()).contains("broadcast view");
    }

    @Test
    void requireNoAliasRejectsAnyOverlapNamingOutAndTheInput() {
        Tensor base = Tensor.zeros(DType.F64, 10);
        OperandChecks.requireNoAlias("add", base.slice(0, 0, 5, 1), base.slice(0, 5, 10, 1), "lhs");
        ValidationException e = expectValidation(() -> OperandChecks.requireNoAlias("add", base, base, "rhs"),
                ValidationKind.INVALID_ARGUMENT, "add", "out");
        assertThat(e.getMessage()).contains("'rhs'");
    }

    @Test
    void requireNoPartialAliasAllowsExactlyTheSameLayout() {
        Tensor base = Tensor.zeros(DType.F64, 4, 3);
        OperandChecks.requireNoPartialAlias("add", base, base, "lhs");
        OperandChecks.requireNoPartialAlias("add", base, TensorView.of(base), "lhs");
        OperandChecks.requireNoPartialAlias("add", base, Tensor.zeros(DType.F64, 4, 3), "lhs");
        ValidationException e = expectValidation(
                () -> OperandChecks.requireNoPartialAlias("add", base.slice(0, 0, 3, 1), base.slice(0, 1, 4, 1), "lhs"),
                ValidationKind.INVALID_ARGUMENT, "add", "out");
        assertThat(e.getMessage()).contains("'lhs'").contains("in place");
        expectValidation(() -> OperandChecks.requireNoPartialAlias("neg", base.reshape(3, 4), base, "x"),
                ValidationKind.INVALID_ARGUMENT, "neg", "out");
    }

    @Test
    void reducedShapeDropsTheReducedAxesInOrder() {
        Tensor t = Tensor.zeros(DType.F64, 2, 3, 4);
        assertThat(OperandChecks.reducedShape("sum", t, new int[] {1})).containsExactly(2, 4);
        assertThat(OperandChecks.reducedShape("sum", t, new int[] {2, 0})).containsExactly(3);
        assertThat(OperandChecks.reducedShape("sum", t, new int[0])).containsExactly(2, 3, 4);
        assertThat(OperandChecks.reducedShape("sum", t, new int[] {0, 1, 2})).isEmpty();
        assertThat(expectValidation(() -> OperandChecks.reducedShape("sum", t, new int[] {3}),
                ValidationKind.AXIS_OUT_OF_BOUNDS, "sum", "axes").axis()).isEqualTo(3);
        expectValidation(() -> OperandChecks.reducedShape("sum", t, new int[] {-1}), ValidationKind.AXIS_OUT_OF_BOUNDS,
                "sum", "axes");
        assertThat(expectValidation(() -> OperandChecks.reducedShape("max", t, new int[] {1, 1}),
                ValidationKind.INVALID_ARGUMENT, "max", "axes").axis()).isEqualTo(1);
    }

    @Test
    void requirePlacementNamesWhereTheOperandLivesWhereTheSessionComputesAndHowToTransfer() {
        Tensor host = Tensor.zeros(DType.F64, 2);
        OperandChecks.requirePlacement("add", "lhs", host, Placement.HOST);
        Placement gpu = new Placement(DeviceKind.CUDA, 0);
        ValidationException e = expectValidation(() -> OperandChecks.requirePlacement("add", "lhs", host, gpu),
                ValidationKind.INVALID_ARGUMENT, "add", "lhs");
        assertThat(e.expected()).contains("cuda:0");
        assertThat(e.actual()).contains("host");
        assertThat(e.getMessage()).contains("transfer it first with session.to(t, session.placement())");
        Tensor device = Tensor.wrapDevice(DType.F64, new FakeDeviceStorage(gpu, 4), 4);
        ValidationException d = expectValidation(() -> OperandChecks.requirePlacement("add", "rhs", device,
                Placement.HOST), ValidationKind.INVALID_ARGUMENT, "add", "rhs");
        assertThat(d.getMessage()).contains("cuda:0").contains("toHost(t)");
    }

    @Test
    void requireTransferAcceptsHostAndTheSessionsDeviceAndRejectsEverythingElseBeforeWriting() {
        Placement gpu = new Placement(DeviceKind.CUDA, 0);
        Tensor host = Tensor.zeros(DType.F32, 2, 3);
        Tensor device = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(gpu, 6), 2, 3);
        OperandChecks.requireTransfer("transferInto", host, Tensor.zeros(DType.F32, 2, 3), Placement.HOST);
        OperandChecks.requireTransfer("transferInto", host, device, gpu);
        OperandChecks.requireTransfer("transferInto", device, host, gpu);
        Tensor otherDevice = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(new Placement(DeviceKind.CUDA, 1), 6),
                2, 3);
        expectValidation(() -> OperandChecks.requireTransfer("transferInto", otherDevice, host, gpu),
                ValidationKind.INVALID_ARGUMENT, "transferInto", "src");
        expectValidation(() -> OperandChecks.requireTransfer("transferInto", host, device, Placement.HOST),
                ValidationKind.INVALID_ARGUMENT, "transferInto", "out");
        expectValidation(() -> OperandChecks.requireTransfer("transferInto", host, Tensor.zeros(DType.F64, 2, 3),
                Placement.HOST), ValidationKind.DTYPE_MISMATCH, "transferInto", "out");
        expectValidation(() -> OperandChecks.requireTransfer("transferInto", host, Tensor.zeros(DType.F32, 3, 2),
                Placement.HOST), ValidationKind.SHAPE_MISMATCH, "transferInto", "out");
        expectValidation(() -> OperandChecks.requireTransfer("transferInto", host, host, Placement.HOST),
                ValidationKind.INVALID_ARGUMENT, "transferInto", "out");
        expectValidation(() -> OperandChecks.requireTransfer("transferInto", host, Tensor.zeros(DType.F32, 2, 1)
                .broadcastTo(2, 3), Placement.HOST), ValidationKind.INVALID_ARGUMENT, "transferInto", "out");
    }
}
