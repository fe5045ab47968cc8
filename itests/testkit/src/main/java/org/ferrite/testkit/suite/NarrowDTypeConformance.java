package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.NumPyCases;
import org.ferrite.testkit.oracle.NumPyCases.NarrowCast;
import org.ferrite.testkit.oracle.NumPyCases.NarrowElementwise;
import org.ferrite.testkit.oracle.NumPyCases.NarrowFold;
import org.junit.jupiter.api.Test;

/**
 * The narrow dtypes against values NumPy ({@code float16}, {@code int8}, {@code uint8}) and
 * {@code ml_dtypes} ({@code bfloat16}) computed, shipped with the kit ({@link NumPyCases}): elementwise
 * arithmetic bit for bit (an IEEE operation on the float32 values, rounded once to nearest even),
 * transcendental functions within one unit in the last place, casts to and from every dtype as
 * {@code astype} (round to nearest even, wrap), and sums and dot products accumulated in the compute type
 * (F32 for F16 and BF16: the same sum of float16 values accumulated in float16 gives another value) and
 * rounded or wrapped once. Zeros of either sign match in {@code maximum} and {@code minimum} (of -0 and +0
 * NumPy returns its first operand; Ferrite's floating MAXIMUM and MINIMUM, F32 and F64 included, treat -0
 * as less than +0, as Java's {@code Math.max}). The other suites run every operation family on these dtypes against the naive
 * oracle; this one pins the rounding. Each group of cases is one call (one tensor per operand).
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class NarrowDTypeConformance extends ProviderConformance {
    /** For subclasses. */
    protected NarrowDTypeConformance() {
    }

    @Test
    void elementwiseResultsMatchNumPyFloat16AndMlDtypesBfloat16() {
        Map<String, List<NarrowElementwise>> groups = new LinkedHashMap<>();
        for (NarrowElementwise c : NumPyCases.narrowElementwise()) {
            groups.computeIfAbsent(c.op() + " " + c.dtype(), k -> new ArrayList<>()).add(c);
        }
        assertThat(groups).hasSizeGreaterThanOrEqualTo(40);
        List<String> bad = new ArrayList<>();
        for (List<NarrowElementwise> group : groups.values()) {
            NarrowElementwise first = group.get(0);
            Tensor x = tensor(first.dtype(), group.stream().mapToDouble(NarrowElementwise::x).toArray());
            Tensor got;
            if (first.binary()) {
                Tensor y = tensor(first.dtype(), group.stream().mapToDouble(NarrowElementwise::y).toArray());
                BinaryOp op = BinaryOp.valueOf(first.op());
                got = inSession((s, m) -> s.binary(op, m.of(x), m.of(y)));
            } else {
                UnaryOp op = UnaryOp.valueOf(first.op());
                got = inSession((s, m) -> s.unary(op, m.of(x)));
            }
            assertThat(got.dtype()).isEqualTo(first.dtype());
            for (int i = 0; i < group.size(); i++) {
                NarrowElementwise c = group.get(i);
                double g = got.getDouble(i);
                boolean zeros = g == 0 && c.numpy() == 0 && (c.op().equals("MAXIMUM") || c.op().equals("MINIMUM"));
                boolean ok = zeros || (c.exact() ? same(g, c.numpy()) : withinOneUlp(c.dtype(), g, c.numpy()));
                if (!ok && bad.size() < 10) {
                    bad.add(c + ": got " + g);
                }
            }
        }
        assertThat(bad).as("cases that differ from NumPy / ml_dtypes").isEmpty();
    }

    @Test
    void searchingAndCumulativeOperationsReadAndWriteTheNarrowStorage() {
        for (DType d : new DType[] {DType.F16, DType.BF16}) { // every value exact in both
            Tensor x = Tensor.fromValues(d, new double[] {3.5, -1, Double.NaN, 2}, 4);
            assertThat(inSession((s, m) -> s.sort(m.of(x))).toRowMajorArray()).as("sort %s, NaN last", d)
                    .isEqualTo(Tensor.fromValues(d, new double[] {-1, 2, 3.5, Double.NaN}, 4).toRowMajorArray());
            assertThat(inSession((s, m) -> s.argsort(m.of(x))).toRowMajorArray()).as("argsort %s", d)
                    .isEqualTo(new long[] {1, 3, 0, 2});
            assertThat(inSession((s, m) -> s.argmax(m.of(x))).getLong()).as("argmax %s: the first NaN", d).isEqualTo(2);
            assertThat(inSession((s, m) -> s.cumsum(m.of(x))).toRowMajorArray()).as("cumsum %s", d)
                    .isEqualTo(Tensor.fromValues(d, new double[] {3.5, 2.5, Double.NaN, Double.NaN}, 4)
                            .toRowMajorArray());
        }
        Tensor i8 = Tensor.fromValues(DType.I8, new double[] {100, 100, -3, 7}, 4);
        assertThat(inSession((s, m) -> s.cumsum(m.of(i8))).toRowMajorArray()).as("cumsum I8 wraps")
                .isEqualTo(Tensor.fromValues(DType.I8, new double[] {100, -56, -59, -52}, 4).toRowMajorArray());
        Tensor u8 = Tensor.fromValues(DType.U8, new double[] {200, 100, 1}, 3);
        assertThat(inSession((s, m) -> s.cumsum(m.of(u8))).toRowMajorArray()).as("cumsum U8 wraps")
                .isEqualTo(Tensor.fromValues(DType.U8, new double[] {200, 44, 45}, 3).toRowMajorArray());
        assertThat(inSession((s, m) -> s.argmin(m.of(u8))).getLong()).as("argmin U8 reads 200 as 200").isEqualTo(2);
        assertThat(inSession((s, m) -> s.sort(m.of(u8))).toRowMajorArray()).as("sort U8, unsigned")
                .isEqualTo(Tensor.fromValues(DType.U8, new double[] {1, 100, 200}, 3).toRowMajorArray());
    }

    @Test
    void castsMatchNumPyAstype() {
        Map<String, List<NarrowCast>> groups = new LinkedHashMap<>();
        for (NarrowCast c : NumPyCases.narrowCasts()) {
            groups.computeIfAbsent(c.from() + " " + c.to(), k -> new ArrayList<>()).add(c);
        }
        assertThat(groups).hasSizeGreaterThanOrEqualTo(40);
        List<String> bad = new ArrayList<>();
        for (List<NarrowCast> group : groups.values()) {
            NarrowCast first = group.get(0);
            Tensor x = tensor(first.from(), group.stream().mapToDouble(NarrowCast::x).toArray());
            Tensor got = inSession((s, m) -> s.cast(m.of(x), first.to()));
            for (int i = 0; i < group.size(); i++) {
                NarrowCast c = group.get(i);
                double g = first.to().isInteger() ? got.getLong(i) : got.getReal(new long[] {i});
                if (!same(g, c.numpy()) && bad.size() < 10) {
                    bad.add(c + ": got " + g);
                }
            }
        }
        assertThat(bad).as("casts that differ from NumPy's astype").isEmpty();
    }

    @Test
    void sumsAndDotProductsAccumulateInTheComputeTypeAndRoundOnce() {
        List<NarrowFold> folds = NumPyCases.narrowFolds();
        assertThat(folds).hasSizeGreaterThanOrEqualTo(8);
        for (NarrowFold f : folds) {
            Tensor a = tensor(f.dtype(), f.lhs());
            double got;
            if (f.dot()) {
                int n = f.lhs().length;
                TensorRead row = a.reshape(1, n);
                TensorRead column = tensor(f.dtype(), f.rhs()).reshape(n, 1);
                got = inSession((s, m) -> s.matmul(m.of(row), m.of(column))).getDouble(0, 0);
            } else {
                got = inSession((s, m) -> s.sum(m.of(a))).getDouble();
            }
            assertThat(got).as("%s", f).isEqualTo(f.numpy());
        }
    }

    private static Tensor tensor(DType dtype, double[] values) {
        Tensor t = Tensor.zeros(dtype, values.length);
        for (int i = 0; i < values.length; i++) {
            t.set(values[i], i); // exact: every value is of the dtype
        }
        return t;
    }

    /** Bit for bit, but any NaN equals any NaN and the zeros' signs are compared too. */
    private static boolean same(double got, double want) {
        return Double.isNaN(want) ? Double.isNaN(got) : Double.doubleToLongBits(got) == Double.doubleToLongBits(want);
    }

    private static boolean withinOneUlp(DType dtype, double got, double want) {
        if (Double.isNaN(want) || Double.isInfinite(want) || Double.isNaN(got) || Double.isInfinite(got)) {
            return same(got, want);
        }
        int fraction = dtype == DType.F16 ? 10 : 7;
        int minExponent = dtype == DType.F16 ? -14 : -126;
        double ulp = Math.scalb(1.0, Math.max(Math.getExponent(want), minExponent) - fraction);
        return Math.abs(got - want) <= ulp;
    }
}
