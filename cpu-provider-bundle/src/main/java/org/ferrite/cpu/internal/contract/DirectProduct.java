package org.ferrite.cpu.internal.contract;

/**
 * The shortest execution path of a contraction: one unbatched real product small enough for the tiny
 * tier, with both factors and the output read and written in place —
 * {@code C[i, j] = alpha·Σ_p A[i, p]·B[p, j] + beta·C[i, j]}, {@code C} not read when {@code beta == 0}.
 * The strides are fixed at planning, so a call passes only storage, offsets and scalars (the
 * 2×2·2×1 product costs a few nanoseconds). Requires {@code alpha != 0}. Thread-safe (immutable).
 */
final class DirectProduct {
    private final int m;
    private final int n;
    private final int k;
    private final boolean aFromRhs;
    private final boolean bFromRhs;
    private final int aRs;
    private final int aCs;
    private final int bRs;
    private final int bCs;
    private final int cRs;
    private final int cCs;

    DirectProduct(int m, int n, int k, OperandPlan a, OperandPlan b, int cRs, int cCs) {
        this.m = m;
        this.n = n;
        this.k = k;
        this.aFromRhs = a.fromRhs;
        this.bFromRhs = b.fromRhs;
        this.aRs = a.rowStride;
        this.aCs = a.colStride;
        this.bRs = b.rowStride;
        this.bCs = b.colStride;
        this.cRs = cRs;
        this.cCs = cCs;
    }

    void f64(double[] l, int lo, double[] r, int ro, double[] c, int co, double alpha, double beta) {
        double[] a = aFromRhs ? r : l;
        double[] b = bFromRhs ? r : l;
        int ao = aFromRhs ? ro : lo;
        int bo = bFromRhs ? ro : lo;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                int ai = ao + i * aRs;
                int bj = bo + j * bCs;
                double s = 0;
                for (int p = 0; p < k; p++) {
                    s += a[ai] * b[bj];
                    ai += aCs;
                    bj += bRs;
                }
                int ci = co + i * cRs + j * cCs;
                c[ci] = beta == 0 ? alpha * s : alpha * s + beta * c[ci];
            }
        }
    }

    void f32(float[] l, int lo, float[] r, int ro, float[] c, int co, float alpha, float beta) {
        float[] a = aFromRhs ? r : l;
        float[] b = bFromRhs ? r : l;
        int ao = aFromRhs ? ro : lo;
        int bo = bFromRhs ? ro : lo;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                int ai = ao + i * aRs;
                int bj = bo + j * bCs;
                float s = 0;
                for (int p = 0; p < k; p++) {
                    s += a[ai] * b[bj];
                    ai += aCs;
                    bj += bRs;
                }
                int ci = co + i * cRs + j * cCs;
                c[ci] = beta == 0 ? alpha * s : alpha * s + beta * c[ci];
            }
        }
    }
}
