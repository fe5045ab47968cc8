package org.ferrite.cpu.internal.linalg.dense;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.eig.SymmetricQRAlgorithmDecomposition_DDRM;
import org.ferrite.cpu.internal.linalg.option.Triangle;

/**
 * Eigen-decomposition of a Hermitian (real: symmetric) {@code n × n} matrix, {@code A = Z·diag(W)·Zᴴ},
 * for the four floating dtypes (LAPACK names: {@code dsyev}, {@code ssyev}, {@code zheev},
 * {@code cheev}).
 *
 * <p>Only the {@code uplo} triangle of {@code A} is read (for complex dtypes the imaginary parts of the
 * diagonal are ignored, as LAPACK does). {@code W} receives the {@code n} real eigenvalues in
 * <b>ascending</b> order. With {@code vectors}, all of {@code A} ({@code n × n}) is overwritten by
 * {@code Z}, whose columns are orthonormal eigenvectors in the order of {@code W}; without,
 * {@code A} is left unchanged and no eigenvector is ever formed. {@code lda ≥ max(1, n)}; offsets in
 * scalars, leading dimensions in elements; {@code W} must not overlap {@code A}. No sign or phase gauge
 * is applied (an eigenvector is unique only up to a unit factor, an eigenspace of a repeated
 * eigenvalue only as a subspace).
 *
 * <p>Algorithms. Real: the embedded EJML's {@code SymmetricQRAlgorithmDecomposition_DDRM}
 * (Householder tridiagonalisation, implicit symmetric QR); its values are unordered, so the adapter
 * sorts them and permutes the vectors; as LAPACK's {@code ?syev}, it first scales {@code A} into a safe range
 * ({@link SafeRange}) and unscales {@code W}. Complex: Ferrite's own {@code zheev}-style kernel
 * ({@link ComplexHermitianEigen}). Single precision is computed in double precision and rounded once.
 *
 * <p>{@code info}: 0 on success; {@code n} for NaN or infinite input in the referenced triangle
 * ({@code W}, and {@code A} when vectors are wanted, are then filled with NaN without iterating); for
 * the complex kernel, otherwise the number of off-diagonal entries of the tridiagonal form that did not
 * converge; for EJML, {@code n} when it reports no convergence. On {@code info > 0} the outputs are
 * unspecified.
 *
 * <p>Thread-safe (stateless); each call uses the caller's {@link DenseWorkspace}.
 */
public final class DenseHermitianEigen {
    private DenseHermitianEigen() {
    }

    /**
     * F64 symmetric eigen-decomposition.
     *
     * @param vectors whether to compute eigenvectors (into {@code A})
     * @param uplo the triangle of {@code A} to read
     * @param n order
     * @param a {@code A}; overwritten by {@code Z} when {@code vectors}
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param w receives the eigenvalues, ascending
     * @param wOff offset of {@code W[0]}
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int dsyev(boolean vectors, Triangle uplo, int n, double[] a, int aOff, int lda, double[] w,
            int wOff, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(w, wOff, 1);
        return real(vectors, uplo, n, ws);
    }

    /**
     * F32 symmetric eigen-decomposition, computed in double precision.
     *
     * @param vectors whether to compute eigenvectors (into {@code A})
     * @param uplo the triangle of {@code A} to read
     * @param n order
     * @param a {@code A}; overwritten by {@code Z} when {@code vectors}
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param w receives the eigenvalues, ascending
     * @param wOff offset of {@code W[0]}
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int ssyev(boolean vectors, Triangle uplo, int n, float[] a, int aOff, int lda, float[] w,
            int wOff, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(w, wOff, 1);
        return real(vectors, uplo, n, ws);
    }

    /**
     * C128 Hermitian eigen-decomposition; {@code W} real.
     *
     * @param vectors whether to compute eigenvectors (into {@code A})
     * @param uplo the triangle of {@code A} to read
     * @param n order
     * @param a {@code A}, interleaved; overwritten by {@code Z} when {@code vectors}
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param w receives the eigenvalues, ascending
     * @param wOff offset of {@code W[0]}
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int zheev(boolean vectors, Triangle uplo, int n, double[] a, int aOff, int lda, double[] w,
            int wOff, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(w, wOff, 1);
        return complex(vectors, uplo, n, ws);
    }

    /**
     * C64 Hermitian eigen-decomposition, computed in double precision; {@code W} real.
     *
     * @param vectors whether to compute eigenvectors (into {@code A})
     * @param uplo the triangle of {@code A} to read
     * @param n order
     * @param a {@code A}, interleaved; overwritten by {@code Z} when {@code vectors}
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param w receives the eigenvalues, ascending
     * @param wOff offset of {@code W[0]}
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int cheev(boolean vectors, Triangle uplo, int n, float[] a, int aOff, int lda, float[] w,
            int wOff, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        ws.callerB.of(w, wOff, 1);
        return complex(vectors, uplo, n, ws);
    }

    /**
     * Loads {@code A} compact and completes it from its {@code uplo} triangle (conjugate mirror, real
     * diagonal), so that the unreferenced triangle is never used.
     *
     * @return whether the referenced triangle holds a NaN or an infinity
     */
    private static boolean loadHermitian(Triangle uplo, int n, int scalars, double[] x, DenseWorkspace ws) {
        ws.callerA.load(n, n, scalars, x);
        boolean lower = uplo == Triangle.LOWER;
        for (int j = 0; j < n; j++) {
            if (scalars == 2) {
                x[2 * (j + j * n) + 1] = 0;
            }
            for (int i = j + 1; i < n; i++) {
                int below = scalars * (i + j * n);
                int above = scalars * (j + i * n);
                int from = lower ? below : above;
                int to = lower ? above : below;
                x[to] = x[from];
                if (scalars == 2) {
                    x[to + 1] = -x[from + 1];
                }
            }
        }
        return Storage.hasNonFinite(scalars * n * n, x, 0);
    }

    private static int nonFinite(boolean vectors, int n, int scalars, DenseWorkspace ws) {
        ws.callerB.fillNaN(n, 1, 1);
        if (vectors) {
            ws.callerA.fillNaN(n, n, scalars);
        }
        return n;
    }

    private static int complex(boolean vectors, Triangle uplo, int n, DenseWorkspace ws) {
        try {
            assert ws.callerA.fits(n, n, 2) && ws.callerB.fits(n, 1, 1);
            if (n == 0) {
                return 0;
            }
            double[] x = ws.matrix(2 * n * n);
            if (loadHermitian(uplo, n, 2, x, ws)) {
                return nonFinite(vectors, n, 2, ws);
            }
            int info = ComplexHermitianEigen.decompose(n, x, vectors, ws);
            ws.callerB.storeVector(n, ws.diagonal(n));
            if (vectors) {
                ws.callerA.store(n, n, 2, ws.left(0), n);
            }
            return info;
        } finally {
            ws.release();
        }
    }

    private static int real(boolean vectors, Triangle uplo, int n, DenseWorkspace ws) {
        try {
            assert ws.callerA.fits(n, n, 1) && ws.callerB.fits(n, 1, 1);
            if (n == 0) {
                return 0;
            }
            double[] x = ws.matrix(n * n);
            if (loadHermitian(uplo, n, 1, x, ws)) {
                return nonFinite(vectors, n, 1, ws);
            }
            double scale = SafeRange.scale(n * n, 1, x, SafeRange.LOW_SQUARED_SAFE, SafeRange.HIGH_SQUARED_SAFE);
            DMatrixRMaj in = ws.ejml.realInput(n, n);
            System.arraycopy(x, 0, in.data, 0, n * n);
            SymmetricQRAlgorithmDecomposition_DDRM eig = ws.ejml.symmetricEigen(vectors, n);
            if (!eig.decompose(in)) {
                return n;
            }
            double[] values = ws.vector(n);
            for (int i = 0; i < n; i++) {
                values[i] = eig.getEigenvalue(i).real;
            }
            int[] order = ws.indices(n);
            EjmlCopies.order(n, values, false, order);
            double[] sorted = ws.diagonal(n);
            for (int i = 0; i < n; i++) {
                sorted[i] = values[order[i]];
            }
            SafeRange.undo(n, scale, sorted);
            ws.callerB.storeVector(n, sorted);
            if (vectors) {
                double[] z = ws.left(n * n);
                for (int j = 0; j < n; j++) {
                    System.arraycopy(eig.getEigenVector(order[j]).data, 0, z, j * n, n);
                }
                ws.callerA.store(n, n, 1, z, n);
            }
            return 0;
        } finally {
            ws.release();
        }
    }
}
