package org.ferrite.cpu.internal.linalg.dense;

import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;

/**
 * {@code op(A)·X = B} for triangular {@code A} ({@code n × n}) and {@code B} ({@code n × nrhs}),
 * {@code B} overwritten by {@code X}, directly on the caller's {@code double[]} storage (BLAS
 * {@code ?trsm}, left side, {@code alpha = 1}). {@code op(A) = A} runs column-oriented substitution
 * (axpy on the columns of {@code A}); {@code Aᵀ} and {@code Aᴴ} run row-oriented substitution (dot
 * products with the columns of {@code A}); both read {@code A} with unit stride. No singularity check:
 * callers check the diagonal first. Thread-safe (stateless).
 */
final class TriangularSolver {
    private TriangularSolver() {
    }

    /**
     * Real: {@code A[i, j] = a[aOff + i + j·lda]}; {@link Transpose#CONJUGATE_TRANSPOSE} equals
     * {@link Transpose#TRANSPOSE}.
     *
     * @param uplo which triangle of {@code A} holds it
     * @param trans {@code op}
     * @param unit whether the diagonal is 1 (never read)
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a storage of {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param b storage of {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}
     * @param ldb leading dimension of {@code B}
     */
    static void real(Triangle uplo, Transpose trans, boolean unit, int n, int nrhs, double[] a, int aOff, int lda,
            double[] b, int bOff, int ldb) {
        boolean upper = uplo == Triangle.UPPER;
        boolean plain = trans == Transpose.NONE;
        for (int c = 0; c < nrhs; c++) {
            int x = bOff + c * ldb;
            if (plain && upper) {
                for (int k = n - 1; k >= 0; k--) {
                    int col = aOff + k * lda;
                    double xk = b[x + k];
                    if (xk != 0) {
                        if (!unit) {
                            xk /= a[col + k];
                            b[x + k] = xk;
                        }
                        for (int i = 0; i < k; i++) {
                            b[x + i] -= xk * a[col + i];
                        }
                    }
                }
            } else if (plain) {
                for (int k = 0; k < n; k++) {
                    int col = aOff + k * lda;
                    double xk = b[x + k];
                    if (xk != 0) {
                        if (!unit) {
                            xk /= a[col + k];
                            b[x + k] = xk;
                        }
                        for (int i = k + 1; i < n; i++) {
                            b[x + i] -= xk * a[col + i];
                        }
                    }
                }
            } else if (upper) {
                for (int k = 0; k < n; k++) {
                    int col = aOff + k * lda;
                    double s = b[x + k];
                    for (int i = 0; i < k; i++) {
                        s -= a[col + i] * b[x + i];
                    }
                    b[x + k] = unit ? s : s / a[col + k];
                }
            } else {
                for (int k = n - 1; k >= 0; k--) {
                    int col = aOff + k * lda;
                    double s = b[x + k];
                    for (int i = k + 1; i < n; i++) {
                        s -= a[col + i] * b[x + i];
                    }
                    b[x + k] = unit ? s : s / a[col + k];
                }
            }
        }
    }

    /**
     * Complex (interleaved; offsets in scalars, leading dimensions in elements). Parameters as in
     * {@link #real}.
     *
     * @param uplo which triangle of {@code A} holds it
     * @param trans {@code op}
     * @param unit whether the diagonal is 1 (never read)
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a storage of {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param b storage of {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}
     * @param ldb leading dimension of {@code B}
     */
    static void complex(Triangle uplo, Transpose trans, boolean unit, int n, int nrhs, double[] a, int aOff,
            int lda, double[] b, int bOff, int ldb) {
        boolean upper = uplo == Triangle.UPPER;
        for (int c = 0; c < nrhs; c++) {
            int x = bOff + 2 * c * ldb;
            if (trans == Transpose.NONE) {
                forward(upper, unit, n, a, aOff, lda, b, x);
            } else {
                adjoint(upper, trans == Transpose.CONJUGATE_TRANSPOSE ? -1 : 1, unit, n, a, aOff, lda, b, x);
            }
        }
    }

    /** {@code A·x = b}, column-oriented; {@code x} at {@code b[x…]}. */
    private static void forward(boolean upper, boolean unit, int n, double[] a, int aOff, int lda, double[] b,
            int x) {
        for (int step = 0; step < n; step++) {
            int k = upper ? n - 1 - step : step;
            int col = aOff + 2 * k * lda;
            double xr = b[x + 2 * k];
            double xi = b[x + 2 * k + 1];
            if (xr == 0 && xi == 0) {
                continue;
            }
            if (!unit) {
                double dr = a[col + 2 * k];
                double di = a[col + 2 * k + 1];
                ComplexArithmetic.divide(xr, xi, dr, di, b, x + 2 * k);
                xr = b[x + 2 * k];
                xi = b[x + 2 * k + 1];
            }
            int from = upper ? 0 : k + 1;
            int to = upper ? k : n;
            for (int i = 2 * from; i < 2 * to; i += 2) {
                double ar = a[col + i];
                double ai = a[col + i + 1];
                b[x + i] -= xr * ar - xi * ai;
                b[x + i + 1] -= xr * ai + xi * ar;
            }
        }
    }

    /** {@code Aᵀ·x = b} ({@code sign = 1}) or {@code Aᴴ·x = b} ({@code sign = −1}), row-oriented. */
    private static void adjoint(boolean upper, int sign, boolean unit, int n, double[] a, int aOff, int lda,
            double[] b, int x) {
        for (int step = 0; step < n; step++) {
            int k = upper ? step : n - 1 - step;
            int col = aOff + 2 * k * lda;
            double sr = b[x + 2 * k];
            double si = b[x + 2 * k + 1];
            int from = upper ? 0 : k + 1;
            int to = upper ? k : n;
            for (int i = 2 * from; i < 2 * to; i += 2) {
                double ar = a[col + i];
                double ai = sign * a[col + i + 1];
                double vr = b[x + i];
                double vi = b[x + i + 1];
                sr -= ar * vr - ai * vi;
                si -= ar * vi + ai * vr;
            }
            if (unit) {
                b[x + 2 * k] = sr;
                b[x + 2 * k + 1] = si;
            } else {
                ComplexArithmetic.divide(sr, si, a[col + 2 * k], sign * a[col + 2 * k + 1], b, x + 2 * k);
            }
        }
    }

    /**
     * @param n order
     * @param scalars 1 for real, 2 for complex
     * @param a storage of {@code A}
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension, in elements
     * @return {@code i + 1} for the first exactly zero diagonal entry {@code A[i, i]}, else 0
     */
    static int firstZeroDiagonal(int n, int scalars, double[] a, int aOff, int lda) {
        for (int i = 0; i < n; i++) {
            int p = aOff + scalars * i * (lda + 1);
            if (a[p] == 0 && (scalars == 1 || a[p + 1] == 0)) {
                return i + 1;
            }
        }
        return 0;
    }

    /** As {@link #firstZeroDiagonal(int, int, double[], int, int)} for {@code float[]}. */
    static int firstZeroDiagonal(int n, int scalars, float[] a, int aOff, int lda) {
        for (int i = 0; i < n; i++) {
            int p = aOff + scalars * i * (lda + 1);
            if (a[p] == 0 && (scalars == 1 || a[p + 1] == 0)) {
                return i + 1;
            }
        }
        return 0;
    }
}
