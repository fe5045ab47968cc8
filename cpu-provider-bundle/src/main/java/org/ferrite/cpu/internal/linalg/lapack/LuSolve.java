package org.ferrite.cpu.internal.linalg.lapack;

import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDA;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.LDB;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.N;
import static org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace.NRHS;

import com.sun.jna.Pointer;
import org.ferrite.cpu.internal.linalg.option.Transpose;

/**
 * Solve with given LU factors ({@code ?getrs}): {@code op(A)·X = B} where {@code A = P·L·U} is the
 * {@code n × n} factorisation {@link Lu} produced, {@code op} one of {@link Transpose}, and B has
 * {@code nrhs} columns. Thread-safe (stateless; the workspace is not).
 *
 * <p>Arrays: {@code lu} ({@code n × n}), {@code ipiv} ({@code n} 0-based pivots, as {@link Lu} writes
 * them) and {@code b} ({@code n × nrhs}) are read only; they are copied into the workspace before
 * {@code x} ({@code n × nrhs}) is written, so {@code x} may be the same region as {@code b}.
 *
 * <p>{@code info} is always 0: {@code ?getrs} does not check the factors. A factor with a zero pivot
 * (an {@link Lu} {@code info > 0}) yields infinities or NaN; use {@link Solve} to have singularity
 * reported.
 */
public final class LuSolve {
    private LuSolve() {
    }

    /**
     * F64 solve with LU factors; see the class documentation.
     *
     * @param ws the workspace
     * @param trans {@code op(A)}
     * @param n order of A
     * @param nrhs columns of B
     * @param lu the packed factors, read
     * @param luOff offset of LU(0, 0)
     * @param ldlu leading dimension of LU ({@code ≥ max(1, n)})
     * @param ipiv the 0-based pivots, read
     * @param ipivOff offset of ipiv(0)
     * @param b B, read
     * @param bOff offset of B(0, 0)
     * @param ldb leading dimension of B
     * @param x X, written
     * @param xOff offset of X(0, 0)
     * @param ldx leading dimension of X
     * @return LAPACK's {@code info}
     */
    public static int f64(LapackWorkspace ws, Transpose trans, int n, int nrhs, double[] lu, int luOff, int ldlu,
            int[] ipiv, int ipivOff, double[] b, int bOff, int ldb, double[] x, int xOff, int ldx) {
        return solve(ws, LapackType.F64, trans, n, nrhs, lu, luOff, ldlu, ipiv, ipivOff, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * C128 solve with LU factors: as {@link #f64}, interleaved complex.
     *
     * @param ws the workspace
     * @param trans {@code op(A)}
     * @param n order of A
     * @param nrhs columns of B
     * @param lu the packed factors, read
     * @param luOff offset of LU(0, 0), in scalars
     * @param ldlu leading dimension of LU, in elements
     * @param ipiv the 0-based pivots, read
     * @param ipivOff offset of ipiv(0)
     * @param b B, read
     * @param bOff offset of B(0, 0), in scalars
     * @param ldb leading dimension of B, in elements
     * @param x X, written
     * @param xOff offset of X(0, 0), in scalars
     * @param ldx leading dimension of X, in elements
     * @return LAPACK's {@code info}
     */
    public static int c128(LapackWorkspace ws, Transpose trans, int n, int nrhs, double[] lu, int luOff, int ldlu,
            int[] ipiv, int ipivOff, double[] b, int bOff, int ldb, double[] x, int xOff, int ldx) {
        return solve(ws, LapackType.C128, trans, n, nrhs, lu, luOff, ldlu, ipiv, ipivOff, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * F32 solve with LU factors: as {@link #f64} in single precision.
     *
     * @param ws the workspace
     * @param trans {@code op(A)}
     * @param n order of A
     * @param nrhs columns of B
     * @param lu the packed factors, read
     * @param luOff offset of LU(0, 0)
     * @param ldlu leading dimension of LU
     * @param ipiv the 0-based pivots, read
     * @param ipivOff offset of ipiv(0)
     * @param b B, read
     * @param bOff offset of B(0, 0)
     * @param ldb leading dimension of B
     * @param x X, written
     * @param xOff offset of X(0, 0)
     * @param ldx leading dimension of X
     * @return LAPACK's {@code info}
     */
    public static int f32(LapackWorkspace ws, Transpose trans, int n, int nrhs, float[] lu, int luOff, int ldlu,
            int[] ipiv, int ipivOff, float[] b, int bOff, int ldb, float[] x, int xOff, int ldx) {
        return solve(ws, LapackType.F32, trans, n, nrhs, lu, luOff, ldlu, ipiv, ipivOff, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * C64 solve with LU factors: as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param trans {@code op(A)}
     * @param n order of A
     * @param nrhs columns of B
     * @param lu the packed factors, read
     * @param luOff offset of LU(0, 0), in scalars
     * @param ldlu leading dimension of LU, in elements
     * @param ipiv the 0-based pivots, read
     * @param ipivOff offset of ipiv(0)
     * @param b B, read
     * @param bOff offset of B(0, 0), in scalars
     * @param ldb leading dimension of B, in elements
     * @param x X, written
     * @param xOff offset of X(0, 0), in scalars
     * @param ldx leading dimension of X, in elements
     * @return LAPACK's {@code info}
     */
    public static int c64(LapackWorkspace ws, Transpose trans, int n, int nrhs, float[] lu, int luOff, int ldlu,
            int[] ipiv, int ipivOff, float[] b, int bOff, int ldb, float[] x, int xOff, int ldx) {
        return solve(ws, LapackType.C64, trans, n, nrhs, lu, luOff, ldlu, ipiv, ipivOff, b, bOff, ldb, x, xOff, ldx);
    }

    /** The four entry points' body; the arrays are {@code double[]} or {@code float[]} as {@code type} says. */
    private static int solve(LapackWorkspace ws, LapackType type, Transpose trans, int n, int nrhs, Object lu,
            int luOff, int ldlu, int[] ipiv, int ipivOff, Object b, int bOff, int ldb, Object x, int xOff,
            int ldx) {
        ws.requireOpen();
        int scalars = type.scalarsPerElement();
        ws.a.write(lu, luOff, ldlu, n, n, scalars);
        ws.ipiv.writeInts(ipiv, ipivOff, n, 1, ws.ints(n));
        ws.b.write(b, bOff, ldb, n, nrhs, scalars);
        int info = getrs(ws, type, trans, n, nrhs);
        ws.b.read(n, x, xOff, ldx, n, nrhs, scalars);
        return info;
    }

    /**
     * Runs {@code ?getrs} with the factors in block {@code a}, the 1-based pivots in block
     * {@code ipiv} and B in block {@code b} (leading dimensions {@code n}); X replaces B.
     *
     * @param ws the workspace
     * @param type the scalar type
     * @param trans {@code op(A)}
     * @param n order
     * @param nrhs right-hand sides
     * @return LAPACK's {@code info}
     */
    static int getrs(LapackWorkspace ws, LapackType type, Transpose trans, int n, int nrhs) {
        return ws.run(0, LapackWorkspace.Query.NONE, LuSolve::getrs, type, trans.code(), n, nrhs, 0);
    }

    /** {@link LapackWorkspace.Call}: {@code ?getrs} with {@code TRANS = job}, {@code n × nrhs} B. */
    private static void getrs(LapackWorkspace ws, LapackType type, int job, int n, int nrhs, int k, int lwork,
            int lrwork, int liwork) {
        Pointer code = ws.code((char) job);
        Pointer pn = ws.arg(N, n);
        Pointer pnrhs = ws.arg(NRHS, nrhs);
        Pointer lda = ws.arg(LDA, Math.max(1, n));
        Pointer ldb = ws.arg(LDB, Math.max(1, n));
        Pointer info = ws.info();
        Pointer a = ws.a.pointer();
        Pointer ipiv = ws.ipiv.pointer();
        Pointer b = ws.b.pointer();
        switch (type) {
            case F32:
                LapackNative.sgetrs(code, pn, pnrhs, a, lda, ipiv, b, ldb, info, 1);
                break;
            case F64:
                LapackNative.dgetrs(code, pn, pnrhs, a, lda, ipiv, b, ldb, info, 1);
                break;
            case C64:
                LapackNative.cgetrs(code, pn, pnrhs, a, lda, ipiv, b, ldb, info, 1);
                break;
            default:
                LapackNative.zgetrs(code, pn, pnrhs, a, lda, ipiv, b, ldb, info, 1);
                break;
        }
    }
}
