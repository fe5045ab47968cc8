package org.ferrite.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.ejml.dense.row.decomposition.eig.SymmetricQRAlgorithmDecomposition_DDRM;
import org.ejml.dense.row.decomposition.eig.WatchedDoubleStepQRDecomposition_DDRM;
import org.ejml.dense.row.decomposition.lu.LUDecompositionAlt_DDRM;
import org.ejml.dense.row.decomposition.qr.QRDecompositionHouseholderColumn_DDRM;
import org.ejml.dense.row.decomposition.svd.SvdImplicitQrDecompose_DDRM;
import org.ferrite.cpu.internal.linalg.dense.DenseCholesky;
import org.ferrite.cpu.internal.linalg.dense.DenseGeneralEigen;
import org.ferrite.cpu.internal.linalg.dense.DenseHermitianEigen;
import org.ferrite.cpu.internal.linalg.dense.DenseLu;
import org.ferrite.cpu.internal.linalg.dense.DenseQr;
import org.ferrite.cpu.internal.linalg.dense.DenseSvd;
import org.ferrite.cpu.internal.linalg.dense.DenseWorkspace;
import org.ferrite.cpu.internal.linalg.option.QrMode;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
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
 * The pure-Java linear-algebra tier ({@code org.ferrite.cpu.internal.linalg.dense}) against the embedded
 * EJML called directly, {@code n × n}, {@code n ∈ {16, 64, 256}}, one thread. What it measures and why:
 * <ul>
 *   <li>{@code *F64Ejml} — EJML's decomposition on a row-major {@code DMatrixRMaj} (input copied each
 *       call, as EJML would otherwise decompose an already-decomposed matrix for the in-place ones): the
 *       peer.</li>
 *   <li>{@code *F64Ferrite} — the tier's F64 routine on column-major arrays: for SVD, eigh, LU and QR an
 *       adapter over the same EJML class, so the difference is the adapter's copies, transposes and
 *       sorting; for general eigen and Cholesky Ferrite's own kernels.</li>
 *   <li>{@code *C128Ferrite} — Ferrite's own complex kernels (EJML has no complex SVD or eigen). A
 *       complex flop costs four real ones, so the yardstick is ≈ 4× the F64 EJML time.</li>
 * </ul>
 * EJML's general eigen-decomposition ({@code eigF64Ejml}) computes eigenvectors only for real
 * eigenvalues, so it does less work than {@code eigF64Ferrite}. Each trial checks the last result of
 * its arm outside the timed region (singular values and eigenvalues against EJML's, factorisations by
 * reconstruction).
 *
 * <p>The state is {@code Scope.Thread} (JMH gives each benchmark thread its own; the workspace is not
 * thread-safe) and lives for one trial.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DenseLinalgBenchmark {
    /** Operands, outputs, EJML objects and the workspace of one trial. */
    @State(Scope.Thread)
    public static class Operands {
        @Param({"16", "64", "256"})
        int n;
        String arm;
        DenseWorkspace ws;
        /** Column-major F64 general, symmetric and SPD matrices, and an interleaved C128 general one. */
        double[] real;
        double[] symmetric;
        double[] spd;
        double[] complex;
        double[] hermitian;
        /** Outputs. */
        double[] s;
        double[] u;
        double[] vt;
        double[] w;
        double[] v;
        double[] work;
        int[] ipiv;
        /** Row-major copies for EJML, and EJML's objects. */
        DMatrixRMaj ejmlReal;
        DMatrixRMaj ejmlSymmetric;
        DMatrixRMaj ejmlSpd;
        DMatrixRMaj ejmlInput;
        SvdImplicitQrDecompose_DDRM ejmlSvd;
        SymmetricQRAlgorithmDecomposition_DDRM ejmlEigh;
        WatchedDoubleStepQRDecomposition_DDRM ejmlEig;
        LUDecompositionAlt_DDRM ejmlLu;
        QRDecompositionHouseholderColumn_DDRM ejmlQr;
        CholeskyDecompositionInner_DDRM ejmlChol;
        DMatrixRMaj ejmlQ;
        DMatrixRMaj ejmlR;
        /** Reference singular values and eigenvalues (descending / ascending). */
        double[] realSingular;
        double[] realEigen;

        @Setup(Level.Trial)
        public void setUp(BenchmarkParams params) {
            String name = params.getBenchmark();
            arm = name.substring(name.lastIndexOf('.') + 1);
            SplittableRandom rnd = new SplittableRandom(n);
            real = random(n * n, rnd);
            complex = random(2 * n * n, rnd);
            symmetric = random(n * n, rnd);
            hermitian = random(2 * n * n, rnd);
            for (int j = 0; j < n; j++) {
                hermitian[2 * (j + j * n) + 1] = 0;
                for (int i = j + 1; i < n; i++) {
                    symmetric[j + i * n] = symmetric[i + j * n];
                    hermitian[2 * (j + i * n)] = hermitian[2 * (i + j * n)];
                    hermitian[2 * (j + i * n) + 1] = -hermitian[2 * (i + j * n) + 1];
                }
            }
            spd = new double[n * n];
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    double sum = i == j ? n : 0;
                    for (int p = 0; p < n; p++) {
                        sum += real[p + i * n] * real[p + j * n];
                    }
                    spd[i + j * n] = sum;
                }
            }
            ws = new DenseWorkspace();
            s = new double[n];
            u = new double[2 * n * n];
            vt = new double[2 * n * n];
            w = new double[2 * n];
            v = new double[2 * n * n];
            work = new double[2 * n * n];
            ipiv = new int[n];
            ejmlReal = rowMajor(real);
            ejmlSymmetric = rowMajor(symmetric);
            ejmlSpd = rowMajor(spd);
            ejmlInput = new DMatrixRMaj(n, n);
            ejmlSvd = new SvdImplicitQrDecompose_DDRM(true, true, true, true);
            ejmlEigh = new SymmetricQRAlgorithmDecomposition_DDRM(true);
            ejmlEig = new WatchedDoubleStepQRDecomposition_DDRM(true);
            ejmlLu = new LUDecompositionAlt_DDRM();
            ejmlQr = new QRDecompositionHouseholderColumn_DDRM();
            ejmlChol = new CholeskyDecompositionInner_DDRM(true);
            ejmlQ = new DMatrixRMaj(n, n);
            ejmlR = new DMatrixRMaj(n, n);
            check(ejmlSvd.decompose(ejmlReal), "EJML SVD");
            realSingular = ejmlSvd.getSingularValues().clone();
            Arrays.sort(realSingular);
            reverse(realSingular);
            check(ejmlEigh.decompose(ejmlSymmetric.copy()), "EJML eigh");
            realEigen = new double[n];
            for (int i = 0; i < n; i++) {
                realEigen[i] = ejmlEigh.getEigenvalue(i).real;
            }
            Arrays.sort(realEigen);
        }

        private DMatrixRMaj rowMajor(double[] columnMajor) {
            DMatrixRMaj m = new DMatrixRMaj(n, n);
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    m.set(i, j, columnMajor[i + j * n]);
                }
            }
            return m;
        }

        /** Checks the last result of this trial's arm. */
        @TearDown(Level.Trial)
        public void verify() {
            double tol = 1e-8 * n;
            switch (arm) {
                case "svdF64Ferrite":
                    close(s, realSingular, tol, "F64 singular values");
                    break;
                case "svdC128Ferrite":
                case "svdC128ValuesFerrite":
                    checkComplexSvd(tol);
                    break;
                case "eighF64Ferrite":
                    close(Arrays.copyOf(w, n), realEigen, tol, "F64 eigenvalues");
                    break;
                case "eighC128Ferrite":
                    checkHermitianTrace(tol);
                    break;
                case "eigF64Ferrite":
                case "eigC128Ferrite":
                    checkEigenTrace(arm.startsWith("eigF64") ? real : complex, arm.startsWith("eigF64") ? 1 : 2, tol);
                    break;
                case "luF64Ferrite":
                    check(Math.abs(Math.abs(product(work, n)) - Math.abs(ejmlLuDeterminant())) <= tol
                            * Math.abs(ejmlLuDeterminant()), "LU determinant");
                    break;
                case "qrF64Ferrite":
                    checkQr(tol);
                    break;
                case "choleskyF64Ferrite":
                    checkCholesky(tol);
                    break;
                default:
                    break;
            }
        }

        private double ejmlLuDeterminant() {
            ejmlLu.decompose(ejmlReal);
            return ejmlLu.computeDeterminant().real;
        }

        private void checkComplexSvd(double tol) {
            // Σσ² = ‖A‖_F²
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += s[i] * s[i];
                check(i == 0 || s[i] <= s[i - 1], "descending singular values");
            }
            double norm = 0;
            for (double x : complex) {
                norm += x * x;
            }
            check(Math.abs(sum - norm) <= tol * norm, "C128 Σσ² = ‖A‖²");
        }

        private void checkHermitianTrace(double tol) {
            double trace = 0;
            double sum = 0;
            for (int i = 0; i < n; i++) {
                trace += hermitian[2 * (i + i * n)];
                sum += w[i];
            }
            check(Math.abs(trace - sum) <= tol * n, "C128 Σλ = trace");
        }

        private void checkEigenTrace(double[] a, int scalars, double tol) {
            double re = 0;
            double im = 0;
            double sre = 0;
            double sim = 0;
            for (int i = 0; i < n; i++) {
                re += a[scalars * (i + i * n)];
                im += scalars == 2 ? a[2 * (i + i * n) + 1] : 0;
                sre += w[2 * i];
                sim += w[2 * i + 1];
            }
            check(Math.abs(re - sre) + Math.abs(im - sim) <= tol * n, "Σλ = trace");
        }

        private void checkQr(double tol) {
            // |R[i,i]| product = |det A|
            double logR = 0;
            for (int i = 0; i < n; i++) {
                logR += Math.log(Math.abs(vt[i + i * n]));
            }
            ejmlLu.decompose(ejmlReal);
            double logDet = Math.log(Math.abs(ejmlLu.computeDeterminant().real));
            check(Math.abs(logR - logDet) <= tol * n, "QR |det R| = |det A|");
        }

        private void checkCholesky(double tol) {
            double logL = 0;
            for (int i = 0; i < n; i++) {
                logL += 2 * Math.log(work[i + i * n]);
            }
            check(ejmlChol.decompose(ejmlSpd.copy()), "EJML Cholesky");
            DMatrixRMaj t = ejmlChol.getT(null);
            double logE = 0;
            for (int i = 0; i < n; i++) {
                logE += 2 * Math.log(t.get(i, i));
            }
            check(Math.abs(logL - logE) <= tol * n, "Cholesky log det");
        }
    }

    static double[] random(int length, SplittableRandom rnd) {
        double[] x = new double[length];
        for (int i = 0; i < length; i++) {
            x[i] = rnd.nextDouble(-1, 1);
        }
        return x;
    }

    static void reverse(double[] x) {
        for (int i = 0, j = x.length - 1; i < j; i++, j--) {
            double t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }

    static double product(double[] lu, int n) {
        double p = 1;
        for (int i = 0; i < n; i++) {
            p *= lu[i + i * n];
        }
        return p;
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("benchmark result check failed: " + what);
        }
    }

    static void close(double[] actual, double[] expected, double tol, String what) {
        double scale = 0;
        for (double e : expected) {
            scale = Math.max(scale, Math.abs(e));
        }
        for (int i = 0; i < expected.length; i++) {
            check(Math.abs(actual[i] - expected[i]) <= tol * Math.max(scale, 1), what + " at " + i);
        }
    }

    @Benchmark
    public boolean svdF64Ejml(Operands o) {
        return o.ejmlSvd.decompose(o.ejmlReal);
    }

    @Benchmark
    public int svdF64Ferrite(Operands o) {
        return DenseSvd.dgesvd(SvdJob.THIN, o.n, o.n, o.real, 0, o.n, o.s, 0, o.u, 0, o.n, o.vt, 0, o.n, o.ws);
    }

    @Benchmark
    public int svdC128Ferrite(Operands o) {
        return DenseSvd.zgesvd(SvdJob.THIN, o.n, o.n, o.complex, 0, o.n, o.s, 0, o.u, 0, o.n, o.vt, 0, o.n, o.ws);
    }

    @Benchmark
    public int svdC128ValuesFerrite(Operands o) {
        return DenseSvd.zgesvd(SvdJob.VALUES, o.n, o.n, o.complex, 0, o.n, o.s, 0, null, 0, 1, null, 0, 1, o.ws);
    }

    @Benchmark
    public boolean eighF64Ejml(Operands o) {
        o.ejmlInput.setTo(o.ejmlSymmetric);
        return o.ejmlEigh.decompose(o.ejmlInput);
    }

    @Benchmark
    public int eighF64Ferrite(Operands o) {
        System.arraycopy(o.symmetric, 0, o.work, 0, o.n * o.n);
        return DenseHermitianEigen.dsyev(true, Triangle.LOWER, o.n, o.work, 0, o.n, o.w, 0, o.ws);
    }

    @Benchmark
    public int eighC128Ferrite(Operands o) {
        System.arraycopy(o.hermitian, 0, o.work, 0, 2 * o.n * o.n);
        return DenseHermitianEigen.zheev(true, Triangle.LOWER, o.n, o.work, 0, o.n, o.w, 0, o.ws);
    }

    @Benchmark
    public boolean eigF64Ejml(Operands o) {
        o.ejmlInput.setTo(o.ejmlReal);
        return o.ejmlEig.decompose(o.ejmlInput);
    }

    @Benchmark
    public int eigF64Ferrite(Operands o) {
        return DenseGeneralEigen.dgeev(true, o.n, o.real, 0, o.n, o.w, 0, o.v, 0, o.n, o.ws);
    }

    @Benchmark
    public int eigC128Ferrite(Operands o) {
        return DenseGeneralEigen.zgeev(true, o.n, o.complex, 0, o.n, o.w, 0, o.v, 0, o.n, o.ws);
    }

    @Benchmark
    public boolean luF64Ejml(Operands o) {
        return o.ejmlLu.decompose(o.ejmlReal);
    }

    @Benchmark
    public int luF64Ferrite(Operands o) {
        System.arraycopy(o.real, 0, o.work, 0, o.n * o.n);
        return DenseLu.dgetrf(o.n, o.n, o.work, 0, o.n, o.ipiv, 0, o.ws);
    }

    @Benchmark
    public DMatrixRMaj qrF64Ejml(Operands o) {
        o.ejmlQr.decompose(o.ejmlReal);
        o.ejmlQr.getR(o.ejmlR, true);
        return o.ejmlQr.getQ(o.ejmlQ, true);
    }

    @Benchmark
    public int qrF64Ferrite(Operands o) {
        return DenseQr.dgeqr(QrMode.REDUCED, o.n, o.n, o.real, 0, o.n, o.u, 0, o.n, o.vt, 0, o.n, o.ws);
    }

    @Benchmark
    public boolean choleskyF64Ejml(Operands o) {
        o.ejmlInput.setTo(o.ejmlSpd);
        return o.ejmlChol.decompose(o.ejmlInput);
    }

    @Benchmark
    public int choleskyF64Ferrite(Operands o) {
        System.arraycopy(o.spd, 0, o.work, 0, o.n * o.n);
        return DenseCholesky.dpotrf(Triangle.LOWER, o.n, o.work, 0, o.n);
    }
}
