package org.ferrite.cpu.internal.gemm;

/**
 * Strided dot-product loops for products too small to repay packing:
 * {@code C[i, j] = alpha·Σ_p A[i, p]·B[p, j] + beta·C[i, j]}, the sum taken in order of {@code p}. Any
 * strides; {@code C} is not read when {@code beta == 0}. Thread-safe (stateless).
 */
final class DoubleTinyGemm {
    private DoubleTinyGemm() {
    }

    static void multiply(int m, int n, int k, double alpha, double[] a, int aOff, int aRs, int aCs, double[] b,
            int bOff, int bRs, int bCs, double beta, double[] c, int cOff, int cRs, int cCs) {
        for (int j = 0; j < n; j++) {
            int bj = bOff + j * bCs;
            int cj = cOff + j * cCs;
            for (int i = 0; i < m; i++) {
                int ai = aOff + i * aRs;
                double s = 0;
                for (int p = 0; p < k; p++) {
                    s += a[ai + p * aCs] * b[bj + p * bRs];
                }
                int ci = cj + i * cRs;
                c[ci] = beta == 0 ? alpha * s : alpha * s + beta * c[ci];
            }
        }
    }
}
