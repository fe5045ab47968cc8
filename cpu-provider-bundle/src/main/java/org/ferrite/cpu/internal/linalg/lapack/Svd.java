package org.ferrite.cpu.internal.linalg.lapack;

import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDA;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDU;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDVT;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LWORK;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.M;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.N;

import com.sun.jna.Pointer;
import org.ferrite.cpu.internal.linalg.option.SvdJob;

/**
 * Singular value decomposition by divide and conquer ({@code ?gesdd}):
 * {@code A = U·diag(S)·Vᴴ} for an {@code m × n} matrix A, {@code k = min(m, n)}. Thread-safe
 * (stateless; the workspace is not).
 *
 * <p>Outputs: {@code S}, {@code k} real values, <b>descending</b> and non-negative (real even for
 * complex A: a {@code double[]} for C128, a {@code float[]} for C64); {@code U} with orthonormal
 * columns, {@code m × k} ({@link SvdJob#THIN}) or {@code m × m} ({@link SvdJob#FULL}),
 * {@code ldu ≥ max(1, m)}; {@code Vᴴ} with orthonormal rows, {@code k × n} or {@code n × n},
 * {@code ldvt ≥ max(1, rows of Vᴴ)}. With {@link SvdJob#VALUES} only S is computed and {@code u},
 * {@code vt} are not touched (they may be null). No sign or phase gauge: the signs (phases) of the
 * singular-vector pairs are LAPACK's.
 *
 * <p>Arrays: {@code a} is read only; it is copied into the workspace before anything is written, so
 * the outputs may overlap it. Complex matrices are interleaved (offsets in scalars, leading dimensions
 * in elements; see the package documentation).
 *
 * <p>{@code info}: 0 on success; {@code > 0} the bidiagonal divide and conquer ({@code ?bdsdc}) did not
 * converge, the outputs are not written; {@code -4} A contains a NaN (LAPACK ≥ 3.7 checks), the
 * outputs are not written; other negative values are argument errors the caller should have
 * prevented.
 */
public final class Svd {
    private static final int ROUTINE = 1;

    private Svd() {
    }

    /**
     * F64 SVD; see the class documentation.
     *
     * @param ws the workspace
     * @param job values only, thin, or full
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A ({@code ≥ max(1, m)})
     * @param s S, {@code k} values written
     * @param sOff offset of S(0)
     * @param u U, written unless {@code job} is {@link SvdJob#VALUES}
     * @param uOff offset of U(0, 0)
     * @param ldu leading dimension of U
     * @param vt Vᴴ, written unless {@code job} is {@link SvdJob#VALUES}
     * @param vtOff offset of Vᴴ(0, 0)
     * @param ldvt leading dimension of Vᴴ
     * @return LAPACK's {@code info}
     */
    public static int f64(LapackWorkspace ws, SvdJob job, int m, int n, double[] a, int aOff, int lda,
            double[] s, int sOff, double[] u, int uOff, int ldu, double[] vt, int vtOff, int ldvt) {
        return svd(ws, LapackType.F64, job, m, n, a, aOff, lda, s, sOff, u, uOff, ldu, vt, vtOff, ldvt);
    }

    /**
     * C128 SVD: as {@link #f64}, with A, U, Vᴴ interleaved complex and S real.
     *
     * @param ws the workspace
     * @param job values only, thin, or full
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0), in scalars
     * @param lda leading dimension of A, in elements
     * @param s S, {@code k} real values written
     * @param sOff offset of S(0)
     * @param u U, written unless {@code job} is {@link SvdJob#VALUES}
     * @param uOff offset of U(0, 0), in scalars
     * @param ldu leading dimension of U, in elements
     * @param vt Vᴴ, written unless {@code job} is {@link SvdJob#VALUES}
     * @param vtOff offset of Vᴴ(0, 0), in scalars
     * @param ldvt leading dimension of Vᴴ, in elements
     * @return LAPACK's {@code info}
     */
    public static int c128(LapackWorkspace ws, SvdJob job, int m, int n, double[] a, int aOff, int lda,
            double[] s, int sOff, double[] u, int uOff, int ldu, double[] vt, int vtOff, int ldvt) {
        return svd(ws, LapackType.C128, job, m, n, a, aOff, lda, s, sOff, u, uOff, ldu, vt, vtOff, ldvt);
    }

    /**
     * F32 SVD: as {@link #f64} in single precision.
     *
     * @param ws the workspace
     * @param job values only, thin, or full
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param s S, {@code k} values written
     * @param sOff offset of S(0)
     * @param u U, written unless {@code job} is {@link SvdJob#VALUES}
     * @param uOff offset of U(0, 0)
     * @param ldu leading dimension of U
     * @param vt Vᴴ, written unless {@code job} is {@link SvdJob#VALUES}
     * @param vtOff offset of Vᴴ(0, 0)
     * @param ldvt leading dimension of Vᴴ
     * @return LAPACK's {@code info}
     */
    public static int f32(LapackWorkspace ws, SvdJob job, int m, int n, float[] a, int aOff, int lda,
            float[] s, int sOff, float[] u, int uOff, int ldu, float[] vt, int vtOff, int ldvt) {
        return svd(ws, LapackType.F32, job, m, n, a, aOff, lda, s, sOff, u, uOff, ldu, vt, vtOff, ldvt);
    }

    /**
     * C64 SVD: as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param job values only, thin, or full
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0), in scalars
     * @param lda leading dimension of A, in elements
     * @param s S, {@code k} real values written
     * @param sOff offset of S(0)
     * @param u U, written unless {@code job} is {@link SvdJob#VALUES}
     * @param uOff offset of U(0, 0), in scalars
     * @param ldu leading dimension of U, in elements
     * @param vt Vᴴ, written unless {@code job} is {@link SvdJob#VALUES}
     * @param vtOff offset of Vᴴ(0, 0), in scalars
     * @param ldvt leading dimension of Vᴴ, in elements
     * @return LAPACK's {@code info}
     */
    public static int c64(LapackWorkspace ws, SvdJob job, int m, int n, float[] a, int aOff, int lda,
            float[] s, int sOff, float[] u, int uOff, int ldu, float[] vt, int vtOff, int ldvt) {
        return svd(ws, LapackType.C64, job, m, n, a, aOff, lda, s, sOff, u, uOff, ldu, vt, vtOff, ldvt);
    }

    /** The four entry points' body; the arrays are {@code double[]} or {@code float[]} as {@code type} says. */
    private static int svd(LapackWorkspace ws, LapackType type, SvdJob job, int m, int n, Object a, int aOff,
            int lda, Object s, int sOff, Object u, int uOff, int ldu, Object vt, int vtOff, int ldvt) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, m, n, type.scalarsPerElement());
        int info = staged(ws, type, job, m, n);
        if (info == 0) {
            int k = Math.min(m, n);
            ws.values.read(k, s, sOff, k, k, 1, 1);
            if (job != SvdJob.VALUES) {
                int vtRows = job.vtRows(m, n);
                ws.left.read(m, u, uOff, ldu, m, job.uColumns(m, n), type.scalarsPerElement());
                ws.right.read(vtRows, vt, vtOff, ldvt, vtRows, n, type.scalarsPerElement());
            }
        }
        return info;
    }

    /**
     * Runs {@code ?gesdd} on the A staged in the workspace ({@link LapackWorkspace#stageA}); S, U and
     * Vᴴ stay in the workspace and A is destroyed. The typed methods are this plus the copies.
     *
     * @param ws the workspace, holding A
     * @param type the scalar type A was staged as
     * @param job values only, thin, or full
     * @param m rows of A
     * @param n columns of A
     * @return LAPACK's {@code info}
     */
    static int staged(LapackWorkspace ws, LapackType type, SvdJob job, int m, int n) {
        ws.requireOpen();
        int k = Math.min(m, n);
        ws.values.ensure(type.realBytes(k));
        ws.left.ensure(type.elementBytes((long) Math.max(1, m) * job.uColumns(m, n)));
        ws.right.ensure(type.elementBytes((long) Math.max(1, job.vtRows(m, n)) * n));
        ws.iwork.ensure(8L * k * Integer.BYTES);
        if (type.complex()) {
            ws.rwork.ensure(type.realBytes(realWork(job, m, n)));
        }
        return ws.run(ROUTINE, LapackWorkspace.Query.WORK, Svd::gesdd, type, job.code(), m, n, 0);
    }

    /**
     * {@code LRWORK} of {@code ?gesdd} (it has no query): {@code 7·k} for values only (the bound of
     * LAPACK before 3.7, safe for every version), else
     * {@code max(5k² + 5k, 2·max(m, n)·k + 2k² + k)}.
     */
    static long realWork(SvdJob job, int m, int n) {
        long k = Math.min(m, n);
        long mx = Math.max(m, n);
        long size = job == SvdJob.VALUES ? 7 * k : Math.max(5 * k * k + 5 * k, 2 * mx * k + 2 * k * k + k);
        return Math.max(1, size);
    }

    /** {@link LapackWorkspace.Call}: {@code ?gesdd} with {@code JOBZ = job}, A in block {@code a}. */
    private static void gesdd(LapackWorkspace ws, LapackType type, int job, int m, int n, int unused, int lwork,
            int lrwork, int liwork) {
        SvdJob what = SvdJob.ofCode(job);
        Pointer jobz = ws.code(what.code());
        Pointer pm = ws.arg(M, m);
        Pointer pn = ws.arg(N, n);
        Pointer lda = ws.arg(LDA, Math.max(1, m));
        Pointer pldu = ws.arg(LDU, Math.max(1, m));
        Pointer pldvt = ws.arg(LDVT, Math.max(1, what.vtRows(m, n)));
        Pointer plwork = ws.arg(LWORK, lwork);
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        Pointer s = ws.values.pointer();
        Pointer u = ws.left.pointer();
        Pointer vt = ws.right.pointer();
        Pointer work = ws.work.pointer();
        Pointer iwork = ws.iwork.pointer();
        switch (type) {
            case F32:
                LapackNative.sgesdd(jobz, pm, pn, a, lda, s, u, pldu, vt, pldvt, work, plwork, iwork, info, 1);
                break;
            case F64:
                LapackNative.dgesdd(jobz, pm, pn, a, lda, s, u, pldu, vt, pldvt, work, plwork, iwork, info, 1);
                break;
            case C64:
                LapackNative.cgesdd(jobz, pm, pn, a, lda, s, u, pldu, vt, pldvt, work, plwork, ws.rwork.pointer(),
                        iwork, info, 1);
                break;
            default:
                LapackNative.zgesdd(jobz, pm, pn, a, lda, s, u, pldu, vt, pldvt, work, plwork, ws.rwork.pointer(),
                        iwork, info, 1);
                break;
        }
    }
}
