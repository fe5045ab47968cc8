// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoublePanelGemm.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

import org.ferrite.cpu.internal.simd.FloatGemmKernel;
import org.ferrite.cpu.internal.simd.Simd;

/**
 * The blocked kernel on a register-blocked micro-kernel ({@link FloatGemmKernel}, the Vector API form
 * when {@link Simd#enabled()}): {@code C = alpha·A·B + beta·C} for {@code m, n, k >= 1} and
 * {@code alpha != 0}, on the strided matrices {@link FloatBlockedGemm} accepts. Thread-safe
 * (stateless); the workspace is the caller's.
 *
 * <p>Blocking (GotoBLAS order): for each panel of {@link #NC} columns and each slab of
 * {@link FloatBlockedGemm#KC} inner indices, {@code B} is packed once into panels of {@code NR}
 * columns; for each block of {@link #MC} rows, {@code alpha·A} is packed into panels of {@code MR}
 * rows (both zero-padded to whole panels); the micro-kernel then sweeps the block. {@code MC} is the
 * column kernel's row budget rounded up to whole panels, so a block of {@code A} still fits the L2
 * cache with the panel of {@code B}.
 *
 * <p>Determinism: the slabs are those of {@link FloatBlockedGemm} and the micro-kernel sums each
 * element in order of {@code p} within a slab with the same fused multiply-adds and stores, so both
 * kernels give the same bits, whatever the split of columns between tasks.
 */
final class FloatPanelGemm {
    /** The micro-kernel, or null when the Vector API is off (a constant for the JIT). */
    private static final FloatGemmKernel KERNEL = Simd.load(FloatGemmKernel.class, "FloatGemmVectorKernel", null);
    /** Rows per packed panel of {@code A}. */
    static final int MR = KERNEL == null ? 1 : KERNEL.rows();
    /** Columns per packed panel of {@code B}. */
    static final int NR = KERNEL == null ? 1 : KERNEL.columns();
    /** Rows per packed block of {@code A}: whole panels. */
    static final int MC = (FloatBlockedGemm.MC + MR - 1) / MR * MR;
    /** Columns per packed panel of {@code B}: whole panels. */
    static final int NC = (FloatBlockedGemm.NC + NR - 1) / NR * NR;

    private FloatPanelGemm() {
    }

    /** @return whether the micro-kernel is in use (else {@link FloatBlockedGemm} runs alone) */
    static boolean available() {
        return KERNEL != null;
    }

    static void multiply(int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs, float[] b,
            int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs,
            FloatGemmWorkspace ws) {
        int kcMax = Math.min(FloatBlockedGemm.KC, k);
        ws.reservePanels(panels(Math.min(MC, m), MR) * kcMax, panels(Math.min(NC, n), NR) * kcMax, MR * NR);
        for (int jc = 0; jc < n; jc += NC) {
            int nc = Math.min(NC, n - jc);
            for (int pc = 0; pc < k; pc += FloatBlockedGemm.KC) {
                int kc = Math.min(FloatBlockedGemm.KC, k - pc);
                packB(kc, nc, b, bOff + pc * bRs + jc * bCs, bRs, bCs, ws.packedB);
                for (int ic = 0; ic < m; ic += MC) {
                    int mc = Math.min(MC, m - ic);
                    packA(mc, kc, alpha, a, aOff + ic * aRs + pc * aCs, aRs, aCs, ws.panelsA);
                    KERNEL.multiply(mc, nc, kc, ws.panelsA, ws.packedB, c, cOff + ic * cRs + jc * cCs, cRs, cCs,
                            pc == 0, beta, ws.tile);
                }
            }
        }
    }

    private static int panels(int extent, int width) {
        return (extent + width - 1) / width * width;
    }

    /**
     * {@code dst[s·NR·kc + p·NR + j] = B[p, s·NR + j]}, zero beyond column {@code nc}; reads runs of
     * contiguous elements when {@code B} has unit row or column stride.
     */
    private static void packB(int kc, int nc, float[] b, int off, int rs, int cs, float[] dst) {
        for (int jr = 0; jr < nc; jr += NR) {
            int nr = Math.min(NR, nc - jr);
            int base = jr * kc;
            if (nr < NR) {
                java.util.Arrays.fill(dst, base, base + kc * NR, 0);
            }
            if (cs == 1) {
                for (int p = 0; p < kc; p++) {
                    System.arraycopy(b, off + p * rs + jr, dst, base + p * NR, nr);
                }
            } else if (rs == 1) {
                for (int j = 0; j < nr; j++) {
                    int src = off + (jr + j) * cs;
                    for (int p = 0; p < kc; p++) {
                        dst[base + p * NR + j] = b[src + p];
                    }
                }
            } else {
                for (int p = 0; p < kc; p++) {
                    for (int j = 0; j < nr; j++) {
                        dst[base + p * NR + j] = b[off + p * rs + (jr + j) * cs];
                    }
                }
            }
        }
    }

    /**
     * {@code dst[r·MR·kc + p·MR + i] = alpha·A[r·MR + i, p]}, zero beyond row {@code mc}; reads runs of
     * contiguous elements when {@code A} has unit row or column stride.
     */
    private static void packA(int mc, int kc, float alpha, float[] a, int off, int rs, int cs, float[] dst) {
        for (int ir = 0; ir < mc; ir += MR) {
            int mr = Math.min(MR, mc - ir);
            int base = ir * kc;
            if (mr < MR) {
                java.util.Arrays.fill(dst, base, base + kc * MR, 0);
            }
            if (cs == 1 && rs != 1) {
                for (int i = 0; i < mr; i++) {
                    int src = off + (ir + i) * rs;
                    for (int p = 0; p < kc; p++) {
                        dst[base + p * MR + i] = alpha * a[src + p];
                    }
                }
                continue;
            }
            for (int p = 0; p < kc; p++) {
                int d = base + p * MR;
                int src = off + ir * rs + p * cs;
                if (rs == 1 && alpha == 1) {
                    System.arraycopy(a, src, dst, d, mr);
                } else if (rs == 1) {
                    for (int i = 0; i < mr; i++) {
                        dst[d + i] = alpha * a[src + i];
                    }
                } else {
                    for (int i = 0; i < mr; i++) {
                        dst[d + i] = alpha * a[src + i * rs];
                    }
                }
            }
        }
    }
}
