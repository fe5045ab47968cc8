package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.ScalarOps;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Indices;
import org.ferrite.testkit.oracle.NumPyCases;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Spec;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Validations;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;

/**
 * Conformance of dtype promotion and scalar operands against NumPy 2 ({@link NumPyCases}): every pair of
 * the eleven dtypes through arithmetic, comparison and selection in the allocating forms, the
 * {@code …Into} forms refusing mixed dtypes, and scalar operands typed as NumPy 2 types Python scalars.
 * The promotion itself is the API's portable default; these tests prove that a provider's hooks give it
 * the values NumPy gives.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class PromotionConformance extends ProviderConformance {
    private static final long[] SHAPE = {2, 3};

    /** For subclasses. */
    protected PromotionConformance() {
    }

    @Test
    void promoteIsNumPyResultTypeForEveryPairOfDtypes() {
        for (DType a : DType.values()) {
            for (DType b : DType.values()) {
                assertThat(DType.promote(a, b)).as("promote(%s, %s)", a, b).isEqualTo(NumPyCases.resultType(a, b));
            }
        }
    }

    @Test
    void mixedDtypeArithmeticPromotesEveryPairAsNumPy() {
        long seed = 900;
        for (DType a : advertisedDtypes()) {
            for (DType b : advertisedDtypes()) {
                DType want = NumPyCases.resultType(a, b);
                BinaryOp op = want.isBool() ? BinaryOp.OR : BinaryOp.ADD;
                Tensor x = Values.random(a, seed++, Domain.ANY, SHAPE);
                Tensor y = Values.random(b, seed++, Domain.ANY, SHAPE);
                Tensor got = inSession((s, m) -> s.binary(op, m.of(x), m.of(y)));
                Tolerance.assertClose(a + " " + op + " " + b, got,
                        Oracle.binary(op, Oracle.cast(x, want), Oracle.cast(y, want)));
            }
        }
    }

    @Test
    void mixedDtypeComparisonsCompareInThePromotedDtype() {
        long seed = 1000;
        for (DType a : advertisedDtypes()) {
            for (DType b : advertisedDtypes()) {
                DType common = NumPyCases.resultType(a, b);
                Tensor x = Values.random(a, seed++, Domain.ANY, SHAPE);
                Tensor y = Values.random(b, seed++, Domain.ANY, SHAPE);
                Indices.forEach(SHAPE, i -> {
                    if (i[1] == 0) {
                        Oracle.write(y, i, Oracle.cast(a, b, Oracle.read(x, i))); // some equal pairs
                    }
                });
                for (CompareOp op : CompareOp.values()) {
                    if (!Spec.defined(op, common)) {
                        continue;
                    }
                    Tensor got = inSession((s, m) -> s.compare(op, m.of(x), m.of(y)));
                    Tolerance.assertClose(a + " " + op + " " + b, got,
                            Oracle.compare(op, Oracle.cast(x, common), Oracle.cast(y, common)));
                }
            }
        }
    }

    @Test
    void selectPromotesItsValuesAsNumPyWhere() {
        Tensor p = Values.random(DType.BOOL, 1101, Domain.ANY, SHAPE);
        Tensor t = Values.random(DType.I32, 1102, Domain.ANY, SHAPE);
        Tensor f = Values.random(DType.F32, 1103, Domain.ANY, SHAPE);
        Tensor got = inSession((s, m) -> s.select(m.of(p), m.of(t), m.of(f)));
        Tensor want = Tensor.zeros(DType.F64, SHAPE);
        Indices.forEach(SHAPE, i -> want.set(p.getBoolean(i) ? t.getDouble(i) : f.getDouble(i), i));
        Tolerance.assertClose("where(p, i32, f32)", got, want);
    }

    @Test
    void intoFormsDoNotPromoteAndNameTheOperand() {
        Tensor x = Values.random(DType.I32, 1201, Domain.ANY, SHAPE);
        Tensor y = Values.random(DType.F64, 1202, Domain.ANY, SHAPE);
        Tensor out = Values.random(DType.F64, 1203, Domain.ANY, SHAPE);
        Misuse.expect(this::inSession, "addInto(i32, f64, f64)", ValidationKind.DTYPE_MISMATCH, "rhs", out,
                (s, m) -> s.addInto(m.of(x), m.of(y), m.of(out)), x, y);
    }

    @Test
    void scalarOperandsTakeTheTensorsDtypeAsNumPy2WeakScalars() {
        long seed = 1300;
        for (DType d : advertisedDtypes()) {
            Tensor x = Values.random(d, seed++, Domain.ANY, SHAPE);
            DType viaLong = NumPyCases.scalarResultType(d, true);
            DType viaDouble = NumPyCases.scalarResultType(d, false);
            assertThat(ScalarOps.scalarResultType(d, true)).as("long scalar with %s", d).isEqualTo(viaLong);
            assertThat(ScalarOps.scalarResultType(d, false)).as("double scalar with %s", d).isEqualTo(viaDouble);
            Tensor two = Oracle.cast(Tensor.of(new long[] {2}), viaLong).broadcastTo(SHAPE).copy();
            Tensor half = Oracle.cast(Tensor.scalar(0.5), viaDouble).broadcastTo(SHAPE).copy();
            BinaryOp add = viaLong.isBool() ? BinaryOp.OR : BinaryOp.ADD;
            Tolerance.assertClose(d + " + 2", inSession((s, m) -> s.binary(add, m.of(x), 2L)),
                    Oracle.binary(add, Oracle.cast(x, viaLong), two));
            Tolerance.assertClose(d + " * 0.5", inSession((s, m) -> s.mul(m.of(x), 0.5)),
                    Oracle.binary(BinaryOp.MUL, Oracle.cast(x, viaDouble), half));
        }
    }

    @Test
    void scalarFormsReadAsTheirNumPyExpressions() {
        Tensor f = Tensor.of(new float[] {1, 2, 4}, 3);
        Tensor i = Tensor.of(new int[] {1, 2, 4}, 3);
        assertThat(inSession((s, m) -> s.sub(1.0, m.of(f))).f32Data()).containsExactly(0f, -1f, -3f);
        assertThat(inSession((s, m) -> s.div(m.of(i), 2)).i32Data()).containsExactly(0, 1, 2);
        assertThat(inSession((s, m) -> s.div(m.of(i), 2.0)).f64Data()).containsExactly(0.5, 1.0, 2.0);
        assertThat(inSession((s, m) -> s.pow(2, m.of(i))).i32Data()).containsExactly(2, 4, 16);
        assertThat(inSession((s, m) -> s.maximum(m.of(i), 2)).i32Data()).containsExactly(2, 2, 4);
        assertThat(inSession((s, m) -> s.compare(CompareOp.GT, m.of(i), 1.5)).boolData())
                .containsExactly(false, true, true);
        Tensor big = Tensor.of(new long[] {1L << 53}, 1);
        assertThat(inSession((s, m) -> s.add(m.of(big), 1)).i64Data()).containsExactly((1L << 53) + 1);
    }

    @Test
    void anIntegralScalarOutsideTheTensorsIntegerRangeIsRejected() {
        Tensor i = Tensor.of(new int[] {1, 2}, 2);
        Validations.expectValidation(() -> inSession((s, m) -> s.add(m.of(i), 1L << 40)),
                ValidationKind.INVALID_ARGUMENT, "add", "scalar");
    }
}
