package org.ferrite.cpu.internal.linalg.dense;

import java.util.Arrays;

/**
 * A matrix as a routine of the layer receives it: a {@code double[]} or {@code float[]} of the dtype,
 * an offset in scalars and a leading dimension in elements, every scalar outside the matrix NaN so that
 * a stray read or write shows. Not thread-safe; test use only.
 */
final class StoredMatrix {
    final Dtype dtype;
    final int rows;
    final int cols;
    final int off;
    final int ld;
    final double[] doubles;
    final float[] floats;

    private StoredMatrix(Dtype dtype, int rows, int cols, int off, int ld) {
        this.dtype = dtype;
        this.rows = rows;
        this.cols = cols;
        this.off = off;
        this.ld = ld;
        int length = off + dtype.scalars() * ld * Math.max(cols, 1) + 3;
        if (dtype.single) {
            floats = new float[length];
            Arrays.fill(floats, Float.NaN);
            doubles = null;
        } else {
            doubles = new double[length];
            Arrays.fill(doubles, Double.NaN);
            floats = null;
        }
    }

    /** An output of {@code rows × cols}, every scalar NaN. */
    static StoredMatrix output(Dtype dtype, int rows, int cols, int off, int ld) {
        return new StoredMatrix(dtype, rows, cols, off, ld);
    }

    static StoredMatrix of(ComplexMatrix a, Dtype dtype, int off, int ld) {
        StoredMatrix s = new StoredMatrix(dtype, a.rows, a.cols, off, ld);
        for (int j = 0; j < a.cols; j++) {
            for (int i = 0; i < a.rows; i++) {
                s.set(i, j, a.re(i, j), a.im(i, j));
            }
        }
        return s;
    }

    /** A real vector of {@code n} entries (for singular values and Hermitian eigenvalues). */
    static StoredMatrix realVector(Dtype dtype, int n, int off) {
        Dtype real = dtype.single ? Dtype.F32 : Dtype.F64;
        return new StoredMatrix(real, n, 1, off, Math.max(n, 1));
    }

    int index(int i, int j) {
        return off + dtype.scalars() * (i + j * ld);
    }

    void set(int i, int j, double re, double im) {
        int p = index(i, j);
        if (floats != null) {
            floats[p] = (float) re;
            if (dtype.complex) {
                floats[p + 1] = (float) im;
            }
        } else {
            doubles[p] = re;
            if (dtype.complex) {
                doubles[p + 1] = im;
            }
        }
    }

    double scalar(int p) {
        return floats != null ? floats[p] : doubles[p];
    }

    /** @return the matrix read back as complex doubles */
    ComplexMatrix read() {
        ComplexMatrix a = new ComplexMatrix(rows, cols);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int p = index(i, j);
                a.set(i, j, scalar(p), dtype.complex ? scalar(p + 1) : 0);
            }
        }
        return a;
    }

    /** @return entries {@code 0…rows−1} of column 0 */
    double[] vector() {
        double[] x = new double[rows];
        for (int i = 0; i < rows; i++) {
            x[i] = scalar(index(i, 0));
        }
        return x;
    }

    /** @return whether every scalar of the matrix is NaN */
    boolean allNaN() {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int p = index(i, j);
                if (!Double.isNaN(scalar(p)) || dtype.complex && !Double.isNaN(scalar(p + 1))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** @return whether every scalar outside the matrix is still NaN */
    boolean paddingIntact() {
        int length = floats != null ? floats.length : doubles.length;
        boolean[] inside = new boolean[length];
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int p = index(i, j);
                inside[p] = true;
                if (dtype.complex) {
                    inside[p + 1] = true;
                }
            }
        }
        for (int p = 0; p < length; p++) {
            if (!inside[p] && !Double.isNaN(scalar(p))) {
                return false;
            }
        }
        return true;
    }

    /** @return a copy of the storage, to prove an input was not written */
    Object snapshot() {
        return floats != null ? floats.clone() : doubles.clone();
    }

    boolean unchangedSince(Object snapshot) {
        return floats != null ? Arrays.equals(floats, (float[]) snapshot) : Arrays.equals(doubles, (double[]) snapshot);
    }
}
