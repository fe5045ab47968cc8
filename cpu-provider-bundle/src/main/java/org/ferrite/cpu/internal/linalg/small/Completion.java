package org.ferrite.cpu.internal.linalg.small;

/**
 * Completes an orthonormal set of columns in one member of batch-innermost planes: column {@code j}
 * becomes the first standard basis vector that, after two rounds of Gram–Schmidt against columns
 * {@code 0…j−1}, keeps a norm above 1/2, normalised. Used for the singular vectors of zero singular
 * values and the extra columns of a full U; scalar per member (it is rare and small). Thread-safe
 * (stateless).
 */
final class Completion {
    private Completion() {
    }

    /**
     * @param re real planes ({@code rows} rows)
     * @param im imaginary planes, or null
     * @param rows rows
     * @param cs members in the planes
     * @param c the member
     * @param j the column to replace
     */
    static void column(double[] re, double[] im, int rows, int cs, int c, int j) {
        for (int e = 0; e < rows; e++) {
            for (int i = 0; i < rows; i++) {
                re[at(i, j, rows, cs, c)] = i == e ? 1 : 0;
                if (im != null) {
                    im[at(i, j, rows, cs, c)] = 0;
                }
            }
            for (int round = 0; round < 2; round++) {
                for (int k = 0; k < j; k++) {
                    project(re, im, rows, cs, c, j, k);
                }
            }
            double norm = 0;
            for (int i = 0; i < rows; i++) {
                int x = at(i, j, rows, cs, c);
                norm += re[x] * re[x] + (im == null ? 0 : im[x] * im[x]);
            }
            norm = Math.sqrt(norm);
            if (norm > 0.5) {
                for (int i = 0; i < rows; i++) {
                    re[at(i, j, rows, cs, c)] /= norm;
                    if (im != null) {
                        im[at(i, j, rows, cs, c)] /= norm;
                    }
                }
                return;
            }
        }
    }

    /** {@code u_j −= (u_kᴴ·u_j)·u_k}. */
    private static void project(double[] re, double[] im, int rows, int cs, int c, int j, int k) {
        double dr = 0;
        double di = 0;
        for (int i = 0; i < rows; i++) {
            int x = at(i, k, rows, cs, c);
            int y = at(i, j, rows, cs, c);
            dr += re[x] * re[y] + (im == null ? 0 : im[x] * im[y]);
            di += im == null ? 0 : re[x] * im[y] - im[x] * re[y];
        }
        for (int i = 0; i < rows; i++) {
            int x = at(i, k, rows, cs, c);
            int y = at(i, j, rows, cs, c);
            re[y] -= dr * re[x] - (im == null ? 0 : di * im[x]);
            if (im != null) {
                im[y] -= dr * im[x] + di * re[x];
            }
        }
    }

    private static int at(int i, int j, int rows, int cs, int c) {
        return (i + j * rows) * cs + c;
    }
}
