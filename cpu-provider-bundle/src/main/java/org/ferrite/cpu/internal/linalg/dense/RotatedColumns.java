package org.ferrite.cpu.internal.linalg.dense;

/**
 * The columns a QR iteration rotates: {@code len} real scalars per column, column {@code j} at
 * {@code off + j·ld}. A complex column of {@code m} elements is a run of {@code 2m} scalars; a real
 * rotation acts on both parts alike, so one set of kernels serves real and complex vectors. Mutable and
 * owned by a {@link DenseWorkspace}, so that a call allocates nothing.
 *
 * <p>Not thread-safe.
 */
final class RotatedColumns {
    private double[] x;
    private int off;
    private int ld;
    private int len;

    /**
     * Points this at a set of columns.
     *
     * @param storage the array holding the columns
     * @param offset offset of column 0, in scalars
     * @param stride distance between columns, in scalars
     * @param length scalars per column
     * @return this
     */
    RotatedColumns of(double[] storage, int offset, int stride, int length) {
        this.x = storage;
        this.off = offset;
        this.ld = stride;
        this.len = length;
        return this;
    }

    /**
     * {@code x_j ← c·x_j + s·x_k}, {@code x_k ← c·x_k − s·x_j} (BLAS {@code drot}; LAPACK's
     * {@code dlasr} applies the same formula with {@code j = k − 1}).
     *
     * @param j first column
     * @param k second column
     * @param c cosine
     * @param s sine
     */
    void rotate(int j, int k, double c, double s) {
        int p = off + j * ld;
        int q = off + k * ld;
        for (int i = 0; i < len; i++) {
            double xi = x[p + i];
            double yi = x[q + i];
            x[p + i] = c * xi + s * yi;
            x[q + i] = c * yi - s * xi;
        }
    }

    /** @param j the column to negate */
    void negate(int j) {
        for (int i = 0, p = off + j * ld; i < len; i++) {
            x[p + i] = -x[p + i];
        }
    }

    /**
     * @param j one column
     * @param k the other column
     */
    void swap(int j, int k) {
        for (int i = 0, p = off + j * ld, q = off + k * ld; i < len; i++) {
            double t = x[p + i];
            x[p + i] = x[q + i];
            x[q + i] = t;
        }
    }

    /**
     * Selection sort of {@code d[0…n−1]} (at most {@code n − 1} swaps), swapping the matching columns of
     * {@code u} and {@code v} (either may be {@code null}).
     *
     * @param n entries
     * @param d values, sorted in place
     * @param descending largest first (else smallest first)
     * @param u columns to keep in step, or {@code null}
     * @param v columns to keep in step, or {@code null}
     */
    static void sort(int n, double[] d, boolean descending, RotatedColumns u, RotatedColumns v) {
        for (int i = 0; i < n - 1; i++) {
            int best = i;
            for (int j = i + 1; j < n; j++) {
                if (descending ? d[j] > d[best] : d[j] < d[best]) {
                    best = j;
                }
            }
            if (best != i) {
                double t = d[i];
                d[i] = d[best];
                d[best] = t;
                if (u != null) {
                    u.swap(i, best);
                }
                if (v != null) {
                    v.swap(i, best);
                }
            }
        }
    }
}
