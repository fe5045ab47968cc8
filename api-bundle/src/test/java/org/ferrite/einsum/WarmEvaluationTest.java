package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.junit.jupiter.api.Test;

/**
 * A warm evaluation allocates nothing of its own — precompiled and ad hoc, {@code evaluateInto} and
 * {@code evaluate} allocate only through the session's {@code allocate} (the result and the
 * intermediates), every intermediate goes back through {@code reclaim} on every evaluation, whether or not
 * the session keeps session-local values, and a scratch reused across evaluations gives each its own
 * operands. Measured on a session whose pool hands reclaimed tensors back, so that what the JVM's
 * per-thread byte counter still sees over many calls is einsum's own (a count, not a timing).
 */
class WarmEvaluationTest {
    private static final int CALLS = 500;
    private static final String CHAIN = "ij,jk,kl->il";

    private static com.sun.management.ThreadMXBean threads() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(bean.isThreadAllocatedMemoryEnabled());
        return bean;
    }

    /**
     * @return the fewest bytes per call over a few measured windows of {@link #CALLS} calls after a warm
     *     up — a one-time event (class resolution, a deoptimisation) shows in one window only, a per-call
     *     allocation in all of them
     */
    private static long bytesPerCall(Runnable call) {
        com.sun.management.ThreadMXBean bean = threads();
        long thread = Thread.currentThread().getId();
        for (int i = 0; i < CALLS; i++) {
            call.run();
        }
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 4 && least > 0; window++) {
            long before = bean.getThreadAllocatedBytes(thread);
            for (int i = 0; i < CALLS; i++) {
                call.run();
            }
            least = Math.min(least, (bean.getThreadAllocatedBytes(thread) - before) / CALLS);
        }
        return least;
    }

    private static Tensor[] matrices(long seed, int count, long n) {
        Tensor[] m = new Tensor[count];
        for (int k = 0; k < count; k++) {
            m[k] = Tensor.random(DType.F64, seed + k, n, n);
        }
        return m;
    }

    /** {@code a·b·c} by plain loops over the column-major arrays. */
    private static double[] chain(Tensor a, Tensor b, Tensor c) {
        return product(product(a.f64Data(), b.f64Data(), (int) a.dim(0)), c.f64Data(), (int) a.dim(0));
    }

    private static double[] product(double[] x, double[] y, int n) {
        double[] z = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                double sum = 0;
                for (int j = 0; j < n; j++) {
                    sum += x[i + n * j] * y[j + n * k];
                }
                z[i + n * k] = sum;
            }
        }
        return z;
    }

    /**
     * The norm {@code <ψ|ψ>} of an open matrix product state of {@code sites} sites, as sublists: physical
     * labels {@code 0..L-1}, ket bonds {@code L..2L-2}, bra bonds {@code 2L-1..3L-3}; the kets
     * {@code [s, b]}, {@code [b, s, b']}, {@code [b, s]}, then the bras. Every label occurs twice.
     */
    private static Subscripts mps(int sites) {
        int[][] terms = new int[2 * sites][];
        for (int k = 0; k < sites; k++) {
            for (int bra = 0; bra < 2; bra++) {
                int base = bra == 0 ? sites : 2 * sites - 1;
                terms[bra * sites + k] = k == 0 ? new int[] {0, base} : k == sites - 1 ? new int[] {base + k - 1, k}
                        : new int[] {base + k - 1, k, base + k};
            }
        }
        return Subscripts.of(terms, new int[0]);
    }

    /** Random operands for {@link #mps}. */
    private static TensorRead[] mpsSites(long seed, int sites, long bond, long physical) {
        TensorRead[] ops = new TensorRead[2 * sites];
        for (int k = 0; k < ops.length; k++) {
            int site = k % sites;
            long[] shape = site == 0 ? new long[] {physical, bond} : site == sites - 1 ? new long[] {bond, physical}
                    : new long[] {bond, physical, bond};
            ops[k] = Tensor.random(DType.F64, seed + k, shape);
        }
        return ops;
    }

    @Test
    void aWarmPrecompiledEvaluateIntoAllocatesNothing() {
        PoolingTestSession s = new PoolingTestSession(true);
        Tensor[] m = matrices(1, 3, 4);
        TensorRead[] ops = {m[0], m[1], m[2]};
        Tensor out = Tensor.zeros(DType.F64, 4, 4);
        EinsumExpression chain = Einsum.compile(CHAIN, ops);
        assertThat(bytesPerCall(() -> chain.evaluateInto(s, out, ops))).as("chain, bytes per call").isZero();

        Tensor x = Tensor.random(DType.F64, 7, 5, 3, 3);
        Tensor y = Tensor.random(DType.F64, 8, 5, 3, 3);
        TensorRead[] xy = {x, y};
        Tensor batchOut = Tensor.zeros(DType.F64, 5, 3, 3);
        EinsumExpression batched = Einsum.compile("bij,bjk->bik", xy);
        assertThat(batched.plan().contraction.finalPermutation).as("written through a permuted view").isNotNull();
        assertThat(bytesPerCall(() -> batched.evaluateInto(s, batchOut, xy))).as("batched, bytes per call").isZero();
        long dotGenerals = s.dotGenerals;
        long allocations = s.allocations;
        batched.evaluateInto(s, batchOut, xy); // the session throws on any other operation (a copy, say)
        assertThat(s.dotGenerals - dotGenerals).as("dotGeneral calls of one batched evaluation").isEqualTo(1);
        assertThat(s.allocations - allocations).as("allocate calls of one batched evaluation").isZero();

        TensorRead[] sites = mpsSites(20, 8, 3, 2);
        Tensor scalar = Tensor.zeros(DType.F64);
        EinsumExpression norm = Einsum.compile(mps(8), EinsumOptions.DEFAULT, specs(sites));
        assertThat(bytesPerCall(() -> norm.evaluateInto(s, scalar, sites))).as("16-operand MPS norm, bytes per call")
                .isZero();
    }

    @Test
    void aWarmEvaluateAllocatesOnlyItsResultAndIntermediatesFromTheSession() {
        PoolingTestSession s = new PoolingTestSession(true);
        Tensor[] m = matrices(2, 3, 4);
        TensorRead[] ops = {m[0], m[1], m[2]};
        EinsumExpression chain = Einsum.compile(CHAIN, ops);
        // the test gives each result back, so the session's pool serves the next one: what is left is einsum's
        assertThat(bytesPerCall(() -> s.reclaim(chain.evaluate(s, ops)))).as("bytes per call").isZero();
        long allocations = s.allocations;
        long reclaims = s.reclaims;
        Tensor result = chain.evaluate(s, ops);
        assertThat(s.allocations - allocations).as("allocate calls: the result (the intermediate is kept)")
                .isEqualTo(1);
        assertThat(s.reclaims - reclaims).as("reclaim calls").isZero();
        assertThat(result.f64Data()).containsExactly(chain(m[0], m[1], m[2]), offset(1e-12));
    }

    @Test
    void aWarmAdHocCallAllocatesNothing() {
        PoolingTestSession s = new PoolingTestSession(true);
        Tensor[] m = matrices(3, 3, 4);
        TensorRead[] ops = {m[0], m[1], m[2]};
        Tensor out = Tensor.zeros(DType.F64, 4, 4);
        assertThat(bytesPerCall(() -> Einsum.einsumInto(s, CHAIN, out, ops))).as("bytes per call").isZero();
    }

    @Test
    void everyIntermediateGoesBackToTheSessionOnEveryEvaluation() {
        for (boolean keepsLocals : new boolean[] {true, false}) {
            PoolingTestSession s = new PoolingTestSession(keepsLocals);
            TensorRead[] sites = mpsSites(40, 6, 2, 2);
            EinsumExpression norm = Einsum.compile(mps(6), EinsumOptions.DEFAULT, specs(sites));
            ContractionPlan plan = norm.plan().contraction;
            long buffers = Arrays.stream(plan.writesInto, 0, plan.steps.length - 1).filter(from -> from < 0).count();
            assertThat(buffers).as("tensors allocated for %d intermediates", plan.steps.length - 1)
                    .isBetween(1L, plan.steps.length - 2L);
            Tensor out = Tensor.zeros(DType.F64);
            for (int call = 0; call < 3; call++) {
                long allocations = s.allocations;
                long reclaims = s.reclaims;
                norm.evaluateInto(s, out, sites);
                String what = (keepsLocals ? "keeping" : "keeping no") + " session-local values, call " + call;
                assertThat(s.allocations - allocations).as("allocate calls, " + what).isEqualTo(buffers);
                assertThat(s.reclaims - reclaims).as("reclaim calls, " + what).isEqualTo(buffers);
                assertThat(out.f64Data()[0]).as("norm, " + what).isCloseTo(transferMatrixNorm(sites),
                        offset(1e-9));
            }
        }
    }

    /** {@code <ψ|ψ>} of {@link #mps} by the transfer matrix {@code E ← Σ_s A[s]ᵀ E B[s]}, in plain loops. */
    private static double transferMatrixNorm(TensorRead[] ops) {
        int sites = ops.length / 2;
        int bond = (int) ops[0].dim(1);
        int physical = (int) ops[0].dim(0);
        double[] e = new double[bond * bond];
        for (int b = 0; b < bond; b++) {
            for (int c = 0; c < bond; c++) {
                for (int p = 0; p < physical; p++) {
                    e[b + bond * c] += ops[0].getDouble(p, b) * ops[sites].getDouble(p, c);
                }
            }
        }
        for (int k = 1; k < sites; k++) {
            boolean last = k == sites - 1;
            int out = last ? 1 : bond;
            double[] next = new double[out * out];
            for (int b2 = 0; b2 < out; b2++) {
                for (int c2 = 0; c2 < out; c2++) {
                    for (int b = 0; b < bond; b++) {
                        for (int c = 0; c < bond; c++) {
                            for (int p = 0; p < physical; p++) {
                                double x = last ? ops[k].getDouble(b, p) : ops[k].getDouble(b, p, b2);
                                double y = last ? ops[sites + k].getDouble(c, p) : ops[sites + k].getDouble(c, p, c2);
                                next[b2 + out * c2] += e[b + bond * c] * x * y;
                            }
                        }
                    }
                }
            }
            e = next;
        }
        return e[0];
    }

    @Test
    void aChainOfTwoProductsRunsOnLocalsThroughStepsPreparedOnce() {
        PoolingTestSession s = new PoolingTestSession(true);
        Tensor[] m = matrices(7, 3, 4);
        Tensor[] four = matrices(7, 4, 4);
        Tensor out = Tensor.zeros(DType.F64, 4, 4);
        EinsumExpression chain = Einsum.compile(CHAIN, (TensorRead[]) m);
        EinsumExpression longer = Einsum.compile("ij,jk,kl,lm->im", (TensorRead[]) four);
        for (int call = 0; call < 3; call++) {
            long locals = s.sessionLocalCalls;
            long allocations = s.allocations;
            long reclaims = s.reclaims;
            long preparations = s.preparations;
            chain.evaluateInto(s, out, m);
            assertThat(s.sessionLocalCalls - locals).as("sessionLocal calls of the chain: its scratch").isEqualTo(1);
            // the first evaluation borrows the intermediate; the second keeps it in the warm scratch
            assertThat(s.allocations - allocations).as("allocate calls in evaluation %d", call)
                    .isEqualTo(call < 2 ? 1 : 0);
            assertThat(s.reclaims - reclaims).as("reclaim calls in evaluation %d", call).isEqualTo(call == 0 ? 1 : 0);
            // the first evaluation runs ad hoc; the second prepares both products; later ones reuse them
            assertThat(s.preparations - preparations).as("preparations in evaluation %d", call)
                    .isEqualTo(call == 1 ? 2 : 0);
            assertThat(out.f64Data()).containsExactly(chain(m[0], m[1], m[2]), offset(1e-12));
            locals = s.sessionLocalCalls;
            longer.evaluateInto(s, out, four); // two intermediates: slots in the session's scratch
            assertThat(s.sessionLocalCalls - locals).as("sessionLocal calls of a longer chain").isEqualTo(1);
        }
    }

    @Test
    void aSessionThatKeepsNoStateNeverPreparesAndGetsEveryIntermediateBack() {
        PoolingTestSession s = new PoolingTestSession(false);
        Tensor[] m = matrices(8, 3, 4);
        Tensor out = Tensor.zeros(DType.F64, 4, 4);
        EinsumExpression chain = Einsum.compile(CHAIN, (TensorRead[]) m);
        for (int call = 0; call < 3; call++) {
            chain.evaluateInto(s, out, m);
        }
        assertThat(s.preparations).as("a fresh scratch per evaluation is never warm").isZero();
        assertThat(s.reclaims).as("nothing kept in a scratch the session drops").isEqualTo(s.allocations)
                .isEqualTo(3);
        assertThat(out.f64Data()).containsExactly(chain(m[0], m[1], m[2]), offset(1e-12));
    }

    @Test
    void anOperandOfAnotherLayoutThanThePreparedStepRunsAdHoc() {
        PoolingTestSession s = new PoolingTestSession(true);
        Tensor[] m = matrices(9, 3, 4);
        Tensor out = Tensor.zeros(DType.F64, 4, 4);
        EinsumExpression chain = Einsum.compile(CHAIN, (TensorRead[]) m);
        chain.evaluateInto(s, out, m);
        chain.evaluateInto(s, out, m); // prepares both steps for compact operands
        long preparations = s.preparations;
        Tensor firstTransposed = m[0].transpose().copy();
        TensorRead[] viewed = {firstTransposed.transpose(), m[1], m[2]}; // the same values, strides [4, 1]
        chain.evaluateInto(s, out, viewed);
        assertThat(out.f64Data()).containsExactly(chain(m[0], m[1], m[2]), offset(1e-12));
        assertThat(s.preparations).as("no re-preparation for a passing layout").isEqualTo(preparations);
        chain.evaluateInto(s, out, m);
        assertThat(out.f64Data()).containsExactly(chain(m[0], m[1], m[2]), offset(1e-12));
    }

    @Test
    void aReentrantEvaluationOnLocalsUsesItsOwnIntermediate() {
        PoolingTestSession s = new PoolingTestSession(true);
        Tensor[] m = matrices(11, 3, 4);
        Tensor[] other = matrices(12, 3, 4);
        Tensor out = Tensor.zeros(DType.F64, 4, 4);
        Tensor inner = Tensor.zeros(DType.F64, 4, 4);
        EinsumExpression chain = Einsum.compile(CHAIN, (TensorRead[]) m);
        chain.evaluateInto(s, out, m);
        chain.evaluateInto(s, out, m); // warm: the intermediate is kept from here on
        // between the outer evaluation's two products, the same expression runs again in the same session
        s.afterNextDotGeneral = () -> chain.evaluateInto(s, inner, other);
        chain.evaluateInto(s, out, m);
        assertThat(out.f64Data()).as("the outer chain, its intermediate untouched by the inner one")
                .containsExactly(chain(m[0], m[1], m[2]), offset(1e-12));
        assertThat(inner.f64Data()).containsExactly(chain(other[0], other[1], other[2]), offset(1e-12));
    }

    @Test
    void aLargeIntermediateIsNeverKept() {
        PoolingTestSession s = new PoolingTestSession(true);
        Tensor[] m = matrices(10, 3, 100); // 100×100 F64: 80 000 bytes, above the kept limit
        Tensor out = Tensor.zeros(DType.F64, 100, 100);
        EinsumExpression chain = Einsum.compile(CHAIN, (TensorRead[]) m);
        for (int call = 0; call < 3; call++) {
            chain.evaluateInto(s, out, m);
        }
        assertThat(s.allocations).isEqualTo(3);
        assertThat(s.reclaims).as("each evaluation gives it back").isEqualTo(3);
    }

    @Test
    void theIntermediateOfAChainGoesBackWhenAStepThrows() {
        PoolingTestSession s = new PoolingTestSession(true);
        TensorRead[] m = new TensorRead[3];
        for (int k = 0; k < 3; k++) {
            m[k] = Tensor.random(DType.F32, k, 3, 3); // the test session's dotGeneral refuses F32
        }
        EinsumExpression chain = Einsum.compile(CHAIN, m);
        Tensor out = Tensor.zeros(DType.F32, 3, 3);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> chain.evaluateInto(s, out, m))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(s.allocations).as("the intermediate was allocated").isEqualTo(1);
        assertThat(s.reclaims).as("and went back").isEqualTo(1);
    }

    @Test
    void aReusedScratchGivesEveryEvaluationItsOwnOperands() {
        PoolingTestSession s = new PoolingTestSession(true);
        PoolingTestSession fresh = new PoolingTestSession(false);
        Tensor out = Tensor.zeros(DType.F64, 5, 5);
        EinsumExpression chain = Einsum.compile(CHAIN, (TensorRead[]) matrices(0, 3, 5));
        EinsumExpression other = Einsum.compile("ij,jk,kl->li", (TensorRead[]) matrices(0, 3, 5));
        for (int call = 0; call < 6; call++) {
            Tensor[] m = matrices(100 + 10 * call, 3, 5);
            chain.evaluateInto(s, out, m);
            assertThat(out.f64Data()).as("call " + call).containsExactly(chain(m[0], m[1], m[2]),
                    offset(1e-12));
            other.evaluateInto(s, out, m); // another plan of the same session in between
        }
        EinsumExpression norm = Einsum.compile(mps(5), EinsumOptions.DEFAULT, specs(mpsSites(0, 5, 3, 2)));
        Tensor got = Tensor.zeros(DType.F64);
        Tensor want = Tensor.zeros(DType.F64);
        for (int call = 0; call < 4; call++) {
            TensorRead[] sites = mpsSites(1000 * call, 5, 3, 2);
            norm.evaluateInto(s, got, sites);
            norm.evaluateInto(fresh, want, sites); // a fresh scratch every call
            assertThat(got.f64Data()[0]).as("MPS norm, call " + call).isCloseTo(want.f64Data()[0],
                    offset(1e-9 * (1 + Math.abs(want.f64Data()[0]))));
        }
    }

    private static OperandSpec[] specs(TensorRead[] examples) {
        OperandSpec[] specs = new OperandSpec[examples.length];
        for (int k = 0; k < examples.length; k++) {
            specs[k] = OperandSpec.of(examples[k]);
        }
        return specs;
    }
}
