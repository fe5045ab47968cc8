package org.ferrite.cpu.internal.linalg.dense;

import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;

/**
 * Triangular solve {@code op(A)·X = B} with multiple right-hand sides (left side), for the four
 * floating dtypes (LAPACK's {@code ?trtrs}: {@code dtrtrs}, {@code strtrs}, {@code ztrtrs},
 * {@code ctrtrs}). {@code A} is {@code n × n}, of which only the {@code uplo} triangle is read (and not
 * its diagonal when {@code diag} is {@link Diagonal#UNIT}); {@code B} is {@code n × nrhs} and is
 * overwritten by {@code X}. {@code op} is {@link Transpose}: none, transpose, or conjugate transpose
 * (for real dtypes the last equals the transpose). {@code lda, ldb ≥ max(1, n)}; offsets in scalars,
 * leading dimensions in elements; {@code A} and {@code B} must not overlap.
 *
 * <p>Own kernel for every dtype: EJML's triangular solvers have no unit-diagonal, no
 * conjugate-transpose (beyond real-diagonal lower), and mostly single right-hand-side forms. Single
 * precision widens {@code A} and {@code B} to double, solves, and rounds {@code X} once.
 *
 * <p>{@code info}: 0 on success; {@code i + 1} if {@code diag} is non-unit and {@code A[i, i]} is
 * exactly zero (the first such {@code i}), in which case {@code B} is left unchanged. NaN or infinite
 * entries propagate into {@code X} (no check).
 *
 * <p>Thread-safe (stateless); the single-precision forms use the caller's {@link DenseWorkspace}.
 */
public final class DenseTriangularSolve {
    private DenseTriangularSolve() {
    }

    /**
     * F64.
     *
     * @param uplo which triangle holds {@code A}
     * @param trans {@code op}
     * @param diag whether the diagonal is unit
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param b {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}
     * @param ldb leading dimension of {@code B}
     * @return {@code info}, see the class documentation
     */
    public static int dtrtrs(Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs, double[] a, int aOff,
            int lda, double[] b, int bOff, int ldb) {
        assert Storage.fits(n, n, 1, a.length, aOff, lda) && Storage.fits(n, nrhs, 1, b.length, bOff, ldb);
        boolean unit = diag == Diagonal.UNIT;
        if (!unit) {
            int info = TriangularSolver.firstZeroDiagonal(n, 1, a, aOff, lda);
            if (info != 0) {
                return info;
            }
        }
        TriangularSolver.real(uplo, trans, unit, n, nrhs, a, aOff, lda, b, bOff, ldb);
        return 0;
    }

    /**
     * F32, computed in double precision.
     *
     * @param uplo which triangle holds {@code A}
     * @param trans {@code op}
     * @param diag whether the diagonal is unit
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}
     * @param lda leading dimension of {@code A}
     * @param b {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}
     * @param ldb leading dimension of {@code B}
     * @param ws workspace for the widened operands
     * @return {@code info}, see the class documentation
     */
    public static int strtrs(Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs, float[] a, int aOff,
            int lda, float[] b, int bOff, int ldb, DenseWorkspace ws) {
        return single(1, uplo, trans, diag, n, nrhs, a, aOff, lda, b, bOff, ldb, ws);
    }

    /**
     * C128 (interleaved).
     *
     * @param uplo which triangle holds {@code A}
     * @param trans {@code op}
     * @param diag whether the diagonal is unit
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param b {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}, in scalars
     * @param ldb leading dimension of {@code B}, in elements
     * @return {@code info}, see the class documentation
     */
    public static int ztrtrs(Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs, double[] a, int aOff,
            int lda, double[] b, int bOff, int ldb) {
        assert Storage.fits(n, n, 2, a.length, aOff, lda) && Storage.fits(n, nrhs, 2, b.length, bOff, ldb);
        boolean unit = diag == Diagonal.UNIT;
        if (!unit) {
            int info = TriangularSolver.firstZeroDiagonal(n, 2, a, aOff, lda);
            if (info != 0) {
                return info;
            }
        }
        TriangularSolver.complex(uplo, trans, unit, n, nrhs, a, aOff, lda, b, bOff, ldb);
        return 0;
    }

    /**
     * C64 (interleaved), computed in double precision.
     *
     * @param uplo which triangle holds {@code A}
     * @param trans {@code op}
     * @param diag whether the diagonal is unit
     * @param n order of {@code A}
     * @param nrhs columns of {@code B}
     * @param a {@code A}, read
     * @param aOff offset of {@code A[0, 0]}, in scalars
     * @param lda leading dimension of {@code A}, in elements
     * @param b {@code B}, overwritten by {@code X}
     * @param bOff offset of {@code B[0, 0]}, in scalars
     * @param ldb leading dimension of {@code B}, in elements
     * @param ws workspace for the widened operands
     * @return {@code info}, see the class documentation
     */
    public static int ctrtrs(Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs, float[] a, int aOff,
            int lda, float[] b, int bOff, int ldb, DenseWorkspace ws) {
        return single(2, uplo, trans, diag, n, nrhs, a, aOff, lda, b, bOff, ldb, ws);
    }

    private static int single(int scalars, Triangle uplo, Transpose trans, Diagonal diag, int n, int nrhs, float[] a,
            int aOff, int lda, float[] b, int bOff, int ldb, DenseWorkspace ws) {
        assert Storage.fits(n, n, scalars, a.length, aOff, lda) && Storage.fits(n, nrhs, scalars, b.length, bOff, ldb);
        boolean unit = diag == Diagonal.UNIT;
        if (!unit) {
            int info = TriangularSolver.firstZeroDiagonal(n, scalars, a, aOff, lda);
            if (info != 0) {
                return info;
            }
        }
        double[] wa = ws.matrix(scalars * n * n);
        double[] wb = ws.rhs(scalars * n * nrhs);
        Storage.load(n, n, scalars, a, aOff, lda, wa);
        Storage.load(n, nrhs, scalars, b, bOff, ldb, wb);
        if (scalars == 1) {
            TriangularSolver.real(uplo, trans, unit, n, nrhs, wa, 0, n, wb, 0, n);
        } else {
            TriangularSolver.complex(uplo, trans, unit, n, nrhs, wa, 0, n, wb, 0, n);
        }
        Storage.store(n, nrhs, scalars, wb, n, b, bOff, ldb);
        return 0;
    }
}
