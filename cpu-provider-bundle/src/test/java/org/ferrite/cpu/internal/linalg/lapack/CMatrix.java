package org.ferrite.cpu.internal.linalg.lapack;

import java.util.SplittableRandom;

/**
 * A dense complex matrix in double precision, column-major, for the tests' reference computations:
 * obviously correct loops, no blocking. Real matrices are complex ones with zero imaginary parts. Not
 * thread-safe.
 */
final class CMatrix {
    final int rows;
    final int cols;
    final double[] re;
    final double[] im;

    CMatrix(int rows, int cols) {
        this.rows = rows;
        this.cols = cols;
        this.re = new double[rows * cols];
        this.im = new double[rows * cols];
    }

    static CMatrix identity(int n) {
        CMatrix eye = new CMatrix(n, n);
        for (int i = 0; i < n; i++) {
            eye.re[i + i * n] = 1;
        }
        return eye;
    }

    /** Entries uniform in [-1, 1) (real and imaginary parts independently; imaginary 0 if real). */
    static CMatrix random(int rows, int cols, boolean complex, SplittableRandom rnd) {
        CMatrix m = new CMatrix(rows, cols);
        for (int i = 0; i < m.re.length; i++) {
            m.re[i] = rnd.nextDouble(-1, 1);
            m.im[i] = complex ? rnd.nextDouble(-1, 1) : 0;
        }
        return m;
    }

    /** A Hermitian matrix {@code (X + Xᴴ) / 2} of a random X. */
    static CMatrix randomHermitian(int n, boolean complex, SplittableRandom rnd) {
        CMatrix x = random(n, n, complex, rnd);
        return x.plus(x.adjoint()).scale(0.5);
    }

    /** A Hermitian positive definite matrix {@code X·Xᴴ + n·I}. */
    static CMatrix randomPositiveDefinite(int n, boolean complex, SplittableRandom rnd) {
        CMatrix x = random(n, n, complex, rnd);
        return x.times(x.adjoint()).plus(identity(n).scale(n));
    }

    /** A diagonal {@code rows × cols} matrix with the given real diagonal. */
    static CMatrix diagonal(int rows, int cols, double[] values) {
        CMatrix d = new CMatrix(rows, cols);
        for (int i = 0; i < Math.min(rows, Math.min(cols, values.length)); i++) {
            d.re[i + i * rows] = values[i];
        }
        return d;
    }

    int index(int i, int j) {
        return i + j * rows;
    }

    CMatrix times(CMatrix b) {
        if (cols != b.rows) {
            throw new IllegalArgumentException(rows + "x" + cols + " times " + b.rows + "x" + b.cols);
        }
        CMatrix c = new CMatrix(rows, b.cols);
        for (int j = 0; j < b.cols; j++) {
            for (int l = 0; l < cols; l++) {
                double br = b.re[b.index(l, j)];
                double bi = b.im[b.index(l, j)];
                for (int i = 0; i < rows; i++) {
                    int a = index(i, l);
                    c.re[c.index(i, j)] += re[a] * br - im[a] * bi;
                    c.im[c.index(i, j)] += re[a] * bi + im[a] * br;
                }
            }
        }
        return c;
    }

    CMatrix adjoint() {
        CMatrix t = new CMatrix(cols, rows);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                t.re[t.index(j, i)] = re[index(i, j)];
                t.im[t.index(j, i)] = -im[index(i, j)];
            }
        }
        return t;
    }

    CMatrix transpose() {
        CMatrix t = new CMatrix(cols, rows);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                t.re[t.index(j, i)] = re[index(i, j)];
                t.im[t.index(j, i)] = im[index(i, j)];
            }
        }
        return t;
    }

    CMatrix plus(CMatrix b) {
        CMatrix c = new CMatrix(rows, cols);
        for (int i = 0; i < re.length; i++) {
            c.re[i] = re[i] + b.re[i];
            c.im[i] = im[i] + b.im[i];
        }
        return c;
    }

    CMatrix minus(CMatrix b) {
        return plus(b.scale(-1));
    }

    CMatrix scale(double factor) {
        CMatrix c = new CMatrix(rows, cols);
        for (int i = 0; i < re.length; i++) {
            c.re[i] = factor * re[i];
            c.im[i] = factor * im[i];
        }
        return c;
    }

    /** Multiplies column {@code j} by the complex {@code (wr + i·wi)}, for every column. */
    CMatrix scaleColumns(double[] wr, double[] wi) {
        CMatrix c = new CMatrix(rows, cols);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int k = index(i, j);
                c.re[k] = re[k] * wr[j] - im[k] * wi[j];
                c.im[k] = re[k] * wi[j] + im[k] * wr[j];
            }
        }
        return c;
    }

    /** Columns {@code [from, to)}. */
    CMatrix columns(int from, int to) {
        CMatrix c = new CMatrix(rows, to - from);
        System.arraycopy(re, from * rows, c.re, 0, (to - from) * rows);
        System.arraycopy(im, from * rows, c.im, 0, (to - from) * rows);
        return c;
    }

    /** Frobenius norm. */
    double norm() {
        double sum = 0;
        for (int i = 0; i < re.length; i++) {
            sum += re[i] * re[i] + im[i] * im[i];
        }
        return Math.sqrt(sum);
    }

    /** @return the largest |entry| strictly below ({@code below}) or above the diagonal */
    double offTriangle(boolean below) {
        double max = 0;
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                if (below ? i > j : i < j) {
                    max = Math.max(max, Math.hypot(re[index(i, j)], im[index(i, j)]));
                }
            }
        }
        return max;
    }

    /** A copy with NaN written over the strict triangle that a routine must not read. */
    CMatrix poisonTriangle(boolean below) {
        CMatrix c = plus(new CMatrix(rows, cols));
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                if (below ? i > j : i < j) {
                    c.re[index(i, j)] = Double.NaN;
                    c.im[index(i, j)] = Double.NaN;
                }
            }
        }
        return c;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(rows + "x" + cols + " [");
        for (int i = 0; i < Math.min(rows, 6); i++) {
            text.append(i == 0 ? "" : "; ");
            for (int j = 0; j < Math.min(cols, 6); j++) {
                text.append(j == 0 ? "" : ", ").append(String.format("%.4g%+.4gi", re[index(i, j)], im[index(i, j)]));
            }
        }
        return text.append(rows > 6 || cols > 6 ? " …]" : "]").toString();
    }
}
