package org.ferrite.cpu.internal.linalg.dense;

import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;

/**
 * LU factorisation with partial pivoting {@code A = P·L·U} ({@code ?getrf}) and the solve
 * {@code op(A)·X = B} from it ({@code ?getrs}), for the four floating dtypes.
 *
 * <p>{@code getrf}: {@code A} is {@code m × n} ({@code lda ≥ max(1, m)}), overwritten by the factors:
 * {@code L} (unit lower trapezoidal, {@code m × k}, diagonal not stored) below the diagonal and
 * {@code U} (upper trapezoidal, {@code k × n}) on and above it, {@code k = min(m, n)}. {@code ipiv}
 * receives {@code k} <b>0-based</b> pivots in LAPACK's row-interchange convention: for
 * {@code i = 0…k−1} in order, row {@code i} was swapped with row {@code ipiv[i] ≥ i}; {@code P} is the
 * product of those interchanges. Each pivot is the first entry of largest modulus in its column
 * ({@code |re| + |im|} for complex), as LAPACK's. {@code info}: 0, or {@code i + 1} for the first exactly zero {@code U[i, i]} (the
 * factorisation is completed; a solve with it would divide by zero).
 *
 * <p>{@code getrs}: {@code A} holds {@code getrf}'s factors of an {@code n × n} matrix and is read;
 * {@code B} ({@code n × nrhs}, {@code ldb ≥ max(1, n)}) is overwritten by {@code X}; {@code op} is
 * {@link Transpose}. {@code info}: 0, or {@code i + 1} for the first exactly zero {@code U[i, i]}, in
 * which case {@code B} is left unchanged (LAPACK's {@code ?getrs} does not check).
 *
 * <p>Algorithms. {@code getrf}: real ({@code d}/{@code s}), the embedded EJML's
 * {@code LUDecompositionAlt} (Crout's method with partial pivoting, from JAMA; the adapter transposes
 * {@code A} into EJML's row-major matrix and back, and EJML's {@code indx} array is already in LAPACK's
 * interchange convention); complex ({@code z}/{@code c}), Ferrite's own right-looking {@code zgetf2}, since
 * EJML's complex LU pivots on the modulus rather than LAPACK's {@code |re| + |im|}. {@code getrs}: Ferrite's own (row interchanges plus two
 * {@link TriangularSolver} passes; EJML solves only {@code A·X = B}). Single precision is computed in
 * double precision and rounded once. Offsets in scalars, leading dimensions in elements; no two arrays
 * may overlap.
 *
 * <p>Thread-safe (stateless); each call uses the caller's {@link DenseWorkspace}.
 */
public final class DenseLu {
    private DenseLu() {
    }

    /**
     * F64 LU factorisation.
     *
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, overwritten by {@code L} and {@code U}
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param ipiv receives {@code min(m, n)} 0-based pivots
     * @param ipivOff offset of the first pivot
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int dgetrf(int m, int n, double[] a, int aOff, int lda, int[] ipiv, int ipivOff, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        return factor(1, m, n, ipiv, ipivOff, ws);
    }

    /**
     * F32 LU factorisation, computed in double precision.
     *
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, overwritten by {@code L} and {@code U}
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param ipiv receives {@code min(m, n)} 0-based pivots
     * @param ipivOff offset of the first pivot
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int sgetrf(int m, int n, float[] a, int aOff, int lda, int[] ipiv, int ipivOff, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        return factor(1, m, n, ipiv, ipivOff, ws);
    }

    /**
     * C128 LU factorisation (interleaved).
     *
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, overwritten by {@code L} and {@code U}
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param ipiv receives {@code min(m, n)} 0-based pivots
     * @param ipivOff offset of the first pivot
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int zgetrf(int m, int n, double[] a, int aOff, int lda, int[] ipiv, int ipivOff, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        return factor(2, m, n, ipiv, ipivOff, ws);
    }

    /**
     * C64 LU factorisation (interleaved), computed in double precision.
     *
     * @param m rows of {@code A}
     * @param n columns of {@code A}
     * @param a {@code A}, overwritten by {@code L} and {@code U}
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param ipiv receives {@code min(m, n)} 0-based pivots
     * @param ipivOff offset of the first pivot
     * @param ws workspace
     * @return {@code info}, see the class documentation
     */
    public static int cgetrf(int m, int n, float[] a, int aOff, int lda, int[] ipiv, int ipivOff, DenseWorkspace ws) {
        ws.callerA.of(a, aOff, lda);
        return factor(2, m, n, ipiv, ipivOff, ws);
    }

    /** For {@code assert}: {@code k} pivots fit in {@code ipiv} from {@code ipivOff}. */
    private static boolean pivotsFit(int k, int[] ipiv, int ipivOff) {
        if (ipivOff < 0 || ipivOff + (long) k > ipiv.length) {
            throw new AssertionError(k + " pivots from offset " + ipivOff + " do not fit an int[" + ipiv.length + "]");
        }
        return true;
    }

    private static int factor(int scalars, int m, int n, int[] ipiv, int ipivOff, DenseWorkspace ws) {
        try {
            assert ws.callerA.fits(m, n, scalars) && pivotsFit(Math.min(m, n), ipiv, ipivOff);
            int k = Math.min(m, n);
            if (k == 0) {
                return 0;
            }
            double[] w = ws.matrix(scalars * m * n);
            ws.callerA.load(m, n, scalars, w);
            if (scalars == 2) {
                complexGetf2(m, n, w, ipiv, ipivOff);
            } else {
                int[] indx = ws.ejml.lu(scalars, m, n, w);
                System.arraycopy(indx, 0, ipiv, ipivOff, k);
            }
            ws.callerA.store(m, n, scalars, w, m);
            return TriangularSolver.firstZeroDiagonal(k, scalars, w, 0, m);
        } finally {
            ws.release();
        }
    }

    /**
     * Right-looking LU with partial pivoting of the compact ({@code ld = m}) interleaved complex
     * {@code w}, in place, as LAPACK's {@code zgetf2}: each pivot the first entry of largest
     * {@code |re| + |im|} ({@code izamax}), a zero pivot skipped. EJML's complex LU pivots on the modulus,
     * which picks other rows on near-ties than LAPACK; this keeps every tier's pivots the same.
     */
    private static void complexGetf2(int m, int n, double[] w, int[] ipiv, int ipivOff) {
        for (int j = 0; j < Math.min(m, n); j++) {
            int p = j;
            double best = -1;
            for (int i = j; i < m; i++) {
                double v = Math.abs(w[2 * (i + j * m)]) + Math.abs(w[2 * (i + j * m) + 1]);
                if (v > best) {
                    best = v;
                    p = i;
                }
            }
            ipiv[ipivOff + j] = p;
            if (p != j) {
                for (int l = 0; l < n; l++) {
                    for (int part = 0; part < 2; part++) {
                        int x = 2 * (j + l * m) + part;
                        int y = 2 * (p + l * m) + part;
                        double t = w[x];
                        w[x] = w[y];
                        w[y] = t;
                    }
                }
            }
            double dr = w[2 * (j + j * m)];
            double di = w[2 * (j + j * m) + 1];
            double d2 = dr * dr + di * di;
            if (d2 == 0) {
                continue;
            }
            double rr = dr / d2;
            double ri = -di / d2;
            for (int i = j + 1; i < m; i++) {
                int x = 2 * (i + j * m);
                double xr = w[x];
                double xi = w[x + 1];
                w[x] = xr * rr - xi * ri;
                w[x + 1] = xr * ri + xi * rr;
            }
            for (int l = j + 1; l < n; l++) {
                int y = 2 * (j + l * m);
                double yr = w[y];
                double yi = w[y + 1];
                for (int i = j + 1; i < m; i++) {
                    int x = 2 * (i + j * m);
                    int z = 2 * (i + l * m);
                    w[z] -= w[x] * yr - w[x + 1] * yi;
                    w[z + 1] -= w[x] * yi + w[x + 1] * yr;
                }
            }
        }
    }

    /**
     * F64 solve from an LU factorisation.
     *
     * @param trans {@code op}
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a {@code getrf}'s factors, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param ipiv {@code getrf}'s 0-based pivots
     * @param ipivOff offset of the first pivot
     * @param b {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}
     * @param ldb leading dimension of {@code B}
     * @return {@code info}, see the class documentation
     */
    public static int dgetrs(Transpose trans, int n, int nrhs, double[] a, int aOff, int lda, int[] ipiv, int ipivOff,
            double[] b, int bOff, int ldb) {
        assert Storage.fits(n, n, 1, a.length, aOff, lda) && Storage.fits(n, nrhs, 1, b.length, bOff, ldb)
                && pivotsFit(n, ipiv, ipivOff);
        int info = TriangularSolver.firstZeroDiagonal(n, 1, a, aOff, lda);
        if (info == 0) {
            solve(1, trans, n, nrhs, a, aOff, lda, ipiv, ipivOff, b, bOff, ldb);
        }
        return info;
    }

    /**
     * F32 solve from an LU factorisation, computed in double precision.
     *
     * @param trans {@code op}
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a {@code getrf}'s factors, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param ipiv {@code getrf}'s 0-based pivots
     * @param ipivOff offset of the first pivot
     * @param b {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}
     * @param ldb leading dimension of {@code B}
     * @param ws workspace for the widened operands
     * @return {@code info}, see the class documentation
     */
    public static int sgetrs(Transpose trans, int n, int nrhs, float[] a, int aOff, int lda, int[] ipiv, int ipivOff,
            float[] b, int bOff, int ldb, DenseWorkspace ws) {
        return single(1, trans, n, nrhs, a, aOff, lda, ipiv, ipivOff, b, bOff, ldb, ws);
    }

    /**
     * C128 solve from an LU factorisation (interleaved).
     *
     * @param trans {@code op}
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a {@code getrf}'s factors, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param ipiv {@code getrf}'s 0-based pivots
     * @param ipivOff offset of the first pivot
     * @param b {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}, in scalars
     * @param ldb leading dimension of {@code B}, in elements
     * @return {@code info}, see the class documentation
     */
    public static int zgetrs(Transpose trans, int n, int nrhs, double[] a, int aOff, int lda, int[] ipiv, int ipivOff,
            double[] b, int bOff, int ldb) {
        assert Storage.fits(n, n, 2, a.length, aOff, lda) && Storage.fits(n, nrhs, 2, b.length, bOff, ldb)
                && pivotsFit(n, ipiv, ipivOff);
        int info = TriangularSolver.firstZeroDiagonal(n, 2, a, aOff, lda);
        if (info == 0) {
            solve(2, trans, n, nrhs, a, aOff, lda, ipiv, ipivOff, b, bOff, ldb);
        }
        return info;
    }

    /**
     * C64 solve from an LU factorisation (interleaved), computed in double precision.
     *
     * @param trans {@code op}
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a {@code getrf}'s factors, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param ipiv {@code getrf}'s 0-based pivots
     * @param ipivOff offset of the first pivot
     * @param b {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}, in scalars
     * @param ldb leading dimension of {@code B}, in elements
     * @param ws workspace for the widened operands
     * @return {@code info}, see the class documentation
     */
    public static int cgetrs(Transpose trans, int n, int nrhs, float[] a, int aOff, int lda, int[] ipiv, int ipivOff,
            float[] b, int bOff, int ldb, DenseWorkspace ws) {
        return single(2, trans, n, nrhs, a, aOff, lda, ipiv, ipivOff, b, bOff, ldb, ws);
    }

    private static int single(int scalars, Transpose trans, int n, int nrhs, float[] a, int aOff, int lda, int[] ipiv,
            int ipivOff, float[] b, int bOff, int ldb, DenseWorkspace ws) {
        assert Storage.fits(n, n, scalars, a.length, aOff, lda) && Storage.fits(n, nrhs, scalars, b.length, bOff, ldb)
                && pivotsFit(n, ipiv, ipivOff);
        int info = TriangularSolver.firstZeroDiagonal(n, scalars, a, aOff, lda);
        if (info != 0) {
            return info;
        }
        double[] wa = ws.matrix(scalars * n * n);
        double[] wb = ws.rhs(scalars * n * nrhs);
        Storage.load(n, n, scalars, a, aOff, lda, wa);
        Storage.load(n, nrhs, scalars, b, bOff, ldb, wb);
        solve(scalars, trans, n, nrhs, wa, 0, n, ipiv, ipivOff, wb, 0, n);
        Storage.store(n, nrhs, scalars, wb, n, b, bOff, ldb);
        return 0;
    }

    /**
     * {@code X = A⁻¹·B = U⁻¹·L⁻¹·Pᵀ·B} (interchanges in order, then {@code L}, then {@code U}); for
     * {@code op(A) = Aᵀ} or {@code Aᴴ}, {@code X = P·op(L)⁻¹·op(U)⁻¹·B} (the interchanges last, in
     * reverse order).
     */
    private static void solve(int scalars, Transpose trans, int n, int nrhs, double[] a, int aOff, int lda, int[] ipiv,
            int ipivOff, double[] b, int bOff, int ldb) {
        if (trans == Transpose.NONE) {
            interchange(scalars, n, nrhs, ipiv, ipivOff, b, bOff, ldb, true);
            triangular(scalars, Triangle.LOWER, trans, true, n, nrhs, a, aOff, lda, b, bOff, ldb);
            triangular(scalars, Triangle.UPPER, trans, false, n, nrhs, a, aOff, lda, b, bOff, ldb);
        } else {
            triangular(scalars, Triangle.UPPER, trans, false, n, nrhs, a, aOff, lda, b, bOff, ldb);
            triangular(scalars, Triangle.LOWER, trans, true, n, nrhs, a, aOff, lda, b, bOff, ldb);
            interchange(scalars, n, nrhs, ipiv, ipivOff, b, bOff, ldb, false);
        }
    }

    private static void triangular(int scalars, Triangle uplo, Transpose trans, boolean unit, int n, int nrhs,
            double[] a, int aOff, int lda, double[] b, int bOff, int ldb) {
        if (scalars == 1) {
            TriangularSolver.real(uplo, trans, unit, n, nrhs, a, aOff, lda, b, bOff, ldb);
        } else {
            TriangularSolver.complex(uplo, trans, unit, n, nrhs, a, aOff, lda, b, bOff, ldb);
        }
    }

    /** Applies the row interchanges {@code i ↔ ipiv[i]} to {@code B}, in order or in reverse. */
    private static void interchange(int scalars, int n, int nrhs, int[] ipiv, int ipivOff, double[] b, int bOff,
            int ldb, boolean forward) {
        for (int step = 0; step < n; step++) {
            int i = forward ? step : n - 1 - step;
            int p = ipiv[ipivOff + i];
            if (p == i) {
                continue;
            }
            for (int c = 0; c < nrhs; c++) {
                int col = bOff + scalars * c * ldb;
                for (int s = 0; s < scalars; s++) {
                    double t = b[col + scalars * i + s];
                    b[col + scalars * i + s] = b[col + scalars * p + s];
                    b[col + scalars * p + s] = t;
                }
            }
        }
    }
}
