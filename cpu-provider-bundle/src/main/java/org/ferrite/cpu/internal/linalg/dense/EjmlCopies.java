package org.ferrite.cpu.internal.linalg.dense;

/**
 * Layout conversions between the layer's compact column-major buffers and EJML's row-major
 * {@code data} arrays, and the ordering helper the adapters share. Thread-safe (stateless).
 */
final class EjmlCopies {
    private EjmlCopies() {
    }

    /**
     * {@code dst[i·cols + j] = src[i + j·rows]} (real).
     *
     * @param rows rows
     * @param cols columns
     * @param src compact column-major, read
     * @param dst row-major, written
     */
    static void columnMajorToRowMajor(int rows, int cols, double[] src, double[] dst) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                dst[i * cols + j] = src[i + j * rows];
            }
        }
    }

    /**
     * {@code dst[i + j·rows] = src[i·cols + j]} (real).
     *
     * @param rows rows
     * @param cols columns
     * @param src row-major, read
     * @param dst compact column-major, written
     */
    static void rowMajorToColumnMajor(int rows, int cols, double[] src, double[] dst) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                dst[i + j * rows] = src[i * cols + j];
            }
        }
    }

    /** As {@link #columnMajorToRowMajor} for interleaved complex elements. */
    static void complexColumnMajorToRowMajor(int rows, int cols, double[] src, double[] dst) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int s = 2 * (i + j * rows);
                int d = 2 * (i * cols + j);
                dst[d] = src[s];
                dst[d + 1] = src[s + 1];
            }
        }
    }

    /** As {@link #rowMajorToColumnMajor} for interleaved complex elements. */
    static void complexRowMajorToColumnMajor(int rows, int cols, double[] src, double[] dst) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int s = 2 * (i * cols + j);
                int d = 2 * (i + j * rows);
                dst[d] = src[s];
                dst[d + 1] = src[s + 1];
            }
        }
    }

    /**
     * {@code order[0…n−1]} = the indices of {@code values[0…n−1]}, largest value first (stable for
     * ties).
     *
     * @param n entries
     * @param values read
     * @param order written
     */
    static void descendingOrder(int n, double[] values, int[] order) {
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = 1; i < n; i++) {
            int key = order[i];
            double v = values[key];
            int j = i - 1;
            while (j >= 0 && values[order[j]] < v) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = key;
        }
    }

    /**
     * {@code order[0…n−1]} = the indices of {@code values[0…n−1]}, smallest value first (stable for
     * ties).
     *
     * @param n entries
     * @param values read
     * @param order written
     */
    static void ascendingOrder(int n, double[] values, int[] order) {
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = 1; i < n; i++) {
            int key = order[i];
            double v = values[key];
            int j = i - 1;
            while (j >= 0 && values[order[j]] > v) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = key;
        }
    }
}
