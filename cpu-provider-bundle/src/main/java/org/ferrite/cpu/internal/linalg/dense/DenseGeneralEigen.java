package org.ferrite.cpu.internal.linalg.dense;

/**
 * Eigenvalues and right eigenvectors of a general {@code n × n} matrix, {@code A·V = V·diag(W)}, for
 * the four floating dtypes (LAPACK names: {@code dgeev}, {@code sgeev}, {@code zgeev}, {@code cgeev}).
 * The outputs are complex for every input dtype: {@code W} holds {@code n} complex eigenvalues and
 * {@code V} the {@code n × n} complex matrix of eigenvectors, both interleaved (C128 layout in a
 * {@code double[]} for F64/C128 input, C64 layout in a {@code float[]} for F32/C64 input).
 *
 * <p>{@code A} is read and never written ({@code lda ≥ max(1, n)}); {@code W} ({@code 2n} scalars from
 * {@code wOff}) and, with {@code vectors}, {@code V} ({@code ldv ≥ max(1, n)}) are written; without
 * {@code vectors}, {@code v} is neither read nor written (it may be {@code null}) and no vector is
 * formed. Offsets in scalars, leading dimensions in elements; no two may overlap.
 *
 * <p>Order and normalisation. Eigenvalues come in the order of the diagonal of the computed Schur
 * form (the order LAPACK's {@code ?geev} produces: not sorted). For real input, complex eigenvalues
 * come in exactly conjugate pairs, the one with positive imaginary part first, real eigenvalues have
 * imaginary part exactly 0, and the vectors of a pair are exact conjugates. Each eigenvector has unit
 * 2-norm and its largest-modulus component real and positive ({@code zgeev}'s convention, used for real
 * input too; {@code dgeev} makes that component real but leaves its sign). No further gauge.
 * For a defective matrix the vectors of a repeated eigenvalue are nearly parallel, as LAPACK's are.
 *
 * <p>Algorithms, all Ferrite's own (EJML's general eigen-decomposition returns no eigenvectors for
 * complex eigenvalues): complex input — {@link ComplexGeneralEigen} (balancing, Hessenberg reduction,
 * single-shift complex QR, back-substitution); real input — {@link RealGeneralEigen} (balancing,
 * Hessenberg reduction, Francis double-shift QR to the real Schur form, real back-substitution with
 * complex pairs). Single precision is computed in double precision and rounded once.
 *
 * <p>{@code info}: 0 on success; {@code n} for NaN or infinite input ({@code W} and {@code V} filled
 * with NaN without iterating); otherwise {@code i > 0} when the QR algorithm failed to converge:
 * eigenvalues {@code i…n−1} (0-based) are in {@code W}, the rest and {@code V} are unspecified.
 *
 * <p>Thread-safe (stateless); each call uses the caller's {@link DenseWorkspace}.
 */
public final class DenseGeneralEigen {
    private DenseGeneralEigen() {
    }

    /**
     * F64 general eigen-decomposition; {@code W} and {@code V} are complex (interleaved).
     *
     * @param vectors whether to compute {@code V}
     * @param n order
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param w receives {@code W}, interleaved complex ({@code 2n} scalars)
     * @param wOff offset of {@code W[0]}, in scalars
     * @param v receives {@code V}, interleaved complex (unless values only)
     * @param vOff offset of {@code V[0, 0]}, in scalars
     * @param ldv leading dimension of {@code V}, in elements
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int dgeev(boolean vectors, int n, double[] a, int aOff, int lda, double[] w, int wOff, double[] v,
            int vOff, int ldv, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(w, wOff, 1);
        if (vectors) {
            ws.callerC.of(v, vOff, ldv);
        }
        return real(vectors, n, ws);
    }

    /**
     * F32 general eigen-decomposition, computed in double precision; {@code W} and {@code V} are
     * complex (interleaved C64).
     *
     * @param vectors whether to compute {@code V}
     * @param n order
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param w receives {@code W}, interleaved complex ({@code 2n} scalars)
     * @param wOff offset of {@code W[0]}, in scalars
     * @param v receives {@code V}, interleaved complex (unless values only)
     * @param vOff offset of {@code V[0, 0]}, in scalars
     * @param ldv leading dimension of {@code V}, in elements
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int sgeev(boolean vectors, int n, float[] a, int aOff, int lda, float[] w, int wOff, float[] v,
            int vOff, int ldv, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(w, wOff, 1);
        if (vectors) {
            ws.callerC.of(v, vOff, ldv);
        }
        return real(vectors, n, ws);
    }

    /**
     * C128 general eigen-decomposition.
     *
     * @param vectors whether to compute {@code V}
     * @param n order
     * @param a {@code A}, interleaved, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param w receives {@code W}, interleaved
     * @param wOff offset of {@code W[0]}, in scalars
     * @param v receives {@code V}, interleaved (unless values only)
     * @param vOff offset of {@code V[0, 0]}, in scalars
     * @param ldv leading dimension of {@code V}, in elements
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int zgeev(boolean vectors, int n, double[] a, int aOff, int lda, double[] w, int wOff, double[] v,
            int vOff, int ldv, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(w, wOff, 1);
        if (vectors) {
            ws.callerC.of(v, vOff, ldv);
        }
        return complex(vectors, n, ws);
    }

    /**
     * C64 general eigen-decomposition, computed in double precision.
     *
     * @param vectors whether to compute {@code V}
     * @param n order
     * @param a {@code A}, interleaved, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param w receives {@code W}, interleaved
     * @param wOff offset of {@code W[0]}, in scalars
     * @param v receives {@code V}, interleaved (unless values only)
     * @param vOff offset of {@code V[0, 0]}, in scalars
     * @param ldv leading dimension of {@code V}, in elements
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int cgeev(boolean vectors, int n, float[] a, int aOff, int lda, float[] w, int wOff, float[] v,
            int vOff, int ldv, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(w, wOff, 1);
        if (vectors) {
            ws.callerC.of(v, vOff, ldv);
        }
        return complex(vectors, n, ws);
    }

    private static int nonFinite(boolean vectors, int n, DenseWorkspace ws) {
        ws.callerB.fillNaN(2 * n, 1, 1);
        if (vectors) {
            ws.callerC.fillNaN(n, n, 2);
        }
        return n;
    }

    private static int real(boolean vectors, int n, DenseWorkspace ws) {
        try {
            assert ws.callerA.fits(n, n, 1) && ws.callerB.fits(2 * n, 1, 1) && (!vectors || ws.callerC.fits(n, n, 2));
            if (n == 0) {
                return 0;
            }
            double[] x = ws.matrix(n * n);
            ws.callerA.load(n, n, 1, x);
            if (Storage.hasNonFinite(n * n, x, 0)) {
                return nonFinite(vectors, n, ws);
            }
            int info = RealGeneralEigen.decompose(n, x, vectors, ws);
            ws.callerB.storeVector(2 * n, ws.values(0));
            if (vectors && info == 0) {
                ws.callerC.store(n, n, 2, ws.right(0), n);
            }
            return info;
        } finally {
            ws.release();
        }
    }

    private static int complex(boolean vectors, int n, DenseWorkspace ws) {
        try {
            assert ws.callerA.fits(n, n, 2) && ws.callerB.fits(2 * n, 1, 1) && (!vectors || ws.callerC.fits(n, n, 2));
            if (n == 0) {
                return 0;
            }
            double[] x = ws.matrix(2 * n * n);
            ws.callerA.load(n, n, 2, x);
            if (Storage.hasNonFinite(2 * n * n, x, 0)) {
                return nonFinite(vectors, n, ws);
            }
            int info = ComplexGeneralEigen.decompose(n, x, vectors, ws);
            ws.callerB.storeVector(2 * n, ws.values(0));
            if (vectors && info == 0) {
                ws.callerC.store(n, n, 2, ws.left(0), n);
            }
            return info;
        } finally {
            ws.release();
        }
    }
}
