package org.ferrite.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.HeldSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.linalg.Eigh;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Qr;
import org.ferrite.linalg.Svd;
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
 * Ferrite's linear algebra through a held session of a one-thread {@link CpuBackend}, on the problems
 * of {@link LapackPeersBenchmark} (run the two together — {@code 'LinalgBenchmark|LapackPeersBenchmark'} —
 * for the peers in the same run): SVD (thin, vectors), QR (reduced, Q and R), eigh (vectors) and solve
 * (one right-hand side) of {@code n × n} F64 and C128 matrices, and a batch of 1000 4×4 F64 QR and solve
 * as one {@code [4, 4, 1000]} call. What each arm measures:
 * <ul>
 *   <li>{@code square} — {@code Linalg.svd / qr / eigh} (allocating results from the session's pool,
 *       reclaimed after each call, so the pool is warm) and {@code Linalg.solveInto} (the allocation-free
 *       held path) on the route of {@code route} ({@code AUTO} by default; {@code SMALL}, {@code DENSE},
 *       {@code NATIVE} force a tier, for the thresholds);</li>
 *   <li>{@code batch} — the same for the batch, the target case of the small tier.</li>
 * </ul>
 * Against {@code f64Lapack}/{@code c128Lapack} of {@link LapackPeersBenchmark} (LAPACK called directly,
 * results left in native memory) the difference is Ferrite's whole overhead: session, validation, the
 * copies into and out of LAPACK's memory, allocation from the pool. Every iteration's result is checked
 * outside the timed region against a reference computed at set-up on the dense tier (singular values,
 * {@code |Q|}, eigenvalues, the solution).
 *
 * <p>Each state is {@code Scope.Thread}: it opens its held session on the benchmark thread in its trial
 * set-up and closes it, and the backend, in its trial tear-down. Not thread-safe.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class LinalgBenchmark {
    private static final double TOLERANCE = 1e-8;

    /** The common part of a trial: the backend, the held session and the check. */
    abstract static class Trial {
        CpuBackend backend;
        HeldSession held;
        String operation;
        Tensor a;
        Tensor b;
        Tensor x;
        double[] expected;
        Object last;

        void open(String op, String route, Tensor matrices, Tensor rhs) {
            operation = op;
            a = matrices;
            b = rhs;
            x = Tensor.zeros(rhs.dtype(), rhs.shape());
            try (CpuBackend reference = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.DENSE).build()) {
                expected = reference.withSession(s -> signature(run(s)));
            }
            backend = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.valueOf(route)).build();
            held = backend.openSession();
        }

        /** The operation, results reclaimed into the pool except the one the check reads. */
        Object run(org.ferrite.api.session.BackendSession s) {
            switch (operation) {
                case "svd": {
                    Svd f = Linalg.svd(s, a);
                    s.reclaim(f.u());
                    s.reclaim(f.vh());
                    return f.s();
                }
                case "qr": {
                    Qr f = Linalg.qr(s, a);
                    s.reclaim(f.r());
                    return f.q();
                }
                case "eigh": {
                    Eigh e = Linalg.eigh(s, a);
                    s.reclaim(e.vectors());
                    return e.values();
                }
                default:
                    Linalg.solveInto(s, a, b, x);
                    return x;
            }
        }

        /** Runs once in the held session; the result is kept for the check. */
        Object measure() {
            last = held.withSession(s -> {
                Object result = run(s);
                if (result != x && last instanceof Tensor previous) {
                    s.reclaim(previous);
                }
                return result;
            });
            return last;
        }

        /** @return S, |Q|, λ or |x| of a result (F64 or C128) */
        private double[] signature(Object result) {
            double[] values = moduli((Tensor) result);
            return operation.equals("qr") ? absolute(values) : values;
        }

        /** Checks the last result (outside the timed region). */
        @TearDown(Level.Iteration)
        public void check() {
            double[] got = signature(last);
            for (int i = 0; i < expected.length; i++) {
                if (!(Math.abs(got[i] - expected[i]) <= TOLERANCE * (1 + Math.abs(expected[i])) * expected.length)) {
                    throw new IllegalStateException(operation + ": entry " + i + " is " + got[i] + ", expected "
                            + expected[i]);
                }
            }
        }

        /** Closes the session and the backend. */
        @TearDown(Level.Trial)
        public void close() {
            held.close();
            backend.close();
        }
    }

    /**
     * The {@code n × n} problems.
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Square extends Trial {
        /** The operation. */
        @Param({"svd", "qr", "eigh", "solve"})
        public String op;
        /** The order. */
        @Param({"4", "16", "64", "256"})
        public int n;
        /** F64 or C128. */
        @Param({"F64", "C128"})
        public String dtype;
        /** The linear-algebra route. */
        @Param({"AUTO"})
        public String route;

        /** Makes the operands (the same values as {@link LapackPeersBenchmark}'s) and opens the session. */
        @Setup(Level.Trial)
        public void setUp() {
            DType d = DType.valueOf(dtype);
            int scalars = d.scalarsPerElement();
            SplittableRandom rnd = new SplittableRandom(n);
            double[] values = rnd.doubles((long) n * n * scalars, -1, 1).toArray();
            if (op.equals("eigh")) {
                values = hermitian(values, n, scalars);
            }
            double[] rhs = rnd.doubles((long) n * scalars, -1, 1).toArray();
            Tensor matrix = d == DType.F64 ? Tensor.of(values, n, n) : Tensor.ofComplex(values, n, n);
            Tensor vector = d == DType.F64 ? Tensor.of(rhs, n) : Tensor.ofComplex(rhs, n);
            open(op, route, matrix, vector);
        }
    }

    /**
     * Independent F64 problems as one batch-trailing call ({@code [n, n, members]}, right-hand sides
     * {@code [n, members]}): by default 1000 4×4 QR (Q and R of every member) and solve, the target
     * case; {@code -p n=… -p members=… -p op=svd,eigh} measure the batched tiers elsewhere (for the
     * thresholds).
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Batch extends Trial {
        /** The operation: {@code qr} or {@code solve} (also {@code svd}, {@code eigh}). */
        @Param({"qr", "solve"})
        public String op;
        /** The order of each member. */
        @Param({"4"})
        public int n;
        /** The members. */
        @Param({"1000"})
        public int members;
        /** The linear-algebra route. */
        @Param({"AUTO"})
        public String route;

        /** Makes the batch (for 1000 4×4, the values of {@link LapackPeersBenchmark.Batch}) and opens the session. */
        @Setup(Level.Trial)
        public void setUp() {
            SplittableRandom rnd = new SplittableRandom(n);
            double[] values = rnd.doubles((long) n * n * members, -1, 1).toArray();
            double[] rhs = rnd.doubles((long) n * members, -1, 1).toArray();
            if (op.equals("eigh")) {
                for (int m = 0; m < members; m++) {
                    double[] h = hermitian(java.util.Arrays.copyOfRange(values, m * n * n, (m + 1) * n * n), n, 1);
                    System.arraycopy(h, 0, values, m * n * n, n * n);
                }
            }
            open(op, route, Tensor.of(values, n, n, members), Tensor.of(rhs, n, members));
        }
    }

    private static double[] hermitian(double[] a, int n, int scalars) {
        double[] h = new double[a.length];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int ij = scalars * (i + j * n);
                int ji = scalars * (j + i * n);
                h[ij] = (a[ij] + a[ji]) / 2;
                if (scalars == 2) {
                    h[ij + 1] = (a[ij + 1] - a[ji + 1]) / 2;
                }
            }
        }
        return h;
    }

    private static double[] moduli(Tensor t) {
        if (!t.dtype().isComplex()) {
            return t.f64Data().clone();
        }
        double[] data = t.c128Data();
        double[] m = new double[data.length / 2];
        for (int i = 0; i < m.length; i++) {
            m[i] = Math.hypot(data[2 * i], data[2 * i + 1]);
        }
        return m;
    }

    private static double[] absolute(double[] values) {
        double[] out = Arrays.copyOf(values, values.length);
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.abs(out[i]);
        }
        return out;
    }

    /**
     * @param c the problem
     * @return the checked result
     */
    @Benchmark
    public Object square(Square c) {
        return c.measure();
    }

    /**
     * @param c the batch
     * @return the checked result
     */
    @Benchmark
    public Object batch(Batch c) {
        return c.measure();
    }
}
