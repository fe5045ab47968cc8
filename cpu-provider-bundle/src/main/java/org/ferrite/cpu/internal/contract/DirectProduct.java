package org.ferrite.cpu.internal.contract;

import org.ferrite.cpu.internal.gemm.DoubleMatVec;
import org.ferrite.cpu.internal.gemm.DoubleTinyGemm;
import org.ferrite.cpu.internal.gemm.FloatMatVec;
import org.ferrite.cpu.internal.gemm.FloatTinyGemm;
import org.ferrite.cpu.internal.simd.Simd;
import org.ferrite.cpu.internal.simd.SmallProducts;

/**
 * The shortest execution path of a contraction: a real product small enough for the tiny tier, with
 * both factors and the output read and written in place, once or over a batch —
 * {@code C_q[i, j] = alpha·Σ_p A_q[i, p]·B_q[p, j] + beta·C_q[i, j]} for every batch position {@code q},
 * {@code C} not read when {@code beta == 0}. The strides (and the batch's extents and strides in each
 * tensor) are fixed at planning, so a call passes only storage, offsets and scalars to the kernels: no
 * per-matrix plan, packing or dispatch, the batch loop outside the kernel. Batch positions are
 * independent, so any range of them may run on its own thread ({@link #f64Range}). Requires
 * {@code alpha != 0}. Thread-safe (immutable).
 *
 * <p>The kernel is chosen once, at planning ({@link #formOf}): for a batch with the Vector API on
 * ({@link Simd}), {@link Form#ACROSS_BATCH} when the fastest batch axis has stride 1 in all three
 * tensors, else {@link Form#COLUMNS} when {@code A} and {@code C} have unit row strides, each where
 * {@link SmallProducts} says it pays; for a single matrix–vector product ({@code n == 1}, or
 * {@code m == 1} as {@code yᵀ = xᵀ·B}) of at least {@link DoubleMatVec#MIN_ROWS} rows whose matrix has a
 * unit stride, {@link Form#MATVEC_COLUMNS} or {@link Form#MATVEC_ROWS} ({@link DoubleMatVec},
 * {@link FloatMatVec}); otherwise the tiny tier's register-blocked loops ({@link DoubleTinyGemm},
 * {@link FloatTinyGemm}) once per position.
 */
final class DirectProduct {
    /** The vector kernels when the Vector API is on, else the scalar loops (a constant to the JIT). */
    static final SmallProducts KERNELS = Simd.load(SmallProducts.class, "SmallVectorProducts",
            ScalarSmallProducts.INSTANCE);

    /** How the positions of a run are computed. */
    enum Form {
        /** The tiny tier's loops, one call per position. */
        SCALAR,
        /** {@link SmallProducts#columnsF64}: unit row strides of {@code A} and {@code C}. */
        COLUMNS,
        /** {@link SmallProducts#acrossBatchF64}: the run's positions are adjacent in every tensor. */
        ACROSS_BATCH,
        /** {@link DoubleMatVec#columns}: one matrix–vector product, the matrix with unit row stride. */
        MATVEC_COLUMNS,
        /** {@link DoubleMatVec#rows}: one matrix–vector product, the matrix with unit column stride. */
        MATVEC_ROWS
    }

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
    /** Extent of the fastest batch dimension (1 without a batch): the longest run. */
    private final int run;
    /** Strides of A, B and C along the fastest batch dimension (0 without a batch). */
    private final int aStep;
    private final int bStep;
    private final int cStep;
    final Form form;
    /**
     * The matrix–vector forms' operands: the matrix {@code M} is {@code A} ({@code n == 1}) or
     * {@code Bᵀ} ({@code m == 1}), {@code mvRows} rows, its non-unit stride {@code mvStride}; the vector
     * {@code x} is {@code B[·, 0]} or {@code A[0, ·]} with increment {@code xInc}; {@code y} is
     * {@code C[·, 0]} or {@code C[0, ·]} with increment {@code yInc}. Unused by the other forms.
     */
    private final boolean matrixFromRhs;
    private final boolean vectorFromRhs;
    private final int mvRows;
    private final int mvStride;
    private final int xInc;
    private final int yInc;
    /** True for {@link Form#MATVEC_COLUMNS} and {@link Form#MATVEC_ROWS}. */
    private final boolean matVec;
    /** Number of batch positions (1 without a batch). */
    final int positions;
    /** Multiply-adds of the whole call, {@code m·n·k·positions}. */
    final long work;

    DirectProduct(int m, int n, int k, OperandPlan a, OperandPlan b, int cRs, int cCs, AxisGroup batch,
            boolean doubles) {
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
        boolean none = batchExtents.length == 0;
        this.run = none ? 1 : batchExtents[0];
        this.aStep = none ? 0 : (aFromRhs ? rhsBatch : lhsBatch)[0];
        this.bStep = none ? 0 : (bFromRhs ? rhsBatch : lhsBatch)[0];
        this.cStep = none ? 0 : outBatch[0];
        this.positions = batch.size();
        this.work = (long) m * n * k * positions;
        boolean matrixIsA = n == 1;
        this.matrixFromRhs = matrixIsA ? aFromRhs : bFromRhs;
        this.vectorFromRhs = matrixIsA ? bFromRhs : aFromRhs;
        this.mvRows = matrixIsA ? m : n;
        int mRs = matrixIsA ? aRs : bCs;
        int mCs = matrixIsA ? aCs : bRs;
        this.xInc = matrixIsA ? bRs : aCs;
        this.yInc = matrixIsA ? cRs : cCs;
        this.form = positions > 1 ? formOf(KERNELS, doubles, m, n, k, aRs, cRs, aStep, bStep, cStep, run)
                : singleFormOf(m, n, mRs, mCs);
        this.mvStride = form == Form.MATVEC_COLUMNS ? mCs : mRs;
        this.matVec = form == Form.MATVEC_COLUMNS || form == Form.MATVEC_ROWS;
    }

    /**
     * @param m rows
     * @param n columns
     * @param mRs row stride of the matrix–vector product's matrix ({@code A} when {@code n == 1}, else
     *     {@code Bᵀ})
     * @param mCs its column stride
     * @return the form a single product runs in: a matrix–vector form when {@code n == 1} or
     *     {@code m == 1}, the matrix has at least {@link DoubleMatVec#MIN_ROWS} rows and a unit stride;
     *     else the tiny loops
     */
    static Form singleFormOf(int m, int n, int mRs, int mCs) {
        if ((n == 1 || m == 1) && (n == 1 ? m : n) >= DoubleMatVec.MIN_ROWS) {
            if (mRs == 1) {
                return Form.MATVEC_COLUMNS;
            }
            if (mCs == 1) {
                return Form.MATVEC_ROWS;
            }
        }
        return Form.SCALAR;
    }

    /**
     * @param kernels the kernel family
     * @param doubles {@code double[]} storage
     * @param m rows
     * @param n columns
     * @param k inner extent
     * @param aRs row stride of A
     * @param cRs row stride of C
     * @param aStep stride of A along the fastest batch dimension (0 without one)
     * @param bStep stride of B along it
     * @param cStep stride of C along it
     * @param run extent of that dimension (1 without one)
     * @return the form the family runs this product in
     */
    static Form formOf(SmallProducts kernels, boolean doubles, int m, int n, int k, int aRs, int cRs, int aStep,
            int bStep, int cStep, int run) {
        if (aStep == 1 && bStep == 1 && cStep == 1 && kernels.acrossBatchPays(doubles, m, n, k, run)) {
            return Form.ACROSS_BATCH;
        }
        if (aRs == 1 && cRs == 1 && kernels.columnsPay(doubles, m, n, k)) {
            return Form.COLUMNS;
        }
        return Form.SCALAR;
    }

    /** @return true if the product runs over more than one batch position */
    boolean batched() {
        return positions > 1;
    }

    void f64(double[] l, int lo, double[] r, int ro, double[] c, int co, double alpha, double beta) {
        if (positions == 1 && form == Form.SCALAR) {
            DoubleTinyGemm.multiply(m, n, k, alpha, aFromRhs ? r : l, aFromRhs ? ro : lo, aRs, aCs, bFromRhs ? r : l,
                    bFromRhs ? ro : lo, bRs, bCs, beta, c, co, cRs, cCs);
        } else if (matVec) {
            matVecF64(l, lo, r, ro, c, co, alpha, beta);
        } else {
            f64Range(l, lo, r, ro, c, co, alpha, beta, 0, positions);
        }
    }

    /**
     * The matrix–vector forms of {@link #f64}: a method of its own, so that {@code f64} stays small
     * enough for C2 to inline into its caller (the 2×2 path pays for every byte).
     */
    private void matVecF64(double[] l, int lo, double[] r, int ro, double[] c, int co, double alpha, double beta) {
        double[] a = matrixFromRhs ? r : l;
        int ao = matrixFromRhs ? ro : lo;
        double[] x = vectorFromRhs ? r : l;
        int xo = vectorFromRhs ? ro : lo;
        if (form == Form.MATVEC_COLUMNS) {
            DoubleMatVec.columns(mvRows, k, alpha, a, ao, mvStride, x, xo, xInc, beta, c, co, yInc);
        } else {
            DoubleMatVec.rows(mvRows, k, alpha, a, ao, mvStride, x, xo, xInc, beta, c, co, yInc);
        }
    }

    /** The batch positions {@code [from, to)} of {@link #f64}: runs along the fastest batch dimension. */
    void f64Range(double[] l, int lo, double[] r, int ro, double[] c, int co, double alpha, double beta, int from,
            int to) {
        double[] a = aFromRhs ? r : l;
        double[] b = bFromRhs ? r : l;
        for (int pos = from; pos < to;) {
            int lq = lo + offsetOf(pos, lhsBatch);
            int rq = ro + offsetOf(pos, rhsBatch);
            int aq = aFromRhs ? rq : lq;
            int bq = bFromRhs ? rq : lq;
            int cq = co + offsetOf(pos, outBatch);
            int count = Math.min(to - pos, run - pos % run);
            if (form == Form.ACROSS_BATCH) {
                KERNELS.acrossBatchF64(count, m, n, k, alpha, a, aq, aRs, aCs, b, bq, bRs, bCs, beta, c, cq, cRs, cCs);
            } else if (form == Form.COLUMNS) {
                KERNELS.columnsF64(count, m, n, k, alpha, a, aq, aCs, aStep, b, bq, bRs, bCs, bStep, beta, c, cq, cCs,
                        cStep);
            } else {
                ScalarSmallProducts.f64Run(count, m, n, k, alpha, a, aq, aRs, aCs, aStep, b, bq, bRs, bCs, bStep, beta,
                        c, cq, cRs, cCs, cStep);
            }
            pos += count;
        }
    }

    void f32(float[] l, int lo, float[] r, int ro, float[] c, int co, float alpha, float beta) {
        if (positions == 1 && form == Form.SCALAR) {
            FloatTinyGemm.multiply(m, n, k, alpha, aFromRhs ? r : l, aFromRhs ? ro : lo, aRs, aCs, bFromRhs ? r : l,
                    bFromRhs ? ro : lo, bRs, bCs, beta, c, co, cRs, cCs);
        } else if (matVec) {
            matVecF32(l, lo, r, ro, c, co, alpha, beta);
        } else {
            f32Range(l, lo, r, ro, c, co, alpha, beta, 0, positions);
        }
    }

    /**
     * The matrix–vector forms of {@link #f32}: a method of its own, so that {@code f32} stays small
     * enough for C2 to inline into its caller (the 2×2 path pays for every byte).
     */
    private void matVecF32(float[] l, int lo, float[] r, int ro, float[] c, int co, float alpha, float beta) {
        float[] a = matrixFromRhs ? r : l;
        int ao = matrixFromRhs ? ro : lo;
        float[] x = vectorFromRhs ? r : l;
        int xo = vectorFromRhs ? ro : lo;
        if (form == Form.MATVEC_COLUMNS) {
            FloatMatVec.columns(mvRows, k, alpha, a, ao, mvStride, x, xo, xInc, beta, c, co, yInc);
        } else {
            FloatMatVec.rows(mvRows, k, alpha, a, ao, mvStride, x, xo, xInc, beta, c, co, yInc);
        }
    }

    /** The batch positions {@code [from, to)} of {@link #f32}: runs along the fastest batch dimension. */
    void f32Range(float[] l, int lo, float[] r, int ro, float[] c, int co, float alpha, float beta, int from,
            int to) {
        float[] a = aFromRhs ? r : l;
        float[] b = bFromRhs ? r : l;
        for (int pos = from; pos < to;) {
            int lq = lo + offsetOf(pos, lhsBatch);
            int rq = ro + offsetOf(pos, rhsBatch);
            int aq = aFromRhs ? rq : lq;
            int bq = bFromRhs ? rq : lq;
            int cq = co + offsetOf(pos, outBatch);
            int count = Math.min(to - pos, run - pos % run);
            if (form == Form.ACROSS_BATCH) {
                KERNELS.acrossBatchF32(count, m, n, k, alpha, a, aq, aRs, aCs, b, bq, bRs, bCs, beta, c, cq, cRs, cCs);
            } else if (form == Form.COLUMNS) {
                KERNELS.columnsF32(count, m, n, k, alpha, a, aq, aCs, aStep, b, bq, bRs, bCs, bStep, beta, c, cq, cCs,
                        cStep);
            } else {
                ScalarSmallProducts.f32Run(count, m, n, k, alpha, a, aq, aRs, aCs, aStep, b, bq, bRs, bCs, bStep, beta,
                        c, cq, cRs, cCs, cStep);
            }
            pos += count;
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
