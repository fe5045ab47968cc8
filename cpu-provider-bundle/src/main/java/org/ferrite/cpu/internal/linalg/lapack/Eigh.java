package org.ferrite.cpu.internal.linalg.lapack;

import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDA;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LIWORK;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LRWORK;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LWORK;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.N;

import com.sun.jna.Pointer;
import org.ferrite.cpu.internal.linalg.option.Triangle;

/**
 * Symmetric / Hermitian eigendecomposition by divide and conquer ({@code ?syevd}, {@code ?heevd}):
 * {@code A = V·diag(λ)·Vᴴ} for an {@code n × n} Hermitian A. Thread-safe (stateless; the workspace is
 * not).
 *
 * <p>Outputs: {@code w}, the {@code n} eigenvalues, real (a {@code double[]} for C128, a
 * {@code float[]} for C64), <b>ascending</b>; {@code v}, when vectors are requested, the {@code n × n}
 * matrix of orthonormal eigenvectors, column {@code j} for {@code w[j]} ({@code ldv ≥ max(1, n)}).
 * No sign or phase gauge: each column's sign (phase) is LAPACK's.
 *
 * <p>Arrays: only the chosen triangle of {@code a} is read (A is assumed Hermitian; for complex A
 * the imaginary parts of its diagonal are ignored); {@code a} is copied into the workspace first,
 * so the outputs may overlap it. Without vectors {@code v} is not touched (it may be null).
 *
 * <p>{@code info}: 0 on success; {@code i > 0} the algorithm failed to converge (values only:
 * {@code i} off-diagonal elements of an intermediate tridiagonal form did not converge to zero; with
 * vectors: it failed on the submatrix in rows and columns {@code i/(n+1)} through
 * {@code i mod (n+1)}); outputs are then not written. NaN input is not checked by LAPACK; with the
 * OpenBLAS 0.3.21 LAPACK it ends as a convergence failure ({@code info > 0}), other builds may return
 * NaN instead.
 */
public final class Eigh {
    private static final int ROUTINE = 4;

    private Eigh() {
    }

    /**
     * F64 eigh ({@code dsyevd}); see the class documentation.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read
     * @param vectors whether to compute the eigenvectors
     * @param n order of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A ({@code ≥ max(1, n)})
     * @param w the eigenvalues, {@code n} written
     * @param wOff offset of w(0)
     * @param v the eigenvectors, written if {@code vectors}
     * @param vOff offset of V(0, 0)
     * @param ldv leading dimension of V
     * @return LAPACK's {@code info}
     */
    public static int f64(LapackWorkspace ws, Triangle uplo, boolean vectors, int n, double[] a, int aOff, int lda,
            double[] w, int wOff, double[] v, int vOff, int ldv) {
        return eigh(ws, LapackType.F64, uplo, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv);
    }

    /**
     * C128 eigh ({@code zheevd}): as {@link #f64}, A and V interleaved complex, w real.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read
     * @param vectors whether to compute the eigenvectors
     * @param n order of A
     * @param a A, read
     * @param aOff offset of A(0, 0), in scalars
     * @param lda leading dimension of A, in elements
     * @param w the real eigenvalues, {@code n} written
     * @param wOff offset of w(0)
     * @param v the eigenvectors, written if {@code vectors}
     * @param vOff offset of V(0, 0), in scalars
     * @param ldv leading dimension of V, in elements
     * @return LAPACK's {@code info}
     */
    public static int c128(LapackWorkspace ws, Triangle uplo, boolean vectors, int n, double[] a, int aOff,
            int lda, double[] w, int wOff, double[] v, int vOff, int ldv) {
        return eigh(ws, LapackType.C128, uplo, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv);
    }

    /**
     * F32 eigh ({@code ssyevd}): as {@link #f64} in single precision.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read
     * @param vectors whether to compute the eigenvectors
     * @param n order of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param w the eigenvalues, {@code n} written
     * @param wOff offset of w(0)
     * @param v the eigenvectors, written if {@code vectors}
     * @param vOff offset of V(0, 0)
     * @param ldv leading dimension of V
     * @return LAPACK's {@code info}
     */
    public static int f32(LapackWorkspace ws, Triangle uplo, boolean vectors, int n, float[] a, int aOff, int lda,
            float[] w, int wOff, float[] v, int vOff, int ldv) {
        return eigh(ws, LapackType.F32, uplo, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv);
    }

    /**
     * C64 eigh ({@code cheevd}): as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read
     * @param vectors whether to compute the eigenvectors
     * @param n order of A
     * @param a A, read
     * @param aOff offset of A(0, 0), in scalars
     * @param lda leading dimension of A, in elements
     * @param w the real eigenvalues, {@code n} written
     * @param wOff offset of w(0)
     * @param v the eigenvectors, written if {@code vectors}
     * @param vOff offset of V(0, 0), in scalars
     * @param ldv leading dimension of V, in elements
     * @return LAPACK's {@code info}
     */
    public static int c64(LapackWorkspace ws, Triangle uplo, boolean vectors, int n, float[] a, int aOff, int lda,
            float[] w, int wOff, float[] v, int vOff, int ldv) {
        return eigh(ws, LapackType.C64, uplo, vectors, n, a, aOff, lda, w, wOff, v, vOff, ldv);
    }

    /** The four entry points' body; the arrays are {@code double[]} or {@code float[]} as {@code type} says. */
    private static int eigh(LapackWorkspace ws, LapackType type, Triangle uplo, boolean vectors, int n, Object a,
            int aOff, int lda, Object w, int wOff, Object v, int vOff, int ldv) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, n, n, type.scalarsPerElement());
        int info = staged(ws, type, uplo, vectors, n);
        if (info == 0) {
            ws.values.read(n, w, wOff, n, n, 1, 1);
            if (vectors) {
                ws.a.read(n, v, vOff, ldv, n, n, type.scalarsPerElement());
            }
        }
        return info;
    }

    /**
     * Runs {@code ?syevd} / {@code ?heevd} on the A staged in the workspace
     * ({@link LapackWorkspace#stageA}); the eigenvalues and vectors stay in the workspace.
     *
     * @param ws the workspace, holding A
     * @param type the scalar type A was staged as
     * @param uplo which triangle of A is read
     * @param vectors whether to compute the eigenvectors
     * @param n order of A
     * @return LAPACK's {@code info}
     */
    static int staged(LapackWorkspace ws, LapackType type, Triangle uplo, boolean vectors, int n) {
        ws.requireOpen();
        ws.values.ensure(type.realBytes(n));
        return ws.run(ROUTINE, LapackWorkspace.Query.ALL, Eigh::evd, type, (vectors ? 'V' : 'N') << 8 | uplo.code(), n,
                n, 0);
    }

    /** {@link LapackWorkspace.Call}: {@code ?syevd} / {@code ?heevd}, {@code job = JOBZ << 8 | UPLO}. */
    private static void evd(LapackWorkspace ws, LapackType type, int job, int n, int unused, int none, int lwork,
            int lrwork, int liwork) {
        Pointer jobz = ws.code((char) (job >> 8));
        Pointer code = ws.code((char) (job & 0xFF));
        Pointer pn = ws.arg(N, n);
        Pointer lda = ws.arg(LDA, Math.max(1, n));
        Pointer plwork = ws.arg(LWORK, lwork);
        Pointer plrwork = ws.arg(LRWORK, lrwork);
        Pointer pliwork = ws.arg(LIWORK, liwork);
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        Pointer w = ws.values.pointer();
        Pointer work = ws.work.pointer();
        Pointer rwork = ws.rwork.pointer();
        Pointer iwork = ws.iwork.pointer();
        switch (type) {
            case F32:
                LapackNative.ssyevd(jobz, code, pn, a, lda, w, work, plwork, iwork, pliwork, info, 1, 1);
                break;
            case F64:
                LapackNative.dsyevd(jobz, code, pn, a, lda, w, work, plwork, iwork, pliwork, info, 1, 1);
                break;
            case C64:
                LapackNative.cheevd(jobz, code, pn, a, lda, w, work, plwork, rwork, plrwork, iwork, pliwork, info, 1, 1);
                break;
            default:
                LapackNative.zheevd(jobz, code, pn, a, lda, w, work, plwork, rwork, plrwork, iwork, pliwork, info, 1, 1);
                break;
        }
    }
}
