package org.ferrite.bench.workloads;

import java.util.concurrent.TimeUnit;
import org.ferrite.api.HeldSession;
import org.ferrite.bench.QuietNetlib;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.examples.ItebdResult;
import org.ferrite.examples.ItebdSchedule;
import org.ferrite.examples.ItebdState;
import org.ferrite.examples.TfimItebd;
import org.ferrite.examples.exact.TransverseFieldIsing;
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

/**
 * The imaginary-time evolution of {@code ferrite-examples}' {@link TfimItebd} — the transverse-field
 * Ising chain at the critical field h = 1, bond limit χ = 32, {@link ItebdSchedule#DEFAULT} (1 000
 * second-order Trotter steps, 2 003 gate applications, each one precompiled einsum and one truncated
 * SVD of a 2χ × 2χ matrix) — through a held session of a one-thread {@link CpuBackend}. Its peer is
 * {@code bench/numpy/tn_workloads.py --itebd 32}, the same evolution in NumPy + opt_einsum, run in the
 * same sitting; target: ≥ 3× faster than NumPy. Only the evolution is timed, as in the peer;
 * {@code Mode.SampleTime} records every run, so JMH's {@code p0.50} line is the median.
 *
 * <p>At the end of the trial, outside the timed region, the last state's energy is measured (the
 * transfer matrices' fixed points) and checked against the exact {@code e₀(1) = −4/π} (relative 1e−4).
 *
 * <p>The state is {@code Scope.Thread}: it opens its backend and held session in its trial set-up and
 * closes them in its trial tear-down. Not thread-safe.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class ItebdWorkloadBenchmark {

    /** One trial's backend, session and last state. Not thread-safe ({@code Scope.Thread}). */
    @State(Scope.Thread)
    public static class Run {
        /** The bond dimension limit χ. */
        @Param({"32"})
        public int chi;

        /** The transverse field. */
        @Param({"1.0"})
        public double field;

        CpuBackend backend;
        HeldSession held;
        TfimItebd itebd;
        ItebdState last;

        /** Opens a one-thread backend and a held session. */
        @Setup(Level.Trial)
        public void open() {
            QuietNetlib.apply();
            backend = CpuBackend.builder().threads(1).build();
            held = backend.openSession();
            itebd = new TfimItebd(backend);
        }

        /** Measures the last state's energy, checks it, then closes the session and the backend. */
        @TearDown(Level.Trial)
        public void checkAndClose() {
            try {
                ItebdResult result = held.withSession(s -> itebd.measure(s, last));
                double exact = TransverseFieldIsing.groundStateEnergy(field);
                double error = Math.abs(result.energy() / exact - 1);
                if (!(error < 1e-4)) {
                    throw new IllegalStateException("iTEBD chi=" + chi + ": e = " + result.energy() + ", relative error "
                            + error + " against the exact " + exact);
                }
            } finally {
                held.close();
                backend.close();
            }
        }
    }

    /**
     * @param run the trial's state
     * @return the evolved state (also kept for the check)
     */
    @Benchmark
    public ItebdState evolveAtCriticality(Run run) {
        run.last = run.held.withSession(s -> {
            if (run.last != null) {
                run.last.release(s);
            }
            return run.itebd.evolve(s, run.field, run.chi, ItebdSchedule.DEFAULT, step -> { });
        });
        return run.last;
    }
}
