package org.ferrite.cpu.internal.contract;

/**
 * How one factor of the product reaches the GEMM kernel: read in place as a strided matrix
 * ({@code X[i, j] = x[offset + i·rowStride + j·colStride]}), or first gathered into compact
 * column-major scratch because its rows or columns span several non-mergeable axes (or its strides
 * are not expressible to BLAS). Immutable. Thread-safe.
 */
final class OperandPlan {
    /** Placeholder for plans that run no product. */
    static final OperandPlan NONE = new OperandPlan(false, false, 0, 0, new int[0], new int[0], 0);

    /** True if the factor is the rhs tensor (the product was transposed), false for lhs. */
    final boolean fromRhs;
    /** True if gathered into scratch first. */
    final boolean packed;
    /** Strides of the matrix in the tensor (when not packed), in elements. */
    final int rowStride;
    final int colStride;
    /** Gather dimensions (row dimensions first, then column dimensions) and their tensor strides. */
    final int[] gatherExtents;
    final int[] gatherStrides;
    /** Element offset of the packed matrix in the scratch array. */
    final int scratchOffset;

    OperandPlan(boolean fromRhs, boolean packed, int rowStride, int colStride, int[] gatherExtents,
            int[] gatherStrides, int scratchOffset) {
        this.fromRhs = fromRhs;
        this.packed = packed;
        this.rowStride = rowStride;
        this.colStride = colStride;
        this.gatherExtents = gatherExtents;
        this.gatherStrides = gatherStrides;
        this.scratchOffset = scratchOffset;
    }
}
