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
import org.ferrite.cpu.internal.linalg.lapack.Eigh;
import org.ferrite.cpu.internal.linalg.lapack.LapackLibrary;
import org.ferrite.cpu.internal.linalg.lapack.LapackType;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.cpu.internal.linalg.lapack.Qr;
import org.ferrite.cpu.internal.linalg.lapack.Solve;
import org.ferrite.cpu.internal.linalg.lapack.Svd;
import org.ferrite.cpu.internal.linalg.option.QrMode;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;
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
 *   <li>{@code lapack}: native LAPACK through the binding with no copy beyond what LAPACK requires —
 *       A (and B) copied into native memory each call, since LAPACK overwrites them, and the results
 *       left where LAPACK put them ({@code ?gesdd}, {@code ?geqrf} + {@code ?orgqr}, {@code ?syevd},
 *       {@code ?getrf} + {@code ?getrs}; the complex routines for C128);</li>
 *   <li>{@code layer}: the same routines through the layer's typed entry points, which also copy
 *       every result out into Java arrays — the floor of Ferrite's native tier;</li>
 *   <li>{@code ejml}: EJML 0.46 ({@code DecompositionFactory_DDRM.svd/qr/eig},
 *       {@code LinearSolverFactory_DDRM.lu}), its input copied each call as well; for C128 only QR and
 *       solve exist ({@code _ZDRM}): EJML has no complex SVD or eigh.</li>
 * </ul>
 *
 * <p>The default sizes stop at 256 to keep a run short (an {@code n = 1024} SVD takes seconds per
 * call); add {@code -p n=1024} for the largest size. Every iteration's result is checked, outside the
 * timed region, against the layer's own result computed in set-up (the layer is tested against
 * reference products): singular values, {@code |Q|} (sign- and phase-free), eigenvalues, and the
 * solution. Without a native LAPACK the LAPACK arms fail at set-up with the probe's reason.
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

    /** A trial's operands (column-major; interleaved for C128), workspace and expected result. */
    abstract static class Trial {
        String arm;
        String op;
        int n;
        LapackType type;
        double[] a;
        double[] b;
        LapackWorkspace ws;
        double[] s;
        double[] u;
        double[] vt;
        double[] x;
        double[] expected;

        void create(LapackType scalarType, String operation, int size, BenchmarkParams params) {
            String name = params.getBenchmark();
            arm = name.substring(name.lastIndexOf('.') + 1);
            op = operation;
            n = size;
            type = scalarType;
            int scalars = type.scalarsPerElement();
            SplittableRandom rnd = new SplittableRandom(n);
            a = rnd.doubles((long) n * n * scalars, -1, 1).toArray();
            if (op.equals("eigh")) {
                a = hermitian(a, n, scalars);
            }
            b = rnd.doubles((long) n * scalars, -1, 1).toArray();
            LapackLibrary library = LapackLibrary.get();
            if (!library.available()) {
                throw new IllegalStateException("native LAPACK is " + library.description());
            }
            s = new double[n];
            u = new double[n * n * scalars];
            vt = new double[n * n * scalars];
            x = new double[n * scalars];
            // the expected result comes from a workspace of its own, so the measured one starts empty
            try (LapackWorkspace reference = new LapackWorkspace(library)) {
                ws = reference;
                layer();
                expected = signatureOfLayer();
            }
            ws = new LapackWorkspace(library);
        }

        /** Poisons the Java outputs, so an arm that computes nothing fails its check. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(s, Double.NaN);
            Arrays.fill(u, Double.NaN);
            Arrays.fill(x, Double.NaN);
        }

        /** Runs the operation through the layer's typed entry points, results into s / u / vt / x. */
        int layer() {
            boolean real = type == LapackType.F64;
            switch (op) {
                case "svd":
                    return real ? Svd.f64(ws, SvdJob.THIN, n, n, a, 0, n, s, 0, u, 0, n, vt, 0, n)
                            : Svd.c128(ws, SvdJob.THIN, n, n, a, 0, n, s, 0, u, 0, n, vt, 0, n);
                case "qr":
                    return real ? Qr.f64(ws, QrMode.REDUCED, n, n, a, 0, n, u, 0, n, vt, 0, n)
                            : Qr.c128(ws, QrMode.REDUCED, n, n, a, 0, n, u, 0, n, vt, 0, n);
                case "eigh":
                    return real ? Eigh.f64(ws, Triangle.LOWER, true, n, a, 0, n, s, 0, u, 0, n)
                            : Eigh.c128(ws, Triangle.LOWER, true, n, a, 0, n, s, 0, u, 0, n);
                default:
                    return real ? Solve.f64(ws, Transpose.NONE, n, 1, a, 0, n, b, 0, n, x, 0, n)
                            : Solve.c128(ws, Transpose.NONE, n, 1, a, 0, n, b, 0, n, x, 0, n);
            }
        }

        /** Runs the operation on natively staged copies of A (and B); the results stay native. */
        int lapack() {
            ws.stageA(type, a, 0, n, n, n);
            switch (op) {
                case "svd":
                    return Svd.staged(ws, type, SvdJob.THIN, n, n);
                case "qr":
                    return Qr.staged(ws, type, n, n);
                case "eigh":
                    return Eigh.staged(ws, type, Triangle.LOWER, true, n);
                default:
                    ws.stageB(type, b, 0, n, n, 1);
                    return Solve.staged(ws, type, Transpose.NONE, n, 1);
            }
        }

        /** @return the result of {@link #layer()}: S, |Q|, λ or x */
        double[] signatureOfLayer() {
            switch (op) {
                case "svd":
                case "eigh":
                    return s.clone();
                case "qr":
                    return moduli(u, type.scalarsPerElement());
                default:
                    return x.clone();
            }
        }

        /** @return the result {@link #lapack()} left in the workspace */
        double[] signatureOfLapack() {
            int scalars = type.scalarsPerElement();
            switch (op) {
                case "svd":
                case "eigh":
                    double[] values = new double[n];
                    ws.readStaged(LapackWorkspace.Staged.VALUES, values, 0, n);
                    return values;
                case "qr":
                    double[] q = new double[n * n * scalars];
                    ws.readStaged(LapackWorkspace.Staged.A, q, 0, q.length);
                    return moduli(q, scalars);
                default:
                    double[] solution = new double[n * scalars];
                    ws.readStaged(LapackWorkspace.Staged.B, solution, 0, solution.length);
                    return solution;
            }
        }

        /** @return the measured arm's result */
        abstract double[] signature();

        /** Checks the measured arm's result against the layer's. */
        @TearDown(Level.Iteration)
        public void check() {
            compare(arm + " " + op + " n=" + n, signature(), expected);
        }

        /** Frees the workspace. */
        @TearDown(Level.Trial)
        public void close() {
            ws.close();
        }
    }

    /** The square problems: an operation and a size for each scalar type. */
    @State(Scope.Thread)
    public abstract static class Square extends Trial {
        /** The operation. */
        @Param({"svd", "qr", "eigh", "solve"})
        public String operation;
        /** The matrices are {@code n × n}. */
        @Param({"4", "16", "64", "256"})
        public int size;

        /** @param params the trial's benchmark */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            create(scalarType(), operation, size, params);
            prepare();
        }

        /** @return the trial's scalar type */
        abstract LapackType scalarType();

        /** Makes what a peer needs beyond the operands (nothing by default). */
        void prepare() {
        }

        @Override
        double[] signature() {
            return arm.endsWith("Lapack") ? signatureOfLapack() : signatureOfLayer();
        }
    }

    /**
     * F64 problems for the LAPACK and layer arms.
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Real extends Square {
        @Override
        LapackType scalarType() {
            return LapackType.F64;
        }
    }

    /**
     * C128 problems for the LAPACK and layer arms.
     * Not thread-safe ({@code Scope.Thread}); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Complex extends Square {
        @Override
        LapackType scalarType() {
            return LapackType.C128;
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
        LapackType scalarType() {
            return LapackType.F64;
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
            create(LapackType.C128, operation, size, params);
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
     * for QR (Q and R of every member written out) and solve.
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
        LapackWorkspace ws;
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
            LapackLibrary library = LapackLibrary.get();
            if (!library.available()) {
                throw new IllegalStateException("native LAPACK is " + library.description());
            }
            try (LapackWorkspace reference = new LapackWorkspace(library)) {
                ws = reference;
                layer();
                expected = signature(true);
            }
            ws = new LapackWorkspace(library);
        }

        /** Poisons the outputs, so an arm that computes nothing fails its check. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(q, Double.NaN);
            Arrays.fill(x, Double.NaN);
        }

        void layer() {
            for (int m = 0; m < BATCH; m++) {
                if (operation.equals("qr")) {
                    Qr.f64(ws, QrMode.REDUCED, 4, 4, a, 16 * m, 4, q, 16 * m, 4, r, 16 * m, 4);
                } else {
                    Solve.f64(ws, Transpose.NONE, 4, 1, a, 16 * m, 4, b, 4 * m, 4, x, 4 * m, 4);
                }
            }
        }

        /** @return |Q| or x of every member ({@code all}), or of the last one (what the staged arm keeps) */
        double[] signature(boolean all) {
            double[] result = operation.equals("qr") ? moduli(q, 1) : x.clone();
            return all ? result : Arrays.copyOfRange(result, result.length - result.length / BATCH, result.length);
        }

        /** Checks the measured arm's result. */
        @TearDown(Level.Iteration)
        public void check() {
            if (arm.endsWith("Lapack")) {
                double[] last = new double[operation.equals("qr") ? 16 : 4];
                ws.readStaged(operation.equals("qr") ? LapackWorkspace.Staged.A : LapackWorkspace.Staged.B, last, 0,
                        last.length);
                compare(arm, operation.equals("qr") ? moduli(last, 1) : last,
                        Arrays.copyOfRange(expected, expected.length - last.length, expected.length));
            } else {
                compare(arm, signature(true), expected);
            }
        }

        /** Frees the workspace. */
        @TearDown(Level.Trial)
        public void close() {
            ws.close();
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

    private static double[] moduli(double[] matrix, int scalars) {
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
     * @return LAPACK's info
     */
    @Benchmark
    public int f64Layer(Real c) {
        return c.layer();
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
     * @param c the problem
     * @return LAPACK's info
     */
    @Benchmark
    public int c128Layer(Complex c) {
        return c.layer();
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
            c.ws.stageA(LapackType.F64, c.a, 16 * m, 4, 4, 4);
            if (c.operation.equals("qr")) {
                info |= Qr.staged(c.ws, LapackType.F64, 4, 4);
            } else {
                c.ws.stageB(LapackType.F64, c.b, 4 * m, 4, 4, 1);
                info |= Solve.staged(c.ws, LapackType.F64, Transpose.NONE, 4, 1);
            }
        }
        return info;
    }

    /**
     * @param c the batch
     * @return the outputs
     */
    @Benchmark
    public double[] batchLayer(Batch c) {
        c.layer();
        return c.operation.equals("qr") ? c.q : c.x;
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
