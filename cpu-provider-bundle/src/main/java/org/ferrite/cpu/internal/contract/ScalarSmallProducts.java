package org.ferrite.cpu.internal.contract;

import org.ferrite.cpu.internal.gemm.DoubleTinyGemm;
import org.ferrite.cpu.internal.gemm.FloatTinyGemm;
import org.ferrite.cpu.internal.simd.SmallProducts;

/**
 * {@link SmallProducts} with the scalar tiny loops ({@link DoubleTinyGemm}, {@link FloatTinyGemm}), one
 * call per position: the fallback {@link DirectProduct} keeps when the Vector API is off, and its loop
 * for shapes no vector form pays for. Says no vector form pays, so a plan made with it always runs
 * {@link #f64Run}/{@link #f32Run}. Rounding is the tiny loops' (their column updates, from 16 rows with
 * unit row strides, scale {@code B} by {@code alpha} first: within a few ulps of the vector forms).
 * Thread-safe (stateless).
 */
final class ScalarSmallProducts implements SmallProducts {
    static final ScalarSmallProducts INSTANCE = new ScalarSmallProducts();

    private ScalarSmallProducts() {
    }

    @Override
    public boolean columnsPay(boolean doubles, int m, int n, int k) {
        return false;
    }

    @Override
    public boolean acrossBatchPays(boolean doubles, int m, int n, int k, int count) {
        return false;
    }

    /** A run of {@code count} products at any strides, {@code X_q} at {@code xOff + q·xStep}. */
    static void f64Run(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aRs, int aCs,
            int aStep, double[] b, int bOff, int bRs, int bCs, int bStep, double beta, double[] c, int cOff, int cRs,
            int cCs, int cStep) {
        for (int q = 0; q < count; q++) {
            DoubleTinyGemm.multiply(m, n, k, alpha, a, aOff + q * aStep, aRs, aCs, b, bOff + q * bStep, bRs, bCs,
                    beta, c, cOff + q * cStep, cRs, cCs);
        }
    }

    /** {@link #f64Run} on {@code float[]} storage. */
    static void f32Run(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs, int aStep,
            float[] b, int bOff, int bRs, int bCs, int bStep, float beta, float[] c, int cOff, int cRs, int cCs,
            int cStep) {
        for (int q = 0; q < count; q++) {
            FloatTinyGemm.multiply(m, n, k, alpha, a, aOff + q * aStep, aRs, aCs, b, bOff + q * bStep, bRs, bCs,
                    beta, c, cOff + q * cStep, cRs, cCs);
        }
    }

    @Override
    public void columnsF64(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aCs, int aStep,
            double[] b, int bOff, int bRs, int bCs, int bStep, double beta, double[] c, int cOff, int cCs,
            int cStep) {
        f64Run(count, m, n, k, alpha, a, aOff, 1, aCs, aStep, b, bOff, bRs, bCs, bStep, beta, c, cOff, 1, cCs, cStep);
    }

    @Override
    public void columnsF32(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aCs, int aStep,
            float[] b, int bOff, int bRs, int bCs, int bStep, float beta, float[] c, int cOff, int cCs, int cStep) {
        f32Run(count, m, n, k, alpha, a, aOff, 1, aCs, aStep, b, bOff, bRs, bCs, bStep, beta, c, cOff, 1, cCs, cStep);
    }

    @Override
    public void acrossBatchF64(int count, int m, int n, int k, double alpha, double[] a, int aOff, int aRs,
            int aCs, double[] b, int bOff, int bRs, int bCs, double beta, double[] c, int cOff, int cRs, int cCs) {
        f64Run(count, m, n, k, alpha, a, aOff, aRs, aCs, 1, b, bOff, bRs, bCs, 1, beta, c, cOff, cRs, cCs, 1);
    }

    @Override
    public void acrossBatchF32(int count, int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs,
            float[] b, int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs) {
        f32Run(count, m, n, k, alpha, a, aOff, aRs, aCs, 1, b, bOff, bRs, bCs, 1, beta, c, cOff, cRs, cCs, 1);
    }
}
