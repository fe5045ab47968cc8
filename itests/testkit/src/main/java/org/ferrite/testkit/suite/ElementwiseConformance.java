package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Indices;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.NumPyCases;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Spec;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Conformance of the elementwise hooks ({@code binaryInto}, {@code unaryInto}, {@code compareInto},
 * {@code selectInto}) and the broadcasting defaults built on them: every defined (operation, dtype)
 * pair against {@link Oracle} over every {@link Layout} of inputs and outputs, rank 0 and extent 0, in
 * place; every undefined pair rejected with {@link UnsupportedOpException} leaving the output untouched.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class ElementwiseConformance extends ProviderConformance {
    private static final long[] SHAPE = {3, 4, 2};
    private static final Layout[][] LAYOUTS = {
        {Layout.COMPACT, Layout.COMPACT, Layout.COMPACT},
        {Layout.TRANSPOSED, Layout.NEGATIVE_STRIDES, Layout.STRIDED},
        {Layout.STRIDED, Layout.TRANSPOSED, Layout.NEGATIVE_STRIDES},
    };

    /** For subclasses. */
    protected ElementwiseConformance() {
    }

    private static Domain lhsDomain(BinaryOp op, DType d) {
        return op == BinaryOp.POW && d.isRealFloating() ? Domain.SMALL_NON_NEGATIVE
                : op == BinaryOp.POW && d.isComplex() ? Domain.NON_ZERO : Domain.ANY;
    }

    private static Domain rhsDomain(BinaryOp op, DType d) {
        if (op == BinaryOp.DIV || op == BinaryOp.REM || op == BinaryOp.FLOOR_DIVIDE || op == BinaryOp.REMAINDER) {
            return Domain.NON_ZERO;
        }
        return op == BinaryOp.POW && d.isInteger() ? Domain.SMALL_NON_NEGATIVE : Domain.ANY;
    }

    private static Domain unaryDomain(UnaryOp op, DType d) {
        boolean positive = op == UnaryOp.LOG || op == UnaryOp.SQRT || op == UnaryOp.RSQRT;
        return positive && (d.isRealFloating() || d.isInteger()) ? Domain.SMALL_NON_NEGATIVE : Domain.ANY;
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void binaryIntoMatchesTheOracleForEveryDefinedOpOverEveryLayout(DType d) {
        long seed = 11;
        for (BinaryOp op : BinaryOp.values()) {
            if (!Spec.defined(op, d)) {
                continue;
            }
            for (Layout[] l : LAYOUTS) {
                Tensor a = Values.random(d, seed++, lhsDomain(op, d), SHAPE);
                Tensor b = Values.random(d, seed++, rhsDomain(op, d), SHAPE);
                TensorView out = l[2].of(Tensor.zeros(OpTable.of(op).resultType(d), SHAPE));
                TensorRead la = l[0].of(a);
                TensorRead lb = l[1].of(b);
                inSession((s, m) -> {
                    s.binaryInto(op, m.of(la), m.of(lb), m.of(out));
                    return null;
                });
                Tolerance.assertClose(op + " " + l[0] + "/" + l[1] + "->" + l[2], out.copy(), Oracle.binary(op, a, b));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void undefinedBinaryOpsAreUnsupportedAndLeaveTheOutputUntouched(DType d) {
        Tensor a = Values.random(d, 1, Domain.NON_ZERO, 2, 2);
        for (BinaryOp op : BinaryOp.values()) {
            if (Spec.defined(op, d)) {
                continue;
            }
            Tensor out = Values.random(OpTable.of(op).resultType(d), 2, Domain.ANY, 2, 2);
            Object before = Values.snapshotStorage(out);
            assertThatThrownBy(() -> inSession((s, m) -> {
                s.binaryInto(op, m.of(a), m.of(a), m.of(out));
                return null;
            })).as(op + " on " + d).isInstanceOf(UnsupportedOpException.class);
            assertThat(Values.storageEquals(out, before)).as(op + " left out untouched").isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void unaryIntoMatchesTheOracleForEveryDefinedOpOverEveryLayout(DType d) {
        long seed = 21;
        for (UnaryOp op : UnaryOp.values()) {
            DType outType = OpTable.of(op).resultType(d); // F64 for an analytic function of an integer
            if (!Spec.defined(op, d)) {
                Tensor out = Tensor.zeros(outType, 2);
                Tensor ones = Tensor.ones(d, 2);
                assertThatThrownBy(() -> inSession((s, m) -> {
                    s.unaryInto(op, m.of(ones), m.of(out));
                    return null;
                })).as(op + " on " + d).isInstanceOf(UnsupportedOpException.class);
                continue;
            }
            for (Layout[] l : LAYOUTS) {
                Tensor x = Values.random(d, seed++, unaryDomain(op, d), SHAPE);
                TensorRead lx = l[0].of(x);
                TensorView out = l[2].of(Tensor.zeros(outType, SHAPE));
                inSession((s, m) -> {
                    s.unaryInto(op, m.of(lx), m.of(out));
                    return null;
                });
                Tolerance.assertClose(op + " " + l[0] + "->" + l[2], out.copy(), Oracle.unary(op, x));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void compareIntoFollowsIeeeAndTheOracleForEveryDefinedComparison(DType d) {
        Tensor a = Values.random(d, 31, Domain.ANY, SHAPE);
        Tensor b = Values.random(d, 32, Domain.ANY, SHAPE);
        Indices.forEach(SHAPE, i -> {
            if ((i[0] + i[1]) % 3 == 0) {
                Values.copy(a, i, b, i); // some equal pairs
            }
        });
        for (CompareOp op : CompareOp.values()) {
            Tensor out = Tensor.zeros(DType.BOOL, SHAPE);
            if (!Spec.defined(op, d)) {
                assertThatThrownBy(() -> inSession((s, m) -> {
                    s.compareInto(op, m.of(a), m.of(b), m.of(out));
                    return null;
                })).as(op + " on " + d).isInstanceOf(UnsupportedOpException.class);
                continue;
            }
            TensorRead la = Layout.TRANSPOSED.of(a);
            TensorRead lb = Layout.NEGATIVE_STRIDES.of(b);
            inSession((s, m) -> {
                s.compareInto(op, m.of(la), m.of(lb), m.of(out));
                return null;
            });
            Tolerance.assertClose(op.name(), out, Oracle.compare(op, a, b));
        }
    }

    @Test
    void comparisonsWithNaNAreFalseExceptNotEqual() {
        Tensor nan = Tensor.of(new double[] {Double.NaN, 1, Double.NaN}, 3);
        Tensor one = Tensor.of(new double[] {1, Double.NaN, Double.NaN}, 3);
        for (CompareOp op : CompareOp.values()) {
            Tensor r = inSession((s, m) -> s.compare(op, m.of(nan), m.of(one)));
            for (int i = 0; i < 3; i++) {
                assertThat(r.getBoolean(i)).as(op + " at " + i).isEqualTo(op == CompareOp.NE);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void selectIntoPicksPerElementOverEveryLayout(DType d) {
        Tensor p = Values.random(DType.BOOL, 41, Domain.ANY, SHAPE);
        Tensor t = Values.random(d, 42, Domain.ANY, SHAPE);
        Tensor f = Values.random(d, 43, Domain.ANY, SHAPE);
        TensorView out = Layout.STRIDED.of(Tensor.zeros(d, SHAPE));
        TensorRead lp = Layout.NEGATIVE_STRIDES.of(p);
        TensorRead lt = Layout.TRANSPOSED.of(t);
        inSession((s, m) -> {
            s.selectInto(m.of(lp), m.of(lt), m.of(f), m.of(out));
            return null;
        });
        Tensor want = Tensor.zeros(d, SHAPE);
        Indices.forEach(SHAPE, i -> Values.copy(p.getBoolean(i) ? t : f, i, want, i));
        Tolerance.assertClose("select", out.copy(), want);
    }

    @Test
    void handComputedArithmeticIsExact() {
        Tensor a = Tensor.of(new double[] {1, 2, 3}, 3);
        Tensor b = Tensor.of(new double[] {10, 20, 30}, 3);
        assertThat(inSession((s, m) -> s.add(m.of(a), m.of(b))).f64Data()).containsExactly(11, 22, 33);
        Tensor z = Tensor.ofComplex(new double[] {1, 2}, 1);
        Tensor w = Tensor.ofComplex(new double[] {3, -1}, 1);
        assertThat(inSession((s, m) -> s.mul(m.of(z), m.of(w))).c128Data()).containsExactly(5, 5); // (1+2i)(3-i) = 5+5i
        Tensor i = Tensor.of(new int[] {7, -7, 7, -7}, 4);
        Tensor j = Tensor.of(new int[] {2, 2, -2, -2}, 4);
        assertThat(inSession((s, m) -> s.div(m.of(i), m.of(j))).i32Data()).containsExactly(3, -3, -3, 3);
        assertThat(inSession((s, m) -> s.rem(m.of(i), m.of(j))).i32Data()).containsExactly(1, -1, 1, -1);
        Tensor r = Tensor.of(new double[] {0.5, 1.5, 2.5, 3.5, -2.5}, 5);
        assertThat(inSession((s, m) -> s.unary(UnaryOp.ROUND, m.of(r))).f64Data()).containsExactly(0, 2, 2, 4, -2);
    }

    @Test
    void broadcastingDefaultsCombineShapesNumPyStyle() {
        Tensor col = Values.random(DType.F64, 51, Domain.ANY, 3, 1);
        Tensor row = Values.random(DType.F64, 52, Domain.ANY, 1, 4);
        Tensor sum = inSession((s, m) -> s.add(m.of(col), m.of(row)));
        assertThat(sum.shape()).containsExactly(3, 4);
        Indices.forEach(sum.shape(), i -> assertThat(sum.getDouble(i))
                .isEqualTo(col.getDouble(i[0], 0) + row.getDouble(0, i[1])));
        Tensor two = Tensor.scalar(2);
        Tensor scaled = inSession((s, m) -> s.mul(m.of(row), m.of(two)));
        assertThat(scaled.shape()).containsExactly(1, 4);
        Indices.forEach(scaled.shape(), i -> assertThat(scaled.getDouble(i)).isEqualTo(2 * row.getDouble(i)));
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I32", "F32", "C128"})
    void rankZeroAndEmptyOperandsWork(DType d) {
        Tensor x = Values.random(d, 61, Domain.ANY);
        Tensor y = Values.random(d, 62, Domain.ANY);
        Tolerance.assertClose("rank 0", inSession((s, m) -> s.add(m.of(x), m.of(y))), Oracle.binary(BinaryOp.ADD, x, y));
        Tensor empty = Tensor.zeros(d, 3, 0);
        assertThat(inSession((s, m) -> s.add(m.of(empty), m.of(empty))).shape()).containsExactly(3, 0);
        assertThat(inSession((s, m) -> s.neg(m.of(empty))).shape()).containsExactly(3, 0);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I64", "F64", "C64"})
    void binaryAndUnaryIntoMayWriteExactlyOverAnInput(DType d) {
        Tensor a = Values.random(d, 71, Domain.ANY, SHAPE);
        Tensor b = Values.random(d, 72, Domain.ANY, SHAPE);
        Tensor want = Oracle.unary(UnaryOp.NEG, Oracle.binary(BinaryOp.SUB, a, b));
        Tensor inPlace = a.copy();
        inSession((s, m) -> {
            Tensor there = m.of(inPlace);
            s.binaryInto(BinaryOp.SUB, there, m.of(b), there);
            s.unaryInto(UnaryOp.NEG, there, there);
            return null;
        });
        Tolerance.assertClose("in place", inPlace, want);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I32", "I64"})
    void integerDivisionByZeroIsANumericalFailure(DType d) {
        Tensor a = Tensor.ones(d, 3);
        Tensor b = Tensor.ones(d, 3);
        b.setLong(0, 1);
        for (BinaryOp op : new BinaryOp[] {BinaryOp.DIV, BinaryOp.REM, BinaryOp.FLOOR_DIVIDE, BinaryOp.REMAINDER}) {
            assertThatThrownBy(() -> inSession((s, m) -> s.binary(op, m.of(a), m.of(b))))
                    .as(op.name()).isInstanceOf(NumericalFailureException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I32", "I64"})
    void negativeIntegerExponentIsRejectedBeforeAnyWrite(DType d) {
        Tensor a = Tensor.full(d, 2, 3);
        Tensor b = Tensor.full(d, 2, 3);
        b.setLong(-1, 2);
        Tensor out = Tensor.full(d, 9, 3);
        assertThatThrownBy(() -> inSession((s, m) -> {
            s.binaryInto(BinaryOp.POW, m.of(a), m.of(b), m.of(out));
            return null;
        })).isInstanceOfSatisfying(ValidationException.class,
                e -> assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT));
        assertThat(out.getLong(0)).isEqualTo(9);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"F32", "F64"})
    void realPowFollowsC99SpecialValuesAsNumPy(DType d) {
        List<NumPyCases.Pow> cases = NumPyCases.pow().stream().filter(c -> c.dtype() == d).collect(Collectors.toList());
        Tensor x = Tensor.zeros(d, cases.size());
        Tensor y = Tensor.zeros(d, cases.size());
        for (int i = 0; i < cases.size(); i++) {
            x.set(cases.get(i).x(), i);
            y.set(cases.get(i).y(), i);
        }
        Tensor got = inSession((s, m) -> s.pow(m.of(x), m.of(y)));
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            NumPyCases.Pow c = cases.get(i);
            double g = got.getDouble(i);
            double want = c.numpy();
            double ulp = d == DType.F32 ? Math.ulp((float) want) : Math.ulp(want);
            boolean special = Double.isNaN(want) || Double.isInfinite(want) || want == 0 || want == 1;
            boolean ok = special ? Double.doubleToLongBits(g) == Double.doubleToLongBits(want)
                    || Double.isNaN(g) && Double.isNaN(want) : Math.abs(g - want) <= 2 * ulp;
            if (!ok) {
                bad.add("pow(" + c.x() + ", " + c.y() + ") = " + g + ", NumPy " + want);
            }
        }
        assertThat(bad).as(d + " pow against NumPy").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"C64", "C128"})
    void complexExpm1AndLog1pAreAccurateNearZeroAndAgreeWithNumPyWhereItIsAccurate(DType d) {
        List<NumPyCases.ComplexPoint> points = NumPyCases.complexFunctions();
        Tensor z = Tensor.zeros(d, points.size());
        for (int i = 0; i < points.size(); i++) {
            z.setComplex(points.get(i).re(), points.get(i).im(), i);
        }
        double tol = d == DType.C64 ? 0x1p-22 : 1e-14;
        for (boolean log1p : new boolean[] {false, true}) {
            UnaryOp op = log1p ? UnaryOp.LOG1P : UnaryOp.EXPM1;
            Tensor got = inSession((s, m) -> s.unary(op, m.of(z)));
            List<String> bad = new ArrayList<>();
            int numpyAccurate = 0;
            for (int i = 0; i < points.size(); i++) {
                double[] ref = points.get(i).value(d, log1p, true);
                double[] numpy = points.get(i).value(d, log1p, false);
                double[] g = {got.getReal(i), got.getImag(i)};
                for (int part = 0; part < 2; part++) {
                    double bound = tol * Math.abs(ref[part]) + Double.MIN_NORMAL;
                    if (g[part] != ref[part] && !(Math.abs(g[part] - ref[part]) <= bound)) {
                        bad.add(op + "(" + z.getReal(i) + ", " + z.getImag(i) + ") part " + part + " = " + g[part]
                                + ", exact " + ref[part]);
                    }
                    if (numpy[part] == ref[part] || Math.abs(numpy[part] - ref[part]) <= bound) {
                        numpyAccurate++;
                        if (g[part] != numpy[part] && !(Math.abs(g[part] - numpy[part]) <= 2 * bound)) {
                            bad.add(op + " differs from NumPy at " + i + " part " + part);
                        }
                    }
                }
            }
            assertThat(bad).as(d + " " + op + " against the 50-digit reference and NumPy").isEmpty();
            assertThat(numpyAccurate).as("parts where NumPy is accurate").isGreaterThan(points.size());
        }
    }

    @Test
    void scopedAndHeldEntriesGiveIdenticalResults() {
        Tensor a = Values.random(DType.F64, 81, Domain.ANY, 5, 7);
        Tensor b = Values.random(DType.F64, 82, Domain.ANY, 5, 7);
        Tensor scoped = inSession((s, m) -> s.tanh(s.add(s.mul(m.of(a), m.of(b)), s.exp(m.of(a)))));
        Tensor held;
        try (HeldSession h = backend().openSession()) {
            held = h.withSession(s -> s.toHost(s.tanh(s.add(s.mul(s.to(a, s.placement()), s.to(b, s.placement())),
                    s.exp(s.to(a, s.placement()))))));
        }
        assertThat(held.f64Data()).containsExactly(scoped.f64Data());
    }
}
