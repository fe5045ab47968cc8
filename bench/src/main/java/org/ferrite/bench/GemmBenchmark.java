package org.ferrite.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import dev.ludovic.netlib.blas.BLAS;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.DotGeneralConfig;
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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Square f64 matrix products {@code C = A·B}, {@code n ∈ {64, 256, 512, 1024}}, one thread (and the
 * {@code …2Threads} arms at 512 and 1024 on a two-thread backend): Ferrite on
 * the {@code AUTO} route (native BLAS for large shapes when loadable) and on the {@code JAVA} route (the
 * cache-blocked pure-Java kernel), both through a held session into a caller-owned output, against
 * EJML's {@code CommonOps_DDRM.mult} and netlib's {@code dgemm} (native when loadable) in the same run.
 * Targets: {@code JAVA ≥ 2×} EJML and {@code AUTO ≥ 0.9×} native at {@code n = 512}. Every iteration
 * poisons the output and checks it against EJML's product computed once in setup.
 *
 * <p>The {@code …Vector} arms are the {@code JAVA} arms in a fork started with
 * {@code --add-modules jdk.incubator.vector}: the blocked kernel then runs on its Vector API
 * micro-kernel (target: {@code ≥ 0.7×} native), while every other arm's fork runs without the module
 * (the plain JDK 17 kernel C2 vectorises), so one run shows both beside AUTO and OpenBLAS.
 *
 * <p>Every state class here is {@code Scope.Thread} (JMH gives each benchmark thread its own; none is
 * thread-safe) and lives for one trial: what it opens in its trial set-up it closes in its trial
 * tear-down. The benchmark class itself holds no state.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class GemmBenchmark {
    private static final double TOLERANCE = 1e-9;

    /**
     * Operands, outputs and the per-iteration check of one trial; each state class below owns one (JMH
     * gives a state injected into another state's setup its own instance).
     */
    abstract static class Trial {
        int n;
        String arm;
        double[] a;
        double[] b;
        Tensor ta;
        Tensor tb;
        Tensor tc;
        DMatrixRMaj ea;
        DMatrixRMaj eb;
        DMatrixRMaj ec;
        double[] c;
        double[] expected;
        BLAS blas;

        void create(int size, BenchmarkParams params) {
            QuietNetlib.apply();
            n = size;
            String name = params.getBenchmark();
            arm = name.substring(name.lastIndexOf('.') + 1);
            VectorApiForks.requireMatchingJvm(arm, arm.endsWith("Vector"));
            SplittableRandom rnd = new SplittableRandom(512);
            a = new double[n * n];
            b = new double[n * n];
            for (int i = 0; i < a.length; i++) {
                a[i] = rnd.nextDouble(-1, 1);
                b[i] = rnd.nextDouble(-1, 1);
            }
            ta = Tensor.of(a, n, n);
            tb = Tensor.of(b, n, n);
            tc = Tensor.zeros(DType.F64, n, n);
            ea = rowMajor(a, n);
            eb = rowMajor(b, n);
            ec = new DMatrixRMaj(n, n);
            c = new double[n * n];
            DMatrixRMaj reference = new DMatrixRMaj(n, n);
            CommonOps_DDRM.mult(ea, eb, reference);
            expected = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    expected[i + j * n] = reference.get(i, j);
                }
            }
            CpuBackend.nativeBlas(); // loads the native BLAS (pinning OpenBLAS to one thread) before the peer uses it
            blas = BLAS.getInstance();
        }

        private static DMatrixRMaj rowMajor(double[] columnMajor, int n) {
            DMatrixRMaj m = new DMatrixRMaj(n, n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    m.set(i, j, columnMajor[i + j * n]);
                }
            }
            return m;
        }

        /** Poisons the outputs. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(tc.f64Data(), Double.NaN);
            Arrays.fill(ec.data, Double.NaN);
            Arrays.fill(c, Double.NaN);
        }

        /** Checks the measured arm's output (column-major, element (i, j) at i + j·n). */
        @TearDown(Level.Iteration)
        public void check() {
            double[] actual;
            switch (arm) {
                case "ferriteAuto":
                case "ferriteJava":
                case "ferriteAuto2Threads":
                case "ferriteJava2Threads":
                case "ferriteJavaVector":
                case "ferriteJava2ThreadsVector":
                    actual = tc.f64Data();
                    break;
                case "blasDgemm":
                    actual = c;
                    break;
                case "ejmlMult":
                    actual = new double[n * n];
                    for (int i = 0; i < n; i++) {
                        for (int j = 0; j < n; j++) {
                            actual[i + j * n] = ec.get(i, j);
                        }
                    }
                    break;
                default:
                    throw new IllegalStateException("no check for arm " + arm);
            }
            for (int i = 0; i < expected.length; i++) {
                if (!(Math.abs(actual[i] - expected[i]) <= TOLERANCE * n * (1 + Math.abs(expected[i])))) {
                    throw new IllegalStateException(arm + ": element " + i + " is " + actual[i] + ", expected "
                            + expected[i]);
                }
            }
        }
    }

    /**
     * The peers' trial.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Peers extends Trial {
        /** The matrices are {@code n×n}. */
        @Param({"64", "256", "512", "1024"})
        public int size;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            create(size, params);
        }
    }

    /** A held session of a backend with a given thread budget on a given route. */
    abstract static class Route extends Trial {
        CpuBackend backend;
        HeldSession held;
        SessionFunction<Tensor> product;

        void open(GemmRoute route, int threads, int size, BenchmarkParams params) {
            create(size, params);
            backend = CpuBackend.builder().threads(threads).gemmRoute(route).build();
            held = backend.openSession();
            product = s -> {
                s.dotGeneralInto(ta, tb, DotGeneralConfig.MATMUL, tc);
                return tc;
            };
        }

        /** Closes the session, then the backend. */
        @TearDown(Level.Trial)
        public void close() {
            held.close();
            backend.close();
        }
    }

    /**
     * The {@code AUTO} route.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class AutoRoute extends Route {
        /** The matrices are {@code n×n}. */
        @Param({"64", "256", "512", "1024"})
        public int size;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            open(GemmRoute.AUTO, 1, size, params);
        }
    }

    /**
     * The {@code JAVA} route.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class JavaRoute extends Route {
        /** The matrices are {@code n×n}. */
        @Param({"64", "256", "512", "1024"})
        public int size;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            open(GemmRoute.JAVA, 1, size, params);
        }
    }

    /**
     * The {@code AUTO} route on a two-thread backend.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class AutoRoute2Threads extends Route {
        /** The matrices are {@code n×n}. */
        @Param({"512", "1024"})
        public int size;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            open(GemmRoute.AUTO, 2, size, params);
        }
    }

    /**
     * The {@code JAVA} route on a two-thread backend (target: ≥ 1.8× the one-thread {@code JAVA} arm).
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class JavaRoute2Threads extends Route {
        /** The matrices are {@code n×n}. */
        @Param({"512", "1024"})
        public int size;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            open(GemmRoute.JAVA, 2, size, params);
        }
    }

    /**
     * @param r the held session
     * @return the output
     */
    @Benchmark
    public Tensor ferriteAuto2Threads(AutoRoute2Threads r) {
        return r.held.withSession(r.product);
    }

    /**
     * @param r the held session
     * @return the output
     */
    @Benchmark
    public Tensor ferriteJava2Threads(JavaRoute2Threads r) {
        return r.held.withSession(r.product);
    }

    /**
     * @param r the held session
     * @return the output
     */
    @Benchmark
    public Tensor ferriteAuto(AutoRoute r) {
        return r.held.withSession(r.product);
    }

    /**
     * @param r the held session
     * @return the output
     */
    @Benchmark
    public Tensor ferriteJava(JavaRoute r) {
        return r.held.withSession(r.product);
    }

    /**
     * The {@code JAVA} route on the Vector API micro-kernel.
     *
     * @param r the held session
     * @return the output
     */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", VectorApiForks.ADD_MODULE})
    public Tensor ferriteJavaVector(JavaRoute r) {
        return r.held.withSession(r.product);
    }

    /**
     * The {@code JAVA} route on the Vector API micro-kernel, two threads (target: ≥ 1.8× one thread).
     *
     * @param r the held session
     * @return the output
     */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", VectorApiForks.ADD_MODULE})
    public Tensor ferriteJava2ThreadsVector(JavaRoute2Threads r) {
        return r.held.withSession(r.product);
    }

    /**
     * @param m the matrices
     * @return the output
     */
    @Benchmark
    public DMatrixRMaj ejmlMult(Peers m) {
        CommonOps_DDRM.mult(m.ea, m.eb, m.ec);
        return m.ec;
    }

    /**
     * @param m the matrices
     * @return the output
     */
    @Benchmark
    public double[] blasDgemm(Peers m) {
        int n = m.n;
        m.blas.dgemm("N", "N", n, n, n, 1, m.a, n, m.b, n, 0, m.c, n);
        return m.c;
    }
}
