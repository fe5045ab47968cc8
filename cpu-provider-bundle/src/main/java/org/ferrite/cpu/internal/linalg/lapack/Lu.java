package org.ferrite.cpu.internal.linalg.lapack;

import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDA;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.M;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.N;

import com.sun.jna.Pointer;

/**
 * LU factorisation with partial pivoting ({@code ?getrf}): {@code A = P·L·U} for an {@code m × n}
 * matrix A, {@code k = min(m, n)}. Thread-safe (stateless; the workspace is not).
 *
 * <p>Outputs: {@code lu}, an {@code m × n} matrix holding L strictly below the diagonal (its unit
 * diagonal is implicit; L is {@code m × k}) and U on and above it (U is {@code k × n});
 * {@code ipiv}, {@code k} <b>0-based</b> row interchanges in LAPACK's convention: for
 * {@code i = 0 … k−1} in order, row {@code i} was swapped with row {@code ipiv[i] ≥ i}. P is the
 * product of those swaps ({@code det P = (−1)^(number of i with ipiv[i] ≠ i)}).
 *
 * <p>Arrays: {@code a} is read only (copied into the workspace first), so {@code lu} may be the same
 * array region as {@code a} (an in-place factorisation).
 *
 * <p>{@code info}: 0 on success; {@code i > 0} {@code U[i−1, i−1]} is exactly zero — the factorisation
 * is complete and <b>is written</b> (U is singular: a solve with it would divide by zero, its
 * determinant is 0). NaN input propagates into the factors with {@code info = 0} (or the index of an
 * exact zero pivot met first).
 */
public final class Lu {
    private Lu() {
    }

    /**
     * F64 LU; see the class documentation.
     *
     * @param ws the workspace
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A ({@code ≥ max(1, m)})
     * @param lu the packed factors, written
     * @param luOff offset of LU(0, 0)
     * @param ldlu leading dimension of LU
     * @param ipiv the 0-based pivots, {@code k} written
     * @param ipivOff offset of ipiv(0)
     * @return LAPACK's {@code info}
     */
    public static int f64(LapackWorkspace ws, int m, int n, double[] a, int aOff, int lda, double[] lu, int luOff,
            int ldlu, int[] ipiv, int ipivOff) {
        return lu(ws, LapackType.F64, m, n, a, aOff, lda, lu, luOff, ldlu, ipiv, ipivOff);
    }

    /**
     * C128 LU: as {@link #f64}, interleaved complex (offsets in scalars, leading dimensions in elements).
     *
     * @param ws the workspace
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param lu the packed factors, written
     * @param luOff offset of LU(0, 0)
     * @param ldlu leading dimension of LU
     * @param ipiv the 0-based pivots, {@code k} written
     * @param ipivOff offset of ipiv(0)
     * @return LAPACK's {@code info}
     */
    public static int c128(LapackWorkspace ws, int m, int n, double[] a, int aOff, int lda, double[] lu, int luOff,
            int ldlu, int[] ipiv, int ipivOff) {
        return lu(ws, LapackType.C128, m, n, a, aOff, lda, lu, luOff, ldlu, ipiv, ipivOff);
    }

    /**
     * F32 LU: as {@link #f64} in single precision.
     *
     * @param ws the workspace
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param lu the packed factors, written
     * @param luOff offset of LU(0, 0)
     * @param ldlu leading dimension of LU
     * @param ipiv the 0-based pivots, {@code k} written
     * @param ipivOff offset of ipiv(0)
     * @return LAPACK's {@code info}
     */
    public static int f32(LapackWorkspace ws, int m, int n, float[] a, int aOff, int lda, float[] lu, int luOff,
            int ldlu, int[] ipiv, int ipivOff) {
        return lu(ws, LapackType.F32, m, n, a, aOff, lda, lu, luOff, ldlu, ipiv, ipivOff);
    }

    /**
     * C64 LU: as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param m rows of A
     * @param n columns of A
     * @param a A, read
     * @param aOff offset of A(0, 0)
     * @param lda leading dimension of A
     * @param lu the packed factors, written
     * @param luOff offset of LU(0, 0)
     * @param ldlu leading dimension of LU
     * @param ipiv the 0-based pivots, {@code k} written
     * @param ipivOff offset of ipiv(0)
     * @return LAPACK's {@code info}
     */
    public static int c64(LapackWorkspace ws, int m, int n, float[] a, int aOff, int lda, float[] lu, int luOff,
            int ldlu, int[] ipiv, int ipivOff) {
        return lu(ws, LapackType.C64, m, n, a, aOff, lda, lu, luOff, ldlu, ipiv, ipivOff);
    }

    /** The four entry points' body; the arrays are {@code double[]} or {@code float[]} as {@code type} says. */
    private static int lu(LapackWorkspace ws, LapackType type, int m, int n, Object a, int aOff, int lda,
            Object lu, int luOff, int ldlu, int[] ipiv, int ipivOff) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, m, n, type.scalarsPerElement());
        int info = getrf(ws, type, m, n);
        ws.a.read(m, lu, luOff, ldlu, m, n, type.scalarsPerElement());
        ws.ipiv.readInts(ipiv, ipivOff, Math.min(m, n), -1);
        return info;
    }

    /**
     * Runs {@code ?getrf} on the {@code m × n} A in block {@code a} (leading dimension {@code m});
     * the 1-based pivots stay in block {@code ipiv}.
     *
     * @param ws the workspace, holding A
     * @param type the scalar type
     * @param m rows
     * @param n columns
     * @return LAPACK's {@code info}
     */
    static int getrf(LapackWorkspace ws, LapackType type, int m, int n) {
        ws.ipiv.ensure((long) Math.min(m, n) * Integer.BYTES);
        return ws.run(0, LapackWorkspace.Query.NONE, Lu::getrf, type, 0, m, n, 0);
    }

    /** {@link LapackWorkspace.Call}: {@code ?getrf}. */
    private static void getrf(LapackWorkspace ws, LapackType type, int job, int m, int n, int k, int lwork,
            int lrwork, int liwork) {
        Pointer pm = ws.arg(M, m);
        Pointer pn = ws.arg(N, n);
        Pointer lda = ws.arg(LDA, Math.max(1, m));
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        Pointer ipiv = ws.ipiv.pointer();
        switch (type) {
            case F32:
                LapackNative.sgetrf(pm, pn, a, lda, ipiv, info);
                break;
            case F64:
                LapackNative.dgetrf(pm, pn, a, lda, ipiv, info);
                break;
            case C64:
                LapackNative.cgetrf(pm, pn, a, lda, ipiv, info);
                break;
            default:
                LapackNative.zgetrf(pm, pn, a, lda, ipiv, info);
                break;
        }
    }
}
