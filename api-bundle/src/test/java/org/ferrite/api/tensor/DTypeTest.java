package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.tensor.DType.BOOL;
import static org.ferrite.api.tensor.DType.C128;
import static org.ferrite.api.tensor.DType.C64;
import static org.ferrite.api.tensor.DType.F32;
import static org.ferrite.api.tensor.DType.F64;
import static org.ferrite.api.tensor.DType.I32;
import static org.ferrite.api.tensor.DType.BF16;
import static org.ferrite.api.tensor.DType.F16;
import static org.ferrite.api.tensor.DType.I64;
import static org.ferrite.api.tensor.DType.I8;
import static org.ferrite.api.tensor.DType.U8;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DTypeTest {
    private static final DType[] ALL = DType.values();

    /** NumPy's np.can_cast(row, column, casting='safe') (ml_dtypes' for BF16), written out by hand. Order: ALL. */
    private static final boolean[][] SAFE_CAST = {
        //        BOOL   I32    I64    F32    F64    C64    C128   F16    BF16   I8     U8
        /*BOOL*/ {true, true, true, true, true, true, true, true, true, true, true},
        /*I32 */ {false, true, true, false, true, false, true, false, false, false, false},
        /*I64 */ {false, false, true, false, true, false, true, false, false, false, false},
        /*F32 */ {false, false, false, true, true, true, true, false, false, false, false},
        /*F64 */ {false, false, false, false, true, false, true, false, false, false, false},
        /*C64 */ {false, false, false, false, false, true, true, false, false, false, false},
        /*C128*/ {false, false, false, false, false, false, true, false, false, false, false},
        /*F16 */ {false, false, false, true, true, true, true, true, false, false, false},
        /*BF16*/ {false, false, false, true, true, true, true, false, true, false, false},
        /*I8  */ {false, true, true, true, true, true, true, true, true, true, false},
        /*U8  */ {false, true, true, true, true, true, true, true, true, false, true},
    };

    /**
     * NumPy's np.result_type(row, column) for dtypes (not values), written out by hand; BF16 as ml_dtypes and
     * JAX (F16 with BF16 is F32), and where ml_dtypes has no answer (BF16 with I32, I64) the lattice's, as
     * NumPy's for F16. One deliberate difference: I8 with U8 is I32 (NumPy: int16, which Ferrite lacks).
     */
    private static final DType[][] RESULT_TYPE = {
        /*BOOL*/ {BOOL, I32, I64, F32, F64, C64, C128, F16, BF16, I8, U8},
        /*I32 */ {I32, I32, I64, F64, F64, C128, C128, F64, F64, I32, I32},
        /*I64 */ {I64, I64, I64, F64, F64, C128, C128, F64, F64, I64, I64},
        /*F32 */ {F32, F64, F64, F32, F64, C64, C128, F32, F32, F32, F32},
        /*F64 */ {F64, F64, F64, F64, F64, C128, C128, F64, F64, F64, F64},
        /*C64 */ {C64, C128, C128, C64, C128, C64, C128, C64, C64, C64, C64},
        /*C128*/ {C128, C128, C128, C128, C128, C128, C128, C128, C128, C128, C128},
        /*F16 */ {F16, F64, F64, F32, F64, C64, C128, F16, F32, F16, F16},
        /*BF16*/ {BF16, F64, F64, F32, F64, C64, C128, F32, BF16, BF16, BF16},
        /*I8  */ {I8, I32, I64, F32, F64, C64, C128, F16, BF16, I8, I32},
        /*U8  */ {U8, I32, I64, F32, F64, C64, C128, F16, BF16, I32, U8},
    };

    @Test
    void declaresTheSevenDtypesOfApi02ThenTheFourNarrowOnes() {
        assertThat(ALL).containsExactly(BOOL, I32, I64, F32, F64, C64, C128, F16, BF16, I8, U8);
    }

    @Test
    void elementSizesAndStorageMatchNumPyAndTheHostLayout() {
        int[] bytes = {1, 4, 8, 4, 8, 8, 16, 2, 2, 1, 1};
        int[] scalars = {1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1};
        Class<?>[] storage = {boolean[].class, int[].class, long[].class, float[].class, double[].class,
            float[].class, double[].class, short[].class, short[].class, byte[].class, byte[].class};
        for (int i = 0; i < ALL.length; i++) {
            assertThat(ALL[i].byteSize()).as("%s", ALL[i]).isEqualTo(bytes[i]);
            assertThat(ALL[i].scalarsPerElement()).as("%s", ALL[i]).isEqualTo(scalars[i]);
            assertThat(ALL[i].storageClass()).as("%s", ALL[i]).isEqualTo(storage[i]);
        }
    }

    @Test
    void kindPredicatesClassifyEveryDtype() {
        // columns: isBool, isInteger, isFloating, isComplex, isRealFloating, isNumeric, isUnsigned
        boolean[][] expected = {
            {true, false, false, false, false, false, false},
            {false, true, false, false, false, true, false},
            {false, true, false, false, false, true, false},
            {false, false, true, false, true, true, false},
            {false, false, true, false, true, true, false},
            {false, false, true, true, false, true, false},
            {false, false, true, true, false, true, false},
            {false, false, true, false, true, true, false},
            {false, false, true, false, true, true, false},
            {false, true, false, false, false, true, false},
            {false, true, false, false, false, true, true},
        };
        for (int i = 0; i < ALL.length; i++) {
            DType d = ALL[i];
            assertThat(new boolean[] {d.isBool(), d.isInteger(), d.isFloating(), d.isComplex(), d.isRealFloating(),
                d.isNumeric(), d.isUnsigned()}).as("%s", d).containsExactly(expected[i]);
        }
    }

    @Test
    void theNarrowDtypesComputeInF32AndI32AndEveryOtherInItself() {
        assertThat(F16.computeType()).isEqualTo(F32);
        assertThat(BF16.computeType()).isEqualTo(F32);
        assertThat(I8.computeType()).isEqualTo(I32);
        assertThat(U8.computeType()).isEqualTo(I32);
        for (DType d : new DType[] {BOOL, I32, I64, F32, F64, C64, C128}) {
            assertThat(d.computeType()).isEqualTo(d);
        }
        for (DType d : ALL) {
            assertThat(d.canConvertTo(d.computeType())).as("%s widens safely to its compute type", d).isTrue();
        }
    }

    @Test
    void realAndComplexTypesPairThePrecisions() {
        assertThat(C64.realType()).isEqualTo(F32);
        assertThat(C128.realType()).isEqualTo(F64);
        for (DType d : new DType[] {BOOL, I32, I64, F32, F64}) {
            assertThat(d.realType()).isEqualTo(d);
        }
        assertThat(F32.complexType()).isEqualTo(C64);
        assertThat(C64.complexType()).isEqualTo(C64);
        assertThat(F64.complexType()).isEqualTo(C128);
        assertThat(C128.complexType()).isEqualTo(C128);
        assertThat(F16.complexType()).isEqualTo(C64);
        assertThat(BF16.complexType()).isEqualTo(C64);
        for (DType d : new DType[] {F16, BF16, I8, U8}) {
            assertThat(d.realType()).isEqualTo(d);
        }
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"BOOL", "I32", "I64", "I8", "U8"})
    void complexTypeOfANonFloatingDtypeIsADtypeMismatch(DType d) {
        var e = expectValidation(d::complexType, ValidationKind.DTYPE_MISMATCH, "complexType", "dtype");
        assertThat(e.actual()).isEqualTo(d.name());
    }

    @Test
    void canConvertToIsNumPySafeCastingForEveryPair() {
        for (int a = 0; a < ALL.length; a++) {
            for (int b = 0; b < ALL.length; b++) {
                assertThat(ALL[a].canConvertTo(ALL[b])).as("%s -> %s", ALL[a], ALL[b]).isEqualTo(SAFE_CAST[a][b]);
            }
        }
    }

    @Test
    void promoteIsNumPyResultTypeForEveryPair() {
        for (int a = 0; a < ALL.length; a++) {
            for (int b = 0; b < ALL.length; b++) {
                assertThat(DType.promote(ALL[a], ALL[b])).as("promote(%s, %s)", ALL[a], ALL[b])
                        .isEqualTo(RESULT_TYPE[a][b]);
            }
        }
    }

    /** I8 and U8 together: the one pair with two minimal common targets (I32 and F16, BF16). */
    private static boolean bothBytes(DType... ds) {
        return java.util.Arrays.asList(ds).contains(I8) && java.util.Arrays.asList(ds).contains(U8);
    }

    @Test
    void promoteIsTheLeastUpperBoundOfTheSafeCastingOrder() {
        for (DType a : ALL) {
            for (DType b : ALL) {
                DType p = DType.promote(a, b);
                assertThat(a.canConvertTo(p) && b.canConvertTo(p)).as("upper bound of %s, %s", a, b).isTrue();
                for (DType c : ALL) {
                    if (a.canConvertTo(c) && b.canConvertTo(c)) {
                        // I8, U8: no least bound (I32 and F16 are both minimal); the integer one is chosen
                        assertThat(p.canConvertTo(c) || bothBytes(a, b) && p == I32)
                                .as("%s below every bound %s of %s, %s", p, c, a, b).isTrue();
                    }
                }
                assertThat(DType.promote(b, a)).isEqualTo(p);
                for (DType c : ALL) {
                    if (!bothBytes(a, b, c)) { // (I8 ∨ U8) ∨ F16 = F64, I8 ∨ (U8 ∨ F16) = F16
                        assertThat(DType.promote(DType.promote(a, b), c))
                                .isEqualTo(DType.promote(a, DType.promote(b, c)));
                    }
                }
            }
            assertThat(DType.promote(a, a)).isEqualTo(a);
            assertThat(a.canConvertTo(a)).isTrue();
        }
    }
}
