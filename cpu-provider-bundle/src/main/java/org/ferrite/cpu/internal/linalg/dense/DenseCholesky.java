package org.ferrite.cpu.internal.linalg.dense;

import org.ferrite.cpu.internal.linalg.option.Triangle;

/**
 * Cholesky factorisation of a Hermitian (real: symmetric) positive definite {@code n × n} matrix,
 * {@code A = L·Lᴴ} ({@link Triangle#LOWER}) or {@code A = Uᴴ·U} ({@link Triangle#UPPER}), for the four
 * floating dtypes (LAPACK's {@code ?potrf}). Only the {@code uplo} triangle of {@code A} is read, and it
 * is overwritten by the factor (real positive diagonal); the other triangle is neither read nor
 * written. {@code lda ≥ max(1, n)}; offset in scalars, leading dimension in elements. For complex
 * dtypes the imaginary parts of the diagonal are ignored.
 *
 * <p>{@code info}: 0 on success; {@code i + 1} if the leading minor of order {@code i + 1} is not
 * positive definite (its pivot {@code A[i, i] − Σ|L[i, k]|²} is {@code ≤ 0} or NaN) — then, as in
 * LAPACK, columns {@code 0…i−1} hold the factor of the leading {@code i × i} block and the rest of the
 * triangle is partly updated.
 *
 * <p>Own kernel for every dtype (unblocked, column-oriented: lower is the left-looking {@code jki} form
 * with axpy updates on contiguous columns; upper solves {@code Uᴴ·u_j = a_j} with dot products on
 * contiguous columns): EJML's Cholesky reports failure without the index of the failing minor, which
 * {@code info} needs. Single precision widens the triangle to double, factors, and rounds once.
 *
 * <p>Thread-safe (stateless); the single-precision forms use the caller's {@link DenseWorkspace}.
 */
public final class DenseCholesky {
    private DenseCholesky() {
    }

    /**
     * F64 Cholesky factorisation.
     *
     * @param uplo the triangle to read and overwrite
     * @param n order
     * @param a {@code A}; its {@code uplo} triangle is overwritten by the factor
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @return {@code info}, see the class documentation
     */
    public static int dpotrf(Triangle uplo, int n, double[] a, int aOff, int lda) {
        assert Storage.fits(n, n, 1, a.length, aOff, lda);
        return uplo == Triangle.LOWER ? realLower(n, a, aOff, lda) : realUpper(n, a, aOff, lda);
    }

    /**
     * F32 Cholesky factorisation, computed in double precision.
     *
     * @param uplo the triangle to read and overwrite
     * @param n order
     * @param a {@code A}; its {@code uplo} triangle is overwritten by the factor
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param ws workspace for the widened triangle
     * @return {@code info}, see the class documentation
     */
    public static int spotrf(Triangle uplo, int n, float[] a, int aOff, int lda, DenseWorkspace ws) {
        double[] w = ws.matrix(n * n);
        Storage.load(n, n, 1, a, aOff, lda, w);
        int ld = Math.max(1, n);
        int info = uplo == Triangle.LOWER ? realLower(n, w, 0, ld) : realUpper(n, w, 0, ld);
        storeTriangle(uplo, n, 1, w, ld, a, aOff, lda);
        return info;
    }

    /**
     * C128 Cholesky factorisation (interleaved).
     *
     * @param uplo the triangle to read and overwrite
     * @param n order
     * @param a {@code A}; its {@code uplo} triangle is overwritten by the factor
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @return {@code info}, see the class documentation
     */
    public static int zpotrf(Triangle uplo, int n, double[] a, int aOff, int lda) {
        assert Storage.fits(n, n, 2, a.length, aOff, lda);
        return uplo == Triangle.LOWER ? complexLower(n, a, aOff, lda) : complexUpper(n, a, aOff, lda);
    }

    /**
     * C64 Cholesky factorisation (interleaved), computed in double precision.
     *
     * @param uplo the triangle to read and overwrite
     * @param n order
     * @param a {@code A}; its {@code uplo} triangle is overwritten by the factor
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param ws workspace for the widened triangle
     * @return {@code info}, see the class documentation
     */
    public static int cpotrf(Triangle uplo, int n, float[] a, int aOff, int lda, DenseWorkspace ws) {
        double[] w = ws.matrix(2 * n * n);
        Storage.load(n, n, 2, a, aOff, lda, w);
        int ld = Math.max(1, n);
        int info = uplo == Triangle.LOWER ? complexLower(n, w, 0, ld) : complexUpper(n, w, 0, ld);
        storeTriangle(uplo, n, 2, w, ld, a, aOff, lda);
        return info;
    }

    private static void storeTriangle(Triangle uplo, int n, int scalars, double[] w, int ld, float[] a, int aOff,
            int lda) {
        boolean lower = uplo == Triangle.LOWER;
        for (int j = 0; j < n; j++) {
            int from = lower ? j : 0;
            int to = lower ? n : j + 1;
            for (int i = scalars * from; i < scalars * to; i++) {
                a[aOff + scalars * j * lda + i] = (float) w[scalars * j * ld + i];
            }
        }
    }

    private static int realLower(int n, double[] a, int aOff, int lda) {
        for (int j = 0; j < n; j++) {
            int cj = aOff + j * lda;
            for (int k = 0; k < j; k++) {
                int ck = aOff + k * lda;
                double f = a[ck + j];
                if (f != 0) {
                    for (int i = j; i < n; i++) {
                        a[cj + i] -= a[ck + i] * f;
                    }
                }
            }
            double ajj = a[cj + j];
            if (!(ajj > 0)) {
                return j + 1;
            }
            ajj = Math.sqrt(ajj);
            a[cj + j] = ajj;
            double r = 1 / ajj;
            for (int i = j + 1; i < n; i++) {
                a[cj + i] *= r;
            }
        }
        return 0;
    }

    private static int realUpper(int n, double[] a, int aOff, int lda) {
        for (int j = 0; j < n; j++) {
            int cj = aOff + j * lda;
            // Solve Uᵀ[0…j−1, 0…j−1]·u = a[0…j−1, j] in place, then the pivot.
            double sum = 0;
            for (int i = 0; i < j; i++) {
                int ci = aOff + i * lda;
                double s = a[cj + i];
                for (int k = 0; k < i; k++) {
                    s -= a[ci + k] * a[cj + k];
                }
                s /= a[ci + i];
                a[cj + i] = s;
                sum += s * s;
            }
            double ajj = a[cj + j] - sum;
            if (!(ajj > 0)) {
                a[cj + j] = ajj;
                return j + 1;
            }
            a[cj + j] = Math.sqrt(ajj);
        }
        return 0;
    }

    private static int complexLower(int n, double[] a, int aOff, int lda) {
        for (int j = 0; j < n; j++) {
            int cj = aOff + 2 * j * lda;
            for (int k = 0; k < j; k++) {
                int ck = aOff + 2 * k * lda;
                // f = conj(L[j, k])
                double fr = a[ck + 2 * j];
                double fi = -a[ck + 2 * j + 1];
                if (fr != 0 || fi != 0) {
                    for (int i = 2 * j; i < 2 * n; i += 2) {
                        double lr = a[ck + i];
                        double li = a[ck + i + 1];
                        a[cj + i] -= lr * fr - li * fi;
                        a[cj + i + 1] -= lr * fi + li * fr;
                    }
                }
            }
            double ajj = a[cj + 2 * j];
            if (!(ajj > 0)) {
                return j + 1;
            }
            ajj = Math.sqrt(ajj);
            a[cj + 2 * j] = ajj;
            a[cj + 2 * j + 1] = 0;
            double r = 1 / ajj;
            for (int i = 2 * (j + 1); i < 2 * n; i++) {
                a[cj + i] *= r;
            }
        }
        return 0;
    }

    private static int complexUpper(int n, double[] a, int aOff, int lda) {
        for (int j = 0; j < n; j++) {
            int cj = aOff + 2 * j * lda;
            double sum = 0;
            for (int i = 0; i < j; i++) {
                int ci = aOff + 2 * i * lda;
                // u_i = (a_i − Σ_k conj(U[k, i])·u_k) / U[i, i], U[i, i] real
                double sr = a[cj + 2 * i];
                double si = a[cj + 2 * i + 1];
                for (int k = 0; k < 2 * i; k += 2) {
                    double ur = a[ci + k];
                    double ui = a[ci + k + 1];
                    double vr = a[cj + k];
                    double vi = a[cj + k + 1];
                    sr -= ur * vr + ui * vi;
                    si -= ur * vi - ui * vr;
                }
                double d = a[ci + 2 * i];
                sr /= d;
                si /= d;
                a[cj + 2 * i] = sr;
                a[cj + 2 * i + 1] = si;
                sum += sr * sr + si * si;
            }
            double ajj = a[cj + 2 * j] - sum;
            if (!(ajj > 0)) {
                a[cj + 2 * j] = ajj;
                a[cj + 2 * j + 1] = 0;
                return j + 1;
            }
            a[cj + 2 * j] = Math.sqrt(ajj);
            a[cj + 2 * j + 1] = 0;
        }
        return 0;
    }
}
