package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseGeneralEigen} for every dtype: {@code A·V = V·diag(W)}, unit-norm vectors with a real
 * positive largest component, known spectra (Schur forms with a prescribed diagonal, repeated and
 * defective), exact conjugate pairs for real input, the values-only path, and the info codes.
 */
class DenseGeneralEigenTest {
    /** {@code ‖A·V − V·diag(W)‖ ≤ C·n·eps·‖A‖}. */
    private static final double RESIDUAL = 16;

    static final class Result {
        int info;
        StoredMatrix w;
        StoredMatrix v;
    }

    static Result eig(Dtype t, boolean vectors, StoredMatrix a, int off, int pad, DenseWorkspace ws) {
        int n = a.rows;
        Result r = new Result();
        Dtype out = t.single ? Dtype.C64 : Dtype.C128;
        r.w = StoredMatrix.output(out, n, 1, off, Math.max(n, 1));
        r.v = vectors ? StoredMatrix.output(out, n, n, off, Math.max(n, 1) + pad) : null;
        int vOff = vectors ? r.v.off : 0;
        int ldv = vectors ? r.v.ld : 1;
        switch (t) {
            case F64:
                r.info = DenseGeneralEigen.dgeev(vectors, n, a.doubles, a.off, a.ld, r.w.doubles, r.w.off,
                        vectors ? r.v.doubles : null, vOff, ldv, ws);
                break;
            case F32:
                r.info = DenseGeneralEigen.sgeev(vectors, n, a.floats, a.off, a.ld, r.w.floats, r.w.off,
                        vectors ? r.v.floats : null, vOff, ldv, ws);
                break;
            case C128:
                r.info = DenseGeneralEigen.zgeev(vectors, n, a.doubles, a.off, a.ld, r.w.doubles, r.w.off,
                        vectors ? r.v.doubles : null, vOff, ldv, ws);
                break;
            default:
                r.info = DenseGeneralEigen.cgeev(vectors, n, a.floats, a.off, a.ld, r.w.floats, r.w.off,
                        vectors ? r.v.floats : null, vOff, ldv, ws);
                break;
        }
        return r;
    }

    /** @return the eigenvalues as interleaved complex doubles */
    static double[] values(Result r) {
        return r.w.read().v.clone();
    }

    static String check(Dtype t, StoredMatrix a, Result r) {
        int n = a.rows;
        if (r.info != 0) {
            return "info " + r.info;
        }
        if (!r.w.paddingIntact() || !r.v.paddingIntact()) {
            return "written outside W or V";
        }
        ComplexMatrix am = a.read();
        ComplexMatrix v = r.v.read();
        double[] w = values(r);
        double eps = t.eps();
        for (int j = 0; j < n; j++) {
            double norm = 0;
            double largest = 0;
            for (int i = 0; i < n; i++) {
                norm += v.re(i, j) * v.re(i, j) + v.im(i, j) * v.im(i, j);
                largest = Math.max(largest, v.abs(i, j));
            }
            if (Math.abs(Math.sqrt(norm) - 1) > 4 * n * eps) {
                return "column " + j + " has norm " + Math.sqrt(norm);
            }
            if (!hasRealPositiveLargest(v, j, largest * (1 - 4 * eps))) {
                return "column " + j + ": largest component not real positive";
            }
        }
        double scale = Math.max(am.norm(), Double.MIN_NORMAL);
        double residual = am.times(v).minus(v.timesComplexDiagonal(w)).norm() / scale;
        if (residual > RESIDUAL * Math.max(n, 1) * eps) {
            return "‖A·V − V·W‖/‖A‖ = " + residual;
        }
        if (!t.complex) {
            return checkConjugatePairs(n, w, v);
        }
        return null;
    }

    /** Whether a real positive component has modulus at least {@code bound} (the largest, up to rounding). */
    private static boolean hasRealPositiveLargest(ComplexMatrix v, int j, double bound) {
        for (int i = 0; i < v.rows; i++) {
            if (v.im(i, j) == 0 && v.re(i, j) > 0 && v.re(i, j) >= bound) {
                return true;
            }
        }
        return false;
    }

    private static String checkConjugatePairs(int n, double[] w, ComplexMatrix v) {
        for (int j = 0; j < n; j++) {
            double im = w[2 * j + 1];
            if (im == 0) {
                for (int i = 0; i < n; i++) {
                    if (v.im(i, j) != 0) {
                        return "real eigenvalue " + j + " with a complex vector";
                    }
                }
            } else if (im > 0) {
                if (j + 1 >= n || w[2 * j + 2] != w[2 * j] || w[2 * j + 3] != -im) {
                    return "eigenvalue " + j + " not followed by its exact conjugate";
                }
                for (int i = 0; i < n; i++) {
                    if (v.re(i, j + 1) != v.re(i, j) || v.im(i, j + 1) != -v.im(i, j)) {
                        return "vectors " + j + ", " + (j + 1) + " not exact conjugates";
                    }
                }
                j++;
            } else {
                return "eigenvalue " + j + " with negative imaginary part not preceded by its conjugate";
            }
        }
        return null;
    }

    /** Greatest distance from each expected eigenvalue to its nearest unused computed one. */
    static double spectrumDistance(double[] expected, double[] computed) {
        int n = expected.length / 2;
        boolean[] used = new boolean[n];
        double worst = 0;
        for (int i = 0; i < n; i++) {
            int best = -1;
            double bestDistance = Double.POSITIVE_INFINITY;
            for (int j = 0; j < n; j++) {
                double d = Math.hypot(expected[2 * i] - computed[2 * j], expected[2 * i + 1] - computed[2 * j + 1]);
                if (!used[j] && d < bestDistance) {
                    bestDistance = d;
                    best = j;
                }
            }
            used[best] = true;
            worst = Math.max(worst, bestDistance);
        }
        return worst;
    }

    /** {@code Q·T·Qᴴ} with {@code T} upper triangular with the given diagonal and random strict upper part. */
    static ComplexMatrix withSchurDiagonal(double[] lambda, double upper, Dtype t, SplittableRandom rnd) {
        int n = lambda.length / 2;
        ComplexMatrix tri = new ComplexMatrix(n, n);
        for (int j = 0; j < n; j++) {
            tri.set(j, j, lambda[2 * j], lambda[2 * j + 1]);
            for (int i = 0; i < j; i++) {
                tri.set(i, j, upper * (2 * rnd.nextDouble() - 1), t.complex ? upper * (2 * rnd.nextDouble() - 1) : 0);
            }
        }
        ComplexMatrix q = Matrices.randomUnitary(n, t, rnd);
        return q.times(tri).times(q.adjoint());
    }

    @Test
    void everyDtypeSatisfiesTheEigenEquationOnRandomMatrices() {
        DenseWorkspace ws = new DenseWorkspace();
        int[] sizes = {1, 2, 3, 4, 5, 6, 8, 11, 16, 23, 32};
        for (int seed = 0; seed < 240; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            int n = sizes[rnd.nextInt(sizes.length)];
            StoredMatrix a = ComplexMatrix.random(n, n, t, rnd).store(t, rnd.nextInt(3), n + rnd.nextInt(3));
            Object before = a.snapshot();
            Result r = eig(t, true, a, rnd.nextInt(3), rnd.nextInt(3), ws);
            assertThat(check(t, a, r)).as("seed %d: %s n=%d", seed, t, n).isNull();
            assertThat(a.unchangedSince(before)).as("seed %d: A written", seed).isTrue();
        }
    }

    @Test
    void largeMatricesUpTo128SatisfyTheEigenEquationForEveryDtype() {
        DenseWorkspace ws = new DenseWorkspace();
        int seed = 100;
        for (int n : new int[] {64, 128}) {
            for (Dtype t : Dtype.values()) {
                seed++;
                StoredMatrix a = ComplexMatrix.random(n, n, t, new SplittableRandom(seed)).store(t, 1, n + 1);
                assertThat(check(t, a, eig(t, true, a, 2, 1, ws))).as("seed %d %s n=%d", seed, t, n).isNull();
            }
        }
    }

    @Test
    void valuesOnlyGiveTheSameSpectrumAsTheVectorRun() {
        DenseWorkspace ws = new DenseWorkspace();
        for (int seed = 0; seed < 80; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            int n = 1 + rnd.nextInt(30);
            StoredMatrix a = ComplexMatrix.random(n, n, t, rnd).store(t, 0, n);
            Result values = eig(t, false, a, 0, 0, ws);
            Result full = eig(t, true, a, 0, 0, ws);
            assertThat(values.info).isZero();
            double distance = spectrumDistance(values(full), values(values));
            assertThat(distance).as("seed %d %s n=%d", seed, t, n).isLessThanOrEqualTo(1e3 * n * t.eps());
        }
    }

    @Test
    void prescribedSpectraAreRecoveredIncludingRepeatedAndDefective() {
        DenseWorkspace ws = new DenseWorkspace();
        double[][] complexSpectra = {{1, 1, 1, 1, -2, 0.5, 3, 0, 0, 0}, {2, 0, 2, 0, 2, 0, 2, 0, 2, 0},
            {1e-3, 0, -1e-3, 0, 5, -5, 0, 2, 0, -2}};
        double[][] realSpectra = {{1, 2, 1, -2, -1, 0, 3, 0, 3, 0}, {2, 0, 2, 0, 2, 0, 2, 0, 2, 0},
            {0, 1, 0, -1, 0, 3, 0, -3, 4, 0}};
        int seed = 0;
        for (Dtype t : Dtype.values()) {
            for (double[] lambda : t.complex ? complexSpectra : realSpectra) {
                for (double upper : new double[] {0, 1}) {
                    seed++;
                    SplittableRandom rnd = new SplittableRandom(seed);
                    ComplexMatrix m = t.complex ? withSchurDiagonal(lambda, upper, t, rnd)
                            : realWithSpectrum(lambda, upper, rnd);
                    StoredMatrix a = m.store(t, 1, 6);
                    Result r = eig(t, true, a, 0, 0, ws);
                    assertThat(check(t, a, r)).as("seed %d %s upper %s", seed, t, upper).isNull();
                    // A repeated defective eigenvalue of multiplicity k is only determined to eps^(1/k).
                    double tol = upper == 0 ? 100 * t.eps() : 50 * Math.pow(t.eps(), 1.0 / 5);
                    assertThat(spectrumDistance(lambda, values(r))).as("seed %d %s", seed, t).isLessThanOrEqualTo(tol);
                }
            }
        }
    }

    /** A real matrix with the given (conjugate-closed) spectrum: real Schur form with 2×2 blocks. */
    static ComplexMatrix realWithSpectrum(double[] lambda, double upper, SplittableRandom rnd) {
        int n = lambda.length / 2;
        ComplexMatrix s = new ComplexMatrix(n, n);
        for (int j = 0; j < n; j++) {
            if (lambda[2 * j + 1] > 0) {
                double re = lambda[2 * j];
                double im = lambda[2 * j + 1];
                s.set(j, j, re, 0);
                s.set(j + 1, j + 1, re, 0);
                s.set(j, j + 1, im, 0);
                s.set(j + 1, j, -im, 0);
                j++;
            } else {
                s.set(j, j, lambda[2 * j], 0);
            }
        }
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < j; i++) {
                if (s.re(i, j) == 0 && !(i == j - 1 && s.re(j, i) != 0)) {
                    s.set(i, j, upper * (2 * rnd.nextDouble() - 1), 0);
                }
            }
        }
        ComplexMatrix q = Matrices.randomUnitary(n, Dtype.F64, rnd);
        return q.times(s).times(q.adjoint());
    }

    @Test
    void triangularDiagonalAndJordanInputsAreHandled() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            ComplexMatrix tri = new ComplexMatrix(5, 5);
            for (int j = 0; j < 5; j++) {
                tri.set(j, j, j - 2, 0);
                for (int i = 0; i < j; i++) {
                    tri.set(i, j, 0.5, 0);
                }
            }
            StoredMatrix a = tri.store(t, 0, 5);
            Result r = eig(t, true, a, 0, 0, ws);
            assertThat(check(t, a, r)).as("%s triangular", t).isNull();
            assertThat(spectrumDistance(new double[] {-2, 0, -1, 0, 0, 0, 1, 0, 2, 0}, values(r))).isZero();
            ComplexMatrix jordan = new ComplexMatrix(4, 4);
            for (int i = 0; i < 4; i++) {
                jordan.set(i, i, 3, 0);
                if (i < 3) {
                    jordan.set(i, i + 1, 1, 0);
                }
            }
            StoredMatrix j = jordan.store(t, 2, 4);
            Result rj = eig(t, true, j, 1, 1, ws);
            assertThat(check(t, j, rj)).as("%s Jordan", t).isNull();
            assertThat(spectrumDistance(new double[] {3, 0, 3, 0, 3, 0, 3, 0}, values(rj))).isZero();
            ComplexMatrix zero = new ComplexMatrix(3, 3);
            Result rz = eig(t, true, zero.store(t, 0, 3), 0, 0, ws);
            assertThat(check(t, zero.store(t, 0, 3), rz)).isNull();
            ComplexMatrix one = ComplexMatrix.random(1, 1, t, new SplittableRandom(5));
            Result r1 = eig(t, true, one.store(t, 0, 1), 0, 0, ws);
            assertThat(values(r1)).containsExactly(one.re(0, 0), one.im(0, 0));
            assertThat(eig(t, true, new ComplexMatrix(0, 0).store(t, 0, 1), 0, 0, ws).info).isZero();
        }
    }

    @Test
    void badlyScaledMatricesAreBalanced() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            SplittableRandom rnd = new SplittableRandom(9);
            int n = 6;
            ComplexMatrix m = ComplexMatrix.random(n, n, t, rnd);
            // D·M·D⁻¹ with D spanning 1e-12…1e12 (1e-6…1e6 in single): same spectrum, wildly scaled entries.
            double span = t.single ? 1e6 : 1e12;
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    double f = Math.pow(span, (i - j) * 2.0 / (n - 1));
                    m.set(i, j, m.re(i, j) * f, m.im(i, j) * f);
                }
            }
            StoredMatrix a = m.rounded(t).store(t, 0, n);
            Result r = eig(t, true, a, 0, 0, ws);
            assertThat(r.info).isZero();
            ComplexMatrix v = r.v.read();
            // Residual relative to each eigenvector's own scale of A's action, column by column.
            ComplexMatrix am = a.read();
            ComplexMatrix res = am.times(v).minus(v.timesComplexDiagonal(values(r)));
            assertThat(res.norm() / am.norm()).as("%s", t).isLessThanOrEqualTo(RESIDUAL * n * t.eps());
        }
    }

    @Test
    void nonFiniteInputReturnsInfoNAndNaNOutputs() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            ComplexMatrix m = ComplexMatrix.random(4, 4, t, new SplittableRandom(2));
            m.set(1, 2, Double.POSITIVE_INFINITY, 0);
            Result r = eig(t, true, m.store(t, 0, 4), 0, 0, ws);
            assertThat(r.info).isEqualTo(4);
            assertThat(r.w.allNaN()).isTrue();
            assertThat(r.v.allNaN()).isTrue();
        }
    }

    @Test
    void realAndComplexKernelsAgreeOnRealMatrices() {
        DenseWorkspace ws = new DenseWorkspace();
        for (int seed = 0; seed < 60; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int n = 1 + rnd.nextInt(30);
            ComplexMatrix m = ComplexMatrix.random(n, n, Dtype.F64, rnd);
            double[] real = values(eig(Dtype.F64, false, m.store(Dtype.F64, 0, n), 0, 0, ws));
            double[] complex = values(eig(Dtype.C128, false, m.store(Dtype.C128, 0, n), 0, 0, ws));
            assertThat(spectrumDistance(real, complex)).as("seed %d n=%d", seed, n)
                    .isLessThanOrEqualTo(1e3 * n * 0x1p-53);
        }
    }
}
