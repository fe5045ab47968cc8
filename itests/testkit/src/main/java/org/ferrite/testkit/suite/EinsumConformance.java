package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.einsum.Einsum;
import org.ferrite.einsum.EinsumExpression;
import org.ferrite.einsum.EinsumOptions;
import org.ferrite.einsum.PathOptimizer;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Indices;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Values;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Conformance of the portable einsum ({@code org.ferrite.einsum}) on a provider: it is built only on
 * session operations, so this suite proves that a provider's operations compose into it — generated
 * expressions (1–6 operands, every dtype, repeated labels, ellipses, extent 0 and 1, broadcasting,
 * embedding, strided and negative-stride views) against the {@link EinsumOracle} with every optimiser
 * and a memory limit, promotion of mixed dtypes, any writable output layout, alpha/beta accumulation,
 * reuse of one compiled expression by concurrent sessions, every intermediate reclaimed (also when an
 * operation fails), the {@code EinsumKernels} extension asked first, and misuse rejected before any
 * write. Operands are made on the host and copied to the session's placement; results come back with
 * {@code toHost}, so device providers run it unchanged.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class EinsumConformance extends ProviderConformance {
    private static final int SEEDS = 40;
    private static final List<EinsumOptions> OPTIONS = List.of(EinsumOptions.DEFAULT, with(PathOptimizer.OPTIMAL),
            with(PathOptimizer.BRANCH), with(PathOptimizer.GREEDY), with(PathOptimizer.DP),
            with(PathOptimizer.LEFT_TO_RIGHT), EinsumOptions.builder().memoryLimit(2).build());

    /** For subclasses. */
    protected EinsumConformance() {
    }

    private static EinsumOptions with(PathOptimizer o) {
        return EinsumOptions.builder().optimizer(o).build();
    }

    private static Tensor f64(double[] rowMajor, long... shape) {
        return Tensor.fromRowMajor(DType.F64, rowMajor, shape);
    }

    private Tensor einsum(String subscripts, Tensor... operands) {
        return inSession(s -> s.toHost(Einsum.einsum(s, subscripts, EinsumOracle.onSession(s, operands,
                new SplittableRandom(0)))));
    }

    @Test
    void handComputedContractionsMatchNumpy() {
        Tensor a = f64(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        Tensor b = f64(new double[] {7, 8, 9, 10, 11, 12}, 3, 2);
        Tensor m = f64(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3);
        Tensor v = Tensor.of(new double[] {1, 2, 3}, 3);
        assertThat(einsum("ij,jk->ik", a, b).toRowMajorArray()).isEqualTo(new double[] {58, 64, 139, 154});
        assertThat(einsum("ij,jk", a, b).toRowMajorArray()).isEqualTo(new double[] {58, 64, 139, 154});
        assertThat(einsum("ij->ji", a).toRowMajorArray()).isEqualTo(new double[] {1, 4, 2, 5, 3, 6});
        assertThat(einsum("ii", m).f64Data()).containsExactly(15);
        assertThat(einsum("ii->i", m).f64Data()).containsExactly(1, 5, 9);
        assertThat(einsum("i->ii", v).toRowMajorArray()).isEqualTo(new double[] {1, 0, 0, 0, 2, 0, 0, 0, 3});
        assertThat(einsum("ij->", a).f64Data()).containsExactly(21);
        assertThat(einsum("ij->j", a).f64Data()).containsExactly(5, 7, 9);
        assertThat(einsum("i,i", v, v).f64Data()).containsExactly(14);
        assertThat(einsum("i,j->ij", v, Tensor.of(new double[] {1, -1}, 2)).toRowMajorArray())
                .isEqualTo(new double[] {1, -1, 2, -2, 3, -3});
        assertThat(einsum(",i->i", Tensor.scalar(2), v).f64Data()).containsExactly(2, 4, 6);
        assertThat(einsum("ij,jk,kl->il", a, b, a).toRowMajorArray()).isEqualTo(new double[] {314, 436, 558, 755,
            1048, 1341});
        Tensor batch = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6, 7, 8}, 2, 2, 2);
        assertThat(einsum("bij,bjk->bik", batch, batch).toRowMajorArray()).isEqualTo(new double[] {7, 10, 15, 22,
            67, 78, 91, 106});
        assertThat(einsum("...ij,...jk", batch, batch).shape()).containsExactly(2, 2, 2);
        assertThat(einsum("iij->ij", Tensor.ones(DType.F64, 2, 2, 3)).f64Data()).containsOnly(1);
        Tensor ints = Tensor.fromRowMajor(DType.I32, new int[] {1, 2, 3, 4}, 2, 2);
        assertThat(einsum("ij,jk->ik", ints, ints).toRowMajorArray()).isEqualTo(new int[] {7, 10, 15, 22});
        Tensor bools = Tensor.fromRowMajor(DType.BOOL, new boolean[] {true, false, false, false}, 2, 2);
        assertThat(einsum("ij,jk->ik", bools, bools).toRowMajorArray()).isEqualTo(new boolean[] {true, false,
            false, false});
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void generatedExpressionsMatchTheNaiveEvaluatorWithEveryOptimizer(DType d) {
        for (int seed = 0; seed < SEEDS; seed++) {
            EinsumCases.Case c = EinsumCases.generate(100 * d.ordinal() + seed, new DType[] {d}, 6);
            checkCase("seed " + (100 * d.ordinal() + seed), c, new SplittableRandom(seed));
        }
    }

    @Test
    void mixedDtypesPromoteAsNumpy() {
        DType[] all = advertisedDtypes();
        for (int seed = 0; seed < SEEDS; seed++) {
            EinsumCases.Case c = EinsumCases.generate(5000 + seed, all, 4);
            checkCase("seed " + (5000 + seed), c, new SplittableRandom(seed));
        }
    }

    private void checkCase(String label, EinsumCases.Case c, SplittableRandom layouts) {
        Tensor want = EinsumOracle.evaluate(c);
        String context = label + ": " + c.describe();
        try {
            inSession(s -> {
                TensorRead[] ops = EinsumOracle.onSession(s, c.operands, layouts);
                for (EinsumOptions o : OPTIONS) {
                    Tensor got = s.toHost(Einsum.einsum(s, c.subscripts, o, ops));
                    Tolerance.assertClose(context + " " + o, got, want, Tolerance.of(want.dtype()), c.terms());
                }
                if (c.text != null) {
                    Tolerance.assertClose(context + " (string)", s.toHost(Einsum.einsum(s, c.text, ops)), want,
                            Tolerance.of(want.dtype()), c.terms());
                }
                return null;
            });
        } catch (RuntimeException e) {
            throw new AssertionError(context + ": " + e, e);
        }
    }

    @Test
    void theOutputMayBeAnyWritableLayout() {
        for (int n = 0; n < 12; n++) {
            int seed = n;
            EinsumCases.Case c = EinsumCases.generate(7000 + seed, new DType[] {DType.F64, DType.C64}, 4);
            Tensor want = EinsumOracle.evaluate(c);
            Layout layout = Layout.values()[seed % Layout.values().length];
            Tensor got = inSession(s -> {
                TensorView out = EinsumOracle.onSession(s, layout.of(Tensor.zeros(want.dtype(), want.shape())));
                Einsum.einsumInto(s, c.subscripts, EinsumOptions.DEFAULT, out, EinsumOracle.onSession(s, c.operands,
                        new SplittableRandom(seed)));
                return s.toHost(out);
            });
            Tolerance.assertClose("seed " + seed + " " + layout + ": " + c.describe(), got, want, Tolerance.of(
                    want.dtype()), c.terms());
        }
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"F32", "F64", "C128", "I32", "I64", "BOOL"})
    void accumulateComputesAlphaTimesTheResultPlusBetaTimesTheOutput(DType d) {
        Accumulation acc = d.isBool() ? Accumulation.of(1, 1) : d.isComplex() ? new Accumulation(0.5, -2, 1.5, 0.25,
                false, false) : Accumulation.of(3, -2);
        for (String subscripts : new String[] {"ij,jk->ik", "ij->ji", "ii->i", "i->ii", "ij,ij->ij", "ij,jk,kl->li"}) {
            long[][] shapes = subscripts.startsWith("i->") ? new long[][] {{3}} : new long[][] {{3, 3}, {3, 3},
                {3, 3}};
            int n = subscripts.split("->")[0].split(",").length;
            Tensor[] ops = new Tensor[n];
            for (int k = 0; k < n; k++) {
                ops[k] = Values.random(d, 90 + k, Values.Domain.ANY, shapes[k]);
            }
            Tensor plain = einsum(subscripts, ops);
            Tensor old = Values.random(d, 99, Values.Domain.ANY, plain.shape());
            Tensor got = inSession(s -> {
                TensorView out = EinsumOracle.onSession(s, Layout.STRIDED.of(old));
                Einsum.einsumAccumulate(s, subscripts, acc, out, EinsumOracle.onSession(s, ops,
                        new SplittableRandom(1)));
                return s.toHost(out);
            });
            Tensor want = Tensor.zeros(d, plain.shape());
            Indices.forEach(plain.shape(), i -> {
                Oracle.Value p = Oracle.read(plain, i);
                Oracle.Value o = Oracle.read(old, i);
                if (d.isBool()) {
                    want.setBoolean(p.b() || o.b(), i);
                } else if (d.isInteger()) {
                    want.setLong((long) acc.alphaRe() * p.l() + (long) acc.betaRe() * o.l(), i);
                } else {
                    double re = acc.alphaRe() * p.re() - acc.alphaIm() * p.im() + acc.betaRe() * o.re()
                            - acc.betaIm() * o.im();
                    double im = acc.alphaRe() * p.im() + acc.alphaIm() * p.re() + acc.betaRe() * o.im()
                            + acc.betaIm() * o.re();
                    if (d.isComplex()) {
                        want.setComplex(re, im, i);
                    } else {
                        want.set(re, i);
                    }
                }
            });
            Tolerance.assertClose(subscripts, got, want, Tolerance.of(d), 8);
        }
    }

    @Test
    void betaZeroDoesNotReadTheOldOutput() {
        Tensor a = Tensor.ones(DType.F64, 2, 2);
        for (String subscripts : new String[] {"ij,jk->ik", "ij->ji", "i->ii"}) {
            Tensor op = subscripts.startsWith("i->") ? Tensor.ones(DType.F64, 2) : a;
            int n = subscripts.split("->")[0].split(",").length;
            Tensor[] ops = n == 1 ? new Tensor[] {op} : new Tensor[] {a, a};
            Tensor got = inSession(s -> {
                TensorView out = EinsumOracle.onSession(s, TensorView.of(Tensor.full(DType.F64, Double.NaN, 2, 2)));
                Einsum.einsumAccumulate(s, subscripts, Accumulation.of(2, 0), out, EinsumOracle.onSession(s, ops,
                        new SplittableRandom(2)));
                return s.toHost(out);
            });
            assertThat(got.f64Data()).as(subscripts).doesNotContain(Double.NaN);
        }
    }

    @Test
    void aMemoryLimitSlicesWithoutChangingTheResult() {
        Tensor a = Values.random(DType.F64, 11, Values.Domain.ANY, 4, 5);
        Tensor b = Values.random(DType.F64, 12, Values.Domain.ANY, 5, 6, 3);
        Tensor c = Values.random(DType.F64, 13, Values.Domain.ANY, 6, 3, 4);
        Tensor free = einsum("ij,jkl,klm->im", a, b, c);
        for (long limit : new long[] {1, 7, 30}) {
            EinsumOptions o = EinsumOptions.builder().memoryLimit(limit).build();
            Tensor got = inSession(s -> s.toHost(Einsum.einsum(s, "ij,jkl,klm->im", o, EinsumOracle.onSession(s,
                    new Tensor[] {a, b, c}, new SplittableRandom(3)))));
            Tolerance.assertClose("limit " + limit, got, free, Tolerance.DOUBLE, 100);
        }
        Tensor ia = Values.random(DType.I64, 14, Values.Domain.ANY, 3, 4);
        Tensor ib = Values.random(DType.I64, 15, Values.Domain.ANY, 4, 5);
        Tensor ic = Values.random(DType.I64, 16, Values.Domain.ANY, 5, 3);
        EinsumOptions tight = EinsumOptions.builder().memoryLimit(2).build();
        Tensor exact = einsum("ij,jk,ki->i", ia, ib, ic);
        Tensor sliced = inSession(s -> s.toHost(Einsum.einsum(s, "ij,jk,ki->i", tight, EinsumOracle.onSession(s,
                new Tensor[] {ia, ib, ic}, new SplittableRandom(4)))));
        assertThat(sliced.i64Data()).containsExactly(exact.i64Data());
    }

    @Test
    void anIntegerContractionRunsInBlocksWithinTheMemoryLimit() {
        // integer and BOOL steps multiply elementwise and sum: under a limit the products are made a block
        // at a time (cut along output axes, then along summed ones, adding into the output)
        Tensor a = Values.random(DType.I64, 17, Values.Domain.ANY, 9, 13, 2);
        Tensor b = Values.random(DType.I64, 18, Values.Domain.ANY, 13, 7, 2);
        Tensor exact = einsum("ijb,jkb->ikb", a, b);
        Tensor pa = Values.random(DType.BOOL, 19, Values.Domain.ANY, 5, 40);
        Tensor pb = Values.random(DType.BOOL, 20, Values.Domain.ANY, 40, 3);
        Tensor anyPath = einsum("ij,jk->ik", pa, pb);
        for (long limit : new long[] {1, 5, 13, 40, 200}) {
            EinsumOptions o = EinsumOptions.builder().memoryLimit(limit).build();
            Tensor got = inSession(s -> s.toHost(Einsum.einsum(s, "ijb,jkb->ikb", o, EinsumOracle.onSession(s,
                    new Tensor[] {a, b}, new SplittableRandom(5)))));
            assertThat(got.i64Data()).as("limit %d", limit).containsExactly(exact.i64Data());
            Tensor bools = inSession(s -> s.toHost(Einsum.einsum(s, "ij,jk->ik", o, EinsumOracle.onSession(s,
                    new Tensor[] {pa, pb}, new SplittableRandom(6)))));
            assertThat(bools.boolData()).as("limit %d", limit).containsExactly(anyPath.boolData());
        }
    }

    @Test
    void aPrecompiledExpressionIsReusableAcrossSessionsAndThreads() throws Exception {
        Tensor a = Values.random(DType.C128, 21, Values.Domain.ANY, 4, 3);
        Tensor b = Values.random(DType.C128, 22, Values.Domain.ANY, 3, 5);
        EinsumExpression e = Einsum.compile("ij,jk->ki", a, b);
        Tensor want = einsum("ij,jk->ki", a, b);
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Tensor>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    assertThat(start.await(10, TimeUnit.SECONDS)).isTrue();
                    return inSession(s -> s.toHost(e.evaluate(s, EinsumOracle.onSession(s, new Tensor[] {a, b},
                            new SplittableRandom(5)))));
                }));
            }
            start.countDown();
            for (Future<Tensor> f : results) {
                assertThat(f.get(30, TimeUnit.SECONDS).c128Data()).containsExactly(want.c128Data());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void everyIntermediateGoesBackToTheSessionAlsoWhenAnOperationFails() {
        Tensor a = Values.random(DType.F32, 31, Values.Domain.ANY, 3, 4);
        Tensor b = Values.random(DType.I32, 32, Values.Domain.ANY, 4, 4);
        Tensor c = Values.random(DType.F32, 33, Values.Domain.ANY, 4, 2, 2);
        String subscripts = "ij,jk,kll->i";
        inSession(s -> {
            EinsumSessions.Recording r = new EinsumSessions.Recording(s);
            TensorRead[] ops = EinsumOracle.onSession(s, new Tensor[] {a, b, c}, new SplittableRandom(6));
            Tensor result = Einsum.einsum(r.session, subscripts, ops);
            assertThat(r.allocated).as("intermediates were allocated").hasSizeGreaterThan(2);
            assertThat(r.leaked(result)).as("leaked").isEmpty();
            // make each session call in turn fail (the first, the second, ...) until a run completes
            for (int n = 1;; n++) {
                EinsumSessions.Recording failing = new EinsumSessions.Recording(s);
                failing.failOn(name -> !name.equals("reclaim") && !name.equals("placement"), n);
                Tensor[] done = new Tensor[1];
                Throwable thrown = catchThrowable(() -> done[0] = Einsum.einsum(failing.session, subscripts, ops));
                assertThat(failing.leaked(done[0])).as("leaked when session call %d failed", n).isEmpty();
                if (thrown == null) {
                    assertThat(n).as("calls tried").isGreaterThan(5);
                    break;
                }
                assertThat(thrown).hasMessageContaining("injected failure");
            }
            return null;
        });
    }

    @Test
    void aProviderExtensionIsAskedFirstAndMayDecline() {
        Tensor a = Values.random(DType.F64, 41, Values.Domain.ANY, 2, 3);
        Tensor b = Values.random(DType.F64, 42, Values.Domain.ANY, 3, 2);
        Tensor portable = einsum("ij,jk->ik", a, b);
        List<String> asked = new ArrayList<>();
        Tensor fused = inSession(s -> {
            BackendSession withKernels = EinsumSessions.withKernels(s, (expr, operands, acc, out) -> {
                asked.add(expr.subscripts().notation() + " " + operands.length + " " + acc.overwrites());
                s.fill(out, 7); // a "fused" kernel that writes the whole output
                return true;
            });
            return s.toHost(Einsum.einsum(withKernels, "ij,jk->ik", EinsumOracle.onSession(s, new Tensor[] {a, b},
                    new SplittableRandom(7))));
        });
        assertThat(asked).containsExactly("ij,jk->ik 2 true");
        assertThat(fused.f64Data()).containsOnly(7);
        Tensor declined = inSession(s -> s.toHost(Einsum.einsum(EinsumSessions.withKernels(s,
                (expr, operands, acc, out) -> false), "ij,jk->ik", EinsumOracle.onSession(s, new Tensor[] {a, b},
                        new SplittableRandom(7)))));
        assertThat(declined.f64Data()).containsExactly(portable.f64Data());
    }

    @Test
    void misuseIsRejectedBeforeAnyWrite() {
        Tensor a = Values.random(DType.F64, 51, Values.Domain.ANY, 2, 3);
        Tensor b = Values.random(DType.F64, 52, Values.Domain.ANY, 3, 2);
        EinsumSessions.Call into = (s, out, ops) -> Einsum.einsumInto(s, "ij,jk->ik", out, ops);
        EinsumSessions.expectRejected(this::inSession, "wrong out dtype", ValidationKind.DTYPE_MISMATCH, "out",
                Tensor.zeros(DType.F32, 2, 2), into, a, b);
        EinsumSessions.expectRejected(this::inSession, "wrong out shape", ValidationKind.SHAPE_MISMATCH, "out",
                Tensor.zeros(DType.F64, 2, 3), into, a, b);
        Accumulation complex = new Accumulation(1, 1, 0, 0, false, false);
        EinsumSessions.expectRejected(this::inSession, "complex scalars on F64", ValidationKind.INVALID_ARGUMENT,
                "accumulation", Tensor.zeros(DType.F64, 2, 2),
                (s, out, ops) -> Einsum.einsumAccumulate(s, "ij,jk->ik", complex, out, ops), a, b);
        Accumulation conjugated = Accumulation.OVERWRITE.withConjugation(true, false);
        EinsumSessions.expectRejected(this::inSession, "conjugation flags", ValidationKind.INVALID_ARGUMENT,
                "accumulation", Tensor.zeros(DType.F64, 2, 2),
                (s, out, ops) -> Einsum.einsumAccumulate(s, "ij,jk->ik", conjugated, out, ops), a, b);
        EinsumSessions.expectRejected(this::inSession, "an embedding that would zero the output first",
                ValidationKind.DTYPE_MISMATCH, "out", Tensor.zeros(DType.F32, 3, 3),
                (s, out, ops) -> Einsum.einsumInto(s, "i->ii", out, ops), Tensor.ones(DType.F64, 3));
        EinsumExpression compiled = Einsum.compile("ij,jk->ik", a, a.transpose());
        EinsumSessions.expectRejected(this::inSession, "operands of the wrong shape for a compiled expression",
                ValidationKind.SHAPE_MISMATCH, "operands[1]", Tensor.zeros(DType.F64, 2, 2),
                (s, out, ops) -> compiled.evaluateInto(s, out, ops), a, Tensor.zeros(DType.F64, 3, 3));
        assertThatThrownBy(() -> inSession(s -> Einsum.einsum(s, "ij,jk->ik", s.to(a, s.placement()),
                ForeignTensors.foreign(DType.F64, s.placement(), 3, 2)))).isInstanceOf(ValidationException.class)
                .hasMessageContaining("operands[1]").hasMessageContaining("session.to(t, session.placement())");
        Tensor host = Values.random(DType.F64, 53, Values.Domain.ANY, 3, 3);
        Object before = Values.snapshotStorage(host);
        if (inSession(BackendSession::placement).isHost()) {
            assertThatThrownBy(() -> inSession(s -> {
                Einsum.einsumInto(s, "ij->ji", host.slice(0, 0, 3, 1), host);
                return null;
            })).isInstanceOf(ValidationException.class).hasMessageContaining("out overlaps operands[0]");
            assertThat(Values.storageEquals(host, before)).isTrue();
            assertThatThrownBy(() -> inSession(s -> {
                Einsum.einsumInto(s, "i->ii", Tensor.ones(DType.F64, 3), host.broadcastTo(3, 3).permute(0, 1));
                return null;
            })).isInstanceOf(ValidationException.class);
        }
    }

    @Test
    void aMatrixProductStateOfThirtyTwoSitesContractsWithUnboundedSublistLabels() {
        int sites = 32;
        int bond = 3;
        int physical = 2;
        Tensor[] ops = new Tensor[2 * sites];
        int[][] terms = new int[2 * sites][];
        for (int k = 0; k < sites; k++) {
            long[] shape = k == 0 ? new long[] {physical, bond} : k == sites - 1 ? new long[] {bond, physical}
                    : new long[] {bond, physical, bond};
            ops[k] = Values.random(DType.F64, 300 + k, Values.Domain.SMALL_NON_NEGATIVE, shape);
            ops[sites + k] = ops[k];
            // physical labels 0..31, ket bonds 1000+, bra bonds 2000+: 94 labels
            terms[k] = EinsumOracle.mpsTerm(k, sites, 1000);
            terms[sites + k] = EinsumOracle.mpsTerm(k, sites, 2000);
        }
        double want = EinsumOracle.mpsNorm(ops, sites, bond, physical);
        org.ferrite.einsum.Subscripts s = org.ferrite.einsum.Subscripts.of(terms, new int[0]);
        Tensor got = inSession(session -> session.toHost(Einsum.einsum(session, s, EinsumOptions.DEFAULT,
                EinsumOracle.onSession(session, ops, new SplittableRandom(9)))));
        assertThat(got.getDouble()).isCloseTo(want, org.assertj.core.data.Percentage.withPercentage(1e-9));
    }

    @Test
    void adHocCallsPlanAgainForNewShapesAndDtypes() {
        for (long n : new long[] {2, 3, 2, 5}) {
            for (DType d : new DType[] {DType.F64, DType.I64}) {
                Tensor x = Values.random(d, 60 + n, Values.Domain.ANY, n, n);
                EinsumCases.Case c = new EinsumCases.Case(org.ferrite.einsum.Subscripts.parse("ij,jk->ik"),
                        "ij,jk->ik", new int[][] {{0, 1}, {1, 2}}, new int[] {0, 2}, new Tensor[] {x, x});
                Tolerance.assertClose("n " + n + " " + d, einsum("ij,jk->ik", x, x), EinsumOracle.evaluate(c),
                        Tolerance.of(d), n);
            }
        }
    }
}
