package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Validations;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Conformance of the {@code dotGeneralAccumulate} hook and the contraction defaults: hand-computed
 * matrix products, random configurations (free, contracting and batch axes in any order, several
 * contracting pairs) over the four floating dtypes and {@link Layout}s against an oracle that
 * canonicalises both operands to {@code [free, contracted, batch]} matrices, alpha/beta accumulation with
 * conjugation, the {@code beta == 0} rule (the old output is not read), zero-extent contractions, and
 * identical results from scoped and held entries; prepared contractions ({@code prepareDotGeneral}) run
 * in a later session as {@code dotGeneralAccumulate}, with their per-run layout check; I32 and I64 exactly, wrap-around included (NumPy's
 * {@code matmul} of int arrays), with integer scalars only; {@code matmul}'s rank rule.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class ContractionConformance extends ProviderConformance {
    /** For subclasses. */
    protected ContractionConformance() {
    }

    @Test
    void matmulAndMatrixVectorProductsAreHandComputable() {
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        Tensor b = Tensor.fromRowMajor(DType.F64, new double[] {7, 8, 9, 10, 11, 12}, 3, 2);
        assertThat(inSession((s, m) -> s.matmul(m.of(a), m.of(b))).toRowMajorArray()).isEqualTo(new double[] {58, 64, 139, 154});
        Tensor x = Tensor.of(new double[] {1, 0, -1}, 3);
        Tensor y = Tensor.zeros(DType.F64, 2);
        inSession((s, m) -> {
            s.matmulInto(m.of(a), m.of(x), m.of(y));
            return null;
        });
        assertThat(y.f64Data()).containsExactly(-2, -2);
    }

    /** A random configuration drawn for operands of the given ranks. */
    private static final class RandomCase {
        final Tensor lhs;
        final Tensor rhs;
        final DotGeneralConfig config;

        RandomCase(DType d, long seed) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int batch = rnd.nextInt(0, 2);
            int contracting = rnd.nextInt(0, 3);
            int lFree = rnd.nextInt(0, 3);
            int rFree = rnd.nextInt(0, 3);
            int[] lAxes = shuffled(rnd, batch + contracting + lFree);
            int[] rAxes = shuffled(rnd, batch + contracting + rFree);
            long[] lShape = new long[lAxes.length];
            long[] rShape = new long[rAxes.length];
            int[] lc = new int[contracting];
            int[] rc = new int[contracting];
            int[] lb = new int[batch];
            int[] rb = new int[batch];
            int k = 0;
            for (int i = 0; i < batch; i++, k++) {
                lb[i] = lAxes[k];
                rb[i] = rAxes[k];
                lShape[lb[i]] = rShape[rb[i]] = rnd.nextInt(1, 4);
            }
            for (int i = 0; i < contracting; i++, k++) {
                lc[i] = lAxes[k];
                rc[i] = rAxes[k];
                lShape[lc[i]] = rShape[rc[i]] = rnd.nextInt(1, 5);
            }
            for (int i = k; i < lAxes.length; i++) {
                lShape[lAxes[i]] = rnd.nextInt(1, 4);
            }
            for (int i = k; i < rAxes.length; i++) {
                rShape[rAxes[i]] = rnd.nextInt(1, 4);
            }
            lhs = Values.random(d, rnd.nextLong(), Domain.ANY, lShape);
            rhs = Values.random(d, rnd.nextLong(), Domain.ANY, rShape);
            config = DotGeneralConfig.of(lc, rc, lb, rb);
        }

        private static int[] shuffled(SplittableRandom rnd, int n) {
            int[] p = new int[n];
            for (int i = 0; i < n; i++) {
                p[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = p[i];
                p[i] = p[j];
                p[j] = t;
            }
            return p;
        }
    }

    /** The kit's dotGeneral oracle, into a tensor of the operands' dtype and {@code old}'s shape. */
    private static Tensor expected(Tensor lhs, Tensor rhs, DotGeneralConfig c, Accumulation acc, Tensor old) {
        return Oracle.dotGeneral(lhs, rhs, c, acc, old);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"F32", "F64", "C64", "C128"})
    void dotGeneralMatchesTheOracleForRandomConfigurationsAndLayouts(DType d) {
        Layout[] layouts = Layout.values();
        for (int n = 0; n < 24; n++) {
            RandomCase rc = new RandomCase(d, 400 + n);
            TensorRead lhs = layouts[n % layouts.length].of(rc.lhs);
            TensorRead rhs = layouts[(n / 2) % layouts.length].of(rc.rhs);
            Tensor got = inSession((s, m) -> s.dotGeneral(m.of(lhs), m.of(rhs), rc.config));
            Tensor want = expected(rc.lhs, rc.rhs, rc.config, Accumulation.OVERWRITE, Tensor.zeros(d, got.shape()));
            Tolerance.assertClose("case " + n + " " + rc.config, got, want, Tolerance.of(d), 12);
        }
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"F32", "F64", "C64", "C128"})
    void accumulateScalesAndConjugatesIntoAStridedOutput(DType d) {
        RandomCase rc = new RandomCase(d, 450);
        long[] shape = DotGeneralShapes.outputShape(rc.lhs, rc.rhs, rc.config);
        Tensor old = Values.random(d, 451, Domain.ANY, shape);
        Accumulation acc = d.isComplex() ? new Accumulation(0.5, -1.5, 2, 0.25, true, false).withConjugation(true,
                true) : Accumulation.of(-1.5, 0.75);
        TensorView out = Layout.STRIDED.of(old);
        TensorRead reversedRhs = Layout.NEGATIVE_STRIDES.of(rc.rhs);
        inSession((s, m) -> {
            s.dotGeneralAccumulate(m.of(rc.lhs), m.of(reversedRhs), rc.config, acc, m.of(out));
            return null;
        });
        Tolerance.assertClose("accumulate", out.copy(), expected(rc.lhs, rc.rhs, rc.config, acc, old), Tolerance.of(d),
                12);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"F32", "F64", "C64", "C128", "I64"})
    void aPreparedContractionRunsInALaterSessionAsDotGeneralAccumulate(DType d) {
        Layout[] layouts = Layout.values();
        for (int n = 0; n < 12; n++) {
            RandomCase rc = new RandomCase(d, 470 + n);
            TensorRead lhs = layouts[n % layouts.length].of(rc.lhs);
            TensorRead rhs = layouts[(n / 2) % layouts.length].of(rc.rhs);
            long[] shape = DotGeneralShapes.outputShape(rc.lhs, rc.rhs, rc.config);
            Tensor old = Values.random(d, 480 + n, Domain.ANY, shape);
            TensorView out = layouts[(n / 3) % layouts.length].of(old);
            Accumulation acc = d.isInteger() ? Accumulation.of(2, -1) : d.isComplex()
                    ? new Accumulation(0.5, -1, 1.5, 0.25, false, true) : Accumulation.of(-1.5, 0.5);
            PreparedContraction p = inSession((s, m) -> s.prepareDotGeneral(m.of(lhs), m.of(rhs), rc.config,
                    m.of(out)));
            assertThat(p.outputShape()).containsExactly(shape);
            inSession((s, m) -> { // a later session: new device copies of the same layouts
                assertThat(p.accepts(m.of(lhs), m.of(rhs), m.of(out))).isTrue();
                p.runAccumulate(s, m.of(lhs), m.of(rhs), acc, m.of(out));
                return null;
            });
            Tensor want = d.isInteger() ? Oracle.dotGeneralInteger(rc.lhs, rc.rhs, rc.config, 2, -1, old)
                    : expected(rc.lhs, rc.rhs, rc.config, acc, old);
            Tolerance.assertClose("case " + n + " " + rc.config, out.copy(), want, Tolerance.of(d), 12);
        }
    }

    @Test
    void aPreparedContractionChecksTheLayoutOfEveryRunAndItsAllocatingFormIsCompact() {
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        Tensor b = Tensor.fromRowMajor(DType.F64, new double[] {7, 8, 9, 10, 11, 12}, 3, 2);
        Tensor out = Tensor.full(DType.F64, -1, 2, 2);
        PreparedContraction p = inSession((s, m) -> s.prepareDotGeneral(m.of(a), m.of(b), DotGeneralConfig.MATMUL));
        assertThat(inSession((s, m) -> p.run(s, m.of(a), m.of(b))).toRowMajorArray())
                .isEqualTo(new double[] {58, 64, 139, 154});
        TensorView transposed = Layout.TRANSPOSED.of(a);
        assertThatThrownBy(() -> inSession((s, m) -> {
            p.runInto(s, m.of(transposed), m.of(b), m.of(out));
            return null;
        })).isInstanceOfSatisfying(ValidationException.class, e -> {
            assertThat(e.argument()).isEqualTo("lhs");
            assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
        });
        assertThatThrownBy(() -> inSession((s, m) -> {
            p.runInto(s, m.of(a), m.of(Tensor.zeros(DType.F64, 2, 2)), m.of(out));
            return null;
        })).isInstanceOfSatisfying(ValidationException.class, e -> assertThat(e.argument()).isEqualTo("rhs"));
        assertThat(out.f64Data()).as("nothing written by a refused run").containsOnly(-1);
        assertThatThrownBy(() -> inSession((s, m) -> s.prepareDotGeneral(m.of(a), m.of(a), DotGeneralConfig.MATMUL)))
                .isInstanceOf(ValidationException.class);
    }

    @Test
    void betaZeroDoesNotReadTheOldOutput() {
        Tensor a = Tensor.ones(DType.F64, 2, 2);
        Tensor out = Tensor.full(DType.F64, Double.NaN, 2, 2);
        inSession((s, m) -> {
            s.dotGeneralAccumulate(m.of(a), m.of(a), DotGeneralConfig.MATMUL, Accumulation.of(1, 0), m.of(out));
            return null;
        });
        assertThat(out.f64Data()).containsExactly(2, 2, 2, 2);
    }

    @Test
    void anEmptyContractionGivesZerosAndScalesTheOldOutput() {
        Tensor a = Tensor.zeros(DType.F64, 2, 0);
        Tensor b = Tensor.zeros(DType.F64, 0, 3);
        assertThat(inSession((s, m) -> s.matmul(m.of(a), m.of(b))).f64Data()).containsOnly(0);
        Tensor out = Tensor.full(DType.F64, 4, 2, 3);
        inSession((s, m) -> {
            s.dotGeneralAccumulate(m.of(a), m.of(b), DotGeneralConfig.MATMUL, Accumulation.of(1, 0.5), m.of(out));
            return null;
        });
        assertThat(out.f64Data()).containsOnly(2);
    }

    @Test
    void mismatchedContractingExtentsAreRejectedBeforeAnyWrite() {
        Tensor out = Tensor.full(DType.F32, 3, 2, 2);
        Tensor lhs = Tensor.ones(DType.F32, 2, 3);
        Tensor rhs = Tensor.ones(DType.F32, 4, 2);
        assertThatThrownBy(() -> inSession((s, m) -> {
            s.dotGeneralInto(m.of(lhs), m.of(rhs), DotGeneralConfig.MATMUL, m.of(out));
            return null;
        })).isInstanceOf(ValidationException.class);
        assertThat(out.f32Data()).containsOnly(3f);
        Tensor bools = Tensor.ones(DType.BOOL, 2, 2);
        assertThatThrownBy(() -> inSession((s, m) -> s.matmul(m.of(bools), m.of(bools))))
                .isInstanceOf(ValidationException.class);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I32", "I64"})
    void integerDotGeneralIsExactForRandomConfigurationsAndLayouts(DType d) {
        Layout[] layouts = Layout.values();
        for (int n = 0; n < 24; n++) {
            RandomCase rc = new RandomCase(d, 470 + n);
            TensorRead lhs = layouts[n % layouts.length].of(rc.lhs);
            TensorRead rhs = layouts[(n / 2) % layouts.length].of(rc.rhs);
            Tensor got = inSession((s, m) -> s.dotGeneral(m.of(lhs), m.of(rhs), rc.config));
            Tolerance.assertClose("case " + n + " " + rc.config, got,
                    Oracle.dotGeneralInteger(rc.lhs, rc.rhs, rc.config, 1, 0, Tensor.zeros(d, got.shape())));
        }
        RandomCase rc = new RandomCase(d, 499);
        Tensor old = Values.random(d, 498, Domain.ANY, DotGeneralShapes.outputShape(rc.lhs, rc.rhs, rc.config));
        TensorView out = Layout.STRIDED.of(old);
        inSession((s, m) -> {
            s.dotGeneralAccumulate(m.of(rc.lhs), m.of(rc.rhs), rc.config, Accumulation.of(3, -2), m.of(out));
            return null;
        });
        Tolerance.assertClose("accumulate 3·a·b - 2·out", out.copy(),
                Oracle.dotGeneralInteger(rc.lhs, rc.rhs, rc.config, 3, -2, old));
    }

    @Test
    void integerProductsWrapAroundAsNumPysInt64AndInt32() {
        Tensor a = Tensor.fromRowMajor(DType.I64, new long[] {Long.MAX_VALUE, 3, 1L << 62, 1}, 2, 2);
        Tensor b = Tensor.of(new long[] {2, 5}, 2);
        long[] wrapped = {Long.MAX_VALUE * 2 + 15, (1L << 62) * 2 + 5}; // -2 + 15 and Long.MIN_VALUE + 5
        assertThat(inSession((s, m) -> s.matmul(m.of(a), m.of(b))).i64Data()).containsExactly(wrapped);
        Tensor c = Tensor.fromRowMajor(DType.I32, new int[] {1 << 30, 1 << 30, 7, -7}, 2, 2);
        Tensor e = Tensor.of(new int[] {2, 2}, 2);
        assertThat(inSession((s, m) -> s.matmul(m.of(c), m.of(e))).i32Data()).containsExactly(0, 0); // 2^32 ≡ 0
    }

    @Test
    void integerContractionNeedsIntegerScalars() {
        Tensor a = Tensor.ones(DType.I32, 2, 2);
        Tensor out = Tensor.full(DType.I32, 9, 2, 2);
        Misuse.expect(this::inSession, "alpha 0.5 on I32", ValidationKind.INVALID_ARGUMENT, "accumulation", out,
                (s, m) -> s.dotGeneralAccumulate(m.of(a), m.of(a), DotGeneralConfig.MATMUL, Accumulation.of(0.5, 0),
                        m.of(out)), a);
    }

    @Test
    void matmulOfAVectorSaysItNeedsRankTwo() {
        Tensor v = Tensor.ones(DType.F64, 3);
        Tensor m3 = Tensor.ones(DType.F64, 3, 3);
        ValidationException e = Validations.expectValidation(() -> inSession((s, m) -> s.matmul(m.of(v), m.of(m3))),
                ValidationKind.RANK_MISMATCH, "matmul", "a");
        assertThat(e.getMessage()).contains("needs rank 2");
        Tensor cube = Tensor.ones(DType.F64, 3, 3, 3);
        Validations.expectValidation(() -> inSession((s, m) -> s.matmul(m.of(m3), m.of(cube))),
                ValidationKind.RANK_MISMATCH, "matmul", "b");
    }

    @Test
    void contractionMisuseNamesTheArgumentAndWritesNothing() {
        Tensor a = Values.random(DType.F64, 531, Domain.ANY, 2, 3);
        Tensor b = Values.random(DType.F64, 532, Domain.ANY, 3, 4);
        Tensor out = Values.random(DType.F64, 533, Domain.ANY, 4, 2);
        Misuse.expect(this::inSession, "product shape", ValidationKind.SHAPE_MISMATCH, "out", out,
                (s, m) -> s.dotGeneralInto(m.of(a), m.of(b), DotGeneralConfig.MATMUL, m.of(out)), a, b);
        Tensor right = Values.random(DType.F64, 534, Domain.ANY, 2, 4);
        Misuse.expect(this::inSession, "complex scalars on a real dtype", ValidationKind.INVALID_ARGUMENT,
                "accumulation", right, (s, m) -> s.dotGeneralAccumulate(m.of(a), m.of(b), DotGeneralConfig.MATMUL,
                        new Accumulation(1, 1, 0, 0, false, false), m.of(right)), a, b);
    }

    @Test
    void scopedAndHeldEntriesGiveIdenticalResults() {
        RandomCase rc = new RandomCase(DType.F64, 460);
        Tensor scoped = inSession((s, m) -> s.dotGeneral(m.of(rc.lhs), m.of(rc.rhs), rc.config));
        Tensor held;
        try (HeldSession h = backend().openSession()) {
            held = h.withSession(s -> s.toHost(s.dotGeneral(s.to(rc.lhs, s.placement()), s.to(rc.rhs, s.placement()),
                    rc.config)));
        }
        assertThat(held.f64Data()).containsExactly(scoped.f64Data());
    }
}
