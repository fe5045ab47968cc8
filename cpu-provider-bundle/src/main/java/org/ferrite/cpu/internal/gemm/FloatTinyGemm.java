// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleTinyGemm.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen compile exec:java.
package org.ferrite.cpu.internal.gemm;

/**
 * Strided dot-product loops for products too small to repay packing:
 * {@code C[i, j] = alpha·Σ_p A[i, p]·B[p, j] + beta·C[i, j]}, the sum taken in order of {@code p}. Any
 * strides (including negative and zero on {@code A} and {@code B}); reads {@code A} and {@code B},
 * writes every element of {@code C} and reads it only when {@code beta != 0}. {@code C} must not
 * overlap {@code A} or {@code B}. Also the contraction planner's shortest path, called directly with
 * the strides it fixed at planning. Thread-safe (stateless; no instances, holds nothing).
 */
public final class FloatTinyGemm {
    private FloatTinyGemm() {
    }

    /**
     * @param m rows of {@code A} and {@code C}
     * @param n columns of {@code B} and {@code C}
     * @param k columns of {@code A}, rows of {@code B}
     * @param alpha scale of the product
     * @param a storage of {@code A}; {@code A[i, p] = a[aOff + i·aRs + p·aCs]}
     * @param aOff offset of {@code A[0, 0]}
     * @param aRs row stride of {@code A}
     * @param aCs column stride of {@code A}
     * @param b storage of {@code B}
     * @param bOff offset of {@code B[0, 0]}
     * @param bRs row stride of {@code B}
     * @param bCs column stride of {@code B}
     * @param beta scale of the old {@code C}
     * @param c storage of {@code C}, written
     * @param cOff offset of {@code C[0, 0]}
     * @param cRs row stride of {@code C}
     * @param cCs column stride of {@code C}
     */
    public static void multiply(int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs, float[] b,
            int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs) {
        for (int j = 0; j < n; j++) {
            int bj = bOff + j * bCs;
            int cj = cOff + j * cCs;
            for (int i = 0; i < m; i++) {
                int ai = aOff + i * aRs;
                float s = 0;
                for (int p = 0; p < k; p++) {
                    s += a[ai + p * aCs] * b[bj + p * bRs];
                }
                int ci = cj + i * cRs;
                c[ci] = beta == 0 ? alpha * s : alpha * s + beta * c[ci];
            }
        }
    }
}
