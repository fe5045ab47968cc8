package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseHermitianEigen} for every dtype and triangle: {@code A·Z = Z·diag(W)}, orthonormal
 * {@code Z}, ascending {@code W}, only the named triangle read, the values-only path, sizes up to 128 with
 * offsets and padded leading dimensions, prescribed (repeated) spectra, and the info codes.
 */
class DenseHermitianEigenTest {
    /** {@code ‖A·Z − Z·diag(W)‖ ≤ C·n·eps·‖A‖}. */
    private static final double RESIDUAL = 8;
    /** {@code ‖ZᴴZ − I‖ ≤ C·n·eps}. */
    private static final double ORTHONORMALITY = 8;

    static final class Result {
        int info;
        StoredMatrix a;
        StoredMatrix w;
    }

    /** Stores {@code h} with the triangle opposite {@code uplo} set to NaN, then runs the dtype's routine. */
    static Result eig(Dtype t, boolean vectors, Triangle uplo, ComplexMatrix h, int off, int pad, DenseWorkspace ws) {
        int n = h.rows;
        Result r = new Result();
        r.a = h.store(t, off, Math.max(1, n) + pad);
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                if (uplo == Triangle.LOWER ? i < j : i > j) {
                    r.a.set(i, j, Double.NaN, Double.NaN);
                }
            }
        }
        r.w = StoredMatrix.realVector(t, n, off);
        switch (t) {
            case F64:
                r.info = DenseHermitianEigen.dsyev(vectors, uplo, n, r.a.doubles, r.a.off, r.a.ld, r.w.doubles, r.w.off,
                        ws);
                break;
            case F32:
                r.info = DenseHermitianEigen.ssyev(vectors, uplo, n, r.a.floats, r.a.off, r.a.ld, r.w.floats, r.w.off,
                        ws);
                break;
            case C128:
                r.info = DenseHermitianEigen.zheev(vectors, uplo, n, r.a.doubles, r.a.off, r.a.ld, r.w.doubles, r.w.off,
                        ws);
                break;
            default:
                r.info = DenseHermitianEigen.cheev(vectors, uplo, n, r.a.floats, r.a.off, r.a.ld, r.w.floats, r.w.off,
                        ws);
                break;
        }
        return r;
    }

    static String check(Dtype t, ComplexMatrix h, Result r) {
        int n = h.rows;
        double eps = t.eps();
        if (r.info != 0) {
            return "info " + r.info;
        }
        double[] w = r.w.vector();
        for (int i = 1; i < n; i++) {
            if (!(w[i] >= w[i - 1])) {
                return "eigenvalues not ascending: " + Arrays.toString(w);
            }
        }
        if (!r.a.paddingIntact() || !r.w.paddingIntact()) {
            return "written outside the outputs";
        }
        ComplexMatrix z = r.a.read();
        if (z.orthonormalityError() > ORTHONORMALITY * Math.max(n, 1) * eps) {
            return "ZᴴZ ≠ I: " + z.orthonormalityError();
        }
        double scale = Math.max(h.norm(), Double.MIN_NORMAL);
        double residual = h.times(z).minus(z.timesDiagonal(w)).norm() / scale;
        if (residual > RESIDUAL * Math.max(n, 1) * eps) {
            return "‖A·Z − Z·W‖/‖A‖ = " + residual;
        }
        if (!t.complex && !z.isReal()) {
            return "complex parts in a real result";
        }
        return null;
    }

    /** The matrix the routine saw: {@code h} rounded to the dtype. */
    static ComplexMatrix seen(ComplexMatrix h, Dtype t) {
        return h.rounded(t);
    }

    @Test
    void everyDtypeAndTriangleDiagonalisesRandomHermitianMatrices() {
        DenseWorkspace ws = new DenseWorkspace();
        int[] sizes = {1, 2, 3, 4, 5, 8, 13, 17, 32, 45};
        for (int seed = 0; seed < 240; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            Triangle uplo = (seed / 4) % 2 == 0 ? Triangle.LOWER : Triangle.UPPER;
            int n = sizes[rnd.nextInt(sizes.length)];
            ComplexMatrix h = seen(Matrices.randomHermitian(n, t, rnd), t);
            Result r = eig(t, true, uplo, h, rnd.nextInt(3), rnd.nextInt(3), ws);
            assertThat(check(t, h, r)).as("seed %d: %s %s n=%d", seed, t, uplo, n).isNull();
        }
    }

    @Test
    void largeMatricesUpTo128DiagonaliseForEveryDtype() {
        DenseWorkspace ws = new DenseWorkspace();
        int seed = 0;
        for (int n : new int[] {64, 128}) {
            for (Dtype t : Dtype.values()) {
                seed++;
                ComplexMatrix h = seen(Matrices.randomHermitian(n, t, new SplittableRandom(seed)), t);
                Result r = eig(t, true, seed % 2 == 0 ? Triangle.LOWER : Triangle.UPPER, h, 1, 2, ws);
                assertThat(check(t, h, r)).as("seed %d %s n=%d", seed, t, n).isNull();
            }
        }
    }

    @Test
    void valuesOnlyMatchTheVectorRunAndLeaveTheInputUnchanged() {
        DenseWorkspace ws = new DenseWorkspace();
        for (int seed = 0; seed < 60; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            int n = 1 + rnd.nextInt(30);
            ComplexMatrix h = seen(Matrices.randomHermitian(n, t, rnd), t);
            Triangle uplo = seed % 3 == 0 ? Triangle.UPPER : Triangle.LOWER;
            Result values = eig(t, false, uplo, h, 0, 1, ws);
            Result full = eig(t, true, uplo, h, 0, 1, ws);
            assertThat(values.info).isZero();
            double[] wv = values.w.vector();
            double[] wf = full.w.vector();
            double tol = 4 * n * t.eps() * Math.max(h.norm(), 1e-300);
            for (int i = 0; i < n; i++) {
                assertThat(Math.abs(wv[i] - wf[i])).as("seed %d %s λ%d", seed, t, i).isLessThanOrEqualTo(tol);
            }
            Result again = eig(t, false, uplo, h, 0, 1, ws);
            StoredMatrix untouched = h.store(t, 0, n + 1);
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    if (uplo == Triangle.LOWER ? i < j : i > j) {
                        untouched.set(i, j, Double.NaN, Double.NaN);
                    }
                }
            }
            assertThat(again.a.unchangedSince(untouched.snapshot())).as("seed %d: A written", seed).isTrue();
        }
    }

    @Test
    void prescribedSpectraIncludingRepeatedAndZeroEigenvaluesAreRecovered() {
        DenseWorkspace ws = new DenseWorkspace();
        double[][] spectra = {{-2, -2, 1, 1, 1, 3}, {0, 0, 0, 0, 0, 0}, {-1e-8, 0, 1e-8, 1, 1, 2},
            {7, 7, 7, 7, 7, 7}, {-5, -4, -3, -2, -1, 0}};
        int seed = 0;
        for (double[] lambda : spectra) {
            for (Dtype t : Dtype.values()) {
                seed++;
                ComplexMatrix h = seen(Matrices.hermitianWithEigenvalues(lambda, t, new SplittableRandom(seed)), t);
                Result r = eig(t, true, seed % 2 == 0 ? Triangle.LOWER : Triangle.UPPER, h, 2, 0, ws);
                assertThat(check(t, h, r)).as("seed %d %s", seed, t).isNull();
                double[] w = r.w.vector();
                double scale = Math.max(Math.abs(lambda[0]), Math.abs(lambda[5]));
                for (int i = 0; i < lambda.length; i++) {
                    assertThat(Math.abs(w[i] - lambda[i])).as("seed %d %s λ%d", seed, t, i)
                            .isLessThanOrEqualTo(40 * t.eps() * Math.max(scale, 1));
                }
            }
        }
    }

    @Test
    void diagonalAndOneByOneInputsAreExact() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            ComplexMatrix d = new ComplexMatrix(4, 4);
            double[] entries = {3, -1, 0, 2};
            for (int i = 0; i < 4; i++) {
                d.set(i, i, entries[i], 0);
            }
            Result r = eig(t, true, Triangle.LOWER, d, 0, 0, ws);
            assertThat(r.w.vector()).containsExactly(-1, 0, 2, 3);
            assertThat(check(t, d, r)).isNull();
            ComplexMatrix one = new ComplexMatrix(1, 1);
            one.set(0, 0, -0.75, 0);
            Result r1 = eig(t, true, Triangle.UPPER, one, 1, 0, ws);
            assertThat(r1.w.vector()).containsExactly(-0.75);
            assertThat(r1.a.read().abs(0, 0)).isEqualTo(1);
            assertThat(eig(t, true, Triangle.LOWER, new ComplexMatrix(0, 0), 0, 0, ws).info).isZero();
        }
    }

    @Test
    void nonFiniteInputReturnsInfoNAndNaNOutputs() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            ComplexMatrix h = Matrices.randomHermitian(5, t, new SplittableRandom(3));
            h.set(3, 1, Double.NaN, 0);
            h.set(1, 3, Double.NaN, 0);
            Result r = eig(t, true, Triangle.LOWER, h, 0, 0, ws);
            assertThat(r.info).as("%s", t).isEqualTo(5);
            assertThat(r.w.allNaN()).isTrue();
            assertThat(r.a.allNaN()).isTrue();
        }
    }

    @Test
    void complexKernelAgreesWithEjmlOnRealSymmetricMatrices() {
        DenseWorkspace ws = new DenseWorkspace();
        for (int seed = 0; seed < 40; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int n = 1 + rnd.nextInt(40);
            ComplexMatrix s = Matrices.randomHermitian(n, Dtype.F64, rnd);
            double[] ejml = eig(Dtype.F64, false, Triangle.LOWER, s, 0, 0, ws).w.vector();
            double[] own = eig(Dtype.C128, false, Triangle.LOWER, s, 0, 0, ws).w.vector();
            double tol = 8 * n * Dtype.F64.eps() * s.norm();
            for (int i = 0; i < n; i++) {
                assertThat(Math.abs(ejml[i] - own[i])).as("seed %d n=%d λ%d", seed, n, i).isLessThanOrEqualTo(tol);
            }
        }
    }
}
