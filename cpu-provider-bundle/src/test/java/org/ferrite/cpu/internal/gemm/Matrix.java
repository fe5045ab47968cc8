package org.ferrite.cpu.internal.gemm;

import java.util.SplittableRandom;

/**
 * A test matrix: {@code rows × cols} (complex when {@code complex}) stored somewhere inside a padded
 * {@code double[]} at an offset with arbitrary strides, possibly negative or zero, plus a naive
 * element accessor. Not thread-safe; test use only.
 */
final class Matrix {
    final int rows;
    final int cols;
    final boolean complex;
    final double[] data;
    final int off;
    final int rs;
    final int cs;

    private Matrix(int rows, int cols, boolean complex, double[] data, int off, int rs, int cs) {
        this.rows = rows;
        this.cols = cols;
        this.complex = complex;
        this.data = data;
        this.off = off;
        this.rs = rs;
        this.cs = cs;
    }

    /** Layouts a test may ask for. */
    enum Layout {
        COLUMN_MAJOR, ROW_MAJOR, PADDED, REVERSED, STEPPED, BROADCAST_ROWS
    }

    /**
     * @param rows rows
     * @param cols columns
     * @param complex complex elements
     * @param layout the layout
     * @param rnd values and padding source
     * @return a matrix filled with values in [-1, 1), its padding filled with NaN
     */
    static Matrix random(int rows, int cols, boolean complex, Layout layout, SplittableRandom rnd) {
        int r = Math.max(rows, 1);
        int c = Math.max(cols, 1);
        int rs;
        int cs;
        int off = 0;
        int elements;
        switch (layout) {
            case ROW_MAJOR:
                rs = c;
                cs = 1;
                elements = r * c;
                break;
            case PADDED:
                rs = 1;
                cs = r + 3;
                off = 2;
                elements = off + cs * c;
                break;
            case REVERSED:
                rs = -1;
                cs = -r;
                elements = r * c;
                off = elements - 1;
                break;
            case STEPPED:
                rs = 2 * c;
                cs = 2;
                off = 1;
                elements = 1 + 2 * r * c;
                break;
            case BROADCAST_ROWS:
                rs = 0;
                cs = 1;
                elements = c;
                break;
            default:
                rs = 1;
                cs = r;
                elements = r * c;
        }
        int spe = complex ? 2 : 1;
        double[] data = new double[elements * spe];
        java.util.Arrays.fill(data, Double.NaN);
        Matrix m = new Matrix(rows, cols, complex, data, off, rs, cs);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int e = m.index(i, j) * spe;
                data[e] = rnd.nextDouble(-1, 1);
                if (complex) {
                    data[e + 1] = rnd.nextDouble(-1, 1);
                }
            }
        }
        return m;
    }

    int index(int i, int j) {
        return off + i * rs + j * cs;
    }

    double re(int i, int j) {
        return data[index(i, j) * (complex ? 2 : 1)];
    }

    double im(int i, int j) {
        return complex ? data[index(i, j) * 2 + 1] : 0;
    }

    Matrix copy() {
        return new Matrix(rows, cols, complex, data.clone(), off, rs, cs);
    }

    float[] floatData() {
        float[] f = new float[data.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) data[i];
        }
        return f;
    }

    Matrix withData(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return new Matrix(rows, cols, complex, d, off, rs, cs);
    }
}
