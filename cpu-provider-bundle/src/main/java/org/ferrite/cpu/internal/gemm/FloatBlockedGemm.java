// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleBlockedGemm.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

/**
 * The cache-blocked pure-Java kernel: {@code C = alpha·A·B + beta·C} for {@code m, n, k >= 1} and
 * {@code alpha != 0}, on strided matrices (any strides, including negative and zero on {@code A} and
 * {@code B}). {@code C} is written column by column; with {@code beta == 0} it is not read. Thread-safe
 * (stateless); the workspace is the caller's. Used when the Vector API is off; otherwise
 * {@link FloatPanelGemm} computes the same bits on a register-blocked micro-kernel.
 *
 * <p>Blocking (GotoBLAS order): for each panel of {@link #NC} columns and each slab of {@link #KC} inner
 * indices, {@code B} is packed once; for each block of {@link #MC} rows, {@code alpha·A} is packed one
 * array per inner index; then three columns of {@code C} at a time are accumulated in private arrays by
 * {@code t_q[i] = fma(a3[i], b3q, fma(a2[i], b2q, fma(a1[i], b1q, fma(a0[i], b0q, t_q[i]))))} — contiguous
 * loops at offset 0 that C2 turns into vector fused multiply-adds, each loaded element of {@code A} serving
 * three columns — and added into {@code C}. The block sizes are byte budgets (a block of {@code A} fits
 * the L2 cache with the panel of {@code B}), so the {@code float} kernel generated from this one blocks
 * twice as many elements.
 *
 * <p>Determinism: every column's sum is {@code t = 0; t = fma(A[i, p], B[p, j], t)} for {@code p} in
 * order within a slab, whether the column is computed with two others or alone, so results depend
 * only on the block sizes, never on how columns are split between tasks.
 */
final class FloatBlockedGemm {
    /** Rows per packed block of A: 2 KiB per packed column (block of A: {@code MC × KC}, 256 KiB). */
    static final int MC = 2048 / Float.BYTES;
    /** Inner indices per slab. */
    static final int KC = 128;
    /** Columns per packed panel of B (panel: {@code KC × NC}, 512 KiB). */
    static final int NC = (512 << 10) / (KC * Float.BYTES);
    /**
     * Rows (640 bytes) from which a block runs on {@link FloatColumnPass}, below on its generated copy
     * {@link FloatShortColumnPass}, so that the pass C2 compiles for long blocks never sees the loop
     * profiles of short ones (see {@link FloatColumnPass}).
     */
    static final int LONG_PASS_ROWS = 640 / Float.BYTES;

    private FloatBlockedGemm() {
    }

    static void multiply(int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs, float[] b,
            int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs,
            FloatGemmWorkspace ws) {
        ws.reserve(Math.min(MC, m), Math.min(KC, k), Math.min(NC, n));
        float[][] t = ws.columns;
        for (int jc = 0; jc < n; jc += NC) {
            int nc = Math.min(NC, n - jc);
            for (int pc = 0; pc < k; pc += KC) {
                int kc = Math.min(KC, k - pc);
                packB(kc, nc, b, bOff + pc * bRs + jc * bCs, bRs, bCs, ws.packedB);
                for (int ic = 0; ic < m; ic += MC) {
                    int mc = Math.min(MC, m - ic);
                    packA(mc, kc, alpha, a, aOff + ic * aRs + pc * aCs, aRs, aCs, ws.packedA);
                    int cBase = cOff + ic * cRs + jc * cCs;
                    int j = 0;
                    for (; j + 3 <= nc; j += 3) {
                        if (mc >= LONG_PASS_ROWS) {
                            FloatColumnPass.accumulate3(mc, kc, ws.packedA, ws.packedB, j * kc, t);
                        } else {
                            FloatShortColumnPass.accumulate3(mc, kc, ws.packedA, ws.packedB, j * kc, t);
                        }
                        for (int q = 0; q < 3; q++) {
                            store(mc, t[q], c, cBase + (j + q) * cCs, cRs, pc == 0, beta);
                        }
                    }
                    for (; j < nc; j++) {
                        accumulate1(mc, kc, ws.packedA, ws.packedB, j * kc, t[0]);
                        store(mc, t[0], c, cBase + j * cCs, cRs, pc == 0, beta);
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

    /** {@code t[0, mc) = Σ_p packedA[p][·] · packedB[bo + p]}: one column, the same sums as {@link FloatColumnPass#accumulate3}. */
    private static void accumulate1(int mc, int kc, float[][] pa, float[] pb, int bo, float[] t) {
        java.util.Arrays.fill(t, 0, mc, 0);
        for (int p = 0; p < kc; p++) {
            float[] x0 = pa[p];
            float c0 = pb[bo + p];
            for (int i = 0; i < mc; i++) {
                t[i] = Math.fma(x0[i], c0, t[i]);
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
