// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/ComplexDoubleGemm.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * Complex matrix product {@code C = alpha·op(A)·op(B) + beta·C} on interleaved {@code float[]} storage
 * (element {@code e} has real part at {@code 2e}, imaginary at {@code 2e + 1}), where {@code op}
 * conjugates when its flag is set. Offsets and strides count complex elements. Conventions as in
 * {@link FloatGemm}: {@code beta == 0} never reads {@code C}; {@code alpha == 0} or {@code k == 0}
 * never reads the operands.
 *
 * <p>Formulation: without a native complex GEMM, the product is four real products on the real and
 * imaginary planes (the "4M" method, exact in the sense of ordinary complex arithmetic):
 * {@code T_re = A_re·B_re − s_A·s_B·A_im·B_im} and {@code T_im = s_B·A_re·B_im + s_A·A_im·B_re} with
 * {@code s = −1} for a conjugated operand, then {@code C = alpha·T + beta·C}. On the Java tier the
 * planes are read in place as stride-2 real matrices (the blocked kernel packs them anyway); on the
 * native tier they are first split into compact planes BLAS accepts. Tiny products use a direct
 * complex loop. Thread-safe (stateless; no instances, no resources of its own); {@code resources} are
 * the caller's.
 */
public final class ComplexFloatGemm {
    private ComplexFloatGemm() {
    }

    /**
     * @param tier the kernel family
     * @param m rows of {@code A} and {@code C}
     * @param n columns of {@code B} and {@code C}
     * @param k the inner dimension
     * @param alphaRe real part of alpha
     * @param alphaIm imaginary part of alpha
     * @param a storage of {@code A}
     * @param aOff element offset of {@code A[0, 0]}
     * @param aRs row stride of {@code A}, in elements
     * @param aCs column stride of {@code A}
     * @param conjA conjugate {@code A}
     * @param b storage of {@code B}
     * @param bOff element offset of {@code B[0, 0]}
     * @param bRs row stride of {@code B}
     * @param bCs column stride of {@code B}
     * @param conjB conjugate {@code B}
     * @param betaRe real part of beta
     * @param betaIm imaginary part of beta
     * @param c storage of {@code C}, written
     * @param cOff element offset of {@code C[0, 0]}
     * @param cRs row stride of {@code C}
     * @param cCs column stride of {@code C}
     * @param resources the session's workspaces
     * @param parallel the session's worker share
     */
    public static void multiply(GemmTier tier, int m, int n, int k, float alphaRe, float alphaIm, float[] a,
            int aOff, int aRs, int aCs, boolean conjA, float[] b, int bOff, int bRs, int bCs, boolean conjB,
            float betaRe, float betaIm, float[] c, int cOff, int cRs, int cCs, FloatGemmResources resources,
            ParallelRunner parallel) {
        if (m == 0 || n == 0) {
            return;
        }
        if (k == 0 || alphaRe == 0 && alphaIm == 0) {
            scale(m, n, betaRe, betaIm, c, cOff, cRs, cCs);
            return;
        }
        if (tier == GemmTier.TINY) {
            tiny(m, n, k, alphaRe, alphaIm, a, aOff, aRs, aCs, conjA ? -1 : 1, b, bOff, bRs, bCs, conjB ? -1 : 1,
                    betaRe, betaIm, c, cOff, cRs, cCs);
            return;
        }
        int mn = m * n;
        boolean split = tier == GemmTier.NATIVE;
        int mk = m * k;
        int kn = k * n;
        float[] w = resources.planes(2 * mn + (split ? 2 * mk + 2 * kn : 0));
        int tRe = 0;
        int tIm = mn;
        // Real views of A and B: (storage, offset of the plane, row stride, column stride).
        float[] ra = a;
        float[] rb = b;
        int aRe = 2 * aOff;
        int aIm = 2 * aOff + 1;
        int bRe = 2 * bOff;
        int bIm = 2 * bOff + 1;
        int ars = 2 * aRs;
        int acs = 2 * aCs;
        int brs = 2 * bRs;
        int bcs = 2 * bCs;
        if (split) {
            aRe = 2 * mn;
            aIm = aRe + mk;
            bRe = aIm + mk;
            bIm = bRe + kn;
            splitPlanes(m, k, a, aOff, aRs, aCs, w, aRe, aIm);
            splitPlanes(k, n, b, bOff, bRs, bCs, w, bRe, bIm);
            ra = w;
            rb = w;
            ars = 1;
            acs = m;
            brs = 1;
            bcs = k;
        }
        float sA = conjA ? -1 : 1;
        float sB = conjB ? -1 : 1;
        FloatGemm.multiply(tier, m, n, k, 1, ra, aRe, ars, acs, rb, bRe, brs, bcs, 0, w, tRe, 1, m, resources,
                parallel);
        FloatGemm.multiply(tier, m, n, k, -sA * sB, ra, aIm, ars, acs, rb, bIm, brs, bcs, 1, w, tRe, 1, m,
                resources, parallel);
        FloatGemm.multiply(tier, m, n, k, sB, ra, aRe, ars, acs, rb, bIm, brs, bcs, 0, w, tIm, 1, m, resources,
                parallel);
        FloatGemm.multiply(tier, m, n, k, sA, ra, aIm, ars, acs, rb, bRe, brs, bcs, 1, w, tIm, 1, m, resources,
                parallel);
        combine(m, n, alphaRe, alphaIm, w, tRe, tIm, betaRe, betaIm, c, cOff, cRs, cCs);
    }

    /** Copies a strided complex matrix into two compact column-major real planes. */
    private static void splitPlanes(int rows, int cols, float[] x, int off, int rs, int cs, float[] w, int re,
            int im) {
        for (int j = 0; j < cols; j++) {
            int src = off + j * cs;
            int dst = j * rows;
            for (int i = 0; i < rows; i++) {
                int e = 2 * (src + i * rs);
                w[re + dst + i] = x[e];
                w[im + dst + i] = x[e + 1];
            }
        }
    }

    /** {@code C = alpha·(T_re + i·T_im) + beta·C}; {@code C} not read when beta is 0. */
    private static void combine(int m, int n, float alphaRe, float alphaIm, float[] w, int tRe, int tIm,
            float betaRe, float betaIm, float[] c, int cOff, int cRs, int cCs) {
        boolean readC = betaRe != 0 || betaIm != 0;
        for (int j = 0; j < n; j++) {
            int cj = cOff + j * cCs;
            int tj = j * m;
            for (int i = 0; i < m; i++) {
                store(w[tRe + tj + i], w[tIm + tj + i], alphaRe, alphaIm, betaRe, betaIm, readC, c,
                        2 * (cj + i * cRs));
            }
        }
    }

    /**
     * {@code C_e = alpha·x + beta·C_e} for one complex element ({@code x = xr + i·xi}) at scalar index
     * {@code e}; {@code C_e} is read only when {@code readC}.
     */
    private static void store(float xr, float xi, float alphaRe, float alphaIm, float betaRe, float betaIm,
            boolean readC, float[] c, int e) {
        float vr = alphaRe * xr - alphaIm * xi;
        float vi = alphaRe * xi + alphaIm * xr;
        if (readC) {
            float or = c[e];
            float oi = c[e + 1];
            vr += betaRe * or - betaIm * oi;
            vi += betaRe * oi + betaIm * or;
        }
        c[e] = vr;
        c[e + 1] = vi;
    }

    /**
     * The direct complex loop: {@code 2×4} blocks of {@code C} ({@link #block2x4}), then {@code 2×2}
     * blocks (eight accumulators; per inner index two elements of {@code A} and two of {@code B} serve
     * four products, and the sums are independent chains), then single elements at the edges. Every
     * element is the same sum as {@link #dot}'s, in the same order, so the blocks change no bit of the
     * result.
     */
    private static void tiny(int m, int n, int k, float alphaRe, float alphaIm, float[] a, int aOff, int aRs,
            int aCs, float sA, float[] b, int bOff, int bRs, int bCs, float sB, float betaRe, float betaIm,
            float[] c, int cOff, int cRs, int cCs) {
        boolean readC = betaRe != 0 || betaIm != 0;
        int j = 0;
        for (; j + 4 <= n; j += 4) {
            int i = 0;
            for (; i + 2 <= m; i += 2) {
                block2x4(k, alphaRe, alphaIm, a, aOff + i * aRs, aRs, aCs, sA, b, bOff + j * bCs, bRs, bCs, sB, betaRe,
                        betaIm, readC, c, cOff + i * cRs + j * cCs, cRs, cCs);
            }
            for (; i < m; i++) {
                for (int q = j; q < j + 4; q++) {
                    dot(k, alphaRe, alphaIm, a, aOff + i * aRs, aCs, sA, b, bOff + q * bCs, bRs, sB, betaRe, betaIm,
                            readC, c, cOff + q * cCs + i * cRs);
                }
            }
        }
        for (; j + 2 <= n; j += 2) {
            int b0 = bOff + j * bCs;
            int c0 = cOff + j * cCs;
            int i = 0;
            for (; i + 2 <= m; i += 2) {
                int a0 = aOff + i * aRs;
                float r00 = 0, i00 = 0, r10 = 0, i10 = 0, r01 = 0, i01 = 0, r11 = 0, i11 = 0;
                for (int p = 0; p < k; p++) {
                    int ea = 2 * (a0 + p * aCs);
                    int eb = 2 * (b0 + p * bRs);
                    float x0r = a[ea];
                    float x0i = sA * a[ea + 1];
                    float x1r = a[ea + 2 * aRs];
                    float x1i = sA * a[ea + 2 * aRs + 1];
                    float y0r = b[eb];
                    float y0i = sB * b[eb + 1];
                    float y1r = b[eb + 2 * bCs];
                    float y1i = sB * b[eb + 2 * bCs + 1];
                    r00 += x0r * y0r - x0i * y0i;
                    i00 += x0r * y0i + x0i * y0r;
                    r10 += x1r * y0r - x1i * y0i;
                    i10 += x1r * y0i + x1i * y0r;
                    r01 += x0r * y1r - x0i * y1i;
                    i01 += x0r * y1i + x0i * y1r;
                    r11 += x1r * y1r - x1i * y1i;
                    i11 += x1r * y1i + x1i * y1r;
                }
                int e = 2 * (c0 + i * cRs);
                store(r00, i00, alphaRe, alphaIm, betaRe, betaIm, readC, c, e);
                store(r10, i10, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + 2 * cRs);
                store(r01, i01, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + 2 * cCs);
                store(r11, i11, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + 2 * cRs + 2 * cCs);
            }
            for (; i < m; i++) {
                dot(k, alphaRe, alphaIm, a, aOff + i * aRs, aCs, sA, b, b0, bRs, sB, betaRe, betaIm, readC, c,
                        c0 + i * cRs);
                dot(k, alphaRe, alphaIm, a, aOff + i * aRs, aCs, sA, b, b0 + bCs, bRs, sB, betaRe, betaIm, readC,
                        c, c0 + cCs + i * cRs);
            }
        }
        for (; j < n; j++) {
            for (int i = 0; i < m; i++) {
                dot(k, alphaRe, alphaIm, a, aOff + i * aRs, aCs, sA, b, bOff + j * bCs, bRs, sB, betaRe, betaIm,
                        readC, c, cOff + j * cCs + i * cRs);
            }
        }
    }

    /**
     * A {@code 2×4} block of {@code C} from offset {@code ce} (sixteen accumulators; per inner index two
     * elements of {@code A} and four of {@code B} serve eight products): each element the same sum as
     * {@link #dot}'s, in the same order.
     */
    private static void block2x4(int k, float alphaRe, float alphaIm, float[] a, int ai, int aRs, int aCs,
            float sA, float[] b, int bj, int bRs, int bCs, float sB, float betaRe, float betaIm, boolean readC,
            float[] c, int ce, int cRs, int cCs) {
        float r00 = 0, i00 = 0, r10 = 0, i10 = 0, r01 = 0, i01 = 0, r11 = 0, i11 = 0;
        float r02 = 0, i02 = 0, r12 = 0, i12 = 0, r03 = 0, i03 = 0, r13 = 0, i13 = 0;
        int ar = 2 * aRs;
        int bc = 2 * bCs;
        for (int p = 0, ea = 2 * ai, eb = 2 * bj; p < k; p++, ea += 2 * aCs, eb += 2 * bRs) {
            float x0r = a[ea];
            float x0i = sA * a[ea + 1];
            float x1r = a[ea + ar];
            float x1i = sA * a[ea + ar + 1];
            float y0r = b[eb];
            float y0i = sB * b[eb + 1];
            float y1r = b[eb + bc];
            float y1i = sB * b[eb + bc + 1];
            float y2r = b[eb + 2 * bc];
            float y2i = sB * b[eb + 2 * bc + 1];
            float y3r = b[eb + 3 * bc];
            float y3i = sB * b[eb + 3 * bc + 1];
            r00 += x0r * y0r - x0i * y0i;
            i00 += x0r * y0i + x0i * y0r;
            r10 += x1r * y0r - x1i * y0i;
            i10 += x1r * y0i + x1i * y0r;
            r01 += x0r * y1r - x0i * y1i;
            i01 += x0r * y1i + x0i * y1r;
            r11 += x1r * y1r - x1i * y1i;
            i11 += x1r * y1i + x1i * y1r;
            r02 += x0r * y2r - x0i * y2i;
            i02 += x0r * y2i + x0i * y2r;
            r12 += x1r * y2r - x1i * y2i;
            i12 += x1r * y2i + x1i * y2r;
            r03 += x0r * y3r - x0i * y3i;
            i03 += x0r * y3i + x0i * y3r;
            r13 += x1r * y3r - x1i * y3i;
            i13 += x1r * y3i + x1i * y3r;
        }
        int e = 2 * ce;
        int cr = 2 * cRs;
        int cc = 2 * cCs;
        store(r00, i00, alphaRe, alphaIm, betaRe, betaIm, readC, c, e);
        store(r10, i10, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + cr);
        store(r01, i01, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + cc);
        store(r11, i11, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + cr + cc);
        store(r02, i02, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + 2 * cc);
        store(r12, i12, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + cr + 2 * cc);
        store(r03, i03, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + 3 * cc);
        store(r13, i13, alphaRe, alphaIm, betaRe, betaIm, readC, c, e + cr + 3 * cc);
    }

    /** One element of {@code C}: {@code Σ_p op(A)[i, p]·op(B)[p, j]} from row {@code ai} and column {@code bj}. */
    private static void dot(int k, float alphaRe, float alphaIm, float[] a, int ai, int aCs, float sA, float[] b,
            int bj, int bRs, float sB, float betaRe, float betaIm, boolean readC, float[] c, int ce) {
        float sr = 0;
        float si = 0;
        for (int p = 0; p < k; p++) {
            int ea = 2 * (ai + p * aCs);
            int eb = 2 * (bj + p * bRs);
            float ar = a[ea];
            float aim = sA * a[ea + 1];
            float br = b[eb];
            float bim = sB * b[eb + 1];
            sr += ar * br - aim * bim;
            si += ar * bim + aim * br;
        }
        store(sr, si, alphaRe, alphaIm, betaRe, betaIm, readC, c, 2 * ce);
    }

    /**
     * {@code C = beta·C} on a complex strided matrix; {@code C = 0} without reading it when beta is 0.
     *
     * @param m rows
     * @param n columns
     * @param betaRe real part of beta
     * @param betaIm imaginary part of beta
     * @param c storage
     * @param cOff element offset of {@code C[0, 0]}
     * @param cRs row stride, in elements
     * @param cCs column stride, in elements
     */
    public static void scale(int m, int n, float betaRe, float betaIm, float[] c, int cOff, int cRs, int cCs) {
        if (betaRe == 1 && betaIm == 0) {
            return;
        }
        boolean zero = betaRe == 0 && betaIm == 0;
        for (int j = 0; j < n; j++) {
            int cj = cOff + j * cCs;
            for (int i = 0; i < m; i++) {
                int e = 2 * (cj + i * cRs);
                float or = zero ? 0 : c[e];
                float oi = zero ? 0 : c[e + 1];
                c[e] = betaRe * or - betaIm * oi;
                c[e + 1] = betaRe * oi + betaIm * or;
            }
        }
    }
}
