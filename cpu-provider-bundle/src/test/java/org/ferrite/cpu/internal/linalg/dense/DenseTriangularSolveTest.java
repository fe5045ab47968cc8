package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseTriangularSolve} for every dtype, triangle, operator and diagonal kind: {@code op(A)·X = B}
 * against the reference product, the unreferenced triangle (and a unit diagonal) never read, multiple
 * right-hand sides with offsets and padded leading dimensions, and the singular info code.
 */
class DenseTriangularSolveTest {
    /** {@code ‖op(A)·X − B‖ ≤ C·n·eps·‖A‖·‖X‖}. */
    private static final double RESIDUAL = 4;

    static int trtrs(Dtype t, Triangle uplo, Transpose trans, Diagonal diag, StoredMatrix a, StoredMatrix b,
            DenseWorkspace ws) {
        int n = a.rows;
        switch (t) {
            case F64:
                return DenseTriangularSolve.dtrtrs(uplo, trans, diag, n, b.cols, a.doubles, a.off, a.ld, b.doubles,
                        b.off, b.ld);
            case F32:
                return DenseTriangularSolve.strtrs(uplo, trans, diag, n, b.cols, a.floats, a.off, a.ld, b.floats, b.off,
                        b.ld, ws);
            case C128:
                return DenseTriangularSolve.ztrtrs(uplo, trans, diag, n, b.cols, a.doubles, a.off, a.ld, b.doubles,
                        b.off, b.ld);
            default:
                return DenseTriangularSolve.ctrtrs(uplo, trans, diag, n, b.cols, a.floats, a.off, a.ld, b.floats, b.off,
                        b.ld, ws);
        }
    }

    /** The triangular matrix as the routine must see it: zeros outside {@code uplo}, ones on a unit diagonal. */
    static ComplexMatrix effective(ComplexMatrix a, Triangle uplo, Diagonal diag) {
        ComplexMatrix e = new ComplexMatrix(a.rows, a.cols);
        for (int j = 0; j < a.cols; j++) {
            for (int i = 0; i < a.rows; i++) {
                if (i == j && diag == Diagonal.UNIT) {
                    e.set(i, j, 1, 0);
                } else if (uplo == Triangle.UPPER ? i <= j : i >= j) {
                    e.set(i, j, a.re(i, j), a.im(i, j));
                }
            }
        }
        return e;
    }

    /** Stores {@code a} with NaN in every entry the routine must not read. */
    static StoredMatrix storeTriangle(ComplexMatrix a, Dtype t, Triangle uplo, Diagonal diag, int off, int ld) {
        StoredMatrix s = a.store(t, off, ld);
        for (int j = 0; j < a.cols; j++) {
            for (int i = 0; i < a.rows; i++) {
                boolean outside = uplo == Triangle.UPPER ? i > j : i < j;
                if (outside || i == j && diag == Diagonal.UNIT) {
                    s.set(i, j, Double.NaN, Double.NaN);
                }
            }
        }
        return s;
    }

    static ComplexMatrix op(ComplexMatrix a, Transpose trans) {
        return trans == Transpose.NONE ? a : trans == Transpose.TRANSPOSE ? a.transpose() : a.adjoint();
    }

    /** A well-conditioned triangular test matrix: random entries, diagonal of modulus in [1, 2]. */
    static ComplexMatrix triangular(int n, Dtype t, SplittableRandom rnd) {
        ComplexMatrix a = ComplexMatrix.random(n, n, t, rnd);
        for (int i = 0; i < n; i++) {
            double s = 1 + rnd.nextDouble();
            a.set(i, i, ComplexMatrix.round(rnd.nextBoolean() ? s : -s, t), t.complex ? a.im(i, i) : 0);
        }
        return a;
    }

    @Test
    void everyVariantSolvesMultipleRightHandSides() {
        DenseWorkspace ws = new DenseWorkspace();
        for (int seed = 0; seed < 600; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            Triangle uplo = Triangle.values()[(seed / 4) % 2];
            Transpose trans = Transpose.values()[(seed / 8) % 3];
            Diagonal diag = Diagonal.values()[(seed / 24) % 2];
            int n = rnd.nextInt(25);
            int nrhs = rnd.nextInt(5);
            ComplexMatrix a = triangular(n, t, rnd);
            StoredMatrix as = storeTriangle(a, t, uplo, diag, rnd.nextInt(3), Math.max(1, n) + rnd.nextInt(3));
            ComplexMatrix b = ComplexMatrix.random(n, nrhs, t, rnd);
            StoredMatrix bs = b.store(t, rnd.nextInt(3), Math.max(1, n) + rnd.nextInt(3));
            int info = trtrs(t, uplo, trans, diag, as, bs, ws);
            assertThat(info).as("seed %d", seed).isZero();
            assertThat(bs.paddingIntact()).as("seed %d: B written outside", seed).isTrue();
            ComplexMatrix x = bs.read();
            ComplexMatrix opA = op(effective(a.rounded(t), uplo, diag), trans);
            double residual = opA.times(x).minus(b).norm();
            double bound = RESIDUAL * Math.max(n, 1) * t.eps() * opA.norm() * Math.max(x.norm(), 1e-300) + 1e-300;
            assertThat(residual).as("seed %d: %s %s %s %s n=%d", seed, t, uplo, trans, diag, n)
                    .isLessThanOrEqualTo(bound);
        }
    }

    @Test
    void handComputedUpperSolve() {
        // [2 1; 0 4]·x = [4; 8] → x = [1; 2]
        double[] a = {2, Double.NaN, 1, 4};
        double[] b = {4, 8};
        assertThat(DenseTriangularSolve.dtrtrs(Triangle.UPPER, Transpose.NONE, Diagonal.NON_UNIT, 2, 1, a, 0, 2, b, 0,
                2)).isZero();
        assertThat(b).containsExactly(1, 2);
    }

    @Test
    void anExactlyZeroDiagonalEntryReturnsItsIndexAndLeavesBUnchanged() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            for (Triangle uplo : Triangle.values()) {
                ComplexMatrix a = triangular(5, t, new SplittableRandom(4));
                a.set(2, 2, 0, 0);
                a.set(4, 4, 0, 0);
                StoredMatrix as = storeTriangle(a, t, uplo, Diagonal.NON_UNIT, 1, 6);
                StoredMatrix bs = ComplexMatrix.random(5, 2, t, new SplittableRandom(5)).store(t, 0, 5);
                Object before = bs.snapshot();
                assertThat(trtrs(t, uplo, Transpose.CONJUGATE_TRANSPOSE, Diagonal.NON_UNIT, as, bs, ws)).isEqualTo(3);
                assertThat(bs.unchangedSince(before)).isTrue();
                // With a unit diagonal the zeros are never read.
                StoredMatrix unit = storeTriangle(a, t, uplo, Diagonal.UNIT, 1, 6);
                assertThat(trtrs(t, uplo, Transpose.NONE, Diagonal.UNIT, unit, bs, ws)).isZero();
            }
        }
    }
}
