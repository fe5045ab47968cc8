package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.QrMode;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseWorkspace}: one workspace shared by every routine in any order gives the same bits as a
 * fresh one per call, and a repeated call of the same shape through Ferrite's own kernels allocates
 * nothing.
 */
class DenseWorkspaceTest {
    /** One routine call on fixed inputs; returns every output scalar. */
    interface Call {
        double[] run(DenseWorkspace ws);
    }

    static double[] concat(StoredMatrix... outputs) {
        double[] all = new double[0];
        for (StoredMatrix s : outputs) {
            double[] v = s.read().v;
            double[] next = Arrays.copyOf(all, all.length + v.length);
            System.arraycopy(v, 0, next, all.length, v.length);
            all = next;
        }
        return all;
    }

    static Call[] calls() {
        SplittableRandom rnd = new SplittableRandom(42);
        ComplexMatrix c = ComplexMatrix.random(9, 6, Dtype.C128, rnd);
        ComplexMatrix r = ComplexMatrix.random(7, 7, Dtype.F64, rnd);
        ComplexMatrix h = Matrices.randomHermitian(8, Dtype.C64, rnd);
        ComplexMatrix p = Matrices.randomPositiveDefinite(5, Dtype.F32, rnd);
        return new Call[] {
            ws -> {
                DenseSvdTest.Result res =
                        DenseSvdTest.svd(Dtype.C128, SvdJob.FULL, c.store(Dtype.C128, 1, 10), 0, 1, ws);
                return concat(res.s, res.u, res.vt);
            },
            ws -> {
                DenseSvdTest.Result res = DenseSvdTest.svd(Dtype.F64, SvdJob.THIN, r.store(Dtype.F64, 0, 7), 0, 0, ws);
                return concat(res.s, res.u, res.vt);
            },
            ws -> {
                DenseGeneralEigenTest.Result res =
                        DenseGeneralEigenTest.eig(Dtype.F64, true, r.store(Dtype.F64, 0, 7), 0, 0, ws);
                return concat(res.w, res.v);
            },
            ws -> {
                DenseGeneralEigenTest.Result res = DenseGeneralEigenTest.eig(Dtype.C128, true,
                        c.columns(6).topRows(6).store(Dtype.C128, 0, 6), 0, 0, ws);
                return concat(res.w, res.v);
            },
            ws -> {
                DenseHermitianEigenTest.Result res =
                        DenseHermitianEigenTest.eig(Dtype.C64, true, Triangle.UPPER, h, 0, 0, ws);
                return concat(res.w, res.a);
            },
            ws -> {
                DenseQrTest.Result res =
                        DenseQrTest.qr(Dtype.C128, QrMode.COMPLETE, c.store(Dtype.C128, 0, 9), 0, 0, ws);
                return concat(res.q, res.r);
            },
            ws -> {
                StoredMatrix s = r.store(Dtype.F64, 0, 7);
                int[] ipiv = new int[7];
                DenseLuTest.getrf(Dtype.F64, s, ipiv, 0, ws);
                StoredMatrix b = r.store(Dtype.F64, 0, 7);
                DenseLuTest.getrs(Dtype.F64, Transpose.TRANSPOSE, s, ipiv, b, ws);
                return concat(s, b);
            },
            ws -> {
                StoredMatrix s = DenseCholeskyTest.storeTriangle(p, Dtype.F32, Triangle.LOWER, 0, 5);
                DenseCholeskyTest.potrf(Dtype.F32, Triangle.LOWER, s, ws);
                return concat(s);
            },
        };
    }

    @Test
    void aSharedWorkspaceGivesTheSameBitsAsAFreshOneInAnyOrder() {
        Call[] calls = calls();
        double[][] fresh = new double[calls.length][];
        for (int i = 0; i < calls.length; i++) {
            fresh[i] = calls[i].run(new DenseWorkspace());
        }
        DenseWorkspace shared = new DenseWorkspace();
        SplittableRandom rnd = new SplittableRandom(1);
        for (int step = 0; step < 60; step++) {
            int i = rnd.nextInt(calls.length);
            assertThat(calls[i].run(shared)).as("step %d call %d", step, i).isEqualTo(fresh[i]);
        }
    }

    @Test
    void aRepeatedCallOfTheSameShapeThroughOwnKernelsAllocatesNothing() {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        DenseWorkspace ws = new DenseWorkspace();
        SplittableRandom rnd = new SplittableRandom(3);
        int n = 12;
        double[] c = ComplexMatrix.random(n, n, Dtype.C128, rnd).store(Dtype.C128, 0, n).doubles;
        double[] r = ComplexMatrix.random(n, n, Dtype.F64, rnd).store(Dtype.F64, 0, n).doubles;
        float[] f = ComplexMatrix.random(n, n, Dtype.C64, rnd).store(Dtype.C64, 0, n).floats;
        double[] s = new double[n];
        double[] u = new double[2 * n * n];
        double[] vt = new double[2 * n * n];
        float[] sf = new float[n];
        float[] uf = new float[2 * n * n];
        float[] vtf = new float[2 * n * n];
        double[] w = new double[2 * n];
        double[] v = new double[2 * n * n];
        double[] work = new double[2 * n * n];
        double[] rhs = new double[2 * n * 3];
        Runnable[] calls = {
            () -> DenseSvd.zgesvd(SvdJob.FULL, n, n, c, 0, n, s, 0, u, 0, n, vt, 0, n, ws),
            () -> DenseSvd.cgesvd(SvdJob.THIN, n, n, f, 0, n, sf, 0, uf, 0, n, vtf, 0, n, ws),
            () -> DenseGeneralEigen.zgeev(true, n, c, 0, n, w, 0, v, 0, n, ws),
            () -> DenseGeneralEigen.dgeev(true, n, r, 0, n, w, 0, v, 0, n, ws),
            () -> {
                System.arraycopy(c, 0, work, 0, 2 * n * n);
                DenseHermitianEigen.zheev(true, Triangle.LOWER, n, work, 0, n, s, 0, ws);
            },
            () -> DenseTriangularSolve.ztrtrs(Triangle.UPPER, Transpose.CONJUGATE_TRANSPOSE, Diagonal.NON_UNIT, n, 3, c,
                    0, n, rhs, 0, n),
        };
        for (int i = 0; i < calls.length; i++) {
            for (int warm = 0; warm < 3; warm++) {
                calls[i].run();
            }
            // The least over a few runs: a per-call allocation shows in every run, while a one-off
            // (a deoptimisation rematerialising an object, the JIT's bookkeeping) does not.
            long allocated = Long.MAX_VALUE;
            long id = Thread.currentThread().getId();
            for (int run = 0; run < 5; run++) {
                long before = bean.getThreadAllocatedBytes(id);
                long baseline = bean.getThreadAllocatedBytes(id) - before;
                before = bean.getThreadAllocatedBytes(id);
                calls[i].run();
                allocated = Math.min(allocated, bean.getThreadAllocatedBytes(id) - before - baseline);
            }
            assertThat(allocated).as("call %d allocated %d bytes", i, allocated).isLessThanOrEqualTo(0);
        }
    }
}
