package org.ferrite.bench;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.spi.session.FifoAdmission;
import org.ferrite.api.spi.session.SessionLifecycle;
import org.ferrite.api.spi.session.SessionRole;
import org.ferrite.api.spi.session.ViewGuard;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuHeldSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the API's provider-support layer ({@code org.ferrite.api.spi.session}) costs on the held hot path,
 * beside the CPU provider's own session entry in the same run: a held 2×2 · 2×1 product into a
 * caller-owned output ({@code …HeldInto}) and held open + close ({@code …OpenClose}). The layer's
 * provider here has the cheapest possible kernel (the hand loop, no validation), so its rows measure the
 * layer alone: its per-callback view and guard against the CPU provider's per-session view and its
 * checked kernels. {@code handLoop} is the dispatch-free floor. Run with {@code -prof gc}: the layer's
 * held path allocates its view per callback, the CPU's nothing — why the CPU provider keeps its own entry
 * (design decision D15).
 *
 * <p>Results are validated outside the timed region (in the tear-downs). Every state class is
 * {@code Scope.Thread} (not thread-safe) and lives for one trial.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LifecycleLayerBenchmark {

    /** 2×2 · 2×1 operands, column-major, and the expected product. Not thread-safe. */
    abstract static class Operands {
        final Tensor a = Tensor.of(new double[] {1, 3, 2, 4}, 2, 2);
        final Tensor x = Tensor.of(new double[] {1, 1}, 2);
        final Tensor y = Tensor.zeros(DType.F64, 2);

        void validate() {
            double[] out = y.f64Data();
            if (out[0] != 3 || out[1] != 7) {
                throw new IllegalStateException("wrong product: " + out[0] + ", " + out[1]);
            }
        }
    }

    /** A held session of a minimal provider built on the layer. Not thread-safe; one trial. */
    @State(Scope.Thread)
    public static class Layer extends Operands {
        Minimal lifecycle;
        HeldSession held;
        SessionFunction<Tensor> into;

        /** Opens the held session. */
        @Setup(Level.Trial)
        public void open() {
            lifecycle = new Minimal();
            held = lifecycle.openSession();
            into = s -> {
                s.dotGeneralInto(a, x, DotGeneralConfig.MATMUL, y);
                return y;
            };
        }

        /** Checks the product and closes. */
        @TearDown(Level.Trial)
        public void close() {
            validate();
            held.close();
            lifecycle.close();
        }
    }

    /** A held session of the CPU provider, one thread. Not thread-safe; one trial. */
    @State(Scope.Thread)
    public static class Cpu extends Operands {
        CpuBackend backend;
        CpuHeldSession held;
        SessionFunction<Tensor> into;

        /** Opens the held session. */
        @Setup(Level.Trial)
        public void open() {
            backend = CpuBackend.builder().threads(1).build();
            held = backend.openSession();
            into = s -> {
                s.dotGeneralInto(a, x, DotGeneralConfig.MATMUL, y);
                return y;
            };
        }

        /** Checks the product and closes. */
        @TearDown(Level.Trial)
        public void close() {
            validate();
            held.close();
            backend.close();
        }
    }

    /** Backends with nothing open, for open + close. Not thread-safe; one trial. */
    @State(Scope.Thread)
    public static class Idle {
        Minimal lifecycle;
        CpuBackend backend;

        /** Builds both. */
        @Setup(Level.Trial)
        public void build() {
            lifecycle = new Minimal();
            backend = CpuBackend.builder().threads(1).build();
        }

        /** Closes both; they must be idle. */
        @TearDown(Level.Trial)
        public void close() {
            if (!lifecycle.isIdle()) {
                throw new IllegalStateException("a session of the layer was left open");
            }
            lifecycle.close();
            backend.close();
        }
    }

    /**
     * @param l the layer's held session
     * @return the output
     */
    @Benchmark
    public Tensor layerHeldInto(Layer l) {
        return l.held.withSession(l.into);
    }

    /**
     * @param c the CPU provider's held session
     * @return the output
     */
    @Benchmark
    public Tensor cpuHeldInto(Cpu c) {
        return c.held.withSession(c.into);
    }

    /**
     * @param l the operands
     * @return the output
     */
    @Benchmark
    public Tensor handLoop(Layer l) {
        MinimalView.multiply(l.a, l.x, l.y);
        return l.y;
    }

    /** @param i the backends */
    @Benchmark
    public void layerOpenClose(Idle i) {
        i.lifecycle.openSession().close();
    }

    /** @param i the backends */
    @Benchmark
    public void cpuOpenClose(Idle i) {
        i.backend.openSession().close();
    }

    /** The layer with a session that holds nothing and a view with one kernel. Thread-safe. */
    static final class Minimal extends SessionLifecycle<Object> {
        Minimal() {
            super("minimal", new FifoAdmission("the minimal backend"));
        }

        @Override
        protected Object begin(SessionRole role) {
            return role;
        }

        @Override
        protected BackendSession newView(ViewGuard guard, Object state) {
            return new MinimalView(guard);
        }
    }

    /**
     * A view whose one kernel is the unchecked 2×2 · 2×1 hand loop; every other hook refuses. Confined
     * to its callback's thread; valid for one callback.
     */
    static final class MinimalView implements BackendSession {
        private final ViewGuard guard;

        MinimalView(ViewGuard guard) {
            this.guard = guard;
        }

        static void multiply(Tensor a, Tensor x, Tensor y) {
            double[] m = a.f64Data();
            double[] v = x.f64Data();
            double[] out = y.f64Data();
            out[0] = m[0] * v[0] + m[2] * v[1];
            out[1] = m[1] * v[0] + m[3] * v[1];
        }

        @Override
        public void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
                Accumulation accumulation, TensorWrite out) {
            guard.enter("dotGeneralAccumulate");
            multiply((Tensor) lhs, (Tensor) rhs, (Tensor) out);
        }

        private UnsupportedOpException refuse(String op) {
            guard.enter(op);
            return new UnsupportedOpException(op, "F64", "the benchmark's minimal provider has one kernel");
        }

        @Override
        public <T> Optional<T> extension(Class<T> type) {
            guard.enter("extension");
            return Optional.empty();
        }

        @Override
        public ChildExecution childExecution() {
            return guard.childExecution();
        }

        @Override
        public Placement placement() {
            guard.enter("placement");
            return Placement.HOST;
        }

        @Override
        public void transferInto(TensorRead src, TensorWrite out) {
            throw refuse("transferInto");
        }

        @Override
        public Tensor allocate(DType dtype, long... shape) {
            throw refuse("allocate");
        }

        @Override
        public void reclaim(Tensor tensor) {
            guard.enter("reclaim");
        }

        @Override
        public void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
            throw refuse("binaryInto");
        }

        @Override
        public void unaryInto(UnaryOp op, TensorRead x, TensorWrite out) {
            throw refuse("unaryInto");
        }

        @Override
        public void compareInto(CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
            throw refuse("compareInto");
        }

        @Override
        public void selectInto(TensorRead predicate, TensorRead onTrue, TensorRead onFalse, TensorWrite out) {
            throw refuse("selectInto");
        }

        @Override
        public void copyInto(TensorRead src, TensorWrite out) {
            throw refuse("copyInto");
        }

        @Override
        public void castInto(TensorRead src, TensorWrite out) {
            throw refuse("castInto");
        }

        @Override
        public void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
            throw refuse("reduceInto");
        }

        @Override
        public void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig config, TensorWrite out) {
            throw refuse("gatherInto");
        }

        @Override
        public void scatterInto(TensorRead operand, TensorRead scatterIndices, TensorRead updates,
                ScatterConfig config, TensorWrite out) {
            throw refuse("scatterInto");
        }
    }
}
