package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.tensor.DType.BOOL;
import static org.ferrite.api.tensor.DType.C128;
import static org.ferrite.api.tensor.DType.C64;
import static org.ferrite.api.tensor.DType.F32;
import static org.ferrite.api.tensor.DType.F64;
import static org.ferrite.api.tensor.DType.I32;
import static org.ferrite.api.tensor.DType.I64;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DTypeTest {
    private static final DType[] ALL = DType.values();

    /** NumPy's np.can_cast(row, column, casting='safe'), written out by hand. Order: ALL. */
    private static final boolean[][] SAFE_CAST = {
        //        BOOL   I32    I64    F32    F64    C64    C128
        /*BOOL*/ {true, true, true, true, true, true, true},
        /*I32 */ {false, true, true, false, true, false, true},
        /*I64 */ {false, false, true, false, true, false, true},
        /*F32 */ {false, false, false, true, true, true, true},
        /*F64 */ {false, false, false, false, true, false, true},
        /*C64 */ {false, false, false, false, false, true, true},
        /*C128*/ {false, false, false, false, false, false, true},
    };

    /** NumPy's np.result_type(row, column) for dtypes (not values), written out by hand. */
    private static final DType[][] RESULT_TYPE = {
        /*BOOL*/ {BOOL, I32, I64, F32, F64, C64, C128},
        /*I32 */ {I32, I32, I64, F64, F64, C128, C128},
        /*I64 */ {I64, I64, I64, F64, F64, C128, C128},
        /*F32 */ {F32, F64, F64, F32, F64, C64, C128},
        /*F64 */ {F64, F64, F64, F64, F64, C128, C128},
        /*C64 */ {C64, C128, C128, C64, C128, C64, C128},
        /*C128*/ {C128, C128, C128, C128, C128, C128, C128},
    };

    @Test
    void declaresTheSevenDtypesInLatticeOrder() {
        assertThat(ALL).containsExactly(BOOL, I32, I64, F32, F64, C64, C128);
    }

    @Test
    void elementSizesAndStorageMatchNumPyAndTheHostLayout() {
        int[] bytes = {1, 4, 8, 4, 8, 8, 16};
        int[] scalars = {1, 1, 1, 1, 1, 2, 2};
        Class<?>[] storage = {boolean[].class, int[].class, long[].class, float[].class, double[].class,
            float[].class, double[].class};
        for (int i = 0; i < ALL.length; i++) {
            assertThat(ALL[i].byteSize()).as("%s", ALL[i]).isEqualTo(bytes[i]);
            assertThat(ALL[i].scalarsPerElement()).as("%s", ALL[i]).isEqualTo(scalars[i]);
            assertThat(ALL[i].storageClass()).as("%s", ALL[i]).isEqualTo(storage[i]);
        }
    }

    @Test
    void kindPredicatesClassifyEveryDtype() {
        // columns: isBool, isInteger, isFloating, isComplex, isRealFloating, isNumeric
        boolean[][] expected = {
            {true, false, false, false, false, false},
            {false, true, false, false, false, true},
            {false, true, false, false, false, true},
            {false, false, true, false, true, true},
            {false, false, true, false, true, true},
            {false, false, true, true, false, true},
            {false, false, true, true, false, true},
        };
        for (int i = 0; i < ALL.length; i++) {
            DType d = ALL[i];
            assertThat(new boolean[] {d.isBool(), d.isInteger(), d.isFloating(), d.isComplex(), d.isRealFloating(),
                d.isNumeric()}).as("%s", d).containsExactly(expected[i]);
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
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"BOOL", "I32", "I64"})
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

    @Test
    void promoteIsTheLeastUpperBoundOfTheSafeCastingOrder() {
        for (DType a : ALL) {
            for (DType b : ALL) {
                DType p = DType.promote(a, b);
                assertThat(a.canConvertTo(p) && b.canConvertTo(p)).as("upper bound of %s, %s", a, b).isTrue();
                for (DType c : ALL) {
                    if (a.canConvertTo(c) && b.canConvertTo(c)) {
                        assertThat(p.canConvertTo(c)).as("%s below every bound %s of %s, %s", p, c, a, b).isTrue();
                    }
                }
                assertThat(DType.promote(b, a)).isEqualTo(p);
                for (DType c : ALL) {
                    assertThat(DType.promote(DType.promote(a, b), c)).isEqualTo(DType.promote(a, DType.promote(b, c)));
                }
            }
            assertThat(DType.promote(a, a)).isEqualTo(a);
            assertThat(a.canConvertTo(a)).isTrue();
        }
    }
}
