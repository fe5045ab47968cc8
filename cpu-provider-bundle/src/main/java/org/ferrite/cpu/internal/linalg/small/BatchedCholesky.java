package org.ferrite.cpu.internal.linalg.small;

/**
 * The left-looking Cholesky factorisation {@code A = L·Lᴴ} of a chunk of Hermitian matrices in
 * batch-innermost planes, real ({@code im == null}) or complex: reads the lower triangle (and the real
 * part of the diagonal), writes L there and zeros above it. A member whose pivot
 * {@code a_jj − Σ|l_jk|²} is not positive (or NaN) gets {@code info = j + 1} at its first such
 * {@code j}; it is carried on with a unit pivot so the other members are not disturbed. Thread-safe
 * (stateless).
 */
final class BatchedCholesky {
    private BatchedCholesky() {
    }

    /**
     * @param re real planes ({@code n × n}), overwritten by L
     * @param im imaginary planes, or null for real members
     * @param n order
     * @param cs members
     * @param info receives the failing minor per member, else 0
     * @param w scratch of {@code 2·cs}
     */
    static void factor(double[] re, double[] im, int n, int cs, int[] info, double[] w) {
        java.util.Arrays.fill(info, 0, cs, 0);
        for (int j = 0; j < n; j++) {
            int diag = (j + j * n) * cs;
            System.arraycopy(re, diag, w, 0, cs);
            for (int l = 0; l < j; l++) {
                int x = (j + l * n) * cs;
                for (int c = 0; c < cs; c++) {
                    w[c] -= re[x + c] * re[x + c];
                }
                if (im != null) {
                    for (int c = 0; c < cs; c++) {
                        w[c] -= im[x + c] * im[x + c];
                    }
                }
            }
            for (int c = 0; c < cs; c++) {
                double d = w[c];
                boolean positive = d > 0;
                if (!positive && info[c] == 0) {
                    info[c] = j + 1;
                }
                double root = positive ? Math.sqrt(d) : 1;
                re[diag + c] = root;
                w[cs + c] = 1 / root;
            }
            if (im != null) {
                java.util.Arrays.fill(im, diag, diag + cs, 0);
            }
            for (int i = j + 1; i < n; i++) {
                column(re, im, n, cs, i, j, w);
            }
            for (int i = 0; i < j; i++) {
                int above = (i + j * n) * cs;
                java.util.Arrays.fill(re, above, above + cs, 0);
                if (im != null) {
                    java.util.Arrays.fill(im, above, above + cs, 0);
                }
            }
        }
    }

    /** {@code L[i, j] = (A[i, j] − Σ_{l<j} L[i, l]·conj(L[j, l])) / L[j, j]}. */
    private static void column(double[] re, double[] im, int n, int cs, int i, int j, double[] w) {
        int z = (i + j * n) * cs;
        for (int l = 0; l < j; l++) {
            int x = (i + l * n) * cs;
            int y = (j + l * n) * cs;
            if (im == null) {
                for (int c = 0; c < cs; c++) {
                    re[z + c] -= re[x + c] * re[y + c];
                }
            } else {
                for (int c = 0; c < cs; c++) {
                    re[z + c] -= re[x + c] * re[y + c] + im[x + c] * im[y + c];
                    im[z + c] -= im[x + c] * re[y + c] - re[x + c] * im[y + c];
                }
            }
        }
        for (int c = 0; c < cs; c++) {
            re[z + c] *= w[cs + c];
        }
        if (im != null) {
            for (int c = 0; c < cs; c++) {
                im[z + c] *= w[cs + c];
            }
        }
    }
}
