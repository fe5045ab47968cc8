package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.GemmTier;

/**
 * The analysis of one {@code dotGeneral} call shape: for a config, a dtype, the GEMM route, and the
 * exact shapes and strides of {@code lhs}, {@code rhs} and {@code out} (never their storage or
 * offsets), how to run it as a loop over batch indices of one matrix product
 * {@code C[m, n] = alpha·A[m, k]·B[k, n] + beta·C[m, n]}.
 *
 * <p>Implementation notes. The key fields are the exact {@code long} metadata, compared field by field
 * by {@link #matches} (no narrowing on the lookup path); the analysis fields are {@code int}, narrowed
 * once by {@link ContractionPlanner} after the index space was checked, and fixed at construction. The
 * two index arrays are scratch for execution (a plan belongs to one session's cache, so one thread at a
 * time). A plan holds no tensor storage.
 *
 * <p>Not thread-safe (its index scratch); confined to the owning cache's session. Lifetime: until
 * evicted or the cache is cleared.
 */
final class ContractionPlan {
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

    // ---- execution scratch (confined)
    final int[] batchIndex;
    final int[] gatherIndex;

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
        this.batchIndex = new int[batch.dims()];
        this.gatherIndex = new int[Math.max(Math.max(outShape.length, lhsShape.length), rhsShape.length) + 1];
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
            this.hash = hashOf(lhs, rhs, config, out, route);
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
     * The hash of a call shape, computed from the live tensors without allocating; equal to
     * {@link #hashCode()} of the plan compiled for it.
     */
    static int hashOf(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorRead out, GemmRoute route) {
        int h = config.hashCode() * 31 + lhs.dtype().ordinal();
        h = h * 31 + route.ordinal();
        h = mix(h, lhs);
        h = mix(h, rhs);
        return mix(h, out);
    }

    private static int mix(int h, TensorRead t) {
        h = h * 31 + t.rank();
        for (int a = 0; a < t.rank(); a++) {
            h = (h * 31 + Long.hashCode(t.dim(a))) * 31 + Long.hashCode(t.stride(a));
        }
        return h;
    }

    /**
     * @param lhs left operand
     * @param rhs right operand
     * @param cfg the config
     * @param out the output
     * @param r the route
     * @param sameConfigObject compare the config by identity (the last-hit check) rather than equality
     * @return true if this plan was compiled for exactly this call shape
     */
    boolean matches(TensorRead lhs, TensorRead rhs, DotGeneralConfig cfg, TensorRead out, GemmRoute r,
            boolean sameConfigObject) {
        return (cfg == config || !sameConfigObject && config.equals(cfg)) && r == route && out.dtype() == dtype
                && matchesOperands(lhs, rhs) && same(out, outShape, outStrides, outCompact);
    }

    /**
     * The operands' part of the key: with the config and route, it proves the output shape, so a compact
     * output of that shape (the allocating form's) has the whole key.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @return true if both have this plan's dtype, extents and strides
     */
    boolean matchesOperands(TensorRead lhs, TensorRead rhs) {
        return lhs.dtype() == dtype && rhs.dtype() == dtype && same(lhs, lhsShape, lhsStrides, lhsCompact)
                && same(rhs, rhsShape, rhsStrides, rhsCompact);
    }

    /**
     * A {@link Tensor} is compact column-major by construction, so when the key's strides are compact
     * too, equal extents imply equal strides and only the extents are compared.
     */
    private static boolean same(TensorRead t, long[] shape, long[] strides, boolean compactKey) {
        if (compactKey && t instanceof Tensor) {
            return OperandChecks.hasShape(t, shape);
        }
        int rank = shape.length;
        if (t.rank() != rank) {
            return false;
        }
        for (int a = 0; a < rank; a++) {
            if (t.dim(a) != shape[a] || t.stride(a) != strides[a]) {
                return false;
            }
        }
        return true;
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
                + a.gatherExtents.length * 2 + b.gatherExtents.length * 2 + batch.dims() * 4 + batchIndex.length
                + gatherIndex.length;
        return 256 + 4L * ints;
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
