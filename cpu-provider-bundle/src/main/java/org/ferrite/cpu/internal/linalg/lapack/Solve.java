package org.ferrite.cpu.internal.linalg.lapack;

import org.ferrite.cpu.internal.linalg.option.Transpose;

/**
 * Linear solve {@code op(A)·X = B} for a square {@code n × n} A and {@code nrhs} right-hand sides, by
 * LU with partial pivoting ({@code ?getrf} then {@code ?getrs}, as {@code ?gesv} and NumPy's
 * {@code solve} do), without copying the factors out between the two. Thread-safe (stateless; the
 * workspace is not).
 *
 * <p>Arrays: {@code a} ({@code n × n}) and {@code b} ({@code n × nrhs}) are read only; both are copied
 * into the workspace before {@code x} ({@code n × nrhs}) is written, so {@code x} may be the same
 * region as {@code b} (or {@code a}).
 *
 * <p>{@code info}: 0 on success; {@code i > 0} {@code U[i−1, i−1]} is exactly zero, A is singular and
 * {@code x} is <b>not</b> written. NaN input gives NaN in {@code x} with {@code info = 0}.
 */
public final class Solve {
    private Solve() {
    }

    /**
     * F64 solve; see the class documentation.
     *
     * @param ws the workspace
     * @param trans {@code op(A)}
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
     * @return {@code ?getrf}'s {@code info}
     */
    public static int f64(LapackWorkspace ws, Transpose trans, int n, int nrhs, double[] a, int aOff, int lda,
            double[] b, int bOff, int ldb, double[] x, int xOff, int ldx) {
        return solve(ws, LapackType.F64, trans, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * C128 solve: as {@link #f64}, interleaved complex (offsets in scalars, leading dimensions in
     * elements).
     *
     * @param ws the workspace
     * @param trans {@code op(A)}
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
     * @return {@code ?getrf}'s {@code info}
     */
    public static int c128(LapackWorkspace ws, Transpose trans, int n, int nrhs, double[] a, int aOff, int lda,
            double[] b, int bOff, int ldb, double[] x, int xOff, int ldx) {
        return solve(ws, LapackType.C128, trans, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * F32 solve: as {@link #f64} in single precision.
     *
     * @param ws the workspace
     * @param trans {@code op(A)}
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
     * @return {@code ?getrf}'s {@code info}
     */
    public static int f32(LapackWorkspace ws, Transpose trans, int n, int nrhs, float[] a, int aOff, int lda,
            float[] b, int bOff, int ldb, float[] x, int xOff, int ldx) {
        return solve(ws, LapackType.F32, trans, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx);
    }

    /**
     * C64 solve: as {@link #c128} in single precision.
     *
     * @param ws the workspace
     * @param trans {@code op(A)}
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
     * @return {@code ?getrf}'s {@code info}
     */
    public static int c64(LapackWorkspace ws, Transpose trans, int n, int nrhs, float[] a, int aOff, int lda,
            float[] b, int bOff, int ldb, float[] x, int xOff, int ldx) {
        return solve(ws, LapackType.C64, trans, n, nrhs, a, aOff, lda, b, bOff, ldb, x, xOff, ldx);
    }

    /** The four entry points' body; the arrays are {@code double[]} or {@code float[]} as {@code type} says. */
    private static int solve(LapackWorkspace ws, LapackType type, Transpose trans, int n, int nrhs, Object a,
            int aOff, int lda, Object b, int bOff, int ldb, Object x, int xOff, int ldx) {
        ws.requireOpen();
        ws.a.write(a, aOff, lda, n, n, type.scalarsPerElement());
        ws.b.write(b, bOff, ldb, n, nrhs, type.scalarsPerElement());
        int info = staged(ws, type, trans, n, nrhs);
        if (info == 0) {
            ws.b.read(n, x, xOff, ldx, n, nrhs, type.scalarsPerElement());
        }
        return info;
    }

    /**
     * Runs {@code ?getrf} and {@code ?getrs} on the A and B staged in the workspace
     * ({@link LapackWorkspace#stageA}, {@link LapackWorkspace#stageB}); X replaces B there.
     *
     * @param ws the workspace, holding A and B
     * @param type the scalar type they were staged as
     * @param trans {@code op(A)}
     * @param n order of A
     * @param nrhs columns of B
     * @return {@code ?getrf}'s {@code info} (the solve is skipped when it is not 0)
     */
    static int staged(LapackWorkspace ws, LapackType type, Transpose trans, int n, int nrhs) {
        ws.requireOpen();
        int info = Lu.getrf(ws, type, n, n);
        return info != 0 ? info : LuSolve.getrs(ws, type, trans, n, nrhs);
    }
}
