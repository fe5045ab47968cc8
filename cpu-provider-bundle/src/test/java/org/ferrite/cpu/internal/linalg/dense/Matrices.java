package org.ferrite.cpu.internal.linalg.dense;

import java.util.SplittableRandom;

/**
 * Structured test matrices: random unitary factors, matrices with prescribed singular values or
 * eigenvalues, low rank. Built with naive reference arithmetic only. Thread-safe (stateless); test use
 * only.
 */
final class Matrices {
    private Matrices() {
    }

    /** @return a random {@code n × n} unitary (orthogonal for real dtypes) matrix, by Gram–Schmidt twice */
    static ComplexMatrix randomUnitary(int n, Dtype dtype, SplittableRandom rnd) {
        ComplexMatrix q = ComplexMatrix.random(n, n, dtype, rnd);
        for (int pass = 0; pass < 2; pass++) {
            for (int j = 0; j < n; j++) {
                for (int p = 0; p < j; p++) {
                    double dr = 0;
                    double di = 0;
                    for (int i = 0; i < n; i++) {
                        dr += q.re(i, p) * q.re(i, j) + q.im(i, p) * q.im(i, j);
                        di += q.re(i, p) * q.im(i, j) - q.im(i, p) * q.re(i, j);
                    }
                    for (int i = 0; i < n; i++) {
                        double re = q.re(i, j) - (dr * q.re(i, p) - di * q.im(i, p));
                        double im = q.im(i, j) - (dr * q.im(i, p) + di * q.re(i, p));
                        q.set(i, j, re, im);
                    }
                }
                double norm = 0;
                for (int i = 0; i < n; i++) {
                    norm += q.re(i, j) * q.re(i, j) + q.im(i, j) * q.im(i, j);
                }
                norm = Math.sqrt(norm);
                for (int i = 0; i < n; i++) {
                    q.set(i, j, q.re(i, j) / norm, q.im(i, j) / norm);
                }
            }
        }
        return q;
    }

    /** @return {@code U·diag(sigma)·Vᴴ} ({@code m × n}, {@code sigma.length = min(m, n)}), random unitary factors */
    static ComplexMatrix withSingularValues(int m, int n, double[] sigma, Dtype dtype, SplittableRandom rnd) {
        ComplexMatrix u = randomUnitary(m, dtype, rnd).columns(sigma.length);
        ComplexMatrix v = randomUnitary(n, dtype, rnd).columns(sigma.length);
        return u.timesDiagonal(sigma).times(v.adjoint());
    }

    /** @return {@code Q·diag(lambda)·Qᴴ}, Hermitian with the given real eigenvalues */
    static ComplexMatrix hermitianWithEigenvalues(double[] lambda, Dtype dtype, SplittableRandom rnd) {
        ComplexMatrix q = randomUnitary(lambda.length, dtype, rnd);
        ComplexMatrix a = q.timesDiagonal(lambda).times(q.adjoint());
        // Exactly Hermitian: mirror the lower triangle, real diagonal.
        for (int j = 0; j < a.cols; j++) {
            a.set(j, j, a.re(j, j), 0);
            for (int i = j + 1; i < a.rows; i++) {
                a.set(j, i, a.re(i, j), -a.im(i, j));
            }
        }
        return a;
    }

    /** @return a random Hermitian (symmetric for real dtypes) matrix */
    static ComplexMatrix randomHermitian(int n, Dtype dtype, SplittableRandom rnd) {
        ComplexMatrix a = ComplexMatrix.random(n, n, dtype, rnd);
        for (int j = 0; j < n; j++) {
            a.set(j, j, a.re(j, j), 0);
            for (int i = j + 1; i < n; i++) {
                a.set(j, i, a.re(i, j), -a.im(i, j));
            }
        }
        return a;
    }

    /** @return a random matrix of rank {@code r} ({@code m × r} times {@code r × n}) */
    static ComplexMatrix lowRank(int m, int n, int r, Dtype dtype, SplittableRandom rnd) {
        return ComplexMatrix.random(m, r, dtype, rnd).times(ComplexMatrix.random(r, n, dtype, rnd));
    }

    /** @return a random Hermitian positive definite matrix {@code BᴴB + n·I} */
    static ComplexMatrix randomPositiveDefinite(int n, Dtype dtype, SplittableRandom rnd) {
        ComplexMatrix b = ComplexMatrix.random(n, n, dtype, rnd);
        ComplexMatrix a = b.adjoint().times(b);
        for (int j = 0; j < n; j++) {
            a.set(j, j, a.re(j, j) + n, 0);
            for (int i = j + 1; i < n; i++) {
                a.set(j, i, a.re(i, j), -a.im(i, j));
            }
        }
        return a.rounded(dtype);
    }

    /** @return {@code (A + Aᴴ)/2} with an exactly real diagonal and exactly mirrored triangles */
    static ComplexMatrix hermitianPart(ComplexMatrix a) {
        int n = a.rows;
        ComplexMatrix h = new ComplexMatrix(n, n);
        for (int j = 0; j < n; j++) {
            h.set(j, j, a.re(j, j), 0);
            for (int i = j + 1; i < n; i++) {
                double re = 0.5 * (a.re(i, j) + a.re(j, i));
                double im = 0.5 * (a.im(i, j) - a.im(j, i));
                h.set(i, j, re, im);
                h.set(j, i, re, -im);
            }
        }
        return h;
    }
}
