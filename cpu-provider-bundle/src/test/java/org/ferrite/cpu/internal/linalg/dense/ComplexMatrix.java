package org.ferrite.cpu.internal.linalg.dense;

import java.util.SplittableRandom;

/**
 * A dense complex matrix in compact column-major interleaved storage, with the naive arithmetic the
 * tests check results against (real matrices have zero imaginary parts). Not thread-safe; test use
 * only.
 */
final class ComplexMatrix {
    final int rows;
    final int cols;
    /** {@code (i, j)} at {@code 2(i + j·rows)} (real) and {@code +1} (imaginary). */
    final double[] v;

    ComplexMatrix(int rows, int cols) {
        this.rows = rows;
        this.cols = cols;
        this.v = new double[2 * rows * cols];
    }

    double re(int i, int j) {
        return v[2 * (i + j * rows)];
    }

    double im(int i, int j) {
        return v[2 * (i + j * rows) + 1];
    }

    void set(int i, int j, double re, double im) {
        v[2 * (i + j * rows)] = re;
        v[2 * (i + j * rows) + 1] = im;
    }

    double abs(int i, int j) {
        return Math.hypot(re(i, j), im(i, j));
    }

    /**
     * @param rows rows
     * @param cols columns
     * @param dtype the dtype whose values to draw (real: zero imaginary parts; single: values rounded to
     *     float, so the stored matrix is exactly this one)
     * @param rnd source
     * @return entries uniform in [-1, 1) (each part)
     */
    static ComplexMatrix random(int rows, int cols, Dtype dtype, SplittableRandom rnd) {
        ComplexMatrix a = new ComplexMatrix(rows, cols);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                double re = 2 * rnd.nextDouble() - 1;
                double im = dtype.complex ? 2 * rnd.nextDouble() - 1 : 0;
                a.set(i, j, round(re, dtype), round(im, dtype));
            }
        }
        return a;
    }

    static double round(double x, Dtype dtype) {
        return dtype.single ? (float) x : x;
    }

    /** @return this matrix with every entry rounded to the dtype's precision */
    ComplexMatrix rounded(Dtype dtype) {
        ComplexMatrix r = new ComplexMatrix(rows, cols);
        for (int i = 0; i < v.length; i++) {
            r.v[i] = round(v[i], dtype);
        }
        return r;
    }

    static ComplexMatrix identity(int rows, int cols) {
        ComplexMatrix a = new ComplexMatrix(rows, cols);
        for (int i = 0; i < Math.min(rows, cols); i++) {
            a.set(i, i, 1, 0);
        }
        return a;
    }

    /** @return {@code this · b} */
    ComplexMatrix times(ComplexMatrix b) {
        if (cols != b.rows) {
            throw new IllegalArgumentException(rows + "x" + cols + " times " + b.rows + "x" + b.cols);
        }
        ComplexMatrix c = new ComplexMatrix(rows, b.cols);
        for (int j = 0; j < b.cols; j++) {
            for (int p = 0; p < cols; p++) {
                double br = b.re(p, j);
                double bi = b.im(p, j);
                for (int i = 0; i < rows; i++) {
                    int ci = 2 * (i + j * rows);
                    double ar = re(i, p);
                    double ai = im(i, p);
                    c.v[ci] += ar * br - ai * bi;
                    c.v[ci + 1] += ar * bi + ai * br;
                }
            }
        }
        return c;
    }

    /** @return {@code thisᴴ} */
    ComplexMatrix adjoint() {
        ComplexMatrix t = new ComplexMatrix(cols, rows);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                t.set(j, i, re(i, j), -im(i, j));
            }
        }
        return t;
    }

    /** @return {@code thisᵀ} */
    ComplexMatrix transpose() {
        ComplexMatrix t = new ComplexMatrix(cols, rows);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                t.set(j, i, re(i, j), im(i, j));
            }
        }
        return t;
    }

    ComplexMatrix minus(ComplexMatrix b) {
        ComplexMatrix c = new ComplexMatrix(rows, cols);
        for (int i = 0; i < v.length; i++) {
            c.v[i] = v[i] - b.v[i];
        }
        return c;
    }

    /** @return {@code this · diag(d)} for real {@code d} */
    ComplexMatrix timesDiagonal(double[] d) {
        ComplexMatrix c = new ComplexMatrix(rows, cols);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                c.set(i, j, re(i, j) * d[j], im(i, j) * d[j]);
            }
        }
        return c;
    }

    /** @return {@code this · diag(λ)} for complex {@code λ} (interleaved) */
    ComplexMatrix timesComplexDiagonal(double[] lambda) {
        ComplexMatrix c = new ComplexMatrix(rows, cols);
        for (int j = 0; j < cols; j++) {
            double lr = lambda[2 * j];
            double li = lambda[2 * j + 1];
            for (int i = 0; i < rows; i++) {
                c.set(i, j, re(i, j) * lr - im(i, j) * li, re(i, j) * li + im(i, j) * lr);
            }
        }
        return c;
    }

    /** @return the first {@code c} columns */
    ComplexMatrix columns(int c) {
        ComplexMatrix r = new ComplexMatrix(rows, c);
        System.arraycopy(v, 0, r.v, 0, 2 * rows * c);
        return r;
    }

    /** @return the first {@code r} rows */
    ComplexMatrix topRows(int r) {
        ComplexMatrix t = new ComplexMatrix(r, cols);
        for (int j = 0; j < cols; j++) {
            System.arraycopy(v, 2 * j * rows, t.v, 2 * j * r, 2 * r);
        }
        return t;
    }

    /** @return the Frobenius norm */
    double norm() {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }

    /** @return {@code ‖thisᴴ·this − I‖_F} */
    double orthonormalityError() {
        return adjoint().times(this).minus(identity(cols, cols)).norm();
    }

    /** @return whether every imaginary part is exactly zero */
    boolean isReal() {
        for (int i = 1; i < v.length; i += 2) {
            if (v[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param dtype the stored dtype
     * @param off offset of element (0, 0), in scalars
     * @param ld leading dimension ({@code ≥ rows})
     * @return the caller array of this matrix, padded with NaN around and between columns
     */
    StoredMatrix store(Dtype dtype, int off, int ld) {
        return StoredMatrix.of(this, dtype, off, ld);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                b.append(String.format(" %10.3e%+10.3ei", re(i, j), im(i, j)));
            }
            b.append('\n');
        }
        return b.toString();
    }
}
