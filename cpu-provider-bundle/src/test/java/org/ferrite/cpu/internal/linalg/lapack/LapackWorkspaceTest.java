package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.QrMode;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.cpu.internal.openblas.OpenBlasThreads;
import org.junit.jupiter.api.Test;

/**
 * {@link LapackWorkspace}: warm calls allocate nothing, the OpenBLAS thread count is raised for a call
 * and restored after it, and a closed workspace fails fast.
 */
class LapackWorkspaceTest extends WorkspaceTest {
    private static final int CALLS = 2000;

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getThreadAllocatedBytes(
                Thread.currentThread().getId());
    }

    /**
     * Warms {@code call} up, then counts the bytes {@code CALLS} more calls allocate; the quietest of
     * three rounds counts (a one-time event such as class resolution after a deoptimisation is not the
     * call's own allocation, while a per-call allocation shows in every round).
     */
    private static void assertAllocationFree(String what, Runnable call) {
        for (int i = 0; i < CALLS; i++) {
            call.run();
        }
        long perCall = Long.MAX_VALUE;
        for (int round = 0; round < 3 && perCall > 0; round++) {
            long before = allocatedBytes();
            for (int i = 0; i < CALLS; i++) {
                call.run();
            }
            perCall = Math.min(perCall, (allocatedBytes() - before) / CALLS);
        }
        assertThat(perCall).as(what + " bytes per call").isZero();
    }

    @Test
    void warmCallsOfEveryRoutineAllocateNothingForEveryDtype() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean
                && ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                        .isThreadAllocatedMemoryEnabled(), "no per-thread allocation counter");
        for (int threads : new int[] {1, 2}) {
            ws.threads(threads);
            for (Kind kind : Kind.values()) {
                assertRoutinesAllocationFree(kind, threads);
            }
        }
    }

    private void assertRoutinesAllocationFree(Kind kind, int threads) {
        SplittableRandom rnd = new SplittableRandom(kind.ordinal());
        int m = 8;
        int n = 6;
        String tag = kind + ", " + threads + " thread(s): ";
        Object a = kind.store(CMatrix.random(m, n, kind.complex(), rnd), 1, m + 2);
        Object square = kind.store(CMatrix.randomPositiveDefinite(n, kind.complex(), rnd), 0, n);
        Object s = kind.allocateReal(0, n);
        Object u = kind.allocate(0, m, m);
        Object vt = kind.allocate(0, n, n);
        Object r = kind.allocate(0, m, n);
        Object x = kind.allocate(0, n, 3);
        Object w = kind.allocateComplex(0, n);
        Object v = (kind.type.single() ? Kind.C64 : Kind.C128).allocate(0, n, n);
        int[] ipiv = new int[n];
        assertAllocationFree(tag + "svd", () -> SvdTest.svd(kind, ws, SvdJob.THIN, m, n, a, 1, m + 2, s, 0, u, 0, m, vt,
                0, n));
        assertAllocationFree(tag + "svd values", () -> SvdTest.svd(kind, ws, SvdJob.VALUES, m, n, a, 1, m + 2, s, 0, u,
                0, m, vt, 0, n));
        assertAllocationFree(tag + "qr", () -> QrTest.qr(kind, ws, QrMode.COMPLETE, m, n, a, 1, m + 2, u, 0, m, r, 0,
                m));
        assertAllocationFree(tag + "lu", () -> LuTest.lu(kind, ws, n, n, square, 0, n, vt, 0, n, ipiv, 0));
        assertAllocationFree(tag + "lu solve", () -> LuSolveTest.luSolve(kind, ws, Transpose.CONJUGATE_TRANSPOSE, n, 3,
                vt, 0, n, ipiv, 0, a, 1, m + 2, x, 0, n));
        assertAllocationFree(tag + "solve", () -> SolveTest.solve(kind, ws, Transpose.NONE, n, 3, square, 0, n, a, 1,
                m + 2, x, 0, n));
        assertAllocationFree(tag + "cholesky", () -> CholeskyTest.cholesky(kind, ws, Triangle.UPPER, n, square, 0, n,
                vt, 0, n));
        assertAllocationFree(tag + "eigh", () -> EighTest.eigh(kind, ws, Triangle.LOWER, true, n, square, 0, n, s, 0,
                vt, 0, n));
        assertAllocationFree(tag + "eig", () -> EigTest.eig(kind, ws, true, n, a, 1, m + 2, w, 0, v, 0, n));
        assertAllocationFree(tag + "triangular solve", () -> TriangularSolveTest.trsv(kind, ws, Triangle.LOWER,
                Transpose.TRANSPOSE, Diagonal.NON_UNIT, n, 3, square, 0, n, a, 1, m + 2, x, 0, n));
    }

    @Test
    void aCallWithSeveralThreadsRestoresOpenBlasToOneThreadAfterwards() {
        OpenBlasThreads openBlas = LapackLibrary.get().openBlas();
        assumeTrue(openBlas.controllable(), "OpenBLAS threads not controllable here: " + openBlas);
        ws.threads(2);
        assertThat(ws.threads()).isEqualTo(2);
        double[] a = new double[64 * 64];
        new SplittableRandom(1).doubles(a.length).toArray();
        double[] s = new double[64];
        assertThat(Svd.f64(ws, SvdJob.VALUES, 64, 64, a, 0, 64, s, 0, null, 0, 1, null, 0, 1)).isZero();
        assertThat(openBlas.current()).isEqualTo(1);
        assertThatThrownBy(() -> ws.threads(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threads must be at least 1, got 0");
    }

    @Test
    void aClosedWorkspaceFailsFastAndClosingTwiceIsHarmless() {
        double[] a = {4, 0, 0, 9};
        double[] l = new double[4];
        assertThat(Cholesky.f64(ws, Triangle.LOWER, 2, a, 0, 2, l, 0, 2)).isZero();
        assertThat(ws.nativeBytes()).isPositive();
        ws.close();
        ws.close();
        assertThat(ws.nativeBytes()).isZero();
        assertThatThrownBy(() -> Cholesky.f64(ws, Triangle.LOWER, 2, a, 0, 2, l, 0, 2))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("workspace is closed");
        assertThatThrownBy(() -> ws.stageA(LapackType.F64, a, 0, 2, 2, 2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Svd.staged(ws, LapackType.F64, SvdJob.THIN, 2, 2))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void stagedEntryPointsComputeWhatTheTypedOnesDo() {
        SplittableRandom rnd = new SplittableRandom(7);
        double[] a = rnd.doubles(30, -1, 1).toArray();
        double[] s = new double[5];
        Svd.f64(ws, SvdJob.VALUES, 6, 5, a, 0, 6, s, 0, null, 0, 1, null, 0, 1);
        ws.stageA(LapackType.F64, a, 0, 6, 6, 5);
        assertThat(Svd.staged(ws, LapackType.F64, SvdJob.THIN, 6, 5)).isZero();
        double[] staged = new double[5];
        ws.values.read(5, staged, 0, 5, 5, 1, 1);
        assertThat(staged).containsExactly(s, org.assertj.core.api.Assertions.offset(1e-12));
        ws.stageA(LapackType.C128, a, 0, 3, 3, 5);
        assertThat(Qr.staged(ws, LapackType.C128, 3, 5)).isZero();
        double[] spd = {4, 1, 1, 3};
        ws.stageA(LapackType.F64, spd, 0, 2, 2, 2);
        assertThat(Eigh.staged(ws, LapackType.F64, Triangle.LOWER, true, 2)).isZero();
        ws.stageA(LapackType.F64, spd, 0, 2, 2, 2);
        ws.stageB(LapackType.F64, new double[] {5, 4}, 0, 2, 2, 1);
        assertThat(Solve.staged(ws, LapackType.F64, Transpose.NONE, 2, 1)).isZero();
        double[] x = new double[2];
        ws.b.read(2, x, 0, 2, 2, 1, 1);
        assertThat(x).containsExactly(new double[] {1, 1}, org.assertj.core.api.Assertions.offset(1e-12));
    }
}
