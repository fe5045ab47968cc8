package org.ferrite.bench.workloads;

import java.util.concurrent.TimeUnit;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.bench.QuietNetlib;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Qr;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdAlgorithm;
import org.ferrite.linalg.SvdOptions;
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
 * The two algorithms of a truncated SVD ({@link SvdAlgorithm}) on the same matrices, in the same run:
 * {@code randomized} (forced {@link SvdAlgorithm#RANDOMIZED}) against {@code direct} (the complete
 * decomposition, then truncation), F64, one matrix {@code n × n} of a decaying spectrum
 * ({@code σ_j = 0.8^j}, a tensor-network truncation's kind), rank limit {@code rank}, through a held
 * session of a one-thread {@link CpuBackend}. The cases are where {@link SvdAlgorithm#AUTO} chooses
 * the randomized algorithm — {@code (32, 6)} and {@code (64, 22)} on the rule's edges, {@code (64, 8)}
 * (TRG χ = 8), {@code (256, 16)} (TRG χ = 16), {@code (576, 24)} (TRG χ = 24) — and one just outside,
 * {@code (64, 32)} (iTEBD χ = 32), where it does not. The ratio direct / randomized of each case is
 * what the rule rests on.
 *
 * <p>After every iteration, outside the timed region, the kept singular values are checked against the
 * spectrum (relative 1e−8). The state is {@code Scope.Thread}; it opens its backend and session in its
 * trial set-up and closes them in its tear-down. Not thread-safe.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class TruncatedSvdBenchmark {

    /** One case's matrix and session. Not thread-safe ({@code Scope.Thread}). */
    @State(Scope.Thread)
    public static class Case {
        /** {@code n:rank}. */
        @Param({"32:6", "64:8", "64:22", "64:32", "256:16", "576:24"})
        public String shape;

        CpuBackend backend;
        HeldSession held;
        Tensor matrix;
        SvdOptions randomized;
        SvdOptions direct;
        Svd last;
        int rank;

        /** Builds {@code Q₁·diag(0.8^j)·Q₂ᵀ} and opens a one-thread held session. */
        @Setup(Level.Trial)
        public void open() {
            QuietNetlib.apply();
            String[] parts = shape.split(":");
            int n = Integer.parseInt(parts[0]);
            rank = Integer.parseInt(parts[1]);
            backend = CpuBackend.builder().threads(1).build();
            held = backend.openSession();
            double[] sigma = new double[n];
            for (int j = 0; j < n; j++) {
                sigma[j] = Math.pow(0.8, j);
            }
            matrix = held.withSession(s -> {
                Qr left = Linalg.qr(s, Tensor.random(DType.F64, 1, n, n));
                Qr right = Linalg.qr(s, Tensor.random(DType.F64, 2, n, n));
                Tensor scaled = s.mul(left.q(), Tensor.of(sigma, n).broadcastInDim(new long[] {n, n}, new int[] {1}));
                return s.dotGeneral(scaled, right.q(), DotGeneralConfig.contracting(new int[] {1}, new int[] {1}));
            });
            randomized = SvdOptions.THIN.withMaxRank(rank).withAlgorithm(SvdAlgorithm.RANDOMIZED);
            direct = SvdOptions.THIN.withMaxRank(rank).withAlgorithm(SvdAlgorithm.DIRECT);
        }

        /** Checks the last result's singular values against the spectrum. */
        @TearDown(Level.Iteration)
        public void check() {
            for (int j = 0; j < rank; j++) {
                double expected = Math.pow(0.8, j);
                if (!(Math.abs(last.s().getDouble(j) / expected - 1) < 1e-8)) {
                    throw new IllegalStateException(shape + ": S[" + j + "] = " + last.s().getDouble(j) + ", expected "
                            + expected);
                }
            }
        }

        /** Closes the session, then the backend. */
        @TearDown(Level.Trial)
        public void close() {
            held.close();
            backend.close();
        }

        Svd run(SvdOptions options) {
            return held.withSession(s -> {
                if (last != null) {
                    s.reclaim(last.u());
                    s.reclaim(last.s());
                    s.reclaim(last.vh());
                }
                last = Linalg.svd(s, matrix, options);
                return last;
            });
        }
    }

    /**
     * @param c the case
     * @return the truncated factors
     */
    @Benchmark
    public Svd randomized(Case c) {
        return c.run(c.randomized);
    }

    /**
     * @param c the case
     * @return the truncated factors
     */
    @Benchmark
    public Svd direct(Case c) {
        return c.run(c.direct);
    }
}
