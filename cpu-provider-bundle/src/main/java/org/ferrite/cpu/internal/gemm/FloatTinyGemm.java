// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleTinyGemm.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

/**
 * Register-blocked loops for products too small to repay packing:
 * {@code C[i, j] = alpha·Σ_p A[i, p]·B[p, j] + beta·C[i, j]}, every sum taken in order of {@code p} with
 * fused multiply-adds. Any strides (including negative and zero on {@code A} and {@code B}); reads
 * {@code A} and {@code B}, writes every element of {@code C} and reads it only when {@code beta != 0}.
 * {@code C} must not overlap {@code A} or {@code B}. Also the contraction planner's shortest path,
 * called directly with the strides it fixed at planning, once per matrix of a batch. Thread-safe
 * (stateless; no instances, holds nothing).
 *
 * <p>Two loop shapes, chosen per call by two comparisons:
 * <ul>
 *   <li>unit row strides of {@code A} and {@code C} and at least {@value #AXPY_MIN_ROWS} rows: each
 *       column of {@code C} is accumulated in place as {@code C[·, j] += A[·, p]·(alpha·B[p, j])}, four
 *       {@code p} per pass: contiguous loops, though C2 on JDK 17 keeps them scalar ({@code C} and
 *       {@code A} are arrays of one type at different offsets). A batched or gathered matrix–vector
 *       product of a column-major matrix is this loop; a single one read in place runs on
 *       {@link FloatMatVec}, chosen by the contraction plan;</li>
 *   <li>otherwise {@code 4×4} blocks of {@code C} held in sixteen scalar accumulators (each operand
 *       element loaded once per block), then {@code 4×1} blocks and single dot products at the
 *       edges ({@code 8×1} blocks first when {@code C} has fewer than four columns); fewer than four
 *       rows are dot products only.</li>
 * </ul>
 * The first shape scales {@code B}'s element by {@code alpha} before multiplying, the second scales the
 * finished sum; both round within a few ulps of the textbook loop.
 */
public final class FloatTinyGemm {
    /** Rows from which a column-major product runs as vectorised column updates. */
    static final int AXPY_MIN_ROWS = 16;

    private FloatTinyGemm() {
    }

    /**
     * @param m rows of {@code A} and {@code C}
     * @param n columns of {@code B} and {@code C}
     * @param k columns of {@code A}, rows of {@code B}, {@code >= 1}
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
        // a small method, so that callers inline it: the loops are methods of their own
        if (m < 4) {
            dots(m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff, cRs, cCs);
        } else if (aRs == 1 && cRs == 1 && m >= AXPY_MIN_ROWS) {
            for (int j = 0; j < n; j++) {
                column(m, k, alpha, a, aOff, aCs, b, bOff + j * bCs, bRs, beta, c, cOff + j * cCs);
            }
        } else {
            blocks(m, n, k, alpha, a, aOff, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff, cRs, cCs);
        }
    }

    /**
     * Every element of {@code C} as its own dot product: for fewer than four rows. Inner extents up to
     * 4 are unrolled (the 2×2·2×1 product is a handful of instructions).
     */
    static void dots(int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs, float[] b, int bOff,
            int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs) {
        for (int j = 0; j < n; j++) {
            int bj = bOff + j * bCs;
            for (int i = 0; i < m; i++) {
                int ai = aOff + i * aRs;
                float s;
                if (k == 2) {
                    s = Math.fma(a[ai + aCs], b[bj + bRs], a[ai] * b[bj]);
                } else if (k <= 4) {
                    s = dotUpTo4(k, a, ai, aCs, b, bj, bRs);
                } else {
                    s = 0;
                    for (int p = 0; p < k; p++) {
                        s = Math.fma(a[ai + p * aCs], b[bj + p * bRs], s);
                    }
                }
                int e = cOff + i * cRs + j * cCs;
                c[e] = beta == 0 ? alpha * s : Math.fma(alpha, s, beta * c[e]);
            }
        }
    }

    /** {@code Σ_{p<k} a[ai + p·aCs]·b[bj + p·bRs]} for {@code 1 <= k <= 4}, in order of {@code p}. */
    private static float dotUpTo4(int k, float[] a, int ai, int aCs, float[] b, int bj, int bRs) {
        float s = a[ai] * b[bj];
        if (k >= 2) {
            s = Math.fma(a[ai + aCs], b[bj + bRs], s);
        }
        if (k >= 3) {
            s = Math.fma(a[ai + 2 * aCs], b[bj + 2 * bRs], s);
        }
        if (k == 4) {
            s = Math.fma(a[ai + 3 * aCs], b[bj + 3 * bRs], s);
        }
        return s;
    }

    /**
     * {@code 4×4} and {@code 4×1} register blocks, and dot products for the last {@code m mod 4} rows. With
     * fewer than four columns (a matrix–vector product) rows go eight at a time first: eight independent
     * chains of fused multiply-adds instead of four hide the latency of each.
     */
    private static void blocks(int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs, float[] b,
            int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs) {
        int i = 0;
        if (n < 4) {
            for (; i + 8 <= m; i += 8) {
                for (int j = 0; j < n; j++) {
                    block8x1(k, alpha, a, aOff + i * aRs, aRs, aCs, b, bOff + j * bCs, bRs, beta, c,
                            cOff + i * cRs + j * cCs, cRs);
                }
            }
        }
        for (; i + 4 <= m; i += 4) {
            int ai = aOff + i * aRs;
            int ci = cOff + i * cRs;
            int j = 0;
            for (; j + 4 <= n; j += 4) {
                block4x4(k, alpha, a, ai, aRs, aCs, b, bOff + j * bCs, bRs, bCs, beta, c, ci + j * cCs, cRs, cCs);
            }
            for (; j < n; j++) {
                block4x1(k, alpha, a, ai, aRs, aCs, b, bOff + j * bCs, bRs, beta, c, ci + j * cCs, cRs);
            }
        }
        if (i < m) {
            dots(m - i, n, k, alpha, a, aOff + i * aRs, aRs, aCs, b, bOff, bRs, bCs, beta, c, cOff + i * cRs, cRs,
                    cCs);
        }
    }

    /** {@code c[co + i] = beta·c[co + i] + Σ_p a[ao + i + p·aCs]·(alpha·b[bo + p·bRs])}, i in [0, m). */
    private static void column(int m, int k, float alpha, float[] a, int ao, int aCs, float[] b, int bo, int bRs,
            float beta, float[] c, int co) {
        if (beta == 0) {
            java.util.Arrays.fill(c, co, co + m, 0);
        } else if (beta != 1) {
            for (int i = 0; i < m; i++) {
                c[co + i] *= beta;
            }
        }
        int p = 0;
        for (; p + 4 <= k; p += 4) {
            int a0 = ao + p * aCs;
            int a1 = a0 + aCs;
            int a2 = a1 + aCs;
            int a3 = a2 + aCs;
            float b0 = alpha * b[bo + p * bRs];
            float b1 = alpha * b[bo + (p + 1) * bRs];
            float b2 = alpha * b[bo + (p + 2) * bRs];
            float b3 = alpha * b[bo + (p + 3) * bRs];
            for (int i = 0; i < m; i++) {
                c[co + i] = Math.fma(a[a3 + i], b3, Math.fma(a[a2 + i], b2, Math.fma(a[a1 + i], b1,
                        Math.fma(a[a0 + i], b0, c[co + i]))));
            }
        }
        for (; p < k; p++) {
            int a0 = ao + p * aCs;
            float b0 = alpha * b[bo + p * bRs];
            for (int i = 0; i < m; i++) {
                c[co + i] = Math.fma(a[a0 + i], b0, c[co + i]);
            }
        }
    }

    /** One {@code 4×4} block of {@code C}: sixteen accumulators, eight loads per inner index. */
    private static void block4x4(int k, float alpha, float[] a, int ao, int aRs, int aCs, float[] b, int bo,
            int bRs, int bCs, float beta, float[] c, int co, int cRs, int cCs) {
        float c00 = 0, c10 = 0, c20 = 0, c30 = 0, c01 = 0, c11 = 0, c21 = 0, c31 = 0;
        float c02 = 0, c12 = 0, c22 = 0, c32 = 0, c03 = 0, c13 = 0, c23 = 0, c33 = 0;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            float a0 = a[ap];
            float a1 = a[ap + aRs];
            float a2 = a[ap + 2 * aRs];
            float a3 = a[ap + 3 * aRs];
            int bp = bo + p * bRs;
            float b0 = b[bp];
            float b1 = b[bp + bCs];
            float b2 = b[bp + 2 * bCs];
            float b3 = b[bp + 3 * bCs];
            c00 = Math.fma(a0, b0, c00);
            c10 = Math.fma(a1, b0, c10);
            c20 = Math.fma(a2, b0, c20);
            c30 = Math.fma(a3, b0, c30);
            c01 = Math.fma(a0, b1, c01);
            c11 = Math.fma(a1, b1, c11);
            c21 = Math.fma(a2, b1, c21);
            c31 = Math.fma(a3, b1, c31);
            c02 = Math.fma(a0, b2, c02);
            c12 = Math.fma(a1, b2, c12);
            c22 = Math.fma(a2, b2, c22);
            c32 = Math.fma(a3, b2, c32);
            c03 = Math.fma(a0, b3, c03);
            c13 = Math.fma(a1, b3, c13);
            c23 = Math.fma(a2, b3, c23);
            c33 = Math.fma(a3, b3, c33);
        }
        store4(alpha, beta, c, co, cRs, c00, c10, c20, c30);
        store4(alpha, beta, c, co + cCs, cRs, c01, c11, c21, c31);
        store4(alpha, beta, c, co + 2 * cCs, cRs, c02, c12, c22, c32);
        store4(alpha, beta, c, co + 3 * cCs, cRs, c03, c13, c23, c33);
    }

    /** One {@code 8×1} block of {@code C}: eight accumulators, nine loads per inner index. */
    private static void block8x1(int k, float alpha, float[] a, int ao, int aRs, int aCs, float[] b, int bo,
            int bRs, float beta, float[] c, int co, int cRs) {
        float c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0;
        int r4 = 4 * aRs;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            float bp = b[bo + p * bRs];
            c0 = Math.fma(a[ap], bp, c0);
            c1 = Math.fma(a[ap + aRs], bp, c1);
            c2 = Math.fma(a[ap + 2 * aRs], bp, c2);
            c3 = Math.fma(a[ap + 3 * aRs], bp, c3);
            c4 = Math.fma(a[ap + r4], bp, c4);
            c5 = Math.fma(a[ap + r4 + aRs], bp, c5);
            c6 = Math.fma(a[ap + r4 + 2 * aRs], bp, c6);
            c7 = Math.fma(a[ap + r4 + 3 * aRs], bp, c7);
        }
        store4(alpha, beta, c, co, cRs, c0, c1, c2, c3);
        store4(alpha, beta, c, co + 4 * cRs, cRs, c4, c5, c6, c7);
    }

    /** One {@code 4×1} block of {@code C}. */
    private static void block4x1(int k, float alpha, float[] a, int ao, int aRs, int aCs, float[] b, int bo,
            int bRs, float beta, float[] c, int co, int cRs) {
        float c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            float bp = b[bo + p * bRs];
            c0 = Math.fma(a[ap], bp, c0);
            c1 = Math.fma(a[ap + aRs], bp, c1);
            c2 = Math.fma(a[ap + 2 * aRs], bp, c2);
            c3 = Math.fma(a[ap + 3 * aRs], bp, c3);
        }
        store4(alpha, beta, c, co, cRs, c0, c1, c2, c3);
    }

    /** {@code C[i] = alpha·s_i (+ beta·C[i])} for four consecutive rows of one column. */
    private static void store4(float alpha, float beta, float[] c, int co, int cRs, float s0, float s1,
            float s2, float s3) {
        if (beta == 0) {
            c[co] = alpha * s0;
            c[co + cRs] = alpha * s1;
            c[co + 2 * cRs] = alpha * s2;
            c[co + 3 * cRs] = alpha * s3;
        } else {
            c[co] = Math.fma(alpha, s0, beta * c[co]);
            c[co + cRs] = Math.fma(alpha, s1, beta * c[co + cRs]);
            c[co + 2 * cRs] = Math.fma(alpha, s2, beta * c[co + 2 * cRs]);
            c[co + 3 * cRs] = Math.fma(alpha, s3, beta * c[co + 3 * cRs]);
        }
    }
}
