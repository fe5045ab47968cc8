package org.ferrite.cpu.internal.linalg.dense;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.svd.SvdImplicitQrDecompose_DDRM;
import org.ferrite.cpu.internal.linalg.option.SvdJob;

/**
 * Singular value decomposition {@code A = U·diag(S)·Vᴴ} of an {@code m × n} matrix, {@code k = min(m, n)},
 * for the four floating dtypes (LAPACK names: {@code d} F64, {@code s} F32, {@code z} C128, {@code c}
 * C64).
 *
 * <p>Shapes (see {@link SvdJob}): {@code S} has {@code k} real entries, <b>descending and
 * non-negative</b>; thin: {@code U} is {@code m × k}, {@code Vᴴ} is {@code k × n}; full: {@code U} is
 * {@code m × m}, {@code Vᴴ} is {@code n × n}; values only: {@code u} and {@code vt} are neither read nor
 * written (they may be {@code null}) and neither factor is ever formed. Arrays are column-major with the
 * layer's offsets (in scalars) and leading dimensions (in elements): {@code lda ≥ max(1, m)},
 * {@code ldu ≥ max(1, m)}, {@code ldvt ≥ max(1, rows of Vᴴ)}. {@code A} is read and never written;
 * {@code S}, {@code U}, {@code Vᴴ} are written; none may overlap another. No sign or phase gauge is
 * applied: a pair of singular vectors is unique only up to a common unit factor, and the one returned
 * is the algorithm's.
 *
 * <p>Algorithms. Real ({@code d}, {@code s}): the embedded EJML's implicit-QR SVD
 * ({@code SvdImplicitQrDecompose_DDRM}: Householder bidiagonalisation, or a QR first for tall
 * values-only problems, then implicit-shift QR on the bidiagonal); EJML's values are unordered, so the
 * adapter sorts them and permutes the vectors; as LAPACK's drivers, it first scales {@code A} into a safe
 * range ({@link SafeRange}) and unscales {@code S}. Complex ({@code z}, {@code c}): Ferrite's own
 * {@code zgesvd}-style kernel ({@link ComplexSvd}); a wide matrix is decomposed as {@code Aᴴ}.
 * Single precision is computed in double precision and rounded once on output, so {@code s}/{@code c}
 * results are correctly rounded versions of the double-precision ones — more accurate than LAPACK's
 * {@code sgesdd}, at the cost of double-precision speed.
 *
 * <p>{@code info}: 0 on success; {@code k} if {@code A} contains NaN or an infinity (then {@code S},
 * {@code U} and {@code Vᴴ} are filled with NaN without iterating); for the complex kernel, otherwise the
 * number of superdiagonals of the bidiagonal form that did not converge; for EJML, {@code k} when it
 * reports no convergence (it does not say how many). On {@code info > 0} the outputs are unspecified.
 *
 * <p>Thread-safe (stateless); each call uses the caller's {@link DenseWorkspace}, which must not be
 * shared between threads.
 */
public final class DenseSvd {
    private DenseSvd() {
    }

    /**
     * F64 SVD. Parameters as in {@link #zgesvd}, real.
     *
     * @param job what to compute
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param s receives {@code S} ({@code k} entries)
     * @param sOff offset of {@code S[0]}
     * @param u receives {@code U} (unless values only)
     * @param uOff offset of {@code U[0, 0]}
     * @param ldu leading dimension of {@code U}
     * @param vt receives {@code Vᴴ} (unless values only)
     * @param vtOff offset of {@code Vᴴ[0, 0]}
     * @param ldvt leading dimension of {@code Vᴴ}
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int dgesvd(SvdJob job, int m, int n, double[] a, int aOff, int lda, double[] s, int sOff,
            double[] u, int uOff, int ldu, double[] vt, int vtOff, int ldvt, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(s, sOff, 1);
        if (job != SvdJob.VALUES) {
            ws.callerC.of(u, uOff, ldu);
            ws.callerD.of(vt, vtOff, ldvt);
        }
        return realSvd(job, m, n, ws);
    }

    /**
     * F32 SVD, computed in double precision. Parameters as in {@link #dgesvd}.
     *
     * @param job what to compute
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param s receives {@code S} ({@code k} entries)
     * @param sOff offset of {@code S[0]}
     * @param u receives {@code U} (unless values only)
     * @param uOff offset of {@code U[0, 0]}
     * @param ldu leading dimension of {@code U}
     * @param vt receives {@code Vᴴ} (unless values only)
     * @param vtOff offset of {@code Vᴴ[0, 0]}
     * @param ldvt leading dimension of {@code Vᴴ}
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int sgesvd(SvdJob job, int m, int n, float[] a, int aOff, int lda, float[] s, int sOff,
            float[] u, int uOff, int ldu, float[] vt, int vtOff, int ldvt, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(s, sOff, 1);
        if (job != SvdJob.VALUES) {
            ws.callerC.of(u, uOff, ldu);
            ws.callerD.of(vt, vtOff, ldvt);
        }
        return realSvd(job, m, n, ws);
    }

    /**
     * C128 SVD: {@code A[i, j]} at {@code a[aOff + 2(i + j·lda)]} (real) and {@code +1} (imaginary);
     * {@code S} real.
     *
     * @param job what to compute
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param s receives {@code S} ({@code k} real entries)
     * @param sOff offset of {@code S[0]}
     * @param u receives {@code U} (unless values only)
     * @param uOff offset of {@code U[0, 0]}, in scalars
     * @param ldu leading dimension of {@code U}, in elements
     * @param vt receives {@code Vᴴ} (unless values only)
     * @param vtOff offset of {@code Vᴴ[0, 0]}, in scalars
     * @param ldvt leading dimension of {@code Vᴴ}, in elements
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int zgesvd(SvdJob job, int m, int n, double[] a, int aOff, int lda, double[] s, int sOff,
            double[] u, int uOff, int ldu, double[] vt, int vtOff, int ldvt, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(s, sOff, 1);
        if (job != SvdJob.VALUES) {
            ws.callerC.of(u, uOff, ldu);
            ws.callerD.of(vt, vtOff, ldvt);
        }
        return complexSvd(job, m, n, ws);
    }

    /**
     * C64 SVD, computed in double precision. Parameters as in {@link #zgesvd}.
     *
     * @param job what to compute
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param s receives {@code S} ({@code k} real entries)
     * @param sOff offset of {@code S[0]}
     * @param u receives {@code U} (unless values only)
     * @param uOff offset of {@code U[0, 0]}, in scalars
     * @param ldu leading dimension of {@code U}, in elements
     * @param vt receives {@code Vᴴ} (unless values only)
     * @param vtOff offset of {@code Vᴴ[0, 0]}, in scalars
     * @param ldvt leading dimension of {@code Vᴴ}, in elements
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int cgesvd(SvdJob job, int m, int n, float[] a, int aOff, int lda, float[] s, int sOff,
            float[] u, int uOff, int ldu, float[] vt, int vtOff, int ldvt, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(s, sOff, 1);
        if (job != SvdJob.VALUES) {
            ws.callerC.of(u, uOff, ldu);
            ws.callerD.of(vt, vtOff, ldvt);
        }
        return complexSvd(job, m, n, ws);
    }

    /** The layer's preconditions on the four arguments, checked before the first write. */
    private static boolean argumentsFit(SvdJob job, int m, int n, int scalars, DenseWorkspace ws) {
        boolean vectors = job != SvdJob.VALUES;
        return ws.callerA.fits(m, n, scalars) && ws.callerB.fits(Math.min(m, n), 1, 1)
                && (!vectors || ws.callerC.fits(m, job.uColumns(m, n), scalars))
                && (!vectors || ws.callerD.fits(job.vtRows(m, n), n, scalars));
    }

    /** Writes the trivial results of an empty matrix; returns whether {@code k == 0}. */
    private static boolean empty(SvdJob job, int m, int n, int scalars, DenseWorkspace ws) {
        if (Math.min(m, n) > 0) {
            return false;
        }
        if (job == SvdJob.FULL) {
            ws.callerC.identity(m, m, scalars);
            ws.callerD.identity(n, n, scalars);
        }
        return true;
    }

    /** NaN outputs for non-finite input. */
    private static int nonFinite(SvdJob job, int m, int n, int scalars, DenseWorkspace ws) {
        int k = Math.min(m, n);
        ws.callerB.fillNaN(k, 1, 1);
        if (job != SvdJob.VALUES) {
            ws.callerC.fillNaN(m, job.uColumns(m, n), scalars);
            ws.callerD.fillNaN(job.vtRows(m, n), n, scalars);
        }
        return k;
    }

    private static int complexSvd(SvdJob job, int m, int n, DenseWorkspace ws) {
        try {
            assert argumentsFit(job, m, n, 2, ws);
            if (empty(job, m, n, 2, ws)) {
                return 0;
            }
            boolean tall = m >= n;
            int rows = tall ? m : n;
            int cols = tall ? n : m;
            double[] w = ws.matrix(2 * m * n);
            if (tall) {
                ws.callerA.load(m, n, 2, w);
            } else {
                ws.callerA.loadConjugateTranspose(m, n, w);
            }
            if (Storage.hasNonFinite(2 * m * n, w, 0)) {
                return nonFinite(job, m, n, 2, ws);
            }
            boolean vectors = job != SvdJob.VALUES;
            // A wide A = Bᴴ with B = U_B·Σ·V_Bᴴ: U_A = V_B and Vᴴ_A = U_Bᴴ.
            int uCols = tall ? job.uColumns(m, n) : job.vtRows(m, n);
            int info = ComplexSvd.decompose(rows, cols, w, uCols, vectors, ws);
            ws.callerB.storeVector(cols, ws.diagonal(cols));
            if (vectors) {
                double[] left = ws.left(0);
                double[] right = ws.right(0);
                if (tall) {
                    ws.callerC.store(m, uCols, 2, left, m);
                    ws.callerD.storeConjugateTranspose(n, n, right, n);
                } else {
                    ws.callerC.store(m, m, 2, right, m);
                    ws.callerD.storeConjugateTranspose(uCols, n, left, n);
                }
            }
            return info;
        } finally {
            ws.release();
        }
    }

    private static int realSvd(SvdJob job, int m, int n, DenseWorkspace ws) {
        try {
            assert argumentsFit(job, m, n, 1, ws);
            if (empty(job, m, n, 1, ws)) {
                return 0;
            }
            int k = Math.min(m, n);
            double[] w = ws.matrix(m * n);
            ws.callerA.load(m, n, 1, w);
            if (Storage.hasNonFinite(m * n, w, 0)) {
                return nonFinite(job, m, n, 1, ws);
            }
            double scale = SafeRange.scale(m * n, 1, w, SafeRange.LOW, SafeRange.HIGH);
            DMatrixRMaj in = ws.ejml.realInput(m, n);
            EjmlCopies.toRowMajor(m, n, 1, w, in.data);
            SvdImplicitQrDecompose_DDRM svd = ws.ejml.realSvd(job);
            if (!svd.decompose(in)) {
                return k;
            }
            double[] values = svd.getSingularValues();
            int[] order = ws.indices(k);
            EjmlCopies.order(k, values, true, order);
            double[] sorted = ws.diagonal(k);
            for (int i = 0; i < k; i++) {
                sorted[i] = values[order[i]];
            }
            SafeRange.undo(k, scale, sorted);
            ws.callerB.storeVector(k, sorted);
            if (job != SvdJob.VALUES) {
                int uCols = job.uColumns(m, n);
                int vtRows = job.vtRows(m, n);
                // EJML's Uᵀ (row-major) is U column-major; its Vᵀ row r is column r of V.
                double[] ut = svd.getU(null, true).data;
                double[] u = ws.left(m * uCols);
                for (int j = 0; j < uCols; j++) {
                    System.arraycopy(ut, (j < k ? order[j] : j) * m, u, j * m, m);
                }
                ws.callerC.store(m, uCols, 1, u, m);
                double[] vtRowMajor = svd.getV(null, true).data;
                double[] vt = ws.right(vtRows * n);
                for (int i = 0; i < vtRows; i++) {
                    int src = (i < k ? order[i] : i) * n;
                    for (int j = 0; j < n; j++) {
                        vt[i + j * vtRows] = vtRowMajor[src + j];
                    }
                }
                ws.callerD.store(vtRows, n, 1, vt, vtRows);
            }
            return 0;
        } finally {
            ws.release();
        }
    }
}
