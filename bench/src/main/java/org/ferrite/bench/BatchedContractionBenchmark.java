package org.ferrite.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.GemmRoute;
import org.ojalgo.matrix.store.R064Store;
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
 * The workhorse shape of tensor networks: a batch of small f64 products with the batch axis trailing,
 * {@code C[i, j, q] = Σ_p A[i, p, q]·B[p, j, q]} for {@code batch × (size×size)·(size×size)} (default
 * 64 × 8×8), as one {@code dotGeneralInto} through a held session (one contracting pair, one batch
 * pair: a true batched contraction, no per-matrix call), next to peers that loop over the batch:
 * {@code floorHandLoop} (the textbook column-major loop per matrix, no dispatch), {@code ejmlLoop}
 * ({@code CommonOps_DDRM.mult} per matrix) and {@code ojalgoLoop} ({@code R064Store.fillByMultiplying}
 * per matrix). {@code ferriteHeldIntoVectorApi} is the Ferrite arm in a JVM started with
 * {@code --add-modules=jdk.incubator.vector}, where the provider runs the batch with its Vector API
 * kernels; the other arms run without the module (the scalar loops), so one run shows both beside the
 * peers. The report judges the Ferrite arms against {@code < 5 µs} and {@code ≤ 0.5×} ojAlgo's loop.
 * (NumPy's {@code matmul} of the same batch is not a JVM peer and is not measured here.)
 *
 * <p>Each iteration poisons the outputs with NaN and checks the arm's result against the textbook
 * loop afterwards, outside the timed region. Every state class is {@code Scope.Thread} (one per
 * benchmark thread; none is thread-safe) and lives for one trial.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class BatchedContractionBenchmark {
    /** {@code [i, p, q] · [p, j, q] -> [i, j, q]}: contract lhs axis 1 with rhs axis 0, batch axis 2. */
    static final DotGeneralConfig BATCHED = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2},
            new int[] {2});
    private static final double TOLERANCE = 1e-12;

    /**
     * The operands in every peer's layout, the outputs and the per-iteration check.
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Batch {
        /** Rows, columns and inner extent of each product. */
        @Param({"8"})
        public int size;
        /** Number of products. */
        @Param({"64"})
        public int batch;

        String arm;
        double[] a;
        double[] b;
        double[] expected;
        Tensor ta;
        Tensor tb;
        Tensor tc;
        double[] hand;
        DMatrixRMaj[] ea;
        DMatrixRMaj[] eb;
        DMatrixRMaj[] ec;
        R064Store[] oa;
        R064Store[] ob;
        R064Store[] oc;
        CpuBackend backend;
        HeldSession held;
        SessionFunction<Tensor> into;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            QuietNetlib.apply();
            String name = params.getBenchmark();
            arm = name.substring(name.lastIndexOf('.') + 1);
            VectorApiForks.requireMatchingJvm(arm, arm.endsWith("VectorApi"));
            int n = size;
            int per = n * n;
            SplittableRandom rnd = new SplittableRandom(64);
            a = new double[per * batch];
            b = new double[per * batch];
            for (int i = 0; i < a.length; i++) {
                a[i] = rnd.nextDouble(-1, 1);
                b[i] = rnd.nextDouble(-1, 1);
            }
            expected = new double[per * batch];
            handProducts(n, batch, a, b, expected);
            ta = Tensor.of(a, n, n, batch);
            tb = Tensor.of(b, n, n, batch);
            tc = Tensor.zeros(DType.F64, n, n, batch);
            hand = new double[per * batch];
            ea = new DMatrixRMaj[batch];
            eb = new DMatrixRMaj[batch];
            ec = new DMatrixRMaj[batch];
            oa = new R064Store[batch];
            ob = new R064Store[batch];
            oc = new R064Store[batch];
            for (int q = 0; q < batch; q++) {
                ea[q] = rowMajor(a, q * per, n);
                eb[q] = rowMajor(b, q * per, n);
                ec[q] = new DMatrixRMaj(n, n);
                oa[q] = ojalgo(ea[q]);
                ob[q] = ojalgo(eb[q]);
                oc[q] = R064Store.FACTORY.make(n, n);
            }
            backend = CpuBackend.builder().threads(1).gemmRoute(GemmRoute.AUTO).build();
            held = backend.openSession();
            into = s -> {
                s.dotGeneralInto(ta, tb, BATCHED, tc);
                return tc;
            };
        }

        private static DMatrixRMaj rowMajor(double[] columnMajor, int offset, int n) {
            DMatrixRMaj m = new DMatrixRMaj(n, n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    m.set(i, j, columnMajor[offset + i + j * n]);
                }
            }
            return m;
        }

        private static R064Store ojalgo(DMatrixRMaj m) {
            R064Store s = R064Store.FACTORY.make(m.numRows, m.numCols);
            for (int i = 0; i < m.numRows; i++) {
                for (int j = 0; j < m.numCols; j++) {
                    s.set(i, j, m.get(i, j));
                }
            }
            return s;
        }

        /** Poisons every output. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(tc.f64Data(), Double.NaN);
            Arrays.fill(hand, Double.NaN);
            for (int q = 0; q < batch; q++) {
                Arrays.fill(ec[q].data, Double.NaN);
                oc[q].fillAll(Double.NaN);
            }
        }

        /** Checks the measured arm's output (column-major per matrix, matrices one after another). */
        @TearDown(Level.Iteration)
        public void check() {
            int n = size;
            double[] actual = new double[n * n * batch];
            switch (arm) {
                case "ferriteHeldInto":
                case "ferriteHeldIntoVectorApi":
                    actual = tc.f64Data();
                    break;
                case "floorHandLoop":
                    actual = hand;
                    break;
                case "ejmlLoop":
                case "ojalgoLoop":
                    for (int q = 0; q < batch; q++) {
                        for (int i = 0; i < n; i++) {
                            for (int j = 0; j < n; j++) {
                                actual[q * n * n + i + j * n] = arm.equals("ejmlLoop") ? ec[q].get(i, j)
                                        : oc[q].doubleValue(i, j);
                            }
                        }
                    }
                    break;
                default:
                    throw new IllegalStateException("no check for arm " + arm);
            }
            for (int e = 0; e < expected.length; e++) {
                if (!(Math.abs(actual[e] - expected[e]) <= TOLERANCE * n * (1 + Math.abs(expected[e])))) {
                    throw new IllegalStateException(arm + ": element " + e + " is " + actual[e] + ", expected "
                            + expected[e]);
                }
            }
        }

        /** Closes the session, then the backend. */
        @TearDown(Level.Trial)
        public void close() {
            held.close();
            backend.close();
        }
    }

    /** The textbook loop: per matrix, {@code C[·, j] = Σ_p A[·, p]·B[p, j]} over column-major arrays. */
    static void handProducts(int n, int batch, double[] a, double[] b, double[] c) {
        int per = n * n;
        for (int q = 0; q < batch; q++) {
            int o = q * per;
            for (int j = 0; j < n; j++) {
                int cj = o + j * n;
                Arrays.fill(c, cj, cj + n, 0);
                for (int p = 0; p < n; p++) {
                    double bpj = b[o + p + j * n];
                    int ap = o + p * n;
                    for (int i = 0; i < n; i++) {
                        c[cj + i] += a[ap + i] * bpj;
                    }
                }
            }
        }
    }

    /**
     * @param s the batch and the held session
     * @return the output
     */
    @Benchmark
    public Tensor ferriteHeldInto(Batch s) {
        return s.held.withSession(s.into);
    }

    /**
     * The same call with the Vector API module present: the provider's vector kernels.
     *
     * @param s the batch and the held session
     * @return the output
     */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", VectorApiForks.ADD_MODULE})
    public Tensor ferriteHeldIntoVectorApi(Batch s) {
        return s.held.withSession(s.into);
    }

    /**
     * @param s the batch
     * @return the output
     */
    @Benchmark
    public double[] floorHandLoop(Batch s) {
        handProducts(s.size, s.batch, s.a, s.b, s.hand);
        return s.hand;
    }

    /**
     * @param s the batch
     * @return the outputs
     */
    @Benchmark
    public DMatrixRMaj[] ejmlLoop(Batch s) {
        for (int q = 0; q < s.batch; q++) {
            CommonOps_DDRM.mult(s.ea[q], s.eb[q], s.ec[q]);
        }
        return s.ec;
    }

    /**
     * @param s the batch
     * @return the outputs
     */
    @Benchmark
    public R064Store[] ojalgoLoop(Batch s) {
        for (int q = 0; q < s.batch; q++) {
            s.oc[q].fillByMultiplying(s.oa[q], s.ob[q]);
        }
        return s.oc;
    }
}
