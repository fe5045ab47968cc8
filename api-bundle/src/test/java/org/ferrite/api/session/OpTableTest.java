package org.ferrite.api.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ferrite.api.session.OpSpec.Family;
import org.ferrite.api.session.OpSpec.Result;
import org.ferrite.api.tensor.DType;
import org.junit.jupiter.api.Test;

class OpTableTest {

    @Test
    void everyConstantOfEveryOperationEnumHasItsOwnRow() {
        List<OpSpec> keyed = new ArrayList<>();
        for (BinaryOp op : BinaryOp.values()) {
            assertThat(OpTable.of(op).key()).contains(op);
            keyed.add(OpTable.of(op));
        }
        for (UnaryOp op : UnaryOp.values()) {
            assertThat(OpTable.of(op).key()).contains(op);
            keyed.add(OpTable.of(op));
        }
        for (CompareOp op : CompareOp.values()) {
            assertThat(OpTable.of(op).key()).contains(op);
            keyed.add(OpTable.of(op));
        }
        for (ReduceOp op : ReduceOp.values()) {
            assertThat(OpTable.of(op).key()).contains(op);
            keyed.add(OpTable.of(op));
        }
        for (ScatterMode mode : ScatterMode.values()) {
            assertThat(OpTable.of(mode).key()).contains(mode);
            assertThat(OpTable.of(mode).name()).isEqualTo("scatter");
            keyed.add(OpTable.of(mode));
        }
        assertThat(OpTable.rows()).startsWith(keyed.toArray(new OpSpec[0]));
        assertThat(OpTable.rows().subList(keyed.size(), OpTable.rows().size()))
                .allSatisfy(row -> assertThat(row.key()).isEmpty());
    }

    @Test
    void aRowIsIdentifiedByItsKeyOrItsName() {
        Set<String> seen = new HashSet<>();
        for (OpSpec row : OpTable.rows()) {
            String id = row.key().map(k -> k.getDeclaringClass().getSimpleName() + "." + k.name()).orElse(row.name());
            assertThat(seen.add(id)).as("row %s is unique", id).isTrue();
            assertThat(row.name()).isNotBlank();
            assertThat(row.dtypes()).as("%s accepts some dtype", row).isNotEmpty();
            assertThat(row.arity()).as("%s arity", row).isIn(OpSpec.VARIADIC, 0, 1, 2, 3);
        }
        assertThat(OpTable.rows()).hasSize(BinaryOp.values().length + UnaryOp.values().length
                + CompareOp.values().length + ReduceOp.values().length + ScatterMode.values().length + 25 + 12);
    }

    @Test
    void acceptsIsTheHotPathFormOfTheDtypeSet() {
        for (OpSpec row : OpTable.rows()) {
            for (DType d : DType.values()) {
                assertThat(row.accepts(d)).as("%s %s", row, d).isEqualTo(row.dtypes().contains(d));
            }
            assertThat(row.dtypeList()).isEqualTo(String.join(", ", row.dtypes().stream().map(Enum::name)
                    .toArray(String[]::new)));
        }
        for (DType d : DType.values()) {
            for (BinaryOp op : BinaryOp.values()) {
                assertThat(OpTable.accepts(op, d)).isEqualTo(OpTable.of(op).accepts(d));
            }
            for (UnaryOp op : UnaryOp.values()) {
                assertThat(OpTable.accepts(op, d)).isEqualTo(OpTable.of(op).accepts(d));
            }
            for (CompareOp op : CompareOp.values()) {
                assertThat(OpTable.accepts(op, d)).isEqualTo(OpTable.of(op).accepts(d));
            }
            for (ReduceOp op : ReduceOp.values()) {
                assertThat(OpTable.accepts(op, d)).isEqualTo(OpTable.of(op).accepts(d));
            }
            for (ScatterMode mode : ScatterMode.values()) {
                assertThat(OpTable.accepts(mode, d)).isEqualTo(OpTable.of(mode).accepts(d));
            }
        }
        assertThatThrownBy(() -> OpTable.rows().add(OpTable.SELECT)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> OpTable.SELECT.dtypes().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void theRowsStateTheApisDomainsHandChecked() {
        assertThat(OpTable.of(BinaryOp.ADD).dtypes()).containsExactly(DType.values());
        assertThat(OpTable.of(BinaryOp.SUB).dtypes()).containsExactly(I32, I64, F32, F64, C64, C128, F16, BF16, I8, U8);
        assertThat(OpTable.of(BinaryOp.REM).dtypes()).containsExactly(I32, I64, F32, F64, F16, BF16, I8, U8);
        assertThat(OpTable.of(BinaryOp.ATAN2).dtypes()).containsExactly(I32, I64, F32, F64, F16, BF16);
        assertThat(OpTable.of(BinaryOp.XOR).dtypes()).containsExactly(BOOL, I32, I64, I8, U8);
        assertThat(OpTable.of(UnaryOp.NOT).dtypes()).containsExactly(BOOL, I32, I64, I8, U8);
        assertThat(OpTable.of(UnaryOp.LOG1P).dtypes()).containsExactly(I32, I64, F32, F64, C64, C128, F16, BF16);
        assertThat(OpTable.of(UnaryOp.CEIL).dtypes()).containsExactly(F32, F64, F16, BF16);
        assertThat(OpTable.of(CompareOp.NE).dtypes()).containsExactly(DType.values());
        assertThat(OpTable.of(CompareOp.LT).dtypes()).containsExactly(I32, I64, F32, F64, F16, BF16, I8, U8);
        assertThat(OpTable.of(ReduceOp.PROD).dtypes()).containsExactly(DType.values());
        assertThat(OpTable.of(ReduceOp.MEAN).dtypes()).containsExactly(DType.values());
        assertThat(OpTable.DOT_GENERAL.dtypes()).containsExactly(I32, I64, F32, F64, C64, C128, F16, BF16, I8, U8);
        assertThat(OpTable.SOFTMAX.dtypes()).containsExactly(F32, F64, F16, BF16);
        assertThat(OpTable.of(BinaryOp.REM).numpyName()).isEqualTo("fmod");
        assertThat(OpTable.of(UnaryOp.ERF).numpyName()).isEqualTo("scipy.special.erf");
        assertThat(OpTable.of(UnaryOp.RSQRT).numpyName()).isEmpty();
        assertThat(OpTable.of(BinaryOp.DIV).domain()).contains("NumericalFailureException");
        assertThat(OpTable.of(BinaryOp.POW).domain()).contains("negative exponent → ValidationException");
        assertThat(OpTable.of(BinaryOp.ATAN2).family()).isEqualTo(Family.ANALYTIC);
        assertThat(OpTable.CONCATENATE.arity()).isEqualTo(OpSpec.VARIADIC);
        assertThat(OpTable.SELECT.arity()).isEqualTo(3);
        assertThat(OpTable.EYE.arity()).isZero();
        assertThat(OpTable.of(BinaryOp.FLOOR_DIVIDE).numpyName()).isEqualTo("floor_divide");
        assertThat(OpTable.of(BinaryOp.REMAINDER).numpyName()).isEqualTo("remainder");
    }

    @Test
    void theResultRulesAreNumPy2sPromotions() {
        // the sum of a mask counts; an integer's mean and analytic functions compute in F64 (NumPy 2)
        assertThat(OpTable.of(ReduceOp.SUM).resultType(BOOL)).isEqualTo(I64);
        assertThat(OpTable.of(ReduceOp.SUM).resultType(I32)).isEqualTo(I32);
        assertThat(OpTable.of(ReduceOp.SUM).computeType(BOOL)).isEqualTo(I64);
        assertThat(OpTable.of(ReduceOp.MEAN).resultType(BOOL)).isEqualTo(F64);
        assertThat(OpTable.of(ReduceOp.MEAN).resultType(I64)).isEqualTo(F64);
        assertThat(OpTable.of(ReduceOp.MEAN).resultType(F32)).isEqualTo(F32);
        assertThat(OpTable.of(UnaryOp.EXP).resultType(I32)).isEqualTo(F64);
        assertThat(OpTable.of(UnaryOp.EXP).widens(I32)).isTrue();
        assertThat(OpTable.of(UnaryOp.EXP).widens(F32)).isFalse();
        assertThat(OpTable.of(UnaryOp.EXP).computesIn(I32)).isFalse();
        assertThat(OpTable.of(UnaryOp.EXP).computesIn(C64)).isTrue();
        assertThat(OpTable.of(UnaryOp.EXP).accepts(BOOL)).isFalse(); // NumPy gives float16; Ferrite refuses
        assertThat(OpTable.of(BinaryOp.ATAN2).resultType(I64)).isEqualTo(F64);
        assertThat(OpTable.ARGMAX.resultType(C128)).isEqualTo(I64);
        assertThat(OpTable.CUMSUM.resultType(BOOL)).isEqualTo(I64);
        assertThat(OpTable.ANY_NONZERO.resultType(F64)).isEqualTo(BOOL);
        assertThat(OpTable.SORT.resultType(C64)).isEqualTo(C64);
        assertThatThrownBy(() -> OpTable.EYE.resultType(F64)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyScatterModeIsDefinedWhereItsBinaryOperationIs() {
        assertThat(OpTable.of(ScatterMode.REPLACE).dtypes()).containsExactly(DType.values());
        assertThat(OpTable.of(ScatterMode.ADD).dtypes()).isEqualTo(OpTable.of(BinaryOp.ADD).dtypes());
        assertThat(OpTable.of(ScatterMode.MUL).dtypes()).isEqualTo(OpTable.of(BinaryOp.MUL).dtypes());
        assertThat(OpTable.of(ScatterMode.MAX).dtypes()).isEqualTo(OpTable.of(BinaryOp.MAXIMUM).dtypes());
        assertThat(OpTable.of(ScatterMode.MIN).dtypes()).isEqualTo(OpTable.of(BinaryOp.MINIMUM).dtypes());
        assertThat(OpTable.of(ScatterMode.MAX)).hasToString("scatter mode MAX");
        assertThat(OpTable.of(BinaryOp.ADD)).hasToString("add");
    }

    @Test
    void theResultRuleGivesTheResultDtype() {
        assertThat(OpTable.of(UnaryOp.ABS).resultType(C128)).isEqualTo(F64);
        assertThat(OpTable.of(UnaryOp.ABS).resultType(C64)).isEqualTo(F32);
        assertThat(OpTable.of(UnaryOp.ABS).resultType(I32)).isEqualTo(I32);
        assertThat(OpTable.of(UnaryOp.SQRT).resultType(C64)).isEqualTo(C64);
        assertThat(OpTable.of(CompareOp.GE).resultType(F64)).isEqualTo(BOOL);
        assertThat(OpTable.of(ReduceOp.SUM_SQUARES).result()).isEqualTo(Result.REAL);
        for (ReduceOp op : ReduceOp.values()) {
            for (DType d : OpTable.of(op).dtypes()) {
                assertThat(ReductionOps.resultType(op, d)).isEqualTo(OpTable.of(op).resultType(d));
            }
        }
        assertThat(OpTable.of(ReduceOp.SUM_SQUARES).resultType(C128)).isEqualTo(F64);
        assertThatThrownBy(() -> OpTable.CAST.resultType(F32)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cast");
        assertThat(OpTable.CONVERT.result()).isEqualTo(Result.TARGET);
    }

    @Test
    void anEnumConstantWithoutItsRowFailsNamingIt() {
        OpSpec only = new OpSpec(Family.ELEMENTWISE, "eq", CompareOp.EQ, 2, EnumSet.allOf(DType.class), Result.BOOL,
                "equal", "");
        assertThatThrownBy(() -> OpTable.byOrdinal(CompareOp.values(), only)).isInstanceOf(IllegalStateException.class)
                .hasMessage("CompareOp.NE has no row in OpTable: add one (CONTRIBUTING.md, \"Add an operation\")");
        assertThatThrownBy(() -> OpTable.byOrdinal(CompareOp.values(), only, only))
                .isInstanceOf(IllegalStateException.class).hasMessage("two rows for CompareOp.EQ in OpTable");
    }
}
