package org.ferrite.cpu.internal.linalg.dense;

/**
 * Layout conversions between the layer's compact column-major buffers and EJML's row-major
 * {@code data} arrays, and the ordering helper the adapters share. Thread-safe (stateless).
 */
final class EjmlCopies {
    private EjmlCopies() {
    }

    /**
     * {@code dst[s·(i·cols + j) + p] = src[s·(i + j·rows) + p]}: compact column-major to EJML's row-major,
     * {@code s} scalars per element (interleaved complex for 2).
     *
     * @param rows rows
     * @param cols columns
     * @param scalars 1 for real, 2 for complex
     * @param src compact column-major, read
     * @param dst row-major, written
     */
    static void toRowMajor(int rows, int cols, int scalars, double[] src, double[] dst) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int from = scalars * (i + j * rows);
                int to = scalars * (i * cols + j);
                for (int p = 0; p < scalars; p++) {
                    dst[to + p] = src[from + p];
                }
            }
        }
    }

    /**
     * The inverse of {@link #toRowMajor}: EJML's row-major to compact column-major.
     *
     * @param rows rows
     * @param cols columns
     * @param scalars 1 for real, 2 for complex
     * @param src row-major, read
     * @param dst compact column-major, written
     */
    static void toColumnMajor(int rows, int cols, int scalars, double[] src, double[] dst) {
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                int from = scalars * (i * cols + j);
                int to = scalars * (i + j * rows);
                for (int p = 0; p < scalars; p++) {
                    dst[to + p] = src[from + p];
                }
            }
        }
    }

    /**
     * {@code order[0…n−1]} = the indices of {@code values[0…n−1]} sorted (stable for ties).
     *
     * @param n entries
     * @param values read
     * @param descending largest value first (else smallest first)
     * @param order written
     */
    static void order(int n, double[] values, boolean descending, int[] order) {
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = 1; i < n; i++) {
            int key = order[i];
            double v = values[key];
            int j = i - 1;
            while (j >= 0 && (descending ? values[order[j]] < v : values[order[j]] > v)) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = key;
        }
    }
}
