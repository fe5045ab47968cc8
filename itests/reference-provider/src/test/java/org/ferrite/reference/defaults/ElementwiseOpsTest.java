package org.ferrite.reference.defaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.testkit.oracle.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.reference.IndexSpace;
import org.junit.jupiter.api.Test;

/** The elementwise defaults, run on a session that implements only the hooks. */
class ElementwiseOpsTest {
    private final NaiveSession s = new NaiveSession();

    @Test
    void addBroadcastsBothOperandsByTheNumPyRule() {
        Tensor a = Tensor.random(DType.F64, 1, 2, 1, 4);
        Tensor b = Tensor.random(DType.F64, 2, 3, 1);
        Tensor c = s.add(a, b);
        assertThat(c.shape()).containsExactly(2, 3, 4);
        IndexSpace.forEach(c.shape(), i -> assertThat(c.getDouble(i))
                .isEqualTo(a.getDouble(i[0], 0, i[2]) + b.getDouble(i[1], 0)));
        Tensor scalarPlus = s.add(Tensor.scalar(10), Tensor.arange(DType.F64, 3));
        assertThat((double[]) scalarPlus.toRowMajorArray()).containsExactly(10, 11, 12);
        assertThat(s.add(Tensor.scalar(1), Tensor.scalar(2)).getDouble()).isEqualTo(3);
    }

    @Test
    void everyBinaryDefaultCallsTheOneHookWithItsOp() {
        Tensor a = Tensor.of(new double[] {7, -7}, 2);
        Tensor b = Tensor.of(new double[] {2, 2}, 2);
        assertThat(s.sub(a, b).f64Data()).containsExactly(5, -9);
        assertThat(s.mul(a, b).f64Data()).containsExactly(14, -14);
        assertThat(s.div(a, b).f64Data()).containsExactly(3.5, -3.5);
        assertThat(s.rem(a, b).f64Data()).containsExactly(1, -1);
        assertThat(s.pow(a, b).f64Data()).containsExactly(49, 49);
        assertThat(s.maximum(a, b).f64Data()).containsExactly(7, 2);
        assertThat(s.minimum(a, b).f64Data()).containsExactly(2, -7);
        Tensor out = Tensor.zeros(DType.F64, 2);
        s.addInto(a, b, out);
        assertThat(out.f64Data()).containsExactly(9, -5);
        s.subInto(a, b, out);
        assertThat(out.f64Data()).containsExactly(5, -9);
        s.mulInto(a, b, out);
        assertThat(out.f64Data()).containsExactly(14, -14);
        s.divInto(a, b, out);
        assertThat(out.f64Data()).containsExactly(3.5, -3.5);
    }

    @Test
    void intoFormsWriteStridedViewsAndMayWorkInPlace() {
        Tensor big = Tensor.zeros(DType.F32, 4, 3);
        TensorView everyOtherRow = big.slice(0, 0, 4, 2);
        s.addInto(Tensor.ones(DType.F32, 2, 3), Tensor.full(DType.F32, 2, 3), everyOtherRow);
        assertThat(big.getDouble(2, 1)).isEqualTo(3);
        assertThat(big.getDouble(1, 1)).isZero();
        Tensor x = Tensor.arange(DType.I64, 4);
        s.addInto(x, x, x);
        assertThat(x.i64Data()).containsExactly(0, 2, 4, 6);
    }

    @Test
    void partialOverlapOfOutputAndInputIsRejectedBeforeAnyWrite() {
        Tensor x = Tensor.arange(DType.F64, 5);
        ValidationException e = expectValidation(
                () -> s.addInto(x.slice(0, 0, 4, 1), Tensor.ones(DType.F64, 4), x.slice(0, 1, 5, 1)),
                ValidationKind.INVALID_ARGUMENT, "add", "out");
        assertThat(e.getMessage()).contains("'lhs'");
        assertThat(x.f64Data()).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void incompatibleShapesAndDtypesAreRejectedBeforeAllocating() {
        ValidationException e = expectValidation(() -> s.add(Tensor.zeros(DType.F64, 2, 3),
                Tensor.zeros(DType.F64, 4)), ValidationKind.SHAPE_MISMATCH, "add", "rhs");
        assertThat(e.axis()).isZero();
        assertThat(s.allocated).isEmpty();
        expectValidation(() -> s.mul(Tensor.zeros(DType.I32, 2), Tensor.zeros(DType.F32, 3)),
                ValidationKind.SHAPE_MISMATCH, "mul", "rhs");
        assertThat(s.allocated).as("shapes are checked before a promoted copy is made").isEmpty();
        Tensor out = Tensor.zeros(DType.F64, 2, 3);
        expectValidation(() -> s.addInto(Tensor.zeros(DType.F64, 3, 3), Tensor.zeros(DType.F64, 3), out),
                ValidationKind.SHAPE_MISMATCH, "add", "lhs");
        expectValidation(() -> s.addInto(Tensor.zeros(DType.F64, 1, 2, 3), Tensor.zeros(DType.F64, 3), out),
                ValidationKind.RANK_MISMATCH, "add", "lhs");
    }

    @Test
    void unaryDefaultsKeepTheDtypeExceptAbsOfComplex() {
        Tensor z = Tensor.ofComplex(new double[] {3, 4, -1, 0}, 2);
        Tensor abs = s.abs(z);
        assertThat(abs.dtype()).isEqualTo(DType.F64);
        assertThat(abs.f64Data()).containsExactly(5, 1);
        assertThat(s.conj(z).c128Data()).containsExactly(3, -4, -1, -0.0);
        assertThat(s.neg(z).c128Data()).containsExactly(-3, -4, 1, -0.0);
        Tensor x = Tensor.of(new double[] {0.25, 4}, 2);
        assertThat(s.sqrt(x).f64Data()).containsExactly(0.5, 2);
        assertThat(s.rsqrt(x).f64Data()).containsExactly(2, 0.5);
        assertThat(s.exp(x).f64Data()[1]).isEqualTo(Math.exp(4));
        assertThat(s.log(x).f64Data()[1]).isEqualTo(Math.log(4));
        assertThat(s.sin(x).f64Data()[0]).isEqualTo(Math.sin(0.25));
        assertThat(s.cos(x).f64Data()[0]).isEqualTo(Math.cos(0.25));
        assertThat(s.tanh(x).f64Data()[0]).isEqualTo(Math.tanh(0.25));
        assertThat(s.expm1(x).f64Data()[0]).isEqualTo(Math.expm1(0.25));
        assertThat(s.log1p(x).f64Data()[0]).isEqualTo(Math.log1p(0.25));
        assertThat(s.sigmoid(x).f64Data()[0]).isEqualTo(1 / (1 + Math.exp(-0.25)));
        assertThat(s.sign(Tensor.of(new int[] {-4, 0, 9}, 3)).i32Data()).containsExactly(-1, 0, 1);
        assertThat(s.unary(UnaryOp.NOT, Tensor.of(new boolean[] {true}, 1)).boolData()).containsExactly(false);
    }

    @Test
    void compareBroadcastsAndProducesBool() {
        Tensor a = Tensor.of(new double[] {1, 2, 3}, 3);
        Tensor c = s.compare(CompareOp.GT, a, Tensor.scalar(2));
        assertThat(c.dtype()).isEqualTo(DType.BOOL);
        assertThat(c.boolData()).containsExactly(false, false, true);
        assertThat(s.compare(CompareOp.NE, a, Tensor.of(new double[] {Double.NaN}, 1)).boolData())
                .containsExactly(true, true, true);
        Tensor mixed = s.compare(CompareOp.EQ, a, Tensor.of(new int[] {1, 0, 3}, 3));
        assertThat(mixed.boolData()).as("F64 == I32 compares in F64").containsExactly(true, false, true);
    }

    @Test
    void mixedDtypesPromoteAsNumPyAndIntoFormsDoNot() {
        Tensor r = s.add(Tensor.of(new int[] {1, 2}, 2), Tensor.of(new float[] {0.5f, 0.25f}, 2));
        assertThat(r.dtype()).as("I32 + F32 is F64").isEqualTo(DType.F64);
        assertThat(r.f64Data()).containsExactly(1.5, 2.25);
        Tensor c = s.mul(Tensor.of(new float[] {2}, 1), Tensor.ofComplex(new double[] {1, 1}, 1));
        assertThat(c.dtype()).as("F32 · C128 is C128").isEqualTo(DType.C128);
        assertThat(c.c128Data()).containsExactly(2, 2);
        Tensor b = s.add(Tensor.of(new boolean[] {true, false}, 2), Tensor.of(new int[] {5, 5}, 2));
        assertThat(b.i32Data()).as("BOOL + I32 is I32").containsExactly(6, 5);
        expectValidation(() -> s.addInto(Tensor.zeros(DType.F64, 2), Tensor.zeros(DType.F32, 2),
                Tensor.zeros(DType.F64, 2)), ValidationKind.DTYPE_MISMATCH, "add", "rhs");
    }

    @Test
    void scalarOperandsKeepTheTensorsDtypeAsNumPy2() {
        Tensor f = Tensor.of(new float[] {1, 2}, 2);
        assertThat(s.mul(f, 0.5).dtype()).isEqualTo(DType.F32);
        assertThat(s.mul(f, 0.5).f32Data()).containsExactly(0.5f, 1f);
        Tensor i = Tensor.of(new int[] {3, 4}, 2);
        assertThat(s.add(i, 2).i32Data()).containsExactly(5, 6);
        assertThat(s.mul(i, 0.5).f64Data()).as("an int tensor times 0.5 is F64, never truncated").containsExactly(1.5,
                2);
        assertThat(s.sub(10, i).i32Data()).containsExactly(7, 6);
        assertThat(s.add(Tensor.of(new boolean[] {true}, 1), 1).i64Data()).containsExactly(2);
    }

    @Test
    void selectBroadcastsItsThreeOperands() {
        Tensor pred = Tensor.of(new boolean[] {true, false}, 2, 1);
        Tensor r = s.select(pred, Tensor.arange(DType.I32, 3), Tensor.scalar(DType.I32, -1));
        assertThat(r.shape()).containsExactly(2, 3);
        assertThat((int[]) r.toRowMajorArray()).containsExactly(0, 1, 2, -1, -1, -1);
        expectValidation(() -> s.select(Tensor.zeros(DType.I32, 2), Tensor.zeros(DType.I32, 2),
                Tensor.zeros(DType.I32, 2)), ValidationKind.DTYPE_MISMATCH, "select", "predicate");
        Tensor promoted = s.select(pred, Tensor.arange(DType.I32, 3), Tensor.scalar(DType.F32, 0.5));
        assertThat(promoted.dtype()).as("where(p, I32, F32) is F64").isEqualTo(DType.F64);
        assertThat((double[]) promoted.toRowMajorArray()).containsExactly(0, 1, 2, 0.5, 0.5, 0.5);
    }

    @Test
    void clampBoundsEachElementAndKeepsNaN() {
        Tensor x = Tensor.of(new double[] {-5, 0.5, 5, Double.NaN}, 4);
        Tensor r = s.clamp(Tensor.scalar(0), x, Tensor.scalar(1));
        assertThat(r.f64Data()).containsExactly(0, 0.5, 1, Double.NaN);
        Tensor perElement = s.clamp(Tensor.of(new double[] {-10, 0.6, 0, 0}, 4), x, Tensor.scalar(2));
        assertThat(perElement.f64Data()).containsExactly(-5, 0.6, 2, Double.NaN);
        expectValidation(() -> s.clamp(Tensor.zeros(DType.F64, 5), x, Tensor.scalar(1)), ValidationKind.SHAPE_MISMATCH,
                "clamp", "lo");
        // mixed dtypes promote as NumPy's clip: I32 x between F32 bounds gives F64
        Tensor ints = Tensor.of(new int[] {-3, 0, 3}, 3);
        Tensor promoted = s.clamp(Tensor.scalar(DType.F32, -1.5), ints, Tensor.scalar(DType.F32, 2.5));
        assertThat(promoted.dtype()).isEqualTo(DType.F64);
        assertThat(promoted.f64Data()).containsExactly(-1.5, 0, 2.5);
        assertThat(s.clip(ints, 0L, 1L).dtype()).isEqualTo(DType.I32);
        assertThat(s.clip(ints, -0.5, 0.5).f64Data()).containsExactly(-0.5, 0, 0.5);
    }
}
