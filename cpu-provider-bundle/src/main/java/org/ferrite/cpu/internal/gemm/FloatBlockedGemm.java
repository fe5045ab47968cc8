// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleBlockedGemm.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen compile exec:java.
package org.ferrite.cpu.internal.gemm;

/**
 * The cache-blocked pure-Java kernel: {@code C = alpha·A·B + beta·C} for {@code m, n, k >= 1} and
 * {@code alpha != 0}, on strided matrices (any strides, including negative and zero on {@code A} and
 * {@code B}). {@code C} is written column by column; with {@code beta == 0} it is not read. Thread-safe
 * (stateless); the workspace is the caller's.
 *
 * <p>Blocking (GotoBLAS order): for each panel of {@value #NC} columns and each slab of {@value #KC}
 * inner indices, {@code B} is packed once; for each block of {@value #MC} rows, {@code alpha·A} is packed
 * one array per inner index; then each column of {@code C} is accumulated in a private array by
 * {@code t[i] += a0[i]·b0 + a1[i]·b1 + a2[i]·b2 + a3[i]·b3} — a loop over contiguous arrays at offset 0
 * that C2 turns into vector multiply-adds — and added into {@code C}. Summation order depends only on
 * the block sizes, never on how columns are split between tasks, so results are deterministic.
 */
final class FloatBlockedGemm {
    /** Rows per packed block of A (block of A: {@code MC × KC} elements, sized for the L2 cache). */
    static final int MC = 256;
    /** Inner indices per slab. */
    static final int KC = 128;
    /** Columns per packed panel of B. */
    static final int NC = 512;

    private FloatBlockedGemm() {
    }

    static void multiply(int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs, float[] b,
            int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs,
            FloatGemmWorkspace ws) {
        ws.reserve(Math.min(MC, m), Math.min(KC, k), Math.min(NC, n));
        for (int jc = 0; jc < n; jc += NC) {
            int nc = Math.min(NC, n - jc);
            for (int pc = 0; pc < k; pc += KC) {
                int kc = Math.min(KC, k - pc);
                packB(kc, nc, b, bOff + pc * bRs + jc * bCs, bRs, bCs, ws.packedB);
                for (int ic = 0; ic < m; ic += MC) {
                    int mc = Math.min(MC, m - ic);
                    packA(mc, kc, alpha, a, aOff + ic * aRs + pc * aCs, aRs, aCs, ws.packedA);
                    int cBase = cOff + ic * cRs + jc * cCs;
                    for (int j = 0; j < nc; j++) {
                        accumulateColumn(mc, kc, ws.packedA, ws.packedB, j * kc, ws.column);
                        store(mc, ws.column, c, cBase + j * cCs, cRs, pc == 0, beta);
                    }
                }
            }
        }
    }

    private static void packB(int kc, int nc, float[] b, int off, int rs, int cs, float[] dst) {
        for (int j = 0; j < nc; j++) {
            int src = off + j * cs;
            int d = j * kc;
            if (rs == 1) {
                System.arraycopy(b, src, dst, d, kc);
            } else {
                for (int p = 0; p < kc; p++) {
                    dst[d + p] = b[src + p * rs];
                }
            }
        }
    }

    private static void packA(int mc, int kc, float alpha, float[] a, int off, int rs, int cs, float[][] dst) {
        for (int p = 0; p < kc; p++) {
            float[] col = dst[p];
            int src = off + p * cs;
            if (rs == 1) {
                if (alpha == 1) {
                    System.arraycopy(a, src, col, 0, mc);
                } else {
                    for (int i = 0; i < mc; i++) {
                        col[i] = alpha * a[src + i];
                    }
                }
            } else {
                for (int i = 0; i < mc; i++) {
                    col[i] = alpha * a[src + i * rs];
                }
            }
        }
    }

    /** {@code t[0, mc) = Σ_p packedA[p][·] · packedB[bo + p]}, four inner indices per pass. */
    private static void accumulateColumn(int mc, int kc, float[][] pa, float[] pb, int bo, float[] t) {
        float[] x0 = pa[0];
        float b0 = pb[bo];
        for (int i = 0; i < mc; i++) {
            t[i] = x0[i] * b0;
        }
        int p = 1;
        for (; p + 4 <= kc; p += 4) {
            float[] y0 = pa[p];
            float[] y1 = pa[p + 1];
            float[] y2 = pa[p + 2];
            float[] y3 = pa[p + 3];
            float c0 = pb[bo + p];
            float c1 = pb[bo + p + 1];
            float c2 = pb[bo + p + 2];
            float c3 = pb[bo + p + 3];
            for (int i = 0; i < mc; i++) {
                t[i] += y0[i] * c0 + y1[i] * c1 + y2[i] * c2 + y3[i] * c3;
            }
        }
        for (; p < kc; p++) {
            float[] y0 = pa[p];
            float c0 = pb[bo + p];
            for (int i = 0; i < mc; i++) {
                t[i] += y0[i] * c0;
            }
        }
    }

    /** {@code C[·, j] = t} (first slab, beta 0), {@code beta·C + t} (first slab), else {@code C + t}. */
    private static void store(int mc, float[] t, float[] c, int co, int rs, boolean first, float beta) {
        if (rs == 1) {
            if (!first) {
                for (int i = 0; i < mc; i++) {
                    c[co + i] += t[i];
                }
            } else if (beta == 0) {
                System.arraycopy(t, 0, c, co, mc);
            } else {
                for (int i = 0; i < mc; i++) {
                    c[co + i] = beta * c[co + i] + t[i];
                }
            }
            return;
        }
        for (int i = 0; i < mc; i++) {
            int ci = co + i * rs;
            c[ci] = !first ? c[ci] + t[i] : beta == 0 ? t[i] : beta * c[ci] + t[i];
        }
    }
}
