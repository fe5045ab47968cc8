// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleMatVec.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

/**
 * Matrix–vector products of the tiny tier: {@code y[i] = alpha·Σ_p M[i, p]·x[p] + beta·y[i]} for
 * {@code i < rows}, {@code p < k}, with {@code M[i, p] = a[aOff + i·rs + p·cs]},
 * {@code x[p] = x[xOff + p·xInc]} and {@code y[i] = y[yOff + i·yInc]}. Every sum is taken in order of
 * {@code p} with fused multiply-adds and the finished sum is scaled as {@code alpha·s}, or
 * {@code fma(alpha, s, beta·y[i])} when {@code beta != 0} — the rounding of {@link FloatTinyGemm}'s
 * register blocks. Reads {@code M} and {@code x}; writes {@code y[0..rows)} and reads it only when
 * {@code beta != 0} (NaN there does not propagate). {@code y} must not overlap {@code M} or {@code x};
 * any increments (negative, and zero for {@code x}); {@code k == 0} gives {@code y = alpha·0 + beta·y}.
 * Thread-safe (stateless; no instances, holds nothing).
 *
 * <p>One entry point per layout of {@code M}, chosen once per contraction plan:
 * <ul>
 *   <li>{@link #columns}: unit row stride (a column-major matrix, BLAS {@code "N"}). Sixteen rows at a
 *       time in sixteen independent accumulator chains, the inner loop over columns: one load of
 *       {@code M} per multiply-add, {@code x[p]} loaded once per block. The block's elements of a
 *       column sit at constant offsets from one index, which lets C2 merge their bounds checks (the
 *       same block with a variable row stride measured about 1.3× slower); then blocks of eight and
 *       four rows, and single rows.</li>
 *   <li>{@link #rows}: unit column stride (a row-major matrix, {@code "T"}). Eight rows at a time, each
 *       row's start a loop invariant of its own, the inner loop walking all eight rows contiguously:
 *       C2 moves their bounds checks out of the loop; then four rows, and single rows.</li>
 * </ul>
 * Why scalar chains: C2 on JDK 17 does not vectorise the column update {@code y[i] += M[i, p]·x[p]}
 * when {@code y} and {@code M} are arrays of one type at different offsets, so the axpy form runs one
 * load, one store and a dependent multiply-add per element; independent chains in registers need one
 * load per multiply-add and no store (at n = 32, about 0.7× the time of the axpy loop in a side harness).
 */
public final class FloatMatVec {
    /** Rows from which a product runs here rather than as the tiny tier's dot products. */
    public static final int MIN_ROWS = 4;

    private FloatMatVec() {
    }

    /**
     * {@code y = alpha·M·x + beta·y} for a matrix with unit row stride.
     *
     * @param rows rows of {@code M}, length of {@code y}
     * @param k columns of {@code M}, length of {@code x}
     * @param alpha scale of the product
     * @param a storage of {@code M}; {@code M[i, p] = a[aOff + i + p·aCs]}
     * @param aOff offset of {@code M[0, 0]}
     * @param aCs column stride of {@code M}
     * @param x storage of {@code x}
     * @param xOff offset of {@code x[0]}
     * @param xInc increment of {@code x}
     * @param beta scale of the old {@code y}
     * @param y storage of {@code y}, written
     * @param yOff offset of {@code y[0]}
     * @param yInc increment of {@code y}
     */
    public static void columns(int rows, int k, float alpha, float[] a, int aOff, int aCs, float[] x, int xOff,
            int xInc, float beta, float[] y, int yOff, int yInc) {
        int i = 0;
        for (; i + 16 <= rows; i += 16) {
            columns16(k, alpha, a, aOff + i, aCs, x, xOff, xInc, beta, y, yOff + i * yInc, yInc);
        }
        if (i + 8 <= rows) {
            columns8(k, alpha, a, aOff + i, aCs, x, xOff, xInc, beta, y, yOff + i * yInc, yInc);
            i += 8;
        }
        if (i + 4 <= rows) {
            columns4(k, alpha, a, aOff + i, aCs, x, xOff, xInc, beta, y, yOff + i * yInc, yInc);
            i += 4;
        }
        for (; i < rows; i++) {
            put(alpha, beta, dot(k, a, aOff + i, aCs, x, xOff, xInc), y, yOff + i * yInc);
        }
    }

    /**
     * {@code y = alpha·M·x + beta·y} for a matrix with unit column stride.
     *
     * @param rows rows of {@code M}, length of {@code y}
     * @param k columns of {@code M}, length of {@code x}
     * @param alpha scale of the product
     * @param a storage of {@code M}; {@code M[i, p] = a[aOff + i·aRs + p]}
     * @param aOff offset of {@code M[0, 0]}
     * @param aRs row stride of {@code M}
     * @param x storage of {@code x}
     * @param xOff offset of {@code x[0]}
     * @param xInc increment of {@code x}
     * @param beta scale of the old {@code y}
     * @param y storage of {@code y}, written
     * @param yOff offset of {@code y[0]}
     * @param yInc increment of {@code y}
     */
    public static void rows(int rows, int k, float alpha, float[] a, int aOff, int aRs, float[] x, int xOff,
            int xInc, float beta, float[] y, int yOff, int yInc) {
        int i = 0;
        for (; i + 8 <= rows; i += 8) {
            rows8(k, alpha, a, aOff + i * aRs, aRs, x, xOff, xInc, beta, y, yOff + i * yInc, yInc);
        }
        if (i + 4 <= rows) {
            rows4(k, alpha, a, aOff + i * aRs, aRs, x, xOff, xInc, beta, y, yOff + i * yInc, yInc);
            i += 4;
        }
        for (; i < rows; i++) {
            put(alpha, beta, dot(k, a, aOff + i * aRs, 1, x, xOff, xInc), y, yOff + i * yInc);
        }
    }

    /** Sixteen rows from {@code a[ao]} down one column per step: sixteen chains, seventeen loads. */
    private static void columns16(int k, float alpha, float[] a, int ao, int aCs, float[] x, int xo, int xInc,
            float beta, float[] y, int yo, int yInc) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        float s8 = 0, s9 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0, s14 = 0, s15 = 0;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            float xp = x[xo + p * xInc];
            s0 = Math.fma(a[ap], xp, s0);
            s1 = Math.fma(a[ap + 1], xp, s1);
            s2 = Math.fma(a[ap + 2], xp, s2);
            s3 = Math.fma(a[ap + 3], xp, s3);
            s4 = Math.fma(a[ap + 4], xp, s4);
            s5 = Math.fma(a[ap + 5], xp, s5);
            s6 = Math.fma(a[ap + 6], xp, s6);
            s7 = Math.fma(a[ap + 7], xp, s7);
            s8 = Math.fma(a[ap + 8], xp, s8);
            s9 = Math.fma(a[ap + 9], xp, s9);
            s10 = Math.fma(a[ap + 10], xp, s10);
            s11 = Math.fma(a[ap + 11], xp, s11);
            s12 = Math.fma(a[ap + 12], xp, s12);
            s13 = Math.fma(a[ap + 13], xp, s13);
            s14 = Math.fma(a[ap + 14], xp, s14);
            s15 = Math.fma(a[ap + 15], xp, s15);
        }
        put4(alpha, beta, s0, s1, s2, s3, y, yo, yInc);
        put4(alpha, beta, s4, s5, s6, s7, y, yo + 4 * yInc, yInc);
        put4(alpha, beta, s8, s9, s10, s11, y, yo + 8 * yInc, yInc);
        put4(alpha, beta, s12, s13, s14, s15, y, yo + 12 * yInc, yInc);
    }

    /** Eight rows from {@code a[ao]} down one column per step. */
    private static void columns8(int k, float alpha, float[] a, int ao, int aCs, float[] x, int xo, int xInc,
            float beta, float[] y, int yo, int yInc) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            float xp = x[xo + p * xInc];
            s0 = Math.fma(a[ap], xp, s0);
            s1 = Math.fma(a[ap + 1], xp, s1);
            s2 = Math.fma(a[ap + 2], xp, s2);
            s3 = Math.fma(a[ap + 3], xp, s3);
            s4 = Math.fma(a[ap + 4], xp, s4);
            s5 = Math.fma(a[ap + 5], xp, s5);
            s6 = Math.fma(a[ap + 6], xp, s6);
            s7 = Math.fma(a[ap + 7], xp, s7);
        }
        put4(alpha, beta, s0, s1, s2, s3, y, yo, yInc);
        put4(alpha, beta, s4, s5, s6, s7, y, yo + 4 * yInc, yInc);
    }

    /** Four rows from {@code a[ao]} down one column per step. */
    private static void columns4(int k, float alpha, float[] a, int ao, int aCs, float[] x, int xo, int xInc,
            float beta, float[] y, int yo, int yInc) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int p = 0; p < k; p++) {
            int ap = ao + p * aCs;
            float xp = x[xo + p * xInc];
            s0 = Math.fma(a[ap], xp, s0);
            s1 = Math.fma(a[ap + 1], xp, s1);
            s2 = Math.fma(a[ap + 2], xp, s2);
            s3 = Math.fma(a[ap + 3], xp, s3);
        }
        put4(alpha, beta, s0, s1, s2, s3, y, yo, yInc);
    }

    /** Eight contiguous rows starting {@code aRs} apart, walked together along {@code p}. */
    private static void rows8(int k, float alpha, float[] a, int ao, int aRs, float[] x, int xo, int xInc,
            float beta, float[] y, int yo, int yInc) {
        int a0 = ao;
        int a1 = a0 + aRs;
        int a2 = a1 + aRs;
        int a3 = a2 + aRs;
        int a4 = a3 + aRs;
        int a5 = a4 + aRs;
        int a6 = a5 + aRs;
        int a7 = a6 + aRs;
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        for (int p = 0; p < k; p++) {
            float xp = x[xo + p * xInc];
            s0 = Math.fma(a[a0 + p], xp, s0);
            s1 = Math.fma(a[a1 + p], xp, s1);
            s2 = Math.fma(a[a2 + p], xp, s2);
            s3 = Math.fma(a[a3 + p], xp, s3);
            s4 = Math.fma(a[a4 + p], xp, s4);
            s5 = Math.fma(a[a5 + p], xp, s5);
            s6 = Math.fma(a[a6 + p], xp, s6);
            s7 = Math.fma(a[a7 + p], xp, s7);
        }
        put4(alpha, beta, s0, s1, s2, s3, y, yo, yInc);
        put4(alpha, beta, s4, s5, s6, s7, y, yo + 4 * yInc, yInc);
    }

    /** Four contiguous rows starting {@code aRs} apart, walked together along {@code p}. */
    private static void rows4(int k, float alpha, float[] a, int ao, int aRs, float[] x, int xo, int xInc,
            float beta, float[] y, int yo, int yInc) {
        int a0 = ao;
        int a1 = a0 + aRs;
        int a2 = a1 + aRs;
        int a3 = a2 + aRs;
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int p = 0; p < k; p++) {
            float xp = x[xo + p * xInc];
            s0 = Math.fma(a[a0 + p], xp, s0);
            s1 = Math.fma(a[a1 + p], xp, s1);
            s2 = Math.fma(a[a2 + p], xp, s2);
            s3 = Math.fma(a[a3 + p], xp, s3);
        }
        put4(alpha, beta, s0, s1, s2, s3, y, yo, yInc);
    }

    /** {@code Σ_{p<k} a[ao + p·aStep]·x[xo + p·xInc]}, in order of {@code p}. */
    private static float dot(int k, float[] a, int ao, int aStep, float[] x, int xo, int xInc) {
        float s = 0;
        for (int p = 0; p < k; p++) {
            s = Math.fma(a[ao + p * aStep], x[xo + p * xInc], s);
        }
        return s;
    }

    /** {@link #put} of four consecutive elements of {@code y}. */
    private static void put4(float alpha, float beta, float s0, float s1, float s2, float s3, float[] y,
            int yo, int yInc) {
        put(alpha, beta, s0, y, yo);
        put(alpha, beta, s1, y, yo + yInc);
        put(alpha, beta, s2, y, yo + 2 * yInc);
        put(alpha, beta, s3, y, yo + 3 * yInc);
    }

    /** {@code y[e] = alpha·s}, or {@code fma(alpha, s, beta·y[e])} when {@code beta != 0}. */
    private static void put(float alpha, float beta, float s, float[] y, int e) {
        y[e] = beta == 0 ? alpha * s : Math.fma(alpha, s, beta * y[e]);
    }
}
