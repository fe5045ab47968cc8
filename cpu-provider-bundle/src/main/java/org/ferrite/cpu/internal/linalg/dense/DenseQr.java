package org.ferrite.cpu.internal.linalg.dense;

import org.ferrite.cpu.internal.linalg.option.QrMode;

/**
 * Householder QR factorisation {@code A = Q·R} of an {@code m × n} matrix, {@code k = min(m, n)}, for
 * the four floating dtypes. Shapes (see {@link QrMode}): {@code R} is {@code k × n} upper trapezoidal
 * ({@code m × n}, zero below row {@code k}, for {@link QrMode#COMPLETE}); {@code Q} is {@code m × k}
 * with orthonormal columns ({@link QrMode#REDUCED}) or {@code m × m} unitary
 * ({@link QrMode#COMPLETE}); with {@link QrMode#R_ONLY} {@code q} is neither read nor written (it may be
 * {@code null}) and {@code Q} is never formed. All of {@code R} is written, zeros included.
 *
 * <p>{@code A} is read and never written ({@code lda ≥ max(1, m)}); {@code ldq ≥ max(1, m)},
 * {@code ldr ≥ max(1, rows of R)}; offsets in scalars, leading dimensions in elements; no two may
 * overlap. No gauge: the signs (phases) of {@code R}'s diagonal are the algorithm's; EJML's reflectors
 * may give a different sign per column than LAPACK's {@code ?geqrf}.
 *
 * <p>Algorithm: the embedded EJML's {@code QRDecompositionHouseholderColumn} (column-oriented
 * Householder QR) for every dtype (real {@code DDRM} for {@code d}/{@code s}, complex {@code ZDRM} for
 * {@code z}/{@code c}); the adapter transposes {@code A} into EJML's row-major matrix and {@code Q},
 * {@code R} back. Single precision is computed in double precision and rounded once. {@code info} is
 * always 0 (Householder QR cannot fail; NaN propagates).
 *
 * <p>Thread-safe (stateless); each call uses the caller's {@link DenseWorkspace}.
 */
public final class DenseQr {
    private DenseQr() {
    }

    /**
     * F64 QR factorisation.
     *
     * @param mode what to form
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param q receives {@code Q} (unless {@link QrMode#R_ONLY})
     * @param qOff offset of {@code Q[0, 0]}
     * @param ldq leading dimension of {@code Q}
     * @param r receives {@code R}
     * @param rOff offset of {@code R[0, 0]}
     * @param ldr leading dimension of {@code R}
     * @param ws workspace
     * @return 0
     */
    public static int dgeqr(QrMode mode, int m, int n, double[] a, int aOff, int lda, double[] q, int qOff, int ldq,
            double[] r, int rOff, int ldr, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(r, rOff, ldr);
        if (mode != QrMode.R_ONLY) {
            ws.callerC.of(q, qOff, ldq);
        }
        return factor(1, mode, m, n, ws);
    }

    /**
     * F32 QR factorisation, computed in double precision.
     *
     * @param mode what to form
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param q receives {@code Q} (unless {@link QrMode#R_ONLY})
     * @param qOff offset of {@code Q[0, 0]}
     * @param ldq leading dimension of {@code Q}
     * @param r receives {@code R}
     * @param rOff offset of {@code R[0, 0]}
     * @param ldr leading dimension of {@code R}
     * @param ws workspace
     * @return 0
     */
    public static int sgeqr(QrMode mode, int m, int n, float[] a, int aOff, int lda, float[] q, int qOff, int ldq,
            float[] r, int rOff, int ldr, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(r, rOff, ldr);
        if (mode != QrMode.R_ONLY) {
            ws.callerC.of(q, qOff, ldq);
        }
        return factor(1, mode, m, n, ws);
    }

    /**
     * C128 QR factorisation (interleaved).
     *
     * @param mode what to form
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param q receives {@code Q} (unless {@link QrMode#R_ONLY})
     * @param qOff offset of {@code Q[0, 0]}, in scalars
     * @param ldq leading dimension of {@code Q}, in elements
     * @param r receives {@code R}
     * @param rOff offset of {@code R[0, 0]}, in scalars
     * @param ldr leading dimension of {@code R}, in elements
     * @param ws workspace
     * @return 0
     */
    public static int zgeqr(QrMode mode, int m, int n, double[] a, int aOff, int lda, double[] q, int qOff, int ldq,
            double[] r, int rOff, int ldr, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(r, rOff, ldr);
        if (mode != QrMode.R_ONLY) {
            ws.callerC.of(q, qOff, ldq);
        }
        return factor(2, mode, m, n, ws);
    }

    /**
     * C64 QR factorisation (interleaved), computed in double precision.
     *
     * @param mode what to form
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param q receives {@code Q} (unless {@link QrMode#R_ONLY})
     * @param qOff offset of {@code Q[0, 0]}, in scalars
     * @param ldq leading dimension of {@code Q}, in elements
     * @param r receives {@code R}
     * @param rOff offset of {@code R[0, 0]}, in scalars
     * @param ldr leading dimension of {@code R}, in elements
     * @param ws workspace
     * @return 0
     */
    public static int cgeqr(QrMode mode, int m, int n, float[] a, int aOff, int lda, float[] q, int qOff, int ldq,
            float[] r, int rOff, int ldr, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(r, rOff, ldr);
        if (mode != QrMode.R_ONLY) {
            ws.callerC.of(q, qOff, ldq);
        }
        return factor(2, mode, m, n, ws);
    }

    /** The layer's preconditions on the three arguments, checked before the first write. */
    private static boolean argumentsFit(QrMode mode, int m, int n, int scalars, DenseWorkspace ws) {
        return ws.callerA.fits(m, n, scalars) && ws.callerB.fits(mode.rRows(m, n), n, scalars)
                && (mode == QrMode.R_ONLY || ws.callerC.fits(m, mode.qColumns(m, n), scalars));
    }

    /** {@code k = 0}: {@code R} has no entries; a complete {@code Q} is {@code I}. */
    private static boolean empty(QrMode mode, int m, int n, int scalars, DenseWorkspace ws) {
        if (Math.min(m, n) > 0) {
            return false;
        }
        if (mode == QrMode.COMPLETE) {
            ws.callerC.identity(m, m, scalars);
        }
        return true;
    }

    private static int factor(int scalars, QrMode mode, int m, int n, DenseWorkspace ws) {
        try {
            assert argumentsFit(mode, m, n, scalars, ws);
            if (empty(mode, m, n, scalars, ws)) {
                return 0;
            }
            int rRows = mode.rRows(m, n);
            int qCols = mode.qColumns(m, n);
            double[] w = ws.matrix(scalars * m * n);
            double[] r = ws.right(scalars * rRows * n);
            double[] q = ws.left(scalars * m * qCols);
            ws.callerA.load(m, n, scalars, w);
            ws.ejml.qr(scalars, m, n, w, rRows, r, qCols, q);
            ws.callerB.store(rRows, n, scalars, r, rRows);
            if (qCols > 0) {
                ws.callerC.store(m, qCols, scalars, q, m);
            }
            return 0;
        } finally {
            ws.release();
        }
    }
}
