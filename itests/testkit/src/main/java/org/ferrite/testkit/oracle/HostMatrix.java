package org.ferrite.testkit.oracle;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * One complex matrix of the linear-algebra suites' oracle, column-major in two arrays (real and
 * imaginary parts; a real matrix has zeros in {@code im}), read from and written to one batch member of
 * a host tensor through the public element accessors only. The kit's own code,
 * independent of every provider (the reference provider's kernels have theirs); a provider's own
 * tests may use it too. Not thread-safe (a mutable value). Lifetime: as long as it is referenced.
 */
public final class HostMatrix {
    final int rows;
    final int cols;
    final double[] re;
    final double[] im;

    /**
     * A zero matrix.
     *
     * @param rows its rows
     * @param cols its columns
     */
    public HostMatrix(int rows, int cols) {
        this.rows = rows;
        this.cols = cols;
        this.re = new double[rows * cols];
        this.im = new double[rows * cols];
    }

    /**
     * @param n the order
     * @return the {@code n × n} identity
     */
    public static HostMatrix identity(int n) {
        HostMatrix eye = new HostMatrix(n, n);
        for (int i = 0; i < n; i++) {
            eye.re[i + i * n] = 1;
        }
        return eye;
    }

    /**
     * Reads one member of a batch-trailing operand.
     *
     * @param t the operand, {@code [rows, cols, b…]} or (when {@code vector}) {@code [rows, b…]}
     * @param vector whether {@code t} is a vector operand (one column)
     * @param member the member's index in column-major order over the batch axes
     * @return the member
     */
    public static HostMatrix read(TensorRead t, boolean vector, long member) {
        int first = vector ? 1 : 2;
        long[] index = batchIndex(t, first, member);
        HostMatrix m = new HostMatrix((int) t.dim(0), vector ? 1 : (int) t.dim(1));
        for (int j = 0; j < m.cols; j++) {
            for (int i = 0; i < m.rows; i++) {
                index[0] = i;
                if (!vector) {
                    index[1] = j;
                }
                m.re[i + j * m.rows] = t.getReal(index);
                m.im[i + j * m.rows] = t.getImag(index);
            }
        }
        return m;
    }

    /**
     * Writes this matrix into one member of an output (the imaginary parts are dropped for a real
     * output).
     *
     * @param t the output, of this matrix's extents
     * @param vector whether {@code t} is a vector output
     * @param member the member's index
     */
    public void write(TensorWrite t, boolean vector, long member) {
        long[] index = batchIndex(t, vector ? 1 : 2, member);
        boolean complex = t.dtype().isComplex();
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                index[0] = i;
                if (!vector) {
                    index[1] = j;
                }
                if (complex) {
                    t.setComplex(re[i + j * rows], im[i + j * rows], index);
                } else {
                    t.set(re[i + j * rows], index);
                }
            }
        }
    }

    /** @return an index array with the batch axes (from {@code first}) of member {@code member} set */
    private static long[] batchIndex(TensorRead t, int first, long member) {
        long[] index = new long[t.rank()];
        long rest = member;
        for (int axis = first; axis < t.rank(); axis++) {
            index[axis] = rest % t.dim(axis);
            rest /= t.dim(axis);
        }
        return index;
    }

    /** @return the rows */
    public int rows() {
        return rows;
    }

    /** @return the columns */
    public int cols() {
        return cols;
    }

    /**
     * @param i the row
     * @param j the column
     * @return the real part of entry (i, j)
     */
    public double re(int i, int j) {
        return re[i + j * rows];
    }

    /**
     * @param i the row
     * @param j the column
     * @return the imaginary part of entry (i, j)
     */
    public double im(int i, int j) {
        return im[i + j * rows];
    }

    /**
     * Sets entry (i, j).
     *
     * @param i the row
     * @param j the column
     * @param real its real part
     * @param imag its imaginary part
     */
    public void set(int i, int j, double real, double imag) {
        re[i + j * rows] = real;
        im[i + j * rows] = imag;
    }

    /** @return the conjugate transpose */
    public HostMatrix adjoint() {
        HostMatrix t = new HostMatrix(cols, rows);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                t.set(j, i, re(i, j), -im(i, j));
            }
        }
        return t;
    }

    /**
     * @param conjugate conjugate the entries too
     * @return the transpose (or conjugate transpose)
     */
    public HostMatrix transpose(boolean conjugate) {
        HostMatrix t = adjoint();
        if (!conjugate) {
            for (int i = 0; i < t.im.length; i++) {
                t.im[i] = -t.im[i];
            }
        }
        return t;
    }

    /**
     * @param r rows kept
     * @param c columns kept
     * @return the leading {@code r × c} block
     */
    public HostMatrix block(int r, int c) {
        HostMatrix b = new HostMatrix(r, c);
        for (int j = 0; j < c; j++) {
            for (int i = 0; i < r; i++) {
                b.set(i, j, re(i, j), im(i, j));
            }
        }
        return b;
    }

    /**
     * @param other the right factor
     * @return {@code this·other}
     */
    public HostMatrix times(HostMatrix other) {
        HostMatrix c = new HostMatrix(rows, other.cols);
        for (int j = 0; j < other.cols; j++) {
            for (int l = 0; l < cols; l++) {
                double br = other.re(l, j);
                double bi = other.im(l, j);
                for (int i = 0; i < rows; i++) {
                    c.set(i, j, c.re(i, j) + re(i, l) * br - im(i, l) * bi, c.im(i, j) + re(i, l) * bi + im(i, l) * br);
                }
            }
        }
        return c;
    }

    /**
     * @param other a matrix of the same extents
     * @return the Frobenius norm of {@code this − other}
     */
    public double distance(HostMatrix other) {
        double sum = 0;
        for (int i = 0; i < re.length; i++) {
            double dr = re[i] - other.re[i];
            double di = im[i] - other.im[i];
            sum += dr * dr + di * di;
        }
        return Math.sqrt(sum);
    }

    /** @return the Frobenius norm */
    public double norm() {
        return distance(new HostMatrix(rows, cols));
    }
}
