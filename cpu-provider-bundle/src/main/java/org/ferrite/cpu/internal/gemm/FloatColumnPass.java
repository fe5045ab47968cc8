// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleColumnPass.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

/**
 * The inner pass of {@link FloatBlockedGemm}, in two classes with the same code:
 * {@code FloatColumnPass} for blocks of at least {@link FloatBlockedGemm#LONG_PASS_ROWS} rows and
 * {@code FloatShortColumnPass}, generated from it, for shorter ones. Thread-safe (stateless).
 *
 * <p>Why two classes with the same code: C2 compiles a method from the loop profiles it has
 * gathered, and a pass compiled while its loops (its own, or an inlined {@code Arrays.fill}'s, whose
 * profile every caller in the JVM shares) ran short stays slow for long blocks for the life of the
 * JVM. Measured on JDK 17 (Zen 5, {@link FloatBlockedGemm} called alone, 64-bit elements): one
 * method, 256³ after a warm-up on 32³ ran at 6.7–7.4 multiply-adds per ns instead of 26–30 (2.3–2.5 ms
 * instead of 0.56–0.65 ms); two methods zeroing with {@code Arrays.fill}, 6.8; two methods with their
 * own zeroing loops, 27–29. Short blocks run at about 7 either way (64³ cold: 37–39 µs).
 */
final class FloatColumnPass {
    private FloatColumnPass() {
    }

    /**
     * {@code t_q[0, mc) = Σ_p packedA[p][·] · packedB[bo + q·kc + p]} for the three columns {@code q} of
     * {@code packedB} from offset {@code bo} into {@code t[0..2]}, four inner indices per pass: per vector
     * of rows, 4 loads of {@code A}, 3 of {@code t}, 3 stores, 12 fused multiply-adds.
     *
     * <p>Both the shape and the signature were chosen by measurement on JDK 17 (AMD Zen 5, 512-bit
     * vectors, a 1024³ product through {@link FloatBlockedGemm} alone, best of six, 64-bit elements):
     * the previous pass, three inner indices over four columns with the accumulators as four parameters, ran at
     * 75–89 ms; the same pass with the accumulators handed in as one array and read into locals here,
     * 42–54 ms; this pass, 38–44 ms (32-bit elements: 48.9 → 30.0 ms). C2 vectorises all three, so the
     * gap lies in its code generation, not in the arithmetic — keep the accumulators an array parameter.
     * Passes of four indices over four columns, or two over eight, are not vectorised at all (7–8
     * fused multiply-adds per ns against 26–34 for this one, on data in the L2 cache).
     */
    static void accumulate3(int mc, int kc, float[][] pa, float[] pb, int bo, float[][] t) {
        float[] t0 = t[0];
        float[] t1 = t[1];
        float[] t2 = t[2];
        for (int i = 0; i < mc; i++) { // not Arrays.fill: its loop profile is shared with the whole JVM
            t0[i] = 0;
            t1[i] = 0;
            t2[i] = 0;
        }
        int b1 = bo + kc;
        int b2 = b1 + kc;
        int p = 0;
        for (; p + 4 <= kc; p += 4) {
            float[] x0 = pa[p];
            float[] x1 = pa[p + 1];
            float[] x2 = pa[p + 2];
            float[] x3 = pa[p + 3];
            float c00 = pb[bo + p];
            float c10 = pb[bo + p + 1];
            float c20 = pb[bo + p + 2];
            float c30 = pb[bo + p + 3];
            float c01 = pb[b1 + p];
            float c11 = pb[b1 + p + 1];
            float c21 = pb[b1 + p + 2];
            float c31 = pb[b1 + p + 3];
            float c02 = pb[b2 + p];
            float c12 = pb[b2 + p + 1];
            float c22 = pb[b2 + p + 2];
            float c32 = pb[b2 + p + 3];
            for (int i = 0; i < mc; i++) {
                float a0 = x0[i];
                float a1 = x1[i];
                float a2 = x2[i];
                float a3 = x3[i];
                t0[i] = Math.fma(a3, c30, Math.fma(a2, c20, Math.fma(a1, c10, Math.fma(a0, c00, t0[i]))));
                t1[i] = Math.fma(a3, c31, Math.fma(a2, c21, Math.fma(a1, c11, Math.fma(a0, c01, t1[i]))));
                t2[i] = Math.fma(a3, c32, Math.fma(a2, c22, Math.fma(a1, c12, Math.fma(a0, c02, t2[i]))));
            }
        }
        for (; p < kc; p++) {
            float[] x0 = pa[p];
            float c00 = pb[bo + p];
            float c01 = pb[b1 + p];
            float c02 = pb[b2 + p];
            for (int i = 0; i < mc; i++) {
                float a0 = x0[i];
                t0[i] = Math.fma(a0, c00, t0[i]);
                t1[i] = Math.fma(a0, c01, t1[i]);
                t2[i] = Math.fma(a0, c02, t2[i]);
            }
        }
    }
}
