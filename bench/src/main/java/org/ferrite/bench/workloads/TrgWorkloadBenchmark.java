package org.ferrite.bench.workloads;

import java.util.concurrent.TimeUnit;
import org.ferrite.api.HeldSession;
import org.ferrite.bench.QuietNetlib;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.examples.IsingTrg;
import org.ferrite.examples.TrgResult;
import org.ferrite.examples.exact.Onsager;
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
 * The whole TRG run of {@code ferrite-examples}' {@link IsingTrg} — 20 coarse-graining steps of the 2D
 * Ising model at T_c with bond dimension χ ∈ {8, 16, 24}: per step two truncated SVDs of χ² × χ² matrices
 * (randomized once χ² is large against χ, {@code SvdAlgorithm.AUTO}) and one precompiled four-tensor
 * einsum — through a held session of a one-thread {@link CpuBackend}. Its peer is
 * {@code bench/numpy/tn_workloads.py --trg 8,16,24} (the same algorithm in NumPy + opt_einsum with
 * {@code np.linalg.svd}), run in the same sitting; targets: ≥ 1.5× faster than NumPy at χ = 16, ≥ 3× at
 * χ = 8. {@code Mode.SampleTime} records every run, so JMH's {@code p0.50} line is the median.
 *
 * <p>After every iteration, outside the timed region, the last free energy is checked against
 * Onsager's within the accuracy TRG reaches at T_c (relative 2e−4 at χ = 8, 1e−5 from χ = 16).
 *
 * <p>The state is {@code Scope.Thread}: it opens its backend and held session in its trial set-up and
 * closes them in its trial tear-down. Not thread-safe.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class TrgWorkloadBenchmark {

    /** One trial's backend, session and last result. Not thread-safe ({@code Scope.Thread}). */
    @State(Scope.Thread)
    public static class Run {
        /** The bond dimension χ. */
        @Param({"8", "16", "24"})
        public int chi;

        /** Coarse-graining steps. */
        @Param({"20"})
        public int steps;

        CpuBackend backend;
        HeldSession held;
        IsingTrg trg;
        TrgResult last;
        double exact;

        /** Opens a one-thread backend and a held session. */
        @Setup(Level.Trial)
        public void open() {
            QuietNetlib.apply();
            backend = CpuBackend.builder().threads(1).build();
            held = backend.openSession();
            trg = new IsingTrg(backend);
            exact = Onsager.freeEnergy(Onsager.CRITICAL_TEMPERATURE);
        }

        /** Checks the last run's free energy against Onsager's. */
        @TearDown(Level.Iteration)
        public void check() {
            double error = Math.abs(last.freeEnergy() / exact - 1);
            if (!(error < (chi < 16 ? 2e-4 : 1e-5))) {
                throw new IllegalStateException("TRG chi=" + chi + ": f = " + last.freeEnergy() + ", relative error "
                        + error + " against Onsager's " + exact);
            }
        }

        /** Closes the session, then the backend. */
        @TearDown(Level.Trial)
        public void close() {
            held.close();
            backend.close();
        }
    }

    /**
     * @param run the trial's state
     * @return the run's result (also kept for the check)
     */
    @Benchmark
    public TrgResult freeEnergyAtTc(Run run) {
        run.last = run.held.withSession(s -> run.trg.freeEnergy(s, Onsager.CRITICAL_TEMPERATURE, run.chi, run.steps));
        return run.last;
    }
}
