package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.GemmTier;
import org.ferrite.cpu.internal.pool.BufferPool;

/**
 * The analysis of one {@code dotGeneral} call shape: for a config, a dtype, the GEMM route, and the
 * exact shapes and strides of {@code lhs}, {@code rhs} and {@code out} (never their storage or
 * offsets), how to run it as a loop over batch indices of one matrix product
 * {@code C[m, n] = alpha·A[m, k]·B[k, n] + beta·C[m, n]}. A plan is both what the session's
 * {@link ContractionPlanCache} keeps for ad hoc calls and what a prepared contraction holds
 * ({@link CpuPreparedContraction}).
 *
 * <p>Implementation notes. The key fields are the exact {@code long} metadata, compared field by field
 * by {@link #matches} (no narrowing on the lookup path); the analysis fields are {@code int}, narrowed
 * once by {@link ContractionPlanner} after the index space was checked, and fixed at construction.
 * Execution's index scratch comes from the running session ({@link ContractionPlanCache#batchIndex},
 * {@link ContractionPlanCache#gatherIndex}), never from the plan. A plan holds no tensor storage, except
 * the small zero-filled carrier of its output's metadata ({@link #outputLike}).
 *
 * <p>Thread-safe (immutable): a prepared contraction's plan runs in the sessions of many threads.
 * Lifetime: as long as it is referenced (by a cache until evicted or cleared, or by a prepared
 * contraction).
 */
final class ContractionPlan {
    /** Largest compact output, in scalars, whose plan keeps a metadata carrier ({@link #outputLike}). */
    static final int CARRIER_MAX_SCALARS = 128;

    /** What execution does. */
    enum Kind {
        /** The output has no element. */
        EMPTY,
        /** The inner dimension is empty: {@code out = beta·out}. */
        SCALE,
        /** Batched matrix products. */
        PRODUCT
    }

    // ---- key
    final DotGeneralConfig config;
    final DType dtype;
    final GemmRoute route;
    final long[] lhsShape;
    final long[] lhsStrides;
    final long[] rhsShape;
    final long[] rhsStrides;
    final long[] outShape;
    final long[] outStrides;
    private final int hash;
    /** Whether the key strides are the compact column-major strides of the key shape (per tensor). */
    private final boolean lhsCompact;
    private final boolean rhsCompact;
    private final boolean outCompact;

    // ---- analysis
    final Kind kind;
    final GemmTier tier;
    final boolean complex;
    /** True when the product is computed transposed, {@code Cᵀ = Bᵀ·Aᵀ}, with A taken from rhs. */
    final boolean swapped;
    final int m;
    final int n;
    final int k;
    final OperandPlan a;
    final OperandPlan b;
    /** True if the product goes to compact scratch first and is then combined into {@code out}. */
    final boolean outputScratch;
    /** Strides of C in out (when not through scratch). */
    final int outRowStride;
    final int outColStride;
    /** Combine dimensions (row dims then column dims) and their out strides, when through scratch. */
    final int[] combineExtents;
    final int[] combineStrides;
    final int scratchOffsetOfProduct;
    /** Scratch needed per batch step, in storage scalars (2 per complex element). */
    final int scratchScalars;
    final AxisGroup batch;
    /**
     * For a real product (single or over the batch) read and written in place on the tiny tier, its
     * kernel (the shortest path); null otherwise.
     */
    final DirectProduct direct;

    /** True for F64 and C128 ({@code double[]} storage), false for F32 and C64. */
    final boolean doubleStorage;
    /**
     * The output's extents and strides narrowed to int, for {@code out = beta·out} walks (an empty
     * contraction, or alpha 0); empty for {@link Kind#EMPTY}.
     */
    final int[] scaleExtents;
    final int[] scaleStrides;

    /** The index scratch a run needs: {@link ContractionPlanCache#gatherIndex} of at least this length. */
    final int indexLength;
    /**
     * For a compact output of at most {@link #CARRIER_MAX_SCALARS} scalars, a tensor of its dtype and
     * shape over zero-filled storage that nothing ever writes: the allocating form's results are made
     * with {@link BufferPool#allocateLike}, which shares its metadata; null otherwise.
     */
    private final Tensor outputLike;

    ContractionPlan(Key key, Analysis analysis) {
        this.config = key.config;
        this.dtype = key.dtype;
        this.route = key.route;
        this.lhsShape = key.lhsShape;
        this.lhsStrides = key.lhsStrides;
        this.rhsShape = key.rhsShape;
        this.rhsStrides = key.rhsStrides;
        this.outShape = key.outShape;
        this.outStrides = key.outStrides;
        this.hash = key.hash;
        this.lhsCompact = compact(lhsShape, lhsStrides);
        this.rhsCompact = compact(rhsShape, rhsStrides);
        this.outCompact = compact(outShape, outStrides);
        this.kind = analysis.kind;
        this.tier = analysis.tier;
        this.complex = dtype.isComplex();
        this.swapped = analysis.swapped;
        this.m = analysis.m;
        this.n = analysis.n;
        this.k = analysis.k;
        this.a = analysis.a;
        this.b = analysis.b;
        this.outputScratch = analysis.outputScratch;
        this.outRowStride = analysis.outRowStride;
        this.outColStride = analysis.outColStride;
        this.combineExtents = analysis.combineExtents;
        this.combineStrides = analysis.combineStrides;
        this.scratchOffsetOfProduct = analysis.scratchOffsetOfProduct;
        this.scratchScalars = analysis.scratchScalars;
        this.batch = analysis.batch;
        this.doubleStorage = dtype == DType.F64 || dtype == DType.C128;
        this.direct = kind == Kind.PRODUCT && tier == GemmTier.TINY && !a.packed && !b.packed && !outputScratch
                && !complex ? new DirectProduct(m, n, k, a, b, outRowStride, outColStride, batch, doubleStorage)
                : null;
        this.scaleExtents = kind != Kind.EMPTY ? narrow(outShape) : new int[0];
        this.scaleStrides = kind != Kind.EMPTY ? narrow(outStrides) : new int[0];
        this.indexLength = Math.max(Math.max(outShape.length, lhsShape.length), rhsShape.length) + 1;
        this.outputLike = outCompact && scalars(outShape) * dtype.scalarsPerElement() <= CARRIER_MAX_SCALARS
                ? Tensor.zeros(dtype, outShape) : null;
    }

    /** The identity of a call shape, as copied arrays. */
    static final class Key {
        final DotGeneralConfig config;
        final DType dtype;
        final GemmRoute route;
        final long[] lhsShape;
        final long[] lhsStrides;
        final long[] rhsShape;
        final long[] rhsStrides;
        final long[] outShape;
        final long[] outStrides;
        final int hash;

        Key(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorRead out, GemmRoute route) {
            this.config = config;
            this.dtype = lhs.dtype();
            this.route = route;
            this.lhsShape = lhs.shape();
            this.lhsStrides = lhs.strides();
            this.rhsShape = rhs.shape();
            this.rhsStrides = rhs.strides();
            this.outShape = out.shape();
            this.outStrides = out.strides();
            this.hash = hashOf(lhs, rhs, config, route);
        }
    }

    /** The outcome of planning (see {@link ContractionPlanner}). */
    static final class Analysis {
        Kind kind = Kind.PRODUCT;
        GemmTier tier = GemmTier.TINY;
        boolean swapped;
        int m;
        int n;
        int k;
        OperandPlan a;
        OperandPlan b;
        boolean outputScratch;
        int outRowStride;
        int outColStride;
        int[] combineExtents = new int[0];
        int[] combineStrides = new int[0];
        int scratchOffsetOfProduct;
        int scratchScalars;
        AxisGroup batch = AxisGroup.EMPTY;
    }

    /**
     * The hash of a call shape's operands — config, dtype, route, the extents and strides of
     * {@code lhs} and {@code rhs}; the output's layout is left to {@link #matches}, so that the allocating
     * form finds a plan from its operands alone ({@link ContractionPlanCache#findForCompactOutput}).
     * Computed from the live tensors without allocating, in independent multiply chains (a lookup pays
     * their latency once, not once per axis); equal to {@link #hashCode()} of the plan compiled for it.
     */
    static int hashOf(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, GemmRoute route) {
        int h = config.hashCode() + 0x61C88647 * (lhs.dtype().ordinal() + 8 * route.ordinal());
        return h + 0x9E3779B1 * mix(lhs) + 0x7FEB352D * mix(rhs);
    }

    private static int mix(TensorRead t) {
        int rank = t.rank();
        switch (rank) { // ranks up to 2 without a loop (see same)
            case 0:
                return 0;
            case 1:
                return 1 + (int) t.dim(0) * 0x27D4EB2F + 31 * (int) t.stride(0);
            case 2:
                return 2 + (int) t.dim(0) * 0x27D4EB2F + 31 * (int) t.stride(0) + (int) t.dim(1) * 0x165667B1
                        + 961 * (int) t.stride(1);
            default:
                int h = rank;
                for (int a = 0; a < rank; a++) {
                    h = h * 31 + (int) t.dim(a) * 0x27D4EB2F + (int) t.stride(a);
                }
                return h;
        }
    }

    /**
     * @param lhs left operand
     * @param rhs right operand
     * @param cfg the config
     * @param out the output
     * @param r the route
     * @return true if this plan was compiled for exactly this call shape
     */
    boolean matches(TensorRead lhs, TensorRead rhs, DotGeneralConfig cfg, TensorRead out, GemmRoute r) {
        return r == route && (cfg == config || config.equals(cfg)) && matchesLayouts(lhs, rhs, out);
    }

    /**
     * The layouts alone (what a prepared contraction checks: its config and route are its own).
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param out the output
     * @return true if all three have this plan's dtype, extents and strides
     */
    boolean matchesLayouts(TensorRead lhs, TensorRead rhs, TensorRead out) {
        return out.dtype() == dtype && matchesOperands(lhs, rhs) && same(out, outShape, outStrides, outCompact);
    }

    /**
     * The allocating form's lookup: the operands' part of the key, and a compact output — the config and
     * route prove the output's shape, so a compact output of that shape has the whole key.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param cfg the config
     * @param r the route
     * @return true if this plan runs the allocating call on these operands
     */
    boolean matchesForCompactOutput(TensorRead lhs, TensorRead rhs, DotGeneralConfig cfg, GemmRoute r) {
        return outCompact && r == route && (cfg == config || config.equals(cfg)) && matchesOperands(lhs, rhs);
    }

    private boolean matchesOperands(TensorRead lhs, TensorRead rhs) {
        return lhs.dtype() == dtype && rhs.dtype() == dtype && same(lhs, lhsShape, lhsStrides, lhsCompact)
                && same(rhs, rhsShape, rhsStrides, rhsCompact);
    }

    /**
     * Whether {@code t} has the key's extents and strides. A {@link Tensor} is compact column-major by
     * construction, so when the key's strides are compact too, equal extents imply equal strides and only
     * the extents are compared. Both helpers compare ranks up to 2 without a loop (about 3 ns per tensor
     * less than a loop on a 2×2 product's per-call check; measured: three tensors 9.4 ns in loops, 4.4 ns
     * unrolled).
     */
    private static boolean same(TensorRead t, long[] shape, long[] strides, boolean compactKey) {
        return compactKey && t instanceof Tensor ? OperandChecks.hasShape(t, shape)
                : OperandChecks.hasLayout(t, shape, strides);
    }

    /**
     * The allocating form's output: a new compact tensor of this plan's output shape, its storage from
     * {@code buffers}. Only for a plan with a compact output ({@link #matchesForCompactOutput}).
     *
     * @param buffers the session's pool
     * @return the output, contents unspecified
     */
    Tensor allocateOutput(BufferPool buffers) {
        return outputLike != null ? buffers.allocateLike(outputLike) : buffers.allocate(dtype, outShape);
    }

    private static long scalars(long[] shape) {
        long n = 1;
        for (long e : shape) {
            n *= e;
        }
        return n;
    }

    /** Narrows a non-empty output's metadata; see the class comment of {@link ContractionPlanner}. */
    private static int[] narrow(long[] values) {
        int[] n = new int[values.length];
        for (int a = 0; a < n.length; a++) {
            n[a] = (int) values[a];
        }
        return n;
    }

    private static boolean compact(long[] shape, long[] strides) {
        long expected = 1;
        for (int a = 0; a < shape.length; a++) {
            if (strides[a] != expected) {
                return false;
            }
            expected *= shape[a];
        }
        return true;
    }

    /** @return the estimated bytes this plan holds */
    long bytes() {
        int ints = 4 * (lhsShape.length + rhsShape.length + outShape.length) + combineExtents.length * 2
                + scaleExtents.length * 2
                + a.gatherExtents.length * 2 + b.gatherExtents.length * 2 + batch.dims() * 4;
        return 256 + 4L * ints + (outputLike == null ? 0 : 16L * outputLike.size() + 64);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** Plans are equal when their keys are: same config, dtype, route, shapes and strides. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ContractionPlan)) {
            return false;
        }
        ContractionPlan p = (ContractionPlan) o;
        return hash == p.hash && config.equals(p.config) && dtype == p.dtype && route == p.route
                && java.util.Arrays.equals(lhsShape, p.lhsShape) && java.util.Arrays.equals(lhsStrides, p.lhsStrides)
                && java.util.Arrays.equals(rhsShape, p.rhsShape) && java.util.Arrays.equals(rhsStrides, p.rhsStrides)
                && java.util.Arrays.equals(outShape, p.outShape) && java.util.Arrays.equals(outStrides, p.outStrides);
    }

    @Override
    public String toString() {
        return "ContractionPlan[" + dtype + " " + kind + " tier=" + tier + " m=" + m + " n=" + n + " k=" + k
                + " batch=" + batch.size() + (swapped ? " swapped" : "") + (a != null && a.packed ? " packA" : "")
                + (b != null && b.packed ? " packB" : "") + (outputScratch ? " viaScratch" : "") + "]";
    }
}
