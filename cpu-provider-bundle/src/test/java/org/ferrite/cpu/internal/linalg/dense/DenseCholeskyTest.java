package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.data.ZMatrixRMaj;
import org.ejml.dense.row.decompose.chol.CholeskyDecompositionInner_ZDRM;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseCholesky} for every dtype and triangle: {@code L·Lᴴ = A} / {@code Uᴴ·U = A}, real positive
 * diagonal, the other triangle never read nor written, agreement with EJML's Cholesky, and the
 * not-positive-definite info code naming the failing leading minor.
 */
class DenseCholeskyTest {
    /** {@code ‖L·Lᴴ − A‖ ≤ C·n·eps·‖A‖}. */
    private static final double RECONSTRUCTION = 4;

    static int potrf(Dtype t, Triangle uplo, StoredMatrix a, DenseWorkspace ws) {
        switch (t) {
            case F64:
                return DenseCholesky.dpotrf(uplo, a.rows, a.doubles, a.off, a.ld);
            case F32:
                return DenseCholesky.spotrf(uplo, a.rows, a.floats, a.off, a.ld, ws);
            case C128:
                return DenseCholesky.zpotrf(uplo, a.rows, a.doubles, a.off, a.ld);
            default:
                return DenseCholesky.cpotrf(uplo, a.rows, a.floats, a.off, a.ld, ws);
        }
    }

    static StoredMatrix storeTriangle(ComplexMatrix a, Dtype t, Triangle uplo, int off, int ld) {
        StoredMatrix s = a.store(t, off, ld);
        for (int j = 0; j < a.cols; j++) {
            for (int i = 0; i < a.rows; i++) {
                if (uplo == Triangle.LOWER ? i < j : i > j) {
                    s.set(i, j, Double.NaN, Double.NaN);
                }
            }
        }
        return s;
    }

    /** The factor read back: the {@code uplo} triangle, zeros elsewhere; fails if the other triangle changed. */
    static ComplexMatrix factor(StoredMatrix s, Triangle uplo) {
        ComplexMatrix f = s.read();
        for (int j = 0; j < s.cols; j++) {
            for (int i = 0; i < s.rows; i++) {
                if (uplo == Triangle.LOWER ? i < j : i > j) {
                    assertThat(Double.isNaN(f.re(i, j))).as("other triangle written at (%d, %d)", i, j).isTrue();
                    f.set(i, j, 0, 0);
                }
            }
        }
        return f;
    }

    @Test
    void everyDtypeAndTriangleFactorsRandomPositiveDefiniteMatrices() {
        DenseWorkspace ws = new DenseWorkspace();
        int[] sizes = {0, 1, 2, 3, 5, 8, 16, 33, 64, 128};
        for (int seed = 0; seed < 160; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            Triangle uplo = Triangle.values()[(seed / 4) % 2];
            int n = sizes[rnd.nextInt(sizes.length)];
            ComplexMatrix a = Matrices.randomPositiveDefinite(n, t, rnd);
            StoredMatrix s = storeTriangle(a, t, uplo, rnd.nextInt(3), Math.max(1, n) + rnd.nextInt(3));
            assertThat(potrf(t, uplo, s, ws)).as("seed %d", seed).isZero();
            assertThat(s.paddingIntact()).isTrue();
            ComplexMatrix f = factor(s, uplo);
            for (int i = 0; i < n; i++) {
                assertThat(f.im(i, i)).isZero();
                assertThat(f.re(i, i)).isPositive();
            }
            ComplexMatrix product = uplo == Triangle.LOWER ? f.times(f.adjoint()) : f.adjoint().times(f);
            double err = product.minus(a).norm() / Math.max(a.norm(), 1e-300);
            assertThat(err).as("seed %d: %s %s n=%d", seed, t, uplo, n)
                    .isLessThanOrEqualTo(RECONSTRUCTION * Math.max(n, 1) * t.eps());
        }
    }

    @Test
    void agreesWithEjmlsCholesky() {
        for (int seed = 0; seed < 30; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int n = 1 + rnd.nextInt(40);
            for (Dtype t : new Dtype[] {Dtype.F64, Dtype.C128}) {
                ComplexMatrix a = Matrices.randomPositiveDefinite(n, t, rnd);
                StoredMatrix s = storeTriangle(a, t, Triangle.LOWER, 0, n);
                potrf(t, Triangle.LOWER, s, null);
                ComplexMatrix own = factor(s, Triangle.LOWER);
                ComplexMatrix ejml = new ComplexMatrix(n, n);
                if (t.complex) {
                    ZMatrixRMaj m = new ZMatrixRMaj(n, n);
                    for (int j = 0; j < n; j++) {
                        for (int i = 0; i < n; i++) {
                            m.set(i, j, a.re(i, j), a.im(i, j));
                        }
                    }
                    CholeskyDecompositionInner_ZDRM chol = new CholeskyDecompositionInner_ZDRM(true);
                    assertThat(chol.decompose(m)).isTrue();
                    ZMatrixRMaj l = chol.getT(null);
                    for (int j = 0; j < n; j++) {
                        for (int i = j; i < n; i++) {
                            ejml.set(i, j, l.getReal(i, j), l.getImag(i, j));
                        }
                    }
                } else {
                    DMatrixRMaj m = new DMatrixRMaj(n, n);
                    for (int j = 0; j < n; j++) {
                        for (int i = 0; i < n; i++) {
                            m.set(i, j, a.re(i, j));
                        }
                    }
                    CholeskyDecompositionInner_DDRM chol = new CholeskyDecompositionInner_DDRM(true);
                    assertThat(chol.decompose(m)).isTrue();
                    DMatrixRMaj l = chol.getT(null);
                    for (int j = 0; j < n; j++) {
                        for (int i = j; i < n; i++) {
                            ejml.set(i, j, l.get(i, j), 0);
                        }
                    }
                }
                double diff = own.minus(ejml).norm() / own.norm();
                assertThat(diff).as("seed %d %s n=%d", seed, t, n).isLessThanOrEqualTo(8 * n * t.eps());
            }
        }
    }

    @Test
    void aNonPositiveDefiniteLeadingMinorReturnsItsOrder() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            for (Triangle uplo : Triangle.values()) {
                for (int p = 1; p <= 6; p++) {
                    // A = B·D·Bᴴ with B unit lower triangular and D = diag(1, …, −1 at p−1, …, 1): the
                    // leading minors of order < p are positive definite, the one of order p is not.
                    SplittableRandom rnd = new SplittableRandom(p);
                    int n = 6;
                    ComplexMatrix b = ComplexMatrix.random(n, n, t, rnd);
                    for (int j = 0; j < n; j++) {
                        for (int i = 0; i <= j; i++) {
                            b.set(i, j, i == j ? 1 : 0, 0);
                        }
                    }
                    double[] d = {1, 1, 1, 1, 1, 1};
                    d[p - 1] = -1;
                    ComplexMatrix a = b.timesDiagonal(d).times(b.adjoint());
                    StoredMatrix s = storeTriangle(Matrices.hermitianPart(a).rounded(t), t, uplo, 1, 7);
                    assertThat(potrf(t, uplo, s, ws)).as("%s %s p=%d", t, uplo, p).isEqualTo(p);
                }
                ComplexMatrix nan = Matrices.randomPositiveDefinite(3, t, new SplittableRandom(1));
                nan.set(1, 1, Double.NaN, 0);
                assertThat(potrf(t, uplo, storeTriangle(nan, t, uplo, 0, 3), ws)).isEqualTo(2);
            }
        }
    }
}
