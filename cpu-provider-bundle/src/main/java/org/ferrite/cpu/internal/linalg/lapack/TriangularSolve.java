package org.ferrite.cpu.internal.linalg.lapack;

import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDA;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDB;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.N;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.NRHS;

import com.sun.jna.Pointer;
import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;

/**
 * Triangular solve from the left ({@code ?trtrs}): {@code op(A)·X = B} for an {@code n × n} lower or
 * upper triangular A, {@code op} one of {@link Transpose}, optionally with an implicit unit diagonal,
 * and {@code nrhs} right-hand sides. Thread-safe (stateless; the workspace is not).
 *
 * <p>Arrays: only the chosen triangle of {@code a} is read (and not its diagonal with
 * {@link Diagonal#UNIT}); {@code a} and {@code b} ({@code n × nrhs}) are copied into the workspace
 * before {@code x} ({@code n × nrhs}) is written, so {@code x} may be the same region as {@code b}.
 *
 * <p>{@code info}: 0 on success; {@code i > 0} (non-unit diagonal only) {@code A[i−1, i−1]} is exactly
 * zero, A is singular and {@code x} is <b>not</b> written. NaN input gives NaN in {@code x}.
 */
public final class TriangularSolve {
    private TriangularSolve() {
    }

    /**
     * F64 triangular solve; see the class documentation.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read
     * @param trans {@code op(A)}
     * @param diag whether the diagonal is implicitly one
     * @param n order of A
     * @param nrhs columns of B
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A ({@code ≥ max(1, n)})
     * @param b B, read
     * @param bOff offset of B(0, 0)
     * @param ldb leading dimension of B
     * @param x X, written when {@code info == 0}
     * @param xOff offset of X(0, 0)
     * @param ldx leading dimension of X
     * @return LAPACK's {@code info}
     */
    public static int f64(LapackWorkspace ws, Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs,
            double[] a, int aOff, int lda, double[] b, int bOff, int ldb, double[] x, int xOff, int ldx) {
        return solve(ws, LapackType.F64, uplo, trans, diag, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * C128 triangular solve: as {@link #f64}, interleaved complex.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read
     * @param trans {@code op(A)}
     * @param diag whether the diagonal is implicitly one
     * @param n order of A
     * @param nrhs columns of B
     * @param a A, read
     * @param aOff offset of A(0, 0), in scalars
     * @param lda leading dimension of A, in elements
     * @param b B, read
     * @param bOff offset of B(0, 0), in scalars
     * @param ldb leading dimension of B, in elements
     * @param x X, written when {@code info == 0}
     * @param xOff offset of X(0, 0), in scalars
     * @param ldx leading dimension of X, in elements
     * @return LAPACK's {@code info}
     */
    public static int c128(LapackWorkspace ws, Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs,
            double[] a, int aOff, int lda, double[] b, int bOff, int ldb, double[] x, int xOff, int ldx) {
        return solve(ws, LapackType.C128, uplo, trans, diag, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * F32 triangular solve: as {@link #f64} in single precision.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read
     * @param trans {@code op(A)}
     * @param diag whether the diagonal is implicitly one
     * @param n order of A
     * @param nrhs columns of B
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param b B, read
     * @param bOff offset of B(0, 0)
     * @param ldb leading dimension of B
     * @param x X, written when {@code info == 0}
     * @param xOff offset of X(0, 0)
     * @param ldx leading dimension of X
     * @return LAPACK's {@code info}
     */
    public static int f32(LapackWorkspace ws, Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs,
            float[] a, int aOff, int lda, float[] b, int bOff, int ldb, float[] x, int xOff, int ldx) {
        return solve(ws, LapackType.F32, uplo, trans, diag, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * C64 triangular solve: as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read
     * @param trans {@code op(A)}
     * @param diag whether the diagonal is implicitly one
     * @param n order of A
     * @param nrhs columns of B
     * @param a A, read
     * @param aOff offset of A(0, 0), in scalars
     * @param lda leading dimension of A, in elements
     * @param b B, read
     * @param bOff offset of B(0, 0), in scalars
     * @param ldb leading dimension of B, in elements
     * @param x X, written when {@code info == 0}
     * @param xOff offset of X(0, 0), in scalars
     * @param ldx leading dimension of X, in elements
     * @return LAPACK's {@code info}
     */
    public static int c64(LapackWorkspace ws, Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs,
            float[] a, int aOff, int lda, float[] b, int bOff, int ldb, float[] x, int xOff, int ldx) {
        return solve(ws, LapackType.C64, uplo, trans, diag, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx);
    }

    /** The four entry points' body; the arrays are {@code double[]} or {@code float[]} as {@code type} says. */
    private static int solve(LapackWorkspace ws, LapackType type, Triangle uplo, Transpose trans, Diagonal diag,
            int n, int nrhs, Object a, int aOff, int lda, Object b, int bOff, int ldb, Object x, int xOff,
            int ldx) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, n, n, type.scalarsPerElement());
        ws.b.write(b, bOff, ldb, n, nrhs, type.scalarsPerElement());
        int job = uplo.code() << 16 | trans.code() << 8 | diag.code();
        int info = ws.run(0, LapackWorkspace.Query.NONE, TriangularSolve::trtrs, type, job, n, nrhs, 0);
        if (info == 0) {
            ws.b.read(n, x, xOff, ldx, n, nrhs, type.scalarsPerElement());
        }
        return info;
    }

    /**
     * {@link LapackWorkspace.Call}: {@code ?trtrs} with {@code job = UPLO << 16 | TRANS << 8 | DIAG}, A in
     * block {@code a}, the {@code n × nrhs} B in block {@code b}.
     */
    private static void trtrs(LapackWorkspace ws, LapackType type, int job, int n, int nrhs, int k, int lwork,
            int lrwork, int liwork) {
        Pointer pUplo = ws.code((char) (job >> 16));
        Pointer pTrans = ws.code((char) (job >> 8 & 0xFF));
        Pointer pDiag = ws.code((char) (job & 0xFF));
        Pointer pn = ws.arg(N, n);
        Pointer pnrhs = ws.arg(NRHS, nrhs);
        Pointer lda = ws.arg(LDA, Math.max(1, n));
        Pointer ldb = ws.arg(LDB, Math.max(1, n));
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        Pointer b = ws.b.pointer();
        switch (type) {
            case F32:
                LapackNative.strtrs(pUplo, pTrans, pDiag, pn, pnrhs, a, lda, b, ldb, info, 1, 1, 1);
                break;
            case F64:
                LapackNative.dtrtrs(pUplo, pTrans, pDiag, pn, pnrhs, a, lda, b, ldb, info, 1, 1, 1);
                break;
            case C64:
                LapackNative.ctrtrs(pUplo, pTrans, pDiag, pn, pnrhs, a, lda, b, ldb, info, 1, 1, 1);
                break;
            default:
                LapackNative.ztrtrs(pUplo, pTrans, pDiag, pn, pnrhs, a, lda, b, ldb, info, 1, 1, 1);
                break;
        }
    }
}
