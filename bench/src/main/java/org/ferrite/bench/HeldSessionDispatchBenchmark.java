package org.ferrite.bench;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import dev.ludovic.netlib.blas.BLAS;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.GemmRoute;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The held-session dispatch suite, mirroring the reference protocol (tenferro-rs, held CPU session
 * U2): what it costs to enter the backend, and what a {@code size×size · size×1} f64 contraction costs
 * through each entry route, next to peers that pay no dispatch at all.
 *
 * <ul>
 *   <li>{@code entryScopedEmpty}, {@code entryHeldOpenClose}: one scoped entry with an empty callback;
 *       one held open + close.</li>
 *   <li>per size: {@code scopedSingle} / {@code heldSingle} (allocating {@code dotGeneral}),
 *       {@code scopedInto} / {@code heldInto} ({@code dotGeneralInto} a caller-owned buffer reused
 *       across calls: dispatch without allocation), {@code heldPreparedInto} (the same through a
 *       contraction prepared in setup), {@code heldIntoFreshOperands} ({@code heldInto} with new tensor
 *       objects of the same shape every call), {@code heldChain16} (16 dependent products
 *       {@code v ← A·v} through one held session, one {@code withSession} each, in the allocating form
 *       of {@code heldSingle}; reported per operation).</li>
 *   <li>peers: {@code floorHandLoop} (the product as a plain loop over column-major arrays — the
 *       dispatch-free floor), {@code ejmlMult} ({@code CommonOps_DDRM.mult}), {@code blasDgemv} (netlib
 *       {@code dgemv}: native BLAS when loadable, else netlib's Java fallback — the report names which).</li>
 * </ul>
 *
 * <p>Every backend has one worker ({@code threads(1)}, route {@code AUTO}). Session functions are built
 * once in setup, so the timed calls allocate only what the operation itself allocates. Each iteration
 * poisons the outputs with NaN first and checks the arm's result against a textbook loop afterwards,
 * outside the timed region.
 *
 * <p>Every state class here is {@code Scope.Thread} (JMH gives each benchmark thread its own; none is
 * thread-safe) and lives for one trial: what it opens in its trial set-up it closes in its trial
 * tear-down. The benchmark class itself holds no state.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class HeldSessionDispatchBenchmark {
    private static final DotGeneralConfig MATMUL = DotGeneralConfig.MATMUL;
    /** How many distinct operand objects {@code heldIntoFreshOperands} cycles through (a power of two). */
    static final int FRESH = 16;

    /**
     * A backend for the entry arms.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Entry {
        CpuBackend backend;
        final SessionFunction<Object> empty = s -> null;

        /** Builds the backend. */
        @Setup(Level.Trial)
        public void open() {
            QuietNetlib.apply();
            backend = CpuBackend.builder().threads(1).gemmRoute(GemmRoute.AUTO).build();
        }

        /** Closes it. */
        @TearDown(Level.Trial)
        public void close() {
            backend.close();
        }
    }

    /**
     * The operands, the output buffers, and the per-iteration check of one trial. Each state class
     * below owns one (JMH gives a state injected into another state's setup its own instance, so the
     * operands are not a separate state).
     */
    abstract static class Trial {
        MatVecOperands data;
        String arm;
        Tensor y;
        Tensor result;
        double[] yHand;
        DMatrixRMaj yEjml;
        double[] yBlas;
        double[] newArray;
        BLAS blas;

        void create(int size, BenchmarkParams params) {
            QuietNetlib.apply();
            String name = params.getBenchmark();
            arm = name.substring(name.lastIndexOf('.') + 1);
            data = new MatVecOperands(size, 1945);
            y = Tensor.zeros(DType.F64, size, 1);
            yHand = new double[size];
            yEjml = new DMatrixRMaj(size, 1);
            yBlas = new double[size];
            CpuBackend.nativeBlas(); // loads the native BLAS (pinning OpenBLAS to one thread) before the peer uses it
            blas = BLAS.getInstance();
        }

        /** Poisons every output so that an arm that computes nothing fails the check. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(y.f64Data(), Double.NaN);
            Arrays.fill(yHand, Double.NaN);
            Arrays.fill(yEjml.data, Double.NaN);
            Arrays.fill(yBlas, Double.NaN);
            result = null;
            newArray = null;
        }

        /** Checks the measured arm's last result against the textbook loop. */
        @TearDown(Level.Iteration)
        public void check() {
            double[] expected = data.expectedProduct;
            switch (arm) {
                case "scopedInto":
                case "heldInto":
                case "heldPreparedInto":
                case "heldIntoFreshOperands":
                    MatVecOperands.check(arm, y.f64Data(), expected);
                    break;
                case "scopedSingle":
                case "heldSingle":
                    MatVecOperands.check(arm, result.f64Data(), expected);
                    break;
                case "heldChain16":
                    MatVecOperands.check(arm, result.f64Data(), data.expectedChain);
                    break;
                case "floorHandLoop":
                    MatVecOperands.check(arm, yHand, expected);
                    break;
                case "ejmlMult":
                    MatVecOperands.check(arm, yEjml.data, expected);
                    break;
                case "blasDgemv":
                    MatVecOperands.check(arm, yBlas, expected);
                    break;
                case "floorNewArray":
                    if (newArray == null || newArray.length != data.size) {
                        throw new IllegalStateException(arm + ": no array of " + data.size + " made");
                    }
                    break;
                default:
                    throw new IllegalStateException("no check for arm " + arm);
            }
        }
    }

    /**
     * The peers' trial: operands only.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Peers extends Trial {
        /** The matrix is {@code size×size}, the vector {@code size×1}. */
        @Param({"2", "8", "32", "95", "256"})
        public int size;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            create(size, params);
        }
    }

    /**
     * A backend entered per operation.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Scoped extends Trial {
        /** The matrix is {@code size×size}, the vector {@code size×1}. */
        @Param({"2", "8", "32", "95", "256"})
        public int size;

        CpuBackend backend;
        SessionFunction<Tensor> single;
        SessionFunction<Tensor> into;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            create(size, params);
            backend = CpuBackend.builder().threads(1).gemmRoute(GemmRoute.AUTO).build();
            single = s -> s.dotGeneral(data.a, data.x, MATMUL);
            into = s -> {
                s.dotGeneralInto(data.a, data.x, MATMUL, y);
                return y;
            };
        }

        /** Closes the backend. */
        @TearDown(Level.Trial)
        public void close() {
            backend.close();
        }
    }

    /**
     * A backend with one session held open for the whole trial.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Held extends Trial {
        /** The matrix is {@code size×size}, the vector {@code size×1}. */
        @Param({"2", "8", "32", "95", "256"})
        public int size;

        CpuBackend backend;
        HeldSession held;
        SessionFunction<Tensor> single;
        SessionFunction<Tensor> into;
        SessionFunction<Tensor> preparedInto;
        SessionFunction<Tensor> freshInto;
        /** {@link #FRESH} operand triples: new objects over the same storage, one triple per call in turn. */
        Tensor[] freshA;
        Tensor[] freshX;
        Tensor[] freshY;
        int next;
        ChainStep step;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            create(size, params);
            backend = CpuBackend.builder().threads(1).gemmRoute(GemmRoute.AUTO).build();
            held = backend.openSession();
            single = s -> s.dotGeneral(data.a, data.x, MATMUL);
            into = s -> {
                s.dotGeneralInto(data.a, data.x, MATMUL, y);
                return y;
            };
            PreparedContraction prepared = held.withSession(s -> s.prepareDotGeneral(data.a, data.x, MATMUL, y));
            preparedInto = s -> {
                prepared.runInto(s, data.a, data.x, y);
                return y;
            };
            freshA = new Tensor[FRESH];
            freshX = new Tensor[FRESH];
            freshY = new Tensor[FRESH];
            for (int i = 0; i < FRESH; i++) {
                freshA[i] = Tensor.wrap(DType.F64, data.a.storage(), size, size);
                freshX[i] = Tensor.wrap(DType.F64, data.x.storage(), size, 1);
                freshY[i] = Tensor.wrap(DType.F64, y.storage(), size, 1);
            }
            freshInto = s -> {
                int i = next = (next + 1) & (FRESH - 1);
                s.dotGeneralInto(freshA[i], freshX[i], MATMUL, freshY[i]);
                return y;
            };
            step = new ChainStep(data.a);
        }

        /** Closes the session, then the backend. */
        @TearDown(Level.Trial)
        public void close() {
            held.close();
            backend.close();
        }
    }

    /**
     * One link of the chain: {@code next = A·v} in the allocating form, exactly the operation of
     * {@code heldSingle} except that its input is the previous link's output. A reusable object rather
     * than a capturing lambda per step.
     */
    static final class ChainStep implements SessionFunction<Tensor> {
        private final Tensor a;
        Tensor v;

        ChainStep(Tensor a) {
            this.a = a;
        }

        @Override
        public Tensor apply(BackendSession s) {
            return s.dotGeneral(a, v, MATMUL);
        }
    }

    // ------------------------------------------------------------------ entry

    /**
     * @param e the backend
     * @return the callback's result
     */
    @Benchmark
    public Object entryScopedEmpty(Entry e) {
        return e.backend.withSession(e.empty);
    }

    /** @param e the backend */
    @Benchmark
    public void entryHeldOpenClose(Entry e) {
        e.backend.openSession().close();
    }

    // ------------------------------------------------------------------ Ferrite

    /**
     * @param s the backend
     * @return the allocated result
     */
    @Benchmark
    public Tensor scopedSingle(Scoped s) {
        return s.result = s.backend.withSession(s.single);
    }

    /**
     * @param h the held session
     * @return the allocated result
     */
    @Benchmark
    public Tensor heldSingle(Held h) {
        return h.result = h.held.withSession(h.single);
    }

    /**
     * @param s the backend
     * @return the caller-owned output
     */
    @Benchmark
    public Tensor scopedInto(Scoped s) {
        return s.backend.withSession(s.into);
    }

    /**
     * @param h the held session
     * @return the caller-owned output
     */
    @Benchmark
    public Tensor heldInto(Held h) {
        return h.held.withSession(h.into);
    }

    /**
     * The same product through a contraction prepared in setup ({@code prepareDotGeneral}): the per-call
     * check and the kernel, no plan lookup.
     *
     * @param h the held session
     * @return the caller-owned output
     */
    @Benchmark
    public Tensor heldPreparedInto(Held h) {
        return h.held.withSession(h.preparedInto);
    }

    /**
     * {@code heldInto} with new operand and output objects of the same shape on every call ({@link #FRESH}
     * wrappers of the same arrays, in turn): what a program that makes its tensors per step pays, next
     * to {@code heldInto}'s same objects every call.
     *
     * @param h the held session
     * @return the caller-owned output
     */
    @Benchmark
    public Tensor heldIntoFreshOperands(Held h) {
        return h.held.withSession(h.freshInto);
    }

    /**
     * @param h the held session
     * @return the end of the chain
     */
    @Benchmark
    @OperationsPerInvocation(MatVecOperands.CHAIN)
    public Tensor heldChain16(Held h) {
        ChainStep step = h.step;
        Tensor v = h.data.x;
        for (int i = 0; i < MatVecOperands.CHAIN; i++) {
            step.v = v;
            v = h.held.withSession(step);
        }
        step.v = null;
        return h.result = v;
    }

    // ------------------------------------------------------------------ peers

    /**
     * The dispatch-free floor: {@code y = A·x} as a column-major axpy loop over plain arrays.
     *
     * @param o the operands
     * @return the output
     */
    @Benchmark
    public double[] floorHandLoop(Peers o) {
        int n = o.data.size;
        double[] a = o.data.aColumnMajor;
        double[] x = o.data.xVector;
        double[] y = o.yHand;
        Arrays.fill(y, 0);
        for (int j = 0; j < n; j++) {
            double xj = x[j];
            int col = j * n;
            for (int i = 0; i < n; i++) {
                y[i] += a[col + i] * xj;
            }
        }
        return y;
    }

    /**
     * The allocation floor of an allocating call: the result's array alone ({@code heldSingle} also makes
     * the {@code Tensor} around it). Not a product: what the JVM charges for fresh memory on this machine.
     *
     * @param o the operands
     * @return the new array
     */
    @Benchmark
    public double[] floorNewArray(Peers o) {
        return o.newArray = new double[o.data.size];
    }

    /**
     * @param o the operands
     * @return the output
     */
    @Benchmark
    public DMatrixRMaj ejmlMult(Peers o) {
        CommonOps_DDRM.mult(o.data.aRowMajor, o.data.xMatrix, o.yEjml);
        return o.yEjml;
    }

    /**
     * @param o the operands
     * @return the output
     */
    @Benchmark
    public double[] blasDgemv(Peers o) {
        int n = o.data.size;
        o.blas.dgemv("N", n, n, 1, o.data.aColumnMajor, n, o.data.xVector, 1, 0, o.yBlas, 1);
        return o.yBlas;
    }
}
