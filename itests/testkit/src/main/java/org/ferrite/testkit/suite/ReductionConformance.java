package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Spec;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Conformance of the {@code reduceInto} hook: every defined (reduction, dtype) pair over several axis
 * sets (empty, one axis, two axes, all) and layouts against a naive oracle, the identities of empty
 * reductions (SUM 0, PROD 1, MEAN NaN), NaN propagation of MAX/MIN, and the typed errors (extent-0
 * MAX, bad axes, undefined pairs).
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class ReductionConformance extends ProviderConformance {
    private static final long[] SHAPE = {3, 4, 5};
    private static final int[][] AXES = {{}, {0}, {1}, {2}, {0, 2}, {2, 0}, {0, 1, 2}};

    /** For subclasses. */
    protected ReductionConformance() {
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void reduceIntoMatchesTheOracleForEveryDefinedOpAndAxisSet(DType d) {
        Tensor x = Values.random(d, 201, Domain.NON_ZERO, SHAPE);
        Layout[] layouts = Layout.values();
        int k = 0;
        for (ReduceOp op : ReduceOp.values()) {
            if (!Spec.defined(op, d)) {
                Tensor out = Tensor.zeros(ReductionOps.resultType(op, d));
                Tensor ones = Tensor.ones(d, 2);
                assertThatThrownBy(() -> inSession((s, m) -> {
                    s.reduceInto(op, m.of(ones), new int[] {0}, m.of(out));
                    return null;
                })).as(op + " on " + d).isInstanceOf(UnsupportedOpException.class);
                continue;
            }
            for (int[] axes : AXES) {
                TensorRead lx = layouts[k++ % layouts.length].of(x);
                Tensor want = Oracle.reduce(op, x, axes);
                TensorView out = Layout.STRIDED.of(Tensor.zeros(want.dtype(), want.shape()));
                inSession((s, m) -> {
                    s.reduceInto(op, m.of(lx), axes, m.of(out));
                    return null;
                });
                Tolerance.assertClose(op + " over " + java.util.Arrays.toString(axes), out.copy(), want,
                        Tolerance.of(d), op == ReduceOp.PROD ? 1 : 60);
            }
        }
    }

    @Test
    void handComputedSumsAndProductsAreExact() {
        Tensor m = Tensor.fromRowMajor(DType.I64, new long[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(inSession((s, p) -> s.sum(p.of(m), 0)).i64Data()).containsExactly(5, 7, 9);
        assertThat(inSession((s, p) -> s.sum(p.of(m), 1)).i64Data()).containsExactly(6, 15);
        assertThat(inSession((s, p) -> s.prod(p.of(m), 0, 1)).i64Data()).containsExactly(720);
        assertThat(inSession((s, p) -> s.max(p.of(m), 1)).i64Data()).containsExactly(3, 6);
        Tensor f = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
        assertThat(inSession((s, p) -> s.mean(p.of(f), 0)).f64Data()).containsExactly(2, 3);
        Tensor c = Tensor.ofComplex(new double[] {3, 4, 0, 1}, 2);
        assertThat(inSession((s, p) -> s.sumSquares(p.of(c), 0)).f64Data()).containsExactly(26);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I32", "F32", "C128"})
    void emptyReductionsGiveTheIdentity(DType d) {
        Tensor empty = Tensor.zeros(d, 0, 2);
        Tolerance.assertClose("sum", inSession((s, m) -> s.sum(m.of(empty), 0)), Tensor.zeros(d, 2), 0, 0);
        Tolerance.assertClose("prod", inSession((s, m) -> s.prod(m.of(empty), 0)), Tensor.ones(d, 2), 0, 0);
        if (d.isFloating()) {
            Tensor mean = inSession((s, m) -> s.mean(m.of(empty), 0));
            assertThat(Double.isNaN(mean.getReal(0))).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"F32", "F64"})
    void maxAndMinPropagateNaN(DType d) {
        Tensor x = Tensor.full(d, 1, 4);
        x.set(Double.NaN, 2);
        assertThat(Double.isNaN(inSession((s, m) -> s.max(m.of(x), 0)).getDouble())).isTrue();
        assertThat(Double.isNaN(inSession((s, m) -> s.min(m.of(x), 0)).getDouble())).isTrue();
    }

    @Test
    void maxOverAnEmptyAxisIsRejectedBeforeAnyWrite() {
        Tensor out = Tensor.full(DType.F64, 7, 2);
        Tensor empty = Tensor.zeros(DType.F64, 0, 2);
        assertThatThrownBy(() -> inSession((s, m) -> {
            s.reduceInto(ReduceOp.MAX, m.of(empty), new int[] {0}, m.of(out));
            return null;
        })).isInstanceOfSatisfying(ValidationException.class, e -> {
            assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
            assertThat(e.argument()).isEqualTo("axes");
        });
        assertThat(out.f64Data()).containsExactly(7, 7);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I64", "F32", "C128"})
    void reductionsWithoutAxesReduceEveryAxisAsNumPy(DType d) {
        Tensor x = Values.random(d, 231, Domain.NON_ZERO, SHAPE);
        TensorRead view = Layout.TRANSPOSED.of(x);
        for (ReduceOp op : ReduceOp.values()) {
            if (!Spec.defined(op, d)) {
                continue;
            }
            Tensor want = Oracle.reduce(op, x, new int[] {0, 1, 2});
            Tensor got = inSession((s, m) -> s.reduce(op, m.of(view), new int[] {0, 1, 2}));
            Tensor none = inSession((s, m) -> noAxes(s, op, m.of(view)));
            assertThat(none.rank()).as(op + "(x) has rank 0").isZero();
            Tolerance.assertClose(op + "(x) = " + op + " over every axis", none, got, 0, 0);
            Tolerance.assertClose(op + "(x)", none, want, Tolerance.of(d), 60);
        }
    }

    /** The no-axes overload of each reduction, as a user calls it. */
    private static Tensor noAxes(BackendSession s, ReduceOp op, TensorRead x) {
        switch (op) {
            case SUM: return s.sum(x);
            case PROD: return s.prod(x);
            case MAX: return s.max(x);
            case MIN: return s.min(x);
            case MEAN: return s.mean(x);
            default: return s.sumSquares(x);
        }
    }

    @Test
    void anExplicitlyEmptyAxisListIsTheIdentity() {
        Tensor x = Values.random(DType.F64, 241, Domain.ANY, SHAPE);
        Tolerance.assertClose("sum(x, new int[0])", inSession((s, m) -> s.sum(m.of(x), new int[0])), x, 0, 0);
        Tolerance.assertClose("max(x, new int[0], true)", inSession((s, m) -> s.max(m.of(x), new int[0], true)), x,
                0, 0);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I32", "F64", "C64"})
    void keepDimsKeepsTheReducedAxesWithExtentOne(DType d) {
        Tensor x = Values.random(d, 251, Domain.NON_ZERO, SHAPE);
        for (ReduceOp op : ReduceOp.values()) {
            if (!Spec.defined(op, d)) {
                continue;
            }
            for (int[] axes : AXES) {
                Tensor reduced = inSession((s, m) -> s.reduce(op, m.of(x), axes));
                Tensor kept = inSession((s, m) -> s.reduce(op, m.of(x), axes, true));
                long[] shape = x.shape();
                for (int a : axes) {
                    shape[a] = 1;
                }
                assertThat(kept.shape()).as(op + " keepDims over " + java.util.Arrays.toString(axes))
                        .containsExactly(shape);
                Tolerance.assertClose(op + " keepDims values", kept.reshape(reduced.shape()).copy(), reduced, 0, 0);
            }
        }
        Tensor all = inSession((s, m) -> s.sum(m.of(x), true));
        assertThat(all.shape()).containsExactly(1, 1, 1);
    }

    @Test
    void keepDimsResultsBroadcastAgainstTheOperand() {
        Tensor x = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        Tensor centred = inSession((s, m) -> {
            Tensor there = m.of(x);
            return s.sub(there, s.mean(there, new int[] {1}, true));
        });
        assertThat((double[]) centred.toRowMajorArray()).containsExactly(-1, 0, 1, -1, 0, 1);
    }

    @Test
    void maxWithoutAxesOfAnEmptyTensorIsRejected() {
        Tensor empty = Tensor.zeros(DType.F64, 2, 0);
        assertThatThrownBy(() -> inSession((s, m) -> s.max(m.of(empty)))).isInstanceOfSatisfying(
                ValidationException.class, e -> assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT));
        assertThat(Double.isNaN(inSession((s, m) -> s.mean(m.of(empty))).getDouble())).isTrue();
        assertThat(inSession((s, m) -> s.sum(m.of(empty))).getDouble()).isZero();
    }

    @Test
    void badAxesAreRejectedNamingThem() {
        Tensor x = Tensor.zeros(DType.F64, 2, 3);
        assertThatThrownBy(() -> inSession((s, m) -> s.sum(m.of(x), 2))).isInstanceOfSatisfying(ValidationException.class,
                e -> assertThat(e.validationKind()).isEqualTo(ValidationKind.AXIS_OUT_OF_BOUNDS));
        assertThatThrownBy(() -> inSession((s, m) -> s.sum(m.of(x), 1, 1))).isInstanceOf(ValidationException.class);
    }
}
