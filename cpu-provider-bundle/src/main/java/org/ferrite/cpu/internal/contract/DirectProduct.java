package org.ferrite.cpu.internal.contract;

import org.ferrite.cpu.internal.gemm.DoubleTinyGemm;
import org.ferrite.cpu.internal.gemm.FloatTinyGemm;

/**
 * The shortest execution path of a contraction: a real product small enough for the tiny tier, with
 * both factors and the output read and written in place, once or over a batch —
 * {@code C_q[i, j] = alpha·Σ_p A_q[i, p]·B_q[p, j] + beta·C_q[i, j]} for every batch position {@code q},
 * {@code C} not read when {@code beta == 0}. The strides (and the batch's extents and strides in each
 * tensor) are fixed at planning, so a call passes only storage, offsets and scalars to the tiny tier's
 * register-blocked loops ({@link DoubleTinyGemm}, {@link FloatTinyGemm}): no per-matrix plan, packing
 * or dispatch, the batch loop outside the kernel. Batch positions are independent, so any range of
 * them may run on its own thread ({@link #f64Range}). Requires {@code alpha != 0}. Thread-safe
 * (immutable).
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
    /** Batch loop dimensions (merged, extent 1 dropped; none for a single product), fastest first. */
    private final int[] batchExtents;
    private final int[] lhsBatch;
    private final int[] rhsBatch;
    private final int[] outBatch;
    /** Number of batch positions (1 without a batch). */
    final int positions;
    /** Multiply-adds of the whole call, {@code m·n·k·positions}. */
    final long work;

    DirectProduct(int m, int n, int k, OperandPlan a, OperandPlan b, int cRs, int cCs, AxisGroup batch) {
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
        this.batchExtents = batch.extents;
        this.lhsBatch = batch.lhs;
        this.rhsBatch = batch.rhs;
        this.outBatch = batch.out;
        this.positions = batch.size();
        this.work = (long) m * n * k * positions;
    }

    /** @return true if the product runs over more than one batch position */
    boolean batched() {
        return positions > 1;
    }

    void f64(double[] l, int lo, double[] r, int ro, double[] c, int co, double alpha, double beta) {
        if (positions == 1) {
            DoubleTinyGemm.multiply(m, n, k, alpha, aFromRhs ? r : l, aFromRhs ? ro : lo, aRs, aCs, bFromRhs ? r : l,
                    bFromRhs ? ro : lo, bRs, bCs, beta, c, co, cRs, cCs);
        } else {
            f64Range(l, lo, r, ro, c, co, alpha, beta, 0, positions);
        }
    }

    /** The batch positions {@code [from, to)} of {@link #f64}: runs along the fastest batch dimension. */
    void f64Range(double[] l, int lo, double[] r, int ro, double[] c, int co, double alpha, double beta, int from,
            int to) {
        int e0 = batchExtents.length == 0 ? 1 : batchExtents[0];
        int l0 = batchExtents.length == 0 ? 0 : lhsBatch[0];
        int r0 = batchExtents.length == 0 ? 0 : rhsBatch[0];
        int c0 = batchExtents.length == 0 ? 0 : outBatch[0];
        double[] a = aFromRhs ? r : l;
        double[] b = bFromRhs ? r : l;
        for (int pos = from; pos < to;) {
            int lq = lo + offsetOf(pos, lhsBatch);
            int rq = ro + offsetOf(pos, rhsBatch);
            int cq = co + offsetOf(pos, outBatch);
            int run = Math.min(to - pos, e0 - pos % e0);
            for (int s = 0; s < run; s++) {
                DoubleTinyGemm.multiply(m, n, k, alpha, a, aFromRhs ? rq : lq, aRs, aCs, b, bFromRhs ? rq : lq, bRs,
                        bCs, beta, c, cq, cRs, cCs);
                lq += l0;
                rq += r0;
                cq += c0;
            }
            pos += run;
        }
    }

    void f32(float[] l, int lo, float[] r, int ro, float[] c, int co, float alpha, float beta) {
        if (positions == 1) {
            FloatTinyGemm.multiply(m, n, k, alpha, aFromRhs ? r : l, aFromRhs ? ro : lo, aRs, aCs, bFromRhs ? r : l,
                    bFromRhs ? ro : lo, bRs, bCs, beta, c, co, cRs, cCs);
        } else {
            f32Range(l, lo, r, ro, c, co, alpha, beta, 0, positions);
        }
    }

    /** The batch positions {@code [from, to)} of {@link #f32}: runs along the fastest batch dimension. */
    void f32Range(float[] l, int lo, float[] r, int ro, float[] c, int co, float alpha, float beta, int from,
            int to) {
        int e0 = batchExtents.length == 0 ? 1 : batchExtents[0];
        int l0 = batchExtents.length == 0 ? 0 : lhsBatch[0];
        int r0 = batchExtents.length == 0 ? 0 : rhsBatch[0];
        int c0 = batchExtents.length == 0 ? 0 : outBatch[0];
        float[] a = aFromRhs ? r : l;
        float[] b = bFromRhs ? r : l;
        for (int pos = from; pos < to;) {
            int lq = lo + offsetOf(pos, lhsBatch);
            int rq = ro + offsetOf(pos, rhsBatch);
            int cq = co + offsetOf(pos, outBatch);
            int run = Math.min(to - pos, e0 - pos % e0);
            for (int s = 0; s < run; s++) {
                FloatTinyGemm.multiply(m, n, k, alpha, a, aFromRhs ? rq : lq, aRs, aCs, b, bFromRhs ? rq : lq, bRs,
                        bCs, beta, c, cq, cRs, cCs);
                lq += l0;
                rq += r0;
                cq += c0;
            }
            pos += run;
        }
    }

    /** @return the element offset of batch position {@code pos} along the given batch strides */
    private int offsetOf(int pos, int[] strides) {
        int offset = 0;
        int q = pos;
        for (int d = 0; d < batchExtents.length; d++) {
            offset += q % batchExtents[d] * strides[d];
            q /= batchExtents[d];
        }
        return offset;
    }
}
