package org.ferrite.bench;

import java.util.concurrent.TimeUnit;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
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
 * The cost of entering the CPU backend, on one thread (budget 1): what a caller pays per operation
 * on the scoped route, once per many operations on the held route. Targets (DESIGN §7): scoped entry
 * with an empty callback ≤ 50 ns, held open + close ≤ 100 ns; the reference design measured 537.7 ns
 * and 321.1 ns. {@code heldEmptyCallback} is what each operation pays inside a held session, and
 * {@code handLoopAdd2} the dispatch-free floor of {@code heldAdd2Into}. Run with {@code -prof gc} to
 * see that the held and scoped paths allocate nothing per call.
 *
 * <p>Results are validated outside the timed region (in the tear-down).
 *
 * <p>Every state class here is {@code Scope.Thread} (JMH gives each benchmark thread its own; none is
 * thread-safe) and lives for one trial: what it opens in its trial set-up it closes in its trial
 * tear-down. The benchmark class itself holds no state.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EntryBenchmark {
    private static final SessionFunction<Object> EMPTY = s -> null;

    /**
     * A backend and nothing open: for the scoped entry and open + close.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Idle {
        CpuBackend backend;

        /** Builds a one-thread backend on every CPU (nothing to narrow). */
        @Setup(Level.Trial)
        public void build() {
            backend = CpuBackend.builder().threads(1).build();
        }

        /** Closes it; the counters prove the benchmark entered. */
        @TearDown(Level.Trial)
        public void close() {
            if (backend.sessionCounters().scopedEntries() + backend.sessionCounters().heldOpened() == 0) {
                throw new IllegalStateException("the benchmark never entered the backend");
            }
            backend.close();
        }
    }

    /**
     * A held session kept open for the whole trial, with 2-element operands.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Held {
        CpuBackend backend;
        CpuHeldSession session;
        Tensor a = Tensor.of(new double[] {1, 2}, 2);
        Tensor b = Tensor.of(new double[] {3, 4}, 2);
        Tensor out = Tensor.zeros(DType.F64, 2);
        double[] av = a.f64Data();
        double[] bv = b.f64Data();
        double[] ov = new double[2];
        SessionFunction<Object> addInto;

        /** Opens the session (on the benchmark thread, which it is confined to). */
        @Setup(Level.Trial)
        public void open() {
            backend = CpuBackend.builder().threads(1).build();
            session = backend.openSession();
            addInto = s -> {
                s.addInto(a, b, out);
                return null;
            };
        }

        /** Checks the results, closes. */
        @TearDown(Level.Trial)
        public void close() {
            session.close();
            backend.close();
            if (out.f64Data()[0] != 4 || out.f64Data()[1] != 6 || ov[1] != 6) {
                throw new IllegalStateException("wrong result " + java.util.Arrays.toString(out.f64Data()));
            }
        }
    }

    /**
     * An open held session and nothing else, for {@link #heldEmptyCallback} (whose result there is
     * nothing to check: {@link Held}'s tear-down checks the add arms' outputs, which this arm never
     * writes). Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class OpenSession {
        CpuBackend backend;
        CpuHeldSession session;

        /** Opens the session (on the benchmark thread, which it is confined to). */
        @Setup(Level.Trial)
        public void open() {
            backend = CpuBackend.builder().threads(1).build();
            session = backend.openSession();
        }

        /** Closes the session, then the backend. */
        @TearDown(Level.Trial)
        public void close() {
            session.close();
            backend.close();
        }
    }

    /**
     * Scoped entry with an empty callback: reentry check, permit, resource checkout, owner marker,
     * view, and the whole release.
     *
     * @param state the backend
     * @return the callback's result
     */
    @Benchmark
    public Object scopedEmpty(Idle state) {
        return state.backend.withSession(EMPTY);
    }

    /**
     * Held open + close: the same steps as a scoped entry plus the session object and its cleaner
     * registration.
     *
     * @param state the backend
     * @return the closed session
     */
    @Benchmark
    public Object heldOpenClose(Idle state) {
        CpuHeldSession session = state.backend.openSession();
        session.close();
        return session;
    }

    /**
     * One {@code withSession} on an open held session with an empty callback: the per-operation
     * cost of the held route.
     *
     * @param state the session
     * @return the callback's result
     */
    @Benchmark
    public Object heldEmptyCallback(OpenSession state) {
        return state.session.withSession(EMPTY);
    }

    /**
     * {@code withSession} + {@code addInto} of two 2-element vectors into a caller-owned output.
     *
     * @param state the session and operands
     * @return the callback's result
     */
    @Benchmark
    public Object heldAdd2Into(Held state) {
        return state.session.withSession(state.addInto);
    }

    /**
     * The dispatch-free floor: the same addition as a hand-written loop.
     *
     * @param state the operands
     * @return the output
     */
    @Benchmark
    public double[] handLoopAdd2(Held state) {
        double[] a = state.av;
        double[] b = state.bv;
        double[] out = state.ov;
        for (int i = 0; i < out.length; i++) {
            out[i] = a[i] + b[i];
        }
        return out;
    }
}
