package org.ferrite.cpu.internal.contract;

import org.ferrite.cpu.internal.gemm.DoubleTinyGemm;
import org.ferrite.cpu.internal.gemm.FloatTinyGemm;

/**
 * The shortest execution path of a contraction: one unbatched real product small enough for the tiny
 * tier, with both factors and the output read and written in place —
 * {@code C[i, j] = alpha·Σ_p A[i, p]·B[p, j] + beta·C[i, j]}, {@code C} not read when {@code beta == 0}.
 * The strides are fixed at planning, so a call passes only storage, offsets and scalars to the tiny
 * tier's loops ({@link DoubleTinyGemm}, {@link FloatTinyGemm}; the 2×2·2×1 product costs a few
 * nanoseconds). Requires {@code alpha != 0}. Thread-safe (immutable).
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
        DoubleTinyGemm.multiply(m, n, k, alpha, aFromRhs ? r : l, aFromRhs ? ro : lo, aRs, aCs, bFromRhs ? r : l,
                bFromRhs ? ro : lo, bRs, bCs, beta, c, co, cRs, cCs);
    }

    void f32(float[] l, int lo, float[] r, int ro, float[] c, int co, float alpha, float beta) {
        FloatTinyGemm.multiply(m, n, k, alpha, aFromRhs ? r : l, aFromRhs ? ro : lo, aRs, aCs, bFromRhs ? r : l,
                bFromRhs ? ro : lo, bRs, bCs, beta, c, co, cRs, cCs);
    }
}
