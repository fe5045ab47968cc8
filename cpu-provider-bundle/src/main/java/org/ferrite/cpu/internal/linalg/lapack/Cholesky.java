package org.ferrite.cpu.internal.linalg.lapack;

import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDA;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.N;

import com.sun.jna.Pointer;
import org.ferrite.cpu.internal.linalg.option.Triangle;

/**
 * Cholesky factorisation ({@code ?potrf}) of an {@code n × n} symmetric (Hermitian) positive definite
 * matrix: {@code A = L·Lᴴ} ({@link Triangle#LOWER}) or {@code A = Uᴴ·U} ({@link Triangle#UPPER}).
 * Thread-safe (stateless; the workspace is not).
 *
 * <p>Arrays: only the chosen triangle of {@code a} is read (the other is ignored; A is assumed
 * Hermitian); {@code a} is copied into the workspace first, so the factor may overlap it. The factor
 * is written as a full {@code n × n} matrix: L lower triangular (or U upper triangular), the strictly
 * opposite triangle set to zero; its diagonal is real and positive. No gauge is needed: the factor
 * with a positive diagonal is unique.
 *
 * <p>{@code info}: 0 on success; {@code i > 0} the leading minor of order {@code i} is not positive
 * definite and the factor is <b>not</b> written. NaN input: reference LAPACK reports a NaN pivot as
 * not positive definite, but OpenBLAS's {@code ?potrf} (a C reimplementation) does not check for NaN
 * and returns {@code info = 0} with NaN in the factor — a caller that must reject NaN checks the
 * factor's diagonal (or the input) itself.
 */
public final class Cholesky {
    private Cholesky() {
    }

    /**
     * F64 Cholesky; see the class documentation.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read and which factor is written
     * @param n order of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A ({@code ≥ max(1, n)})
     * @param factor L or U, written when {@code info == 0}
     * @param fOff offset of the factor's (0, 0)
     * @param ldf leading dimension of the factor
     * @return LAPACK's {@code info}
     */
    public static int f64(LapackWorkspace ws, Triangle uplo, int n, double[] a, int aOff, int lda, double[] factor,
            int fOff, int ldf) {
        return cholesky(ws, LapackType.F64, uplo, n, a, aOff, lda, factor, fOff, ldf);
    }

    /**
     * C128 Cholesky: as {@link #f64}, interleaved complex (offsets in scalars, leading dimensions in
     * elements).
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read and which factor is written
     * @param n order of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param factor L or U, written when {@code info == 0}
     * @param fOff offset of the factor's (0, 0)
     * @param ldf leading dimension of the factor
     * @return LAPACK's {@code info}
     */
    public static int c128(LapackWorkspace ws, Triangle uplo, int n, double[] a, int aOff, int lda,
            double[] factor, int fOff, int ldf) {
        return cholesky(ws, LapackType.C128, uplo, n, a, aOff, lda, factor, fOff, ldf);
    }

    /**
     * F32 Cholesky: as {@link #f64} in single precision.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read and which factor is written
     * @param n order of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param factor L or U, written when {@code info == 0}
     * @param fOff offset of the factor's (0, 0)
     * @param ldf leading dimension of the factor
     * @return LAPACK's {@code info}
     */
    public static int f32(LapackWorkspace ws, Triangle uplo, int n, float[] a, int aOff, int lda, float[] factor,
            int fOff, int ldf) {
        return cholesky(ws, LapackType.F32, uplo, n, a, aOff, lda, factor, fOff, ldf);
    }

    /**
     * C64 Cholesky: as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param uplo which triangle of A is read and which factor is written
     * @param n order of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param factor L or U, written when {@code info == 0}
     * @param fOff offset of the factor's (0, 0)
     * @param ldf leading dimension of the factor
     * @return LAPACK's {@code info}
     */
    public static int c64(LapackWorkspace ws, Triangle uplo, int n, float[] a, int aOff, int lda, float[] factor,
            int fOff, int ldf) {
        return cholesky(ws, LapackType.C64, uplo, n, a, aOff, lda, factor, fOff, ldf);
    }

    /** The four entry points' body; the arrays are {@code double[]} or {@code float[]} as {@code type} says. */
    private static int cholesky(LapackWorkspace ws, LapackType type, Triangle uplo, int n, Object a, int aOff,
            int lda, Object factor, int fOff, int ldf) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, n, n, type.scalarsPerElement());
        int info = ws.run(0, LapackWorkspace.Query.NONE, Cholesky::potrf, type, uplo.code(), n, n, 0);
        if (info == 0) {
            ws.a.readTrapezoid(uplo == Triangle.UPPER, n, factor, fOff, ldf, n, n, type.scalarsPerElement());
        }
        return info;
    }

    /** {@link LapackWorkspace.Call}: {@code ?potrf} with {@code UPLO = job} on the A in block {@code a}. */
    private static void potrf(LapackWorkspace ws, LapackType type, int job, int n, int unused, int none, int lwork,
            int lrwork, int liwork) {
        Pointer code = ws.code((char) job);
        Pointer pn = ws.arg(N, n);
        Pointer lda = ws.arg(LDA, Math.max(1, n));
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        switch (type) {
            case F32:
                LapackNative.spotrf(code, pn, a, lda, info, 1);
                break;
            case F64:
                LapackNative.dpotrf(code, pn, a, lda, info, 1);
                break;
            case C64:
                LapackNative.cpotrf(code, pn, a, lda, info, 1);
                break;
            default:
                LapackNative.zpotrf(code, pn, a, lda, info, 1);
                break;
        }
    }
}
