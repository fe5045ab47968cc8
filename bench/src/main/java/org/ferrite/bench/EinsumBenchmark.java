package org.ferrite.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.einsum.Einsum;
import org.ferrite.einsum.EinsumExpression;
import org.ferrite.einsum.EinsumOptions;
import org.ferrite.einsum.PathOptimizer;
import org.ferrite.einsum.Subscripts;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Einsum on the CPU provider (one worker), each case against its peer in the same run:
 * <ul>
 *   <li>{@code chain*}: {@code ij,jk,kl->il} with {@code n×n} f64 matrices, {@code n ∈ {16, 64}} —
 *       {@code chainPrecompiled} ({@link EinsumExpression#evaluateInto}, planned in setup),
 *       {@code chainAdHoc} ({@link Einsum#einsumInto}, its plan in the session's cache after the first
 *       call) and the peer {@code chainHandDotGeneral}: the same two {@code dotGeneralInto} calls
 *       written by hand, the intermediate preallocated, and {@code chainHandPrepared}: the same two products
 *       as contractions prepared in setup ({@code prepareDotGeneral}). Targets: precompiled ≤ 1.1× the
 *       prepared pair (≤ 1.2× the ad hoc pair).</li>
 *   <li>{@code batched*}: {@code bij,bjk->bik}, 64 batches of 8×8 f64 — precompiled, ad hoc, the one
 *       {@code dotGeneral} (batch axis native, output permuted as a view) by hand, and a plain Java
 *       loop (the dispatch-free floor), which shows how much of the time the CPU's batched
 *       {@code dotGeneral} itself takes. Target: precompiled &lt; 5 µs. The {@code …VectorApi} arms run
 *       precompiled and the hand {@code dotGeneral} in a JVM with {@code --add-modules=jdk.incubator.vector}
 *       (the provider's Vector API kernels).</li>
 *   <li>{@code tinyBatched*}: the same expression with 2 batches of 2×2, precompiled against the hand
 *       {@code dotGeneralInto}: with almost no arithmetic, their difference is einsum's fixed cost per
 *       evaluation (operand and output checks, the per-session scratch, the output view).</li>
 *   <li>{@code mps*}: the norm {@code <ψ|ψ>} of a 16-site matrix product state, bond 4, physical 2,
 *       C128 (32 operands, sublist form) — precompiled (all planning in setup) and ad hoc with a warm
 *       cache. Targets: precompiled &lt; 20 µs, ad hoc ≤ 1.3× precompiled. The peer
 *       {@code mpsHandDotGeneral} makes the plan's {@code dotGeneralInto} calls by hand (read off its
 *       path report, intermediates preallocated): what the provider's operations cost without einsum.</li>
 *   <li>{@code greedyPathSearch}: compiling the 100-tensor random network with
 *       {@link PathOptimizer#GREEDY} (parse, bind, search, lower, report). Target: &lt; 50 ms. The flop
 *       count it finds is checked against opt_einsum's (in the resource file) after every iteration.</li>
 * </ul>
 * Every iteration poisons the outputs with NaN and checks them afterwards, outside the timed region,
 * against a plain loop (or the hand-written arm) computed once in setup. Operand arrays are built once,
 * so the timed calls allocate only what einsum itself allocates.
 *
 * <p>Every state class is {@code Scope.Thread} (one per benchmark thread; none is thread-safe) and lives
 * for one trial: what it opens in its trial set-up it closes in its trial tear-down.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class EinsumBenchmark {
    static final String CHAIN = "ij,jk,kl->il";
    static final String BATCHED = "bij,bjk->bik";

    /** A held session of a one-worker backend; subclasses add operands. */
    abstract static class Held {
        CpuBackend backend;
        HeldSession held;

        void openSession() {
            QuietNetlib.apply();
            backend = CpuBackend.builder().threads(1).build();
            held = backend.openSession();
        }

        /** Closes the session, then the backend. */
        @TearDown(Level.Trial)
        public void close() {
            held.close();
            backend.close();
        }

        static Tensor random(DType d, long seed, long... shape) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Tensor t = Tensor.zeros(d, shape);
            double[] data = t.f64Data();
            for (int i = 0; i < data.length; i++) {
                data[i] = rnd.nextDouble(-1, 1);
            }
            return t;
        }

        static void check(String what, double[] got, double[] want, double tolerance) {
            for (int i = 0; i < want.length; i++) {
                if (!(Math.abs(got[i] - want[i]) <= tolerance * (1 + Math.abs(want[i])))) {
                    throw new IllegalStateException(what + ": element " + i + " is " + got[i] + ", expected "
                            + want[i]);
                }
            }
        }
    }

    /**
     * The matrix chain. Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Chain extends Held {
        /** The matrices are {@code n×n}. */
        @Param({"16", "64"})
        public int n;
        TensorRead[] operands;
        Tensor tmp;
        Tensor out;
        double[] expected;
        SessionFunction<Tensor> precompiled;
        SessionFunction<Tensor> adHoc;
        SessionFunction<Tensor> hand;
        SessionFunction<Tensor> handPrepared;

        /** Builds operands, the expression and the reference. */
        @Setup(Level.Trial)
        public void open() {
            openSession();
            Tensor a = random(DType.F64, 1, n, n);
            Tensor b = random(DType.F64, 2, n, n);
            Tensor c = random(DType.F64, 3, n, n);
            operands = new TensorRead[] {a, b, c};
            tmp = Tensor.zeros(DType.F64, n, n);
            out = Tensor.zeros(DType.F64, n, n);
            EinsumExpression e = Einsum.compile(CHAIN, a, b, c);
            precompiled = s -> {
                e.evaluateInto(s, out, operands);
                return out;
            };
            adHoc = s -> {
                Einsum.einsumInto(s, CHAIN, out, operands);
                return out;
            };
            hand = s -> {
                s.dotGeneralInto(a, b, DotGeneralConfig.MATMUL, tmp);
                s.dotGeneralInto(tmp, c, DotGeneralConfig.MATMUL, out);
                return out;
            };
            expected = held.withSession(hand).f64Data().clone();
            PreparedContraction ab = held.withSession(s -> s.prepareDotGeneral(a, b, DotGeneralConfig.MATMUL, tmp));
            PreparedContraction abc = held.withSession(s -> s.prepareDotGeneral(tmp, c, DotGeneralConfig.MATMUL, out));
            handPrepared = s -> {
                ab.runInto(s, a, b, tmp);
                abc.runInto(s, tmp, c, out);
                return out;
            };
        }

        /** Poisons the output. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(out.f64Data(), Double.NaN);
        }

        /** Checks it. */
        @TearDown(Level.Iteration)
        public void verify() {
            check("chain n=" + n, out.f64Data(), expected, 1e-12 * n);
        }
    }

    /**
     * The batched product. Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Batched extends Held {
        /** Batches, and the matrices' extent: {@link #batches()} and {@link #size()}, read in set-up. */
        int count;
        int extent;
        TensorRead[] operands;
        Tensor x;
        Tensor y;
        Tensor out;
        TensorView outAsBatchTrailing;
        double[] expected;
        EinsumExpression expression;
        SessionFunction<Tensor> precompiled;
        SessionFunction<Tensor> adHoc;
        SessionFunction<Tensor> hand;
        DotGeneralConfig batched;

        /**
         * Builds operands, the expression and the reference.
         *
         * @param params the trial's benchmark (its name says whether the Vector API kernels must be on)
         */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            String name = params.getBenchmark();
            VectorApiForks.requireMatchingJvm(name, name.endsWith("VectorApi"));
            count = batches();
            extent = size();
            openSession();
            x = random(DType.F64, 4, count, extent, extent);
            y = random(DType.F64, 5, count, extent, extent);
            operands = new TensorRead[] {x, y};
            out = Tensor.zeros(DType.F64, count, extent, extent);
            outAsBatchTrailing = out.permute(1, 2, 0); // dotGeneral's [i, k, b] order as a view of [b, i, k]
            batched = DotGeneralConfig.of(new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0});
            expression = Einsum.compile(BATCHED, x, y);
            precompiled = s -> {
                expression.evaluateInto(s, out, operands);
                return out;
            };
            adHoc = s -> {
                Einsum.einsumInto(s, BATCHED, out, operands);
                return out;
            };
            hand = s -> {
                s.dotGeneralInto(x, y, batched, outAsBatchTrailing);
                return out;
            };
            loop();
            expected = out.f64Data().clone();
        }

        /**
         * The floor: {@code out[b,i,k] = Σ_j x[b,i,j]·y[b,j,k]} over column-major arrays, the batch axis
         * (stride 1) innermost so that C2 vectorises it.
         */
        void loop() {
            double[] xs = x.f64Data();
            double[] ys = y.f64Data();
            double[] o = out.f64Data();
            Arrays.fill(o, 0);
            for (int k = 0; k < extent; k++) {
                for (int j = 0; j < extent; j++) {
                    int yj = count * (j + extent * k);
                    for (int i = 0; i < extent; i++) {
                        int oi = count * (i + extent * k);
                        int xi = count * (i + extent * j);
                        for (int b = 0; b < count; b++) {
                            o[oi + b] += xs[xi + b] * ys[yj + b];
                        }
                    }
                }
            }
        }

        /** @return the number of batches */
        int batches() {
            return 64;
        }

        /** @return the matrices' extent */
        int size() {
            return 8;
        }

        /** Poisons the output. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(out.f64Data(), Double.NaN);
        }

        /** Checks it. */
        @TearDown(Level.Iteration)
        public void verify() {
            check("batched " + count + "x" + extent + "x" + extent, out.f64Data(), expected, 1e-12);
        }
    }

    /**
     * {@code bij,bjk->bik} with 2 batches of 2×2: so little arithmetic that precompiled minus the hand
     * {@code dotGeneralInto} (the same config, its permuted output view made in setup) is einsum's fixed
     * cost per evaluation — checks, the scratch lookup, the output view. Not thread-safe
     * ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class TinyBatched extends Batched {
        @Override
        int batches() {
            return 2;
        }

        @Override
        int size() {
            return 2;
        }
    }

    /**
     * The MPS norm. Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Mps extends Held {
        EinsumWorkloads.Mps mps;
        Subscripts subscripts;
        Tensor out;
        SessionFunction<Tensor> precompiled;
        SessionFunction<Tensor> adHoc;
        SessionFunction<Tensor> hand;

        /** Builds the state, the expression (all planning), its hand-written peer and the reference. */
        @Setup(Level.Trial)
        public void open() {
            openSession();
            mps = EinsumWorkloads.mps(16, 4, 2);
            subscripts = mps.subscripts;
            out = Tensor.zeros(DType.C128);
            TensorRead[] operands = mps.operands;
            EinsumExpression e = Einsum.compile(subscripts, EinsumOptions.DEFAULT, specs(operands));
            precompiled = s -> {
                e.evaluateInto(s, out, operands);
                return out;
            };
            adHoc = s -> {
                Einsum.einsumInto(s, subscripts, EinsumOptions.DEFAULT, out, operands);
                return out;
            };
            EinsumWorkloads.DotGeneralSequence steps = new EinsumWorkloads.DotGeneralSequence(e.path(), operands, out);
            hand = s -> {
                steps.run(s);
                return out;
            };
        }

        private static org.ferrite.einsum.OperandSpec[] specs(TensorRead[] ops) {
            org.ferrite.einsum.OperandSpec[] specs = new org.ferrite.einsum.OperandSpec[ops.length];
            for (int k = 0; k < ops.length; k++) {
                specs[k] = org.ferrite.einsum.OperandSpec.of(ops[k]);
            }
            return specs;
        }

        /** Poisons the output. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(out.c128Data(), Double.NaN);
        }

        /** Checks it. */
        @TearDown(Level.Iteration)
        public void verify() {
            double[] got = out.c128Data();
            double scale = Math.hypot(mps.norm[0], mps.norm[1]);
            if (!(Math.hypot(got[0] - mps.norm[0], got[1] - mps.norm[1]) <= 1e-12 * scale)) {
                throw new IllegalStateException("mps: <psi|psi> is " + got[0] + "+" + got[1] + "i, expected "
                        + mps.norm[0] + "+" + mps.norm[1] + "i");
            }
        }
    }

    /**
     * The 100-tensor network. Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Network {
        EinsumWorkloads.Network network;
        EinsumOptions greedy;
        EinsumExpression last;

        /** Reads the network. */
        @Setup(Level.Trial)
        public void open() {
            network = EinsumWorkloads.network();
            greedy = EinsumOptions.builder().optimizer(PathOptimizer.GREEDY).build();
        }

        /** Checks the flop count of the last path found against opt_einsum's. */
        @TearDown(Level.Iteration)
        public void verify() {
            double flops = last.path().optimizedFlops();
            if (flops != network.greedyFlops) {
                throw new IllegalStateException("greedy flops " + flops + ", opt_einsum " + network.greedyFlops);
            }
        }
    }

    /** @return {@code ij,jk,kl->il}, precompiled */
    @Benchmark
    public Tensor chainPrecompiled(Chain c) {
        return c.held.withSession(c.precompiled);
    }

    /** @return {@code ij,jk,kl->il}, ad hoc */
    @Benchmark
    public Tensor chainAdHoc(Chain c) {
        return c.held.withSession(c.adHoc);
    }

    /** @return the two {@code dotGeneralInto} calls by hand */
    @Benchmark
    public Tensor chainHandDotGeneral(Chain c) {
        return c.held.withSession(c.hand);
    }

    /** @return the two products by hand, each a contraction prepared in setup */
    @Benchmark
    public Tensor chainHandPrepared(Chain c) {
        return c.held.withSession(c.handPrepared);
    }

    /** @return {@code bij,bjk->bik}, precompiled */
    @Benchmark
    public Tensor batchedPrecompiled(Batched b) {
        return b.held.withSession(b.precompiled);
    }

    /** @return {@code bij,bjk->bik}, ad hoc */
    @Benchmark
    public Tensor batchedAdHoc(Batched b) {
        return b.held.withSession(b.adHoc);
    }

    /** @return the one batched {@code dotGeneralInto} by hand */
    @Benchmark
    public Tensor batchedHandDotGeneral(Batched b) {
        return b.held.withSession(b.hand);
    }

    /** @return {@code bij,bjk->bik}, precompiled, with the provider's Vector API kernels (its fork adds the module) */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", VectorApiForks.ADD_MODULE})
    public Tensor batchedPrecompiledVectorApi(Batched b) {
        return b.held.withSession(b.precompiled);
    }

    /** @return the one batched {@code dotGeneralInto} by hand, with the Vector API kernels */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", VectorApiForks.ADD_MODULE})
    public Tensor batchedHandDotGeneralVectorApi(Batched b) {
        return b.held.withSession(b.hand);
    }

    /** @return {@code bij,bjk->bik} with 2 × (2×2), precompiled: einsum's fixed cost over the peer below */
    @Benchmark
    public Tensor tinyBatchedPrecompiled(TinyBatched b) {
        return b.held.withSession(b.precompiled);
    }

    /** @return the one batched {@code dotGeneralInto} with 2 × (2×2), by hand */
    @Benchmark
    public Tensor tinyBatchedHandDotGeneral(TinyBatched b) {
        return b.held.withSession(b.hand);
    }

    /** @return the plain loop */
    @Benchmark
    public Tensor batchedHandLoop(Batched b) {
        b.loop();
        return b.out;
    }

    /** @return the MPS norm, precompiled */
    @Benchmark
    public Tensor mpsPrecompiled(Mps m) {
        return m.held.withSession(m.precompiled);
    }

    /** @return the MPS norm as the plan's 31 {@code dotGeneralInto} calls by hand, intermediates preallocated */
    @Benchmark
    public Tensor mpsHandDotGeneral(Mps m) {
        return m.held.withSession(m.hand);
    }

    /** @return the MPS norm, ad hoc with a warm plan cache */
    @Benchmark
    public Tensor mpsAdHoc(Mps m) {
        return m.held.withSession(m.adHoc);
    }

    /** @return the compiled 100-tensor network (greedy path) */
    @Benchmark
    public EinsumExpression greedyPathSearch(Network n) {
        n.last = Einsum.compile(n.network.subscripts, n.greedy, n.network.specs);
        return n.last;
    }
}
