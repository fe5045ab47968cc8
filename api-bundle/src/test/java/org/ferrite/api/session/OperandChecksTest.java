package org.ferrite.api.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.junit.jupiter.api.Test;

class OperandChecksTest {

    @Test
    void dtypeRankAndShapeChecksNameTheArgument() {
        Tensor t = Tensor.zeros(DType.F32, 2, 3);
        OperandChecks.requireDtype("op", "x", t, DType.F32);
        OperandChecks.requireRank("op", "x", t, 2);
        OperandChecks.requireShape("op", "x", new int[] {2, 3}, t);
        OperandChecks.requireSameShape("op", "x", Tensor.zeros(DType.I32, 2, 3), t);
        OperandChecks.requireFloating("op", "x", t);
        ValidationException d = expectValidation(() -> OperandChecks.requireDtype("exp", "x", t, DType.F64),
                ValidationKind.DTYPE_MISMATCH, "exp", "x");
        assertThat(d.expected()).isEqualTo("F64");
        assertThat(d.actual()).isEqualTo("F32");
        ValidationException r = expectValidation(() -> OperandChecks.requireRank("pad", "padValue", t, 0),
                ValidationKind.RANK_MISMATCH, "pad", "padValue");
        assertThat(r.actual()).isEqualTo("rank 2");
        ValidationException s = expectValidation(() -> OperandChecks.requireShape("add", "out", new int[] {3, 2}, t),
                ValidationKind.SHAPE_MISMATCH, "add", "out");
        assertThat(s.expectedShape()).containsExactly(3, 2);
        assertThat(s.actualShape()).containsExactly(2, 3);
        expectValidation(() -> OperandChecks.requireShape("add", "out", new int[] {2, 3, 1}, t),
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
    void overlapsIsAConservativeElementRangeTestOnTheSameStorage() {
        Tensor base = Tensor.zeros(DType.F64, 10);
        TensorView first = base.slice(0, 0, 5, 1);
        TensorView last = base.slice(0, 5, 10, 1);
        TensorView evens = base.slice(0, 0, 10, 2);
        TensorView odds = base.slice(0, 1, 10, 2);
        assertThat(OperandChecks.overlaps(first, last)).isFalse();
        assertThat(OperandChecks.overlaps(first, base)).isTrue();
        assertThat(OperandChecks.overlaps(base.slice(0, 4, 6, 1), last)).isTrue();
        // interleaved: disjoint elements, but the ranges intersect, so they count as overlapping
        assertThat(OperandChecks.overlaps(evens, odds)).isTrue();
        assertThat(OperandChecks.overlaps(base, Tensor.zeros(DType.F64, 10))).isFalse();
        assertThat(OperandChecks.overlaps(base.slice(0, 3, 3, 1), base)).isFalse();
        // negative strides reach below their offset
        TensorView reversedFirst = first.reverse(0);
        assertThat(OperandChecks.overlaps(reversedFirst, last)).isFalse();
        assertThat(OperandChecks.overlaps(reversedFirst, base.slice(0, 0, 1, 1))).isTrue();
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
    void identicalLayoutIgnoresStridesOfExtentOneAxes() {
        Tensor base = Tensor.zeros(DType.F64, 3, 1);
        TensorView sameElements = TensorView.of(DType.F64, base.storage(), new int[] {3, 1}, new int[] {1, 99}, 0);
        assertThat(OperandChecks.identicalLayout(base, sameElements)).isTrue();
        assertThat(OperandChecks.identicalLayout(base, base.reverse(0))).isFalse();
        assertThat(OperandChecks.identicalLayout(base, base.slice(0, 1, 3, 1))).isFalse();
        assertThat(OperandChecks.identicalLayout(base, Tensor.zeros(DType.F64, 3, 1))).isFalse();
        assertThat(OperandChecks.identicalLayout(base, base.reshape(3))).isFalse();
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
    void overlapIsJudgedInStorageScalarsAcrossDtypesSharingOneArray() {
        float[] storage = new float[8];
        // C64 elements 0..1 occupy scalars 0..3
        TensorView complex = TensorView.of(DType.C64, storage, new int[] {2}, new int[] {1}, 0);
        TensorView realAtScalar3 = TensorView.of(DType.F32, storage, new int[] {1}, new int[] {1}, 3);
        TensorView realAtScalar4 = TensorView.of(DType.F32, storage, new int[] {4}, new int[] {1}, 4);
        assertThat(OperandChecks.overlaps(complex, realAtScalar3)).isTrue();
        assertThat(OperandChecks.overlaps(realAtScalar3, complex)).isTrue();
        assertThat(OperandChecks.overlaps(complex, realAtScalar4)).isFalse();
        assertThat(OperandChecks.overlaps(realAtScalar4, complex)).isFalse();
        ValidationException e = expectValidation(
                () -> OperandChecks.requireNoAlias("cast", realAtScalar3, complex, "src"),
                ValidationKind.INVALID_ARGUMENT, "cast", "out");
        assertThat(e.getMessage()).contains("src");
    }
}
