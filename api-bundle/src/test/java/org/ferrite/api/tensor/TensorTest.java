package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.testsupport.FakeDeviceStorage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TensorTest {

    // ------------------------------------------------------------------ wrap and copies

    @Test
    void wrapSharesTheCallersArrayAndIsCompactColumnMajor() {
        double[] data = {1, 2, 3, 4, 5, 6};
        Tensor t = Tensor.wrap(DType.F64, data, 2, 3);
        assertThat(t.storage()).isSameAs(data);
        assertThat(t.f64Data()).isSameAs(data);
        assertThat(t.shape()).containsExactly(2, 3);
        assertThat(t.strides()).containsExactly(1, 2);
        assertThat(t.offset()).isZero();
        assertThat(t.size()).isEqualTo(6);
        assertThat(t.rank()).isEqualTo(2);
        assertThat(t.placement()).isEqualTo(Placement.HOST);
        assertThat(t.isWritable()).isTrue();
        assertThat(t.isColumnMajorContiguous()).isTrue();
        assertThat(t.getDouble(1, 0)).isEqualTo(2);
        assertThat(t.getDouble(0, 1)).isEqualTo(3);
        data[5] = 60;
        assertThat(t.getDouble(1, 2)).isEqualTo(60);
    }

    @Test
    void wrapAcceptsALongerArrayAndCopiesTheShape() {
        long[] shape = {2};
        Tensor t = Tensor.wrap(DType.I32, new int[5], shape);
        shape[0] = 99;
        assertThat(t.shape()).containsExactly(2);
    }

    @Test
    void wrapRejectsAnArrayOfTheWrongClassOrTooShort() {
        ValidationException e = expectValidation(() -> Tensor.wrap(DType.F64, new float[4], 4),
                ValidationKind.DTYPE_MISMATCH, "Tensor.wrap", "storage");
        assertThat(e.expected()).contains("double[]").contains("F64");
        assertThat(e.actual()).isEqualTo("float[]");
        expectValidation(() -> Tensor.wrap(DType.F64, null, 4), ValidationKind.DTYPE_MISMATCH, "Tensor.wrap",
                "storage");
        e = expectValidation(() -> Tensor.wrap(DType.C128, new double[7], 4), ValidationKind.INVALID_ARGUMENT,
                "Tensor.wrap", "storage");
        assertThat(e.actual()).isEqualTo("3 elements");
        expectValidation(() -> Tensor.wrap(DType.F64, new double[4], 2, -2), ValidationKind.INVALID_ARGUMENT,
                "Tensor.wrap", "shape");
    }

    @Test
    void fromColumnMajorCopies() {
        double[] data = {1, 2, 3};
        Tensor t = Tensor.fromColumnMajor(DType.F64, data, 3);
        data[0] = 100;
        assertThat(t.getDouble(0)).isEqualTo(1);
        assertThat(t.storage()).isNotSameAs(data);
    }

    @Test
    void fromColumnMajorRequiresExactlyTheElementCountNamingData() {
        ValidationException tooLong = expectValidation(() -> Tensor.fromColumnMajor(DType.F64, new double[7], 2, 3),
                ValidationKind.INVALID_ARGUMENT, "Tensor.fromColumnMajor", "data");
        assertThat(tooLong.expected()).contains("6 scalars");
        assertThat(tooLong.actual()).isEqualTo("7 scalars");
        expectValidation(() -> Tensor.fromColumnMajor(DType.F64, new double[5], 2, 3),
                ValidationKind.INVALID_ARGUMENT, "Tensor.fromColumnMajor", "data");
        expectValidation(() -> Tensor.fromColumnMajor(DType.F64, new int[6], 2, 3), ValidationKind.DTYPE_MISMATCH,
                "Tensor.fromColumnMajor", "data");
        expectValidation(() -> Tensor.fromColumnMajor(DType.F64, "not an array", 1), ValidationKind.DTYPE_MISMATCH,
                "Tensor.fromColumnMajor", "data");
    }

    @Test
    void fromRowMajorReadsCOrderIntoColumnMajorStorage() {
        Tensor t = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(t.getDouble(0, 1)).isEqualTo(2);
        assertThat(t.getDouble(1, 0)).isEqualTo(4);
        assertThat(t.f64Data()).containsExactly(1, 4, 2, 5, 3, 6);
        assertThat((double[]) t.toRowMajorArray()).containsExactly(1, 2, 3, 4, 5, 6);
    }

    @Test
    void fromRowMajorRequiresExactlyTheElementCountNamingData() {
        expectValidation(() -> Tensor.fromRowMajor(DType.F64, new double[5], 2, 3), ValidationKind.INVALID_ARGUMENT,
                "Tensor.fromRowMajor", "data");
        expectValidation(() -> Tensor.fromRowMajor(DType.F64, new double[7], 2, 3), ValidationKind.INVALID_ARGUMENT,
                "Tensor.fromRowMajor", "data");
        expectValidation(() -> Tensor.fromRowMajor(DType.I64, new int[6], 2, 3), ValidationKind.DTYPE_MISMATCH,
                "Tensor.fromRowMajor", "data");
    }

    @Test
    void ofPicksTheDtypeFromTheArrayType() {
        assertThat(Tensor.of(new double[] {1}, 1).dtype()).isEqualTo(DType.F64);
        assertThat(Tensor.of(new float[] {1}, 1).dtype()).isEqualTo(DType.F32);
        assertThat(Tensor.of(new int[] {1}, 1).dtype()).isEqualTo(DType.I32);
        assertThat(Tensor.of(new long[] {1}, 1).dtype()).isEqualTo(DType.I64);
        assertThat(Tensor.of(new boolean[] {true}, 1).dtype()).isEqualTo(DType.BOOL);
        Tensor z = Tensor.ofComplex(new double[] {1, 2, 3, 4}, 2);
        assertThat(z.dtype()).isEqualTo(DType.C128);
        assertThat(z.getReal(1)).isEqualTo(3);
        assertThat(z.getImag(1)).isEqualTo(4);
        Tensor w = Tensor.ofComplex(new float[] {1, 2}, 1);
        assertThat(w.dtype()).isEqualTo(DType.C64);
        assertThat(w.getImag(0)).isEqualTo(2);
        assertThat(Tensor.of(new double[] {7}).rank()).isZero();
    }

    // ------------------------------------------------------------------ constant factories

    @ParameterizedTest
    @EnumSource(DType.class)
    void zerosOnesAndFullFillEveryElement(DType dtype) {
        Tensor z = Tensor.zeros(dtype, 2, 3);
        Tensor o = Tensor.ones(dtype, 2, 3);
        Tensor f = Tensor.full(dtype, 5, 2, 3);
        assertThat(z.dtype()).isEqualTo(dtype);
        assertThat(java.lang.reflect.Array.getLength(z.storage())).isEqualTo(6 * dtype.scalarsPerElement());
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(z.getReal(i, j)).isZero();
                assertThat(o.getReal(i, j)).isEqualTo(1);
                assertThat(f.getReal(i, j)).isEqualTo(dtype.isBool() ? 1 : 5);
                assertThat(o.getImag(i, j)).isZero();
            }
        }
        if (dtype.isBool()) {
            assertThat(o.getBoolean(1, 2)).isTrue();
            assertThat(z.getBoolean(1, 2)).isFalse();
        }
    }

    @Test
    void fullConvertsTheValueToTheDtype() {
        assertThat(Tensor.full(DType.I32, 2.9, 1).getLong(0)).isEqualTo(2);
        assertThat(Tensor.full(DType.I64, -2.9, 1).getLong(0)).isEqualTo(-2);
        assertThat(Tensor.full(DType.F32, 0.1, 1).getDouble(0)).isEqualTo((double) 0.1f);
        assertThat(Tensor.full(DType.BOOL, 0.0, 1).getBoolean(0)).isFalse();
        assertThat(Tensor.full(DType.BOOL, -3, 1).getBoolean(0)).isTrue();
    }

    @Test
    void scalarIsRankZeroWithOneElement() {
        Tensor s = Tensor.scalar(2.5);
        assertThat(s.rank()).isZero();
        assertThat(s.size()).isEqualTo(1);
        assertThat(s.getDouble()).isEqualTo(2.5);
        Tensor c = Tensor.scalar(DType.C64, 3);
        assertThat(c.dtype()).isEqualTo(DType.C64);
        assertThat(c.getReal()).isEqualTo(3);
        assertThat(c.getImag()).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = "BOOL", mode = EnumSource.Mode.EXCLUDE)
    void arangeCountsFromZero(DType dtype) {
        Tensor t = Tensor.arange(dtype, 5);
        assertThat(t.shape()).containsExactly(5);
        for (int i = 0; i < 5; i++) {
            assertThat(t.getReal(i)).isEqualTo(i);
            assertThat(t.getImag(i)).isZero();
        }
        assertThat(Tensor.arange(dtype, 0).shape()).containsExactly(0);
    }

    @Test
    void arangeRejectsBoolAndNegativeCounts() {
        expectValidation(() -> Tensor.arange(DType.BOOL, 3), ValidationKind.DTYPE_MISMATCH, "Tensor.arange", "dtype");
        expectValidation(() -> Tensor.arange(DType.F64, -1), ValidationKind.INVALID_ARGUMENT, "Tensor.arange", "n");
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void randomIsReproducibleFromItsSeed(DType dtype) {
        Tensor a = Tensor.random(dtype, 42, 3, 4);
        Tensor b = Tensor.random(dtype, 42, 3, 4);
        Tensor c = Tensor.random(dtype, 43, 3, 4);
        assertThat(Tensor.contentEquals(a, b)).isTrue();
        assertThat(Tensor.contentEquals(a, c)).isFalse();
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 4; j++) {
                double re = a.getReal(i, j);
                double im = a.getImag(i, j);
                if (dtype.isFloating()) {
                    assertThat(re).isBetween(-1.0, 1.0);
                    assertThat(im).isBetween(-1.0, 1.0);
                } else if (dtype.isInteger()) {
                    assertThat(re).isBetween(-100.0, 99.0);
                }
            }
        }
        if (dtype.isComplex()) {
            assertThat(a.getImag(0, 0)).isNotZero();
        }
    }

    // ------------------------------------------------------------------ typed accessors

    @Test
    void typedDataAccessorsReturnTheLiveArrayOfTheirDtypeOnly() {
        assertThat(Tensor.zeros(DType.F32, 2).f32Data()).hasSize(2);
        assertThat(Tensor.zeros(DType.C128, 2).c128Data()).hasSize(4);
        assertThat(Tensor.zeros(DType.C64, 2).c64Data()).hasSize(4);
        assertThat(Tensor.zeros(DType.I32, 2).i32Data()).hasSize(2);
        assertThat(Tensor.zeros(DType.I64, 2).i64Data()).hasSize(2);
        assertThat(Tensor.zeros(DType.BOOL, 2).boolData()).hasSize(2);
        ValidationException e = expectValidation(() -> Tensor.zeros(DType.F32, 2).f64Data(),
                ValidationKind.DTYPE_MISMATCH, "f64Data", "this");
        assertThat(e.expected()).isEqualTo("F64");
        assertThat(e.actual()).isEqualTo("F32");
        expectValidation(() -> Tensor.zeros(DType.F64, 2).c128Data(), ValidationKind.DTYPE_MISMATCH, "c128Data",
                "this");
    }

    @Test
    void scalarGettersRejectTheWrongDtype() {
        Tensor z = Tensor.ofComplex(new double[] {1, 2}, 1);
        expectValidation(() -> z.getDouble(0), ValidationKind.DTYPE_MISMATCH, "getDouble", "this");
        expectValidation(() -> Tensor.zeros(DType.F64, 1).getLong(0), ValidationKind.DTYPE_MISMATCH, "getLong",
                "this");
        expectValidation(() -> Tensor.zeros(DType.I32, 1).getBoolean(0), ValidationKind.DTYPE_MISMATCH, "getBoolean",
                "this");
        assertThat(Tensor.of(new int[] {-7}, 1).getLong(0)).isEqualTo(-7);
        assertThat(Tensor.of(new long[] {Long.MAX_VALUE}, 1).getLong(0)).isEqualTo(Long.MAX_VALUE);
        assertThat(Tensor.of(new boolean[] {true}, 1).getDouble(0)).isEqualTo(1);
        assertThat(Tensor.of(new double[] {4}, 1).getImag(0)).isZero();
    }

    @Test
    void elementIndexIsValidatedPerAxis() {
        Tensor t = Tensor.zeros(DType.F64, 2, 3);
        expectValidation(() -> t.getDouble(0), ValidationKind.RANK_MISMATCH, "elementOffset", "index");
        ValidationException e = expectValidation(() -> t.getDouble(1, 3), ValidationKind.INVALID_ARGUMENT,
                "elementOffset", "index");
        assertThat(e.axis()).isEqualTo(1);
        assertThat(e.actual()).isEqualTo("3");
        assertThat(expectValidation(() -> t.set(1, -3, 0), ValidationKind.INVALID_ARGUMENT, "elementOffset", "index")
                .axis()).isZero();
        assertThat(expectValidation(() -> t.getDouble(0, -4), ValidationKind.INVALID_ARGUMENT, "elementOffset",
                "index").actual()).isEqualTo("-4");
        assertThat(t.elementOffset(1, 2)).isEqualTo(5);
        assertThat(t.elementOffset(-1, -1)).isEqualTo(5); // NumPy's a[-1, -1]
        assertThat(t.elementOffset(-2, -3)).isZero();
    }

    @Test
    void setWritesOneElementConvertedToTheDtype() {
        Tensor t = Tensor.zeros(DType.I32, 2, 2);
        t.set(7.9, 1, 0);
        assertThat(t.i32Data()).containsExactly(0, 7, 0, 0);
        Tensor z = Tensor.zeros(DType.C128, 2);
        z.setComplex(1, -2, 1);
        z.set(5, 0);
        assertThat(z.c128Data()).containsExactly(5, 0, 1, -2);
        expectValidation(() -> Tensor.zeros(DType.F64, 1).setComplex(1, 1, 0), ValidationKind.DTYPE_MISMATCH,
                "setComplex", "this");
    }

    @Test
    void setLongAndSetBooleanWriteExactlyAndCheckTheDtype() {
        long big = (1L << 53) + 1;
        Tensor l = Tensor.zeros(DType.I64, 2);
        l.setLong(big, 1);
        assertThat(l.getLong(1)).isEqualTo(big);
        Tensor i = Tensor.zeros(DType.I32, 1);
        i.setLong(-5, 0);
        assertThat(i.i32Data()).containsExactly(-5);
        assertThat(expectValidation(() -> i.setLong(1L << 40, 0), ValidationKind.INVALID_ARGUMENT, "setLong",
                "value").actual()).isEqualTo(String.valueOf(1L << 40));
        expectValidation(() -> Tensor.zeros(DType.F64, 1).setLong(1, 0), ValidationKind.DTYPE_MISMATCH, "setLong",
                "this");
        Tensor b = Tensor.zeros(DType.BOOL, 2);
        b.setBoolean(true, 1);
        assertThat(b.boolData()).containsExactly(false, true);
        expectValidation(() -> Tensor.zeros(DType.I32, 1).setBoolean(true, 0), ValidationKind.DTYPE_MISMATCH,
                "setBoolean", "this");
    }

    @Test
    void settersWriteThroughWritableViewsAndRefuseBroadcastViews() {
        Tensor t = Tensor.zeros(DType.C64, 2, 3);
        TensorView row = t.slice(0, 1, 2, 1);
        row.setComplex(1, 2, 0, 2);
        assertThat(t.getReal(1, 2)).isEqualTo(1);
        assertThat(t.getImag(1, 2)).isEqualTo(2);
        t.transpose().set(4, 2, 0);
        assertThat(t.getReal(0, 2)).isEqualTo(4);
        TensorView broadcast = Tensor.zeros(DType.F64, 1).broadcastTo(3);
        ValidationException e = expectValidation(() -> broadcast.set(1, 2), ValidationKind.INVALID_ARGUMENT, "set",
                "this");
        assertThat(e.actual()).contains("strides [0]");
        expectValidation(() -> broadcast.setComplex(1, 1, 0), ValidationKind.INVALID_ARGUMENT, "setComplex", "this");
        expectValidation(() -> Tensor.zeros(DType.I64, 1).broadcastTo(2).setLong(1, 0),
                ValidationKind.INVALID_ARGUMENT, "setLong", "this");
        expectValidation(() -> Tensor.zeros(DType.BOOL, 1).broadcastTo(2).setBoolean(true, 0),
                ValidationKind.INVALID_ARGUMENT, "setBoolean", "this");
    }

    // ------------------------------------------------------------------ array round trips

    @ParameterizedTest
    @EnumSource(DType.class)
    void rowAndColumnMajorArraysRoundTripForEveryDtype(DType dtype) {
        Tensor t = Tensor.random(dtype, 7, 2, 3, 4);
        Object cm = t.toColumnMajorArray();
        Object rm = t.toRowMajorArray();
        assertThat(cm).isNotSameAs(t.storage());
        assertThat(Tensor.contentEquals(Tensor.fromColumnMajor(dtype, cm, 2, 3, 4), t)).isTrue();
        assertThat(Tensor.contentEquals(Tensor.fromRowMajor(dtype, rm, 2, 3, 4), t)).isTrue();
        // row-major order: the last index varies fastest
        int lanes = dtype.scalarsPerElement();
        int k = 0;
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                for (int l = 0; l < 4; l++, k++) {
                    assertThat(scalar(dtype, rm, k * lanes)).isEqualTo(t.getReal(i, j, l));
                    if (lanes == 2) {
                        assertThat(scalar(dtype, rm, k * lanes + 1)).isEqualTo(t.getImag(i, j, l));
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void arraysOfAStridedViewFollowItsIndexOrder(DType dtype) {
        Tensor t = Tensor.random(dtype, 11, 3, 4);
        TensorView v = t.transpose().reverse(0);
        Tensor back = Tensor.fromRowMajor(dtype, v.toRowMajorArray(), 4, 3);
        Tensor back2 = Tensor.fromColumnMajor(dtype, v.toColumnMajorArray(), 4, 3);
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(back.getReal(i, j)).isEqualTo(t.getReal(j, 3 - i));
                assertThat(back2.getImag(i, j)).isEqualTo(t.getImag(j, 3 - i));
            }
        }
        assertThat(Tensor.contentEquals(v.copy(), back)).isTrue();
        assertThat(v.copy().isColumnMajorContiguous()).isTrue();
    }

    @Test
    void arraysOfRankZeroAndEmptyTensors() {
        assertThat((double[]) Tensor.scalar(3).toRowMajorArray()).containsExactly(3);
        assertThat((double[]) Tensor.zeros(DType.F64, 0, 3).toRowMajorArray()).isEmpty();
        assertThat((boolean[]) Tensor.zeros(DType.BOOL, 2, 0).toColumnMajorArray()).isEmpty();
    }

    /** The value of storage scalar {@code i}: F16 and BF16 from their bits, U8 unsigned. */
    private static double scalar(DType dtype, Object array, int i) {
        if (array instanceof boolean[]) {
            return ((boolean[]) array)[i] ? 1 : 0;
        }
        switch (dtype) {
            case F16:
                return HalfFloats.f16ToFloat(((short[]) array)[i]);
            case BF16:
                return HalfFloats.bf16ToFloat(((short[]) array)[i]);
            case U8:
                return ((byte[]) array)[i] & 0xFF;
            default:
                break;
        }
        return ((Number) java.lang.reflect.Array.get(array, i)).doubleValue();
    }

    // ------------------------------------------------------------------ allClose / contentEquals

    @Test
    void allCloseUsesAbsoluteAndRelativeTolerance() {
        Tensor ref = Tensor.of(new double[] {100, 1}, 2);
        assertThat(Tensor.allClose(Tensor.of(new double[] {100.5, 1}, 2), ref, 1e-2, 0)).isTrue();
        assertThat(Tensor.allClose(Tensor.of(new double[] {102, 1}, 2), ref, 1e-2, 0)).isFalse();
        assertThat(Tensor.allClose(Tensor.of(new double[] {100, 1.5}, 2), ref, 0, 0.5)).isTrue();
        assertThat(Tensor.allClose(Tensor.of(new double[] {100, 1.6}, 2), ref, 0, 0.5)).isFalse();
        // the tolerance is relative to the second (reference) argument, as in NumPy
        Tensor a = Tensor.of(new double[] {1}, 1);
        Tensor b = Tensor.of(new double[] {2}, 1);
        assertThat(Tensor.allClose(a, b, 0.5, 0)).isTrue();
        assertThat(Tensor.allClose(b, a, 0.5, 0)).isFalse();
    }

    @Test
    void allCloseTreatsNaNAsEqualOnlyToNaN() {
        Tensor nan = Tensor.of(new double[] {Double.NaN, 1}, 2);
        assertThat(Tensor.allClose(nan, Tensor.of(new double[] {Double.NaN, 1}, 2), 0, 0)).isTrue();
        assertThat(Tensor.allClose(nan, Tensor.of(new double[] {1, 1}, 2), 1, 1)).isFalse();
        assertThat(Tensor.allClose(Tensor.of(new double[] {1, 1}, 2), nan, 1, 1)).isFalse();
    }

    @Test
    void allCloseTreatsInfinitiesAsEqualOnlyToTheSameInfinity() {
        Tensor inf = Tensor.of(new double[] {Double.POSITIVE_INFINITY}, 1);
        Tensor minusInf = Tensor.of(new double[] {Double.NEGATIVE_INFINITY}, 1);
        Tensor one = Tensor.of(new double[] {1}, 1);
        assertThat(Tensor.allClose(inf, inf, 0, 0)).isTrue();
        assertThat(Tensor.allClose(inf, minusInf, 1e-5, 1e-8)).isFalse();
        assertThat(Tensor.allClose(minusInf, inf, 1e-5, 1e-8)).isFalse();
        assertThat(Tensor.allClose(one, inf, 1e-5, 1e-8)).isFalse();
        assertThat(Tensor.allClose(inf, one, 1e-5, 1e-8)).isFalse();
        Tensor zInf = Tensor.ofComplex(new double[] {1, Double.POSITIVE_INFINITY}, 1);
        assertThat(Tensor.allClose(Tensor.ofComplex(new double[] {1, 0}, 1), zInf, 1e-5, 1e-8)).isFalse();
        assertThat(Tensor.allClose(zInf, zInf, 1e-5, 1e-8)).isTrue();
    }

    @Test
    void allCloseOnComplexUsesTheModulusOfTheDifference() {
        Tensor ref = Tensor.ofComplex(new double[] {0, 0}, 1);
        assertThat(Tensor.allClose(Tensor.ofComplex(new double[] {0.3, 0.4}, 1), ref, 0, 0.5)).isTrue();
        assertThat(Tensor.allClose(Tensor.ofComplex(new double[] {0.3, 0.41}, 1), ref, 0, 0.5)).isFalse();
        assertThat(Tensor.allClose(Tensor.ofComplex(new float[] {1, 2}, 1), Tensor.ofComplex(new double[] {1, 2}, 1),
                0, 0)).isTrue();
    }

    @Test
    void allCloseComparesIntegersAndBooleansExactlyWithZeroTolerance() {
        assertThat(Tensor.allClose(Tensor.of(new int[] {1, 2}, 2), Tensor.of(new int[] {1, 2}, 2), 0, 0)).isTrue();
        assertThat(Tensor.allClose(Tensor.of(new int[] {1, 2}, 2), Tensor.of(new int[] {1, 3}, 2), 0, 0)).isFalse();
        assertThat(Tensor.allClose(Tensor.of(new int[] {1, 2}, 2), Tensor.of(new int[] {1, 3}, 2), 0, 1)).isTrue();
        assertThat(Tensor.allClose(Tensor.of(new boolean[] {true}, 1), Tensor.of(new boolean[] {false}, 1), 0, 0))
                .isFalse();
    }

    @Test
    void contentEqualsDistinguishesLongsBeyondDoublePrecision() {
        long big = 1L << 53;
        Tensor a = Tensor.of(new long[] {big}, 1);
        Tensor b = Tensor.of(new long[] {big + 1}, 1);
        assertThat(Tensor.contentEquals(a, b)).isFalse();
        assertThat(Tensor.allClose(a, b, 0, 0)).isFalse();
        assertThat(Tensor.contentEquals(a, Tensor.of(new long[] {big}, 1))).isTrue();
    }

    @Test
    void allCloseRequiresEqualShapesAndContentEqualsEqualDtypes() {
        assertThat(Tensor.allClose(Tensor.zeros(DType.F64, 2, 3), Tensor.zeros(DType.F64, 3, 2), 1, 1)).isFalse();
        assertThat(Tensor.allClose(Tensor.zeros(DType.F64, 6), Tensor.zeros(DType.F64, 6, 1), 1, 1)).isFalse();
        assertThat(Tensor.allClose(Tensor.zeros(DType.F64, 2), Tensor.zeros(DType.I32, 2), 0, 0)).isTrue();
        assertThat(Tensor.contentEquals(Tensor.zeros(DType.F64, 2), Tensor.zeros(DType.I32, 2))).isFalse();
        assertThat(Tensor.allClose(Tensor.zeros(DType.F64, 0), Tensor.zeros(DType.F64, 0), 0, 0)).isTrue();
    }

    @Test
    void allCloseRejectsNegativeOrNaNTolerances() {
        Tensor a = Tensor.zeros(DType.F64, 1);
        expectValidation(() -> Tensor.allClose(a, a, -1, 0), ValidationKind.INVALID_ARGUMENT, "allClose", "rtol");
        expectValidation(() -> Tensor.allClose(a, a, 0, Double.NaN), ValidationKind.INVALID_ARGUMENT, "allClose",
                "atol");
    }

    // ------------------------------------------------------------------ device placement

    @Test
    void deviceTensorsKeepTheirPlacementAndRefuseHostAccess() {
        Placement gpu = new Placement(DeviceKind.CUDA, 1);
        Tensor t = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(gpu, 12), 3, 4);
        assertThat(t.placement()).isEqualTo(gpu);
        assertThat(t.placement().isHost()).isFalse();
        assertThat(t.toString()).isEqualTo("Tensor(F32, shape=[3, 4], cuda:1)");
        expectValidation(() -> t.getDouble(0, 0), ValidationKind.INVALID_ARGUMENT, "getDouble", "tensor");
        expectValidation(t::toRowMajorArray, ValidationKind.INVALID_ARGUMENT, "toRowMajorArray", "tensor");
        expectValidation(t::f32Data, ValidationKind.INVALID_ARGUMENT, "f32Data", "this");
        expectValidation(() -> Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(gpu, 11), 3, 4),
                ValidationKind.INVALID_ARGUMENT, "Tensor.wrap", "storage");
    }

    @Test
    void deviceStorageClaimingTheHostIsRejected() {
        expectValidation(() -> Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(Placement.HOST, 12), 3, 4),
                ValidationKind.INVALID_ARGUMENT, "Tensor.wrap", "storage");
    }

    @Test
    void placementValidatesItsOrdinalAndPrintsCompactly() {
        assertThat(Placement.HOST.toString()).isEqualTo("host");
        assertThat(new Placement(DeviceKind.ROCM, 2).toString()).isEqualTo("rocm:2");
        ValidationException e = expectValidation(() -> new Placement(DeviceKind.CUDA, -1),
                ValidationKind.INVALID_ARGUMENT, "Placement", "ordinal");
        assertThat(e.actual()).isEqualTo("-1");
        assertThatThrownBy(() -> new Placement(null, 0)).isInstanceOf(NullPointerException.class);
        assertThat(Arrays.asList(DeviceKind.values())).containsExactly(DeviceKind.CPU, DeviceKind.CUDA,
                DeviceKind.ROCM, DeviceKind.OTHER);
    }
}
