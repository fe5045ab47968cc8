package org.ferrite.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ejml.data.DMatrixRMaj;
import org.ejml.data.ZMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_ZDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_ZDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.ejml.interfaces.linsol.LinearSolverDense;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.linalg.Linalg;
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
 * The peers the linear-algebra report compares Ferrite against, one thread, square {@code n × n}
 * problems: SVD (thin, vectors), QR (reduced, Q and R), eigh (vectors), solve (one right-hand side),
 * F64 and C128, and a batch of 1000 4×4 F64 QR and solve.
 *
 * <ul>
 *   <li>{@code lapack}: native LAPACK called directly through the benchmarks' own JNA binding
 *       ({@link DirectLapack}, no Ferrite code in between), with no copy beyond what LAPACK requires —
 *       A (and B) copied into native memory each call, since LAPACK overwrites them, and the results
 *       left where LAPACK put them ({@code ?gesdd}, {@code ?geqrf} + {@code ?orgqr}, {@code ?syevd},
 *       {@code ?getrf} + {@code ?getrs}; the complex routines for C128; workspaces sized once by
 *       LAPACK's queries);</li>
 *   <li>{@code ejml}: EJML 0.46 ({@code DecompositionFactory_DDRM.svd/qr/eig},
 *       {@code LinearSolverFactory_DDRM.lu}), its input copied each call as well; for C128 only QR and
 *       solve exist ({@code _ZDRM}): EJML has no complex SVD or eigh.</li>
 * </ul>
 * Ferrite's own native tier through the public API is {@code LinalgBenchmark -p route=NATIVE}.
 *
 * <p>The default sizes stop at 256 to keep a run short (an {@code n = 1024} SVD takes seconds per
 * call); add {@code -p n=1024} for the largest size. Every iteration's result is checked, outside the
 * timed region, against Ferrite's pure-Java dense tier ({@code LinalgRoute.DENSE}, through the public
 * API) on the same problem, computed in set-up: singular values, {@code |Q|} (sign- and phase-free),
 * eigenvalues, and the solution. Without a native LAPACK the LAPACK arms fail at set-up with the
 * binding's reason (the report shows it as the case's failure); the EJML arms still run.
 *
 * <p>Every state is {@code Scope.Thread} (not thread-safe) and lives for one trial; what it opens in
 * its trial set-up it closes in its trial tear-down.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class LapackPeersBenchmark {
    private static final double TOLERANCE = 1e-8;
    private static final int BATCH = 1000;

    /** A trial's operands (column-major; interleaved for C128) and expected result. */
    abstract static class Trial {
        String arm;
        String op;
        int n;
        boolean complex;
        double[] a;
        double[] b;
        double[] expected;

        void create(boolean c128, String operation, int size, BenchmarkParams params) {
            String name = params.getBenchmark();
            arm = name.substring(name.lastIndexOf('.') + 1);
            op = operation;
            n = size;
            complex = c128;
            int scalars = complex ? 2 : 1;
            SplittableRandom rnd = new SplittableRandom(n);
            a = rnd.doubles((long) n * n * scalars, -1, 1).toArray();
            if (op.equals("eigh")) {
                a = hermitian(a, n, scalars);
            }
            b = rnd.doubles((long) n * scalars, -1, 1).toArray();
            Tensor matrix = complex ? Tensor.ofComplex(a, n, n) : Tensor.of(a, n, n);
            Tensor rhs = complex ? Tensor.ofComplex(b, n) : Tensor.of(b, n);
            expected = reference(op, matrix, rhs);
        }

        /** @return the measured arm's result */
        abstract double[] signature();

        /** Checks the measured arm's result against the reference. */
        @TearDown(Level.Iteration)
        public void check() {
            compare(arm + " " + op + " n=" + n, signature(), expected);
        }
    }

    /** The square problems for LAPACK: an operation and a size for each scalar type. */
    @State(Scope.Thread)
    public abstract static class Square extends Trial {
        /** The operation. */
        @Param({"svd", "qr", "eigh", "solve"})
        public String operation;
        /** The matrices are {@code n × n}. */
        @Param({"4", "16", "64", "256"})
        public int size;
        LapackPeer lapack;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            create(complexType(), operation, size, params);
            prepare();
        }

        /** @return true for C128, false for F64 */
        abstract boolean complexType();

        /** Makes what a peer needs beyond the operands: native LAPACK's problem by default. */
        void prepare() {
            lapack = new LapackPeer(op, complex, n);
        }

        /** Poisons the native results, so an arm that computes nothing fails its check. */
        @Setup(Level.Iteration)
        public void poison() {
            if (lapack != null) {
                lapack.poison();
            }
        }

        /** @return LAPACK's info */
        int lapack() {
            return lapack.run(a, 0, b, 0);
        }

        @Override
        double[] signature() {
            return lapack.signature();
        }

        /** Frees the native memory. */
        @TearDown(Level.Trial)
        public void close() {
            if (lapack != null) {
                lapack.close();
            }
        }
    }

    /**
     * F64 problems for LAPACK.
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Real extends Square {
        @Override
        boolean complexType() {
            return false;
        }
    }

    /**
     * C128 problems for LAPACK.
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Complex extends Square {
        @Override
        boolean complexType() {
            return true;
        }
    }

    /**
     * F64 problems for EJML, with its decompositions made once per trial.
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class RealEjml extends Square {
        DMatrixRMaj ea;
        DMatrixRMaj work;
        DMatrixRMaj eb;
        DMatrixRMaj ex;
        DMatrixRMaj q;
        DMatrixRMaj r;
        SingularValueDecomposition_F64<DMatrixRMaj> svd;
        QRDecomposition<DMatrixRMaj> qr;
        EigenDecomposition_F64<DMatrixRMaj> eig;
        LinearSolverDense<DMatrixRMaj> lu;

        @Override
        boolean complexType() {
            return false;
        }

        @Override
        void prepare() {
            ea = new DMatrixRMaj(n, n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    ea.set(i, j, a[i + j * n]);
                }
            }
            work = new DMatrixRMaj(n, n);
            eb = new DMatrixRMaj(n, 1, true, b);
            ex = new DMatrixRMaj(n, 1);
            q = new DMatrixRMaj(n, n);
            r = new DMatrixRMaj(n, n);
            svd = DecompositionFactory_DDRM.svd(n, n, true, true, true);
            qr = DecompositionFactory_DDRM.qr(n, n);
            eig = DecompositionFactory_DDRM.eig(n, true, true);
            lu = LinearSolverFactory_DDRM.lu(n);
        }

        /** @return the decomposition or solution, after copying A as LAPACK's arm does */
        Object run() {
            work.setTo(ea);
            switch (op) {
                case "svd":
                    svd.decompose(work);
                    return svd;
                case "qr":
                    qr.decompose(work);
                    qr.getQ(q, true);
                    return qr.getR(r, true);
                case "eigh":
                    eig.decompose(work);
                    return eig;
                default:
                    lu.setA(work);
                    lu.solve(eb, ex);
                    return ex;
            }
        }

        @Override
        double[] signature() {
            switch (op) {
                case "svd":
                    double[] sigma = Arrays.copyOf(svd.getSingularValues(), n);
                    Arrays.sort(sigma);
                    return reverse(sigma);
                case "qr":
                    double[] moduli = new double[n * n];
                    for (int i = 0; i < n; i++) {
                        for (int j = 0; j < n; j++) {
                            moduli[i + j * n] = Math.abs(q.get(i, j));
                        }
                    }
                    return moduli;
                case "eigh":
                    double[] lambda = new double[n];
                    for (int i = 0; i < n; i++) {
                        lambda[i] = eig.getEigenvalue(i).real;
                    }
                    Arrays.sort(lambda);
                    return lambda;
                default:
                    return ex.data.clone();
            }
        }
    }

    /**
     * C128 QR and solve for EJML (it has no complex SVD or eigh).
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class ComplexEjml extends Trial {
        /** The operation. */
        @Param({"qr", "solve"})
        public String operation;
        /** The matrices are {@code n × n}. */
        @Param({"4", "16", "64", "256"})
        public int size;
        ZMatrixRMaj ea;
        ZMatrixRMaj work;
        ZMatrixRMaj eb;
        ZMatrixRMaj ex;
        ZMatrixRMaj q;
        ZMatrixRMaj r;
        QRDecomposition<ZMatrixRMaj> qr;
        LinearSolverDense<ZMatrixRMaj> lu;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            create(true, operation, size, params);
            ea = new ZMatrixRMaj(n, n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    ea.set(i, j, a[2 * (i + j * n)], a[2 * (i + j * n) + 1]);
                }
            }
            work = new ZMatrixRMaj(n, n);
            eb = new ZMatrixRMaj(n, 1, true, b);
            ex = new ZMatrixRMaj(n, 1);
            q = new ZMatrixRMaj(n, n);
            r = new ZMatrixRMaj(n, n);
            qr = DecompositionFactory_ZDRM.qr(n, n);
            lu = LinearSolverFactory_ZDRM.lu(n);
        }

        /** @return the factors or the solution, after copying A */
        Object run() {
            work.setTo(ea);
            if (op.equals("qr")) {
                qr.decompose(work);
                qr.getQ(q, true);
                return qr.getR(r, true);
            }
            lu.setA(work);
            lu.solve(eb, ex);
            return ex;
        }

        @Override
        double[] signature() {
            if (op.equals("solve")) {
                return ex.data.clone();
            }
            double[] moduli = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    moduli[i + j * n] = Math.hypot(q.getReal(i, j), q.getImag(i, j));
                }
            }
            return moduli;
        }
    }

    /**
     * 1000 independent 4×4 F64 problems, batch-trailing ({@code [4, 4, 1000]}, {@code [4, 1000]}),
     * for QR (Q and R of every member written out by EJML; LAPACK's left in native memory, as for the
     * square problems) and solve.
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Batch {
        /** The operation. */
        @Param({"qr", "solve"})
        public String operation;
        String arm;
        double[] a;
        double[] b;
        double[] q;
        double[] r;
        double[] x;
        double[] expected;
        LapackPeer lapack;
        DMatrixRMaj work = new DMatrixRMaj(4, 4);
        DMatrixRMaj eb = new DMatrixRMaj(4, 1);
        DMatrixRMaj ex = new DMatrixRMaj(4, 1);
        DMatrixRMaj eq = new DMatrixRMaj(4, 4);
        DMatrixRMaj er = new DMatrixRMaj(4, 4);
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(4, 4);
        LinearSolverDense<DMatrixRMaj> lu = LinearSolverFactory_DDRM.lu(4);

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            String name = params.getBenchmark();
            arm = name.substring(name.lastIndexOf('.') + 1);
            SplittableRandom rnd = new SplittableRandom(4);
            a = rnd.doubles(16 * BATCH, -1, 1).toArray();
            b = rnd.doubles(4 * BATCH, -1, 1).toArray();
            q = new double[16 * BATCH];
            r = new double[16 * BATCH];
            x = new double[4 * BATCH];
            expected = reference(operation, Tensor.of(a, 4, 4, BATCH), Tensor.of(b, 4, BATCH));
            if (arm.endsWith("Lapack")) {
                lapack = new LapackPeer(operation, false, 4);
            }
        }

        /** Poisons the outputs, so an arm that computes nothing fails its check. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(q, Double.NaN);
            Arrays.fill(x, Double.NaN);
            if (lapack != null) {
                lapack.poison();
            }
        }

        /** Checks the measured arm's result: every member's, or the last one's (what LAPACK's arm keeps). */
        @TearDown(Level.Iteration)
        public void check() {
            if (lapack != null) {
                double[] last = lapack.signature();
                compare(arm, last, Arrays.copyOfRange(expected, expected.length - last.length, expected.length));
            } else {
                compare(arm, operation.equals("qr") ? moduli(q, 1) : x.clone(), expected);
            }
        }

        /** Frees the native memory. */
        @TearDown(Level.Trial)
        public void close() {
            if (lapack != null) {
                lapack.close();
            }
        }
    }

    /**
     * Ferrite's dense tier (pure Java, through the public API) on the problem: the reference every arm is
     * checked against.
     *
     * @param op the operation
     * @param matrix A ({@code [n, n]} or a batch {@code [n, n, members]})
     * @param rhs B ({@code [n]} or {@code [n, members]})
     * @return the singular values, {@code |Q|} (column-major), the eigenvalues or the solution
     *     (interleaved for C128)
     */
    static double[] reference(String op, Tensor matrix, Tensor rhs) {
        boolean complex = matrix.dtype().isComplex();
        try (CpuBackend dense = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.DENSE).build()) {
            return dense.withSession(s -> {
                switch (op) {
                    case "svd":
                        return Linalg.svd(s, matrix).s().f64Data().clone();
                    case "qr":
                        Tensor q = Linalg.qr(s, matrix).q();
                        return moduli(complex ? q.c128Data() : q.f64Data(), complex ? 2 : 1);
                    case "eigh":
                        return Linalg.eigh(s, matrix).values().f64Data().clone();
                    default:
                        Tensor x = Linalg.solve(s, matrix, rhs);
                        return (complex ? x.c128Data() : x.f64Data()).clone();
                }
            });
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

    static double[] moduli(double[] matrix, int scalars) {
        double[] m = new double[matrix.length / scalars];
        for (int i = 0; i < m.length; i++) {
            m[i] = scalars == 1 ? Math.abs(matrix[i]) : Math.hypot(matrix[2 * i], matrix[2 * i + 1]);
        }
        return m;
    }

    private static double[] reverse(double[] values) {
        double[] reversed = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            reversed[i] = values[values.length - 1 - i];
        }
        return reversed;
    }

    private static void compare(String what, double[] actual, double[] expected) {
        for (int i = 0; i < expected.length; i++) {
            if (!(Math.abs(actual[i] - expected[i]) <= TOLERANCE * expected.length * (1 + Math.abs(expected[i])))) {
                throw new IllegalStateException(what + ": element " + i + " is " + actual[i] + ", expected "
                        + expected[i]);
            }
        }
    }

    /**
     * @param c the problem
     * @return LAPACK's info
     */
    @Benchmark
    public int f64Lapack(Real c) {
        return c.lapack();
    }

    /**
     * @param c the problem
     * @return EJML's decomposition or solution
     */
    @Benchmark
    public Object f64Ejml(RealEjml c) {
        return c.run();
    }

    /**
     * @param c the problem
     * @return LAPACK's info
     */
    @Benchmark
    public int c128Lapack(Complex c) {
        return c.lapack();
    }

    /**
     * @param c the problem (QR or solve)
     * @return EJML's factors or solution
     */
    @Benchmark
    public Object c128Ejml(ComplexEjml c) {
        return c.run();
    }

    /**
     * @param c the batch
     * @return the last member's info
     */
    @Benchmark
    public int batchLapack(Batch c) {
        int info = 0;
        for (int m = 0; m < BATCH; m++) {
            info |= c.lapack.run(c.a, 16 * m, c.b, 4 * m);
        }
        return info;
    }

    /**
     * @param c the batch
     * @return the outputs
     */
    @Benchmark
    public double[] batchEjml(Batch c) {
        boolean qr = c.operation.equals("qr");
        for (int m = 0; m < BATCH; m++) {
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    c.work.unsafe_set(i, j, c.a[16 * m + i + 4 * j]);
                }
            }
            if (qr) {
                c.qr.decompose(c.work);
                c.qr.getQ(c.eq, true);
                c.qr.getR(c.er, true);
                for (int i = 0; i < 4; i++) {
                    for (int j = 0; j < 4; j++) {
                        c.q[16 * m + i + 4 * j] = c.eq.unsafe_get(i, j);
                        c.r[16 * m + i + 4 * j] = c.er.unsafe_get(i, j);
                    }
                }
            } else {
                System.arraycopy(c.b, 4 * m, c.eb.data, 0, 4);
                c.lu.setA(c.work);
                c.lu.solve(c.eb, c.ex);
                System.arraycopy(c.ex.data, 0, c.x, 4 * m, 4);
            }
        }
        return qr ? c.q : c.x;
    }
}
