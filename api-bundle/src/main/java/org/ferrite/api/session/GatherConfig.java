package org.ferrite.api.session;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;

/**
 * StableHLO {@code gather} dimension numbers: {@code offsetDims}, {@code collapsedSliceDims},
 * {@code operandBatchingDims}, {@code startIndicesBatchingDims}, {@code startIndexMap},
 * {@code indexVectorDim}, and the {@code sliceSizes}. Semantics are exactly StableHLO's (start indices
 * are clamped so the slice stays inside the operand). Validated at construction for what does not
 * depend on operand shapes (StableHLO constraints C4, C6, C7, C10, C13, C15, C16, C18 and
 * {@code slice_sizes >= 0}); the rest is validated against the operands when used. A value
 * type ({@code equals} by content). Thread-safe (immutable); lives as long as it is referenced.
 */
public final class GatherConfig {
    private static final String OP = "GatherConfig";
    private final int[] offsetDims;
    private final int[] collapsedSliceDims;
    private final int[] operandBatchingDims;
    private final int[] startIndicesBatchingDims;
    private final int[] startIndexMap;
    private final int indexVectorDim;
    private final long[] sliceSizes;
    private final boolean indicesAreSorted;

    private GatherConfig(Builder b) {
        this.offsetDims = AxisLists.distinctNonNegative(OP, "offsetDims", b.offsetDims);
        this.collapsedSliceDims = AxisLists.distinctNonNegative(OP, "collapsedSliceDims", b.collapsedSliceDims);
        this.operandBatchingDims = AxisLists.distinctNonNegative(OP, "operandBatchingDims", b.operandBatchingDims);
        this.startIndicesBatchingDims = AxisLists.distinctNonNegative(OP, "startIndicesBatchingDims",
                b.startIndicesBatchingDims);
        this.startIndexMap = AxisLists.distinctNonNegative(OP, "startIndexMap", b.startIndexMap);
        AxisLists.ascending(OP, "offsetDims", offsetDims);
        AxisLists.ascending(OP, "collapsedSliceDims", collapsedSliceDims);
        AxisLists.ascending(OP, "operandBatchingDims", operandBatchingDims);
        AxisLists.disjoint(OP, "collapsedSliceDims", collapsedSliceDims, "operandBatchingDims", operandBatchingDims);
        AxisLists.disjoint(OP, "startIndexMap", startIndexMap, "operandBatchingDims", operandBatchingDims);
        AxisLists.sameLength(OP, "operandBatchingDims", operandBatchingDims, "startIndicesBatchingDims",
                startIndicesBatchingDims);
        AxisLists.nonNegative(OP, "sliceSizes", b.sliceSizes);
        if (b.indexVectorDim < 0) {
            throw ValidationException.invalidArgument(OP, "indexVectorDim", ">= 0", String.valueOf(b.indexVectorDim),
                    null);
        }
        for (int d : startIndicesBatchingDims) {
            if (d == b.indexVectorDim) {
                throw ValidationException.invalidArgument(OP, "startIndicesBatchingDims",
                        "axes other than indexVectorDim " + b.indexVectorDim, Arrays.toString(startIndicesBatchingDims),
                        null);
            }
        }
        this.indexVectorDim = b.indexVectorDim;
        this.sliceSizes = b.sliceSizes.clone();
        this.indicesAreSorted = b.indicesAreSorted;
    }

    /** @return a builder with empty lists, {@code indexVectorDim} 0 */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a copy of offset_dims */
    public int[] offsetDims() {
        return offsetDims.clone();
    }

    /** @return a copy of collapsed_slice_dims */
    public int[] collapsedSliceDims() {
        return collapsedSliceDims.clone();
    }

    /** @return a copy of operand_batching_dims */
    public int[] operandBatchingDims() {
        return operandBatchingDims.clone();
    }

    /** @return a copy of start_indices_batching_dims */
    public int[] startIndicesBatchingDims() {
        return startIndicesBatchingDims.clone();
    }

    /** @return a copy of start_index_map */
    public int[] startIndexMap() {
        return startIndexMap.clone();
    }

    /** @return index_vector_dim */
    public int indexVectorDim() {
        return indexVectorDim;
    }

    /** @return a copy of slice_sizes */
    public long[] sliceSizes() {
        return sliceSizes.clone();
    }

    /** @return the caller's promise that indices are sorted (a hint; never changes results) */
    public boolean indicesAreSorted() {
        return indicesAreSorted;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof GatherConfig)) {
            return false;
        }
        GatherConfig c = (GatherConfig) o;
        return indexVectorDim == c.indexVectorDim && indicesAreSorted == c.indicesAreSorted
                && Arrays.equals(offsetDims, c.offsetDims) && Arrays.equals(collapsedSliceDims, c.collapsedSliceDims)
                && Arrays.equals(operandBatchingDims, c.operandBatchingDims)
                && Arrays.equals(startIndicesBatchingDims, c.startIndicesBatchingDims)
                && Arrays.equals(startIndexMap, c.startIndexMap) && Arrays.equals(sliceSizes, c.sliceSizes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new int[] {Arrays.hashCode(offsetDims), Arrays.hashCode(collapsedSliceDims),
            Arrays.hashCode(operandBatchingDims), Arrays.hashCode(startIndicesBatchingDims),
            Arrays.hashCode(startIndexMap), indexVectorDim, Arrays.hashCode(sliceSizes) });
    }

    @Override
    public String toString() {
        return "GatherConfig[offsetDims=" + Arrays.toString(offsetDims) + ", collapsedSliceDims="
                + Arrays.toString(collapsedSliceDims) + ", operandBatchingDims=" + Arrays.toString(operandBatchingDims)
                + ", startIndicesBatchingDims=" + Arrays.toString(startIndicesBatchingDims) + ", startIndexMap="
                + Arrays.toString(startIndexMap) + ", indexVectorDim=" + indexVectorDim + ", sliceSizes="
                + Arrays.toString(sliceSizes) + "]";
    }

    /**
     * Builds a {@link GatherConfig}. Not thread-safe. Lifetime: reusable; each {@link #build()} copies the
     * lists, so later changes do not affect configs already built.
     */
    public static final class Builder {
        private int[] offsetDims = new int[0];
        private int[] collapsedSliceDims = new int[0];
        private int[] operandBatchingDims = new int[0];
        private int[] startIndicesBatchingDims = new int[0];
        private int[] startIndexMap = new int[0];
        private int indexVectorDim;
        private long[] sliceSizes = new long[0];
        private boolean indicesAreSorted;

        private Builder() {
        }

        /**
         * @param dims offset_dims
         * @return this
         */
        public Builder offsetDims(int... dims) {
            this.offsetDims = dims.clone();
            return this;
        }

        /**
         * @param dims collapsed_slice_dims
         * @return this
         */
        public Builder collapsedSliceDims(int... dims) {
            this.collapsedSliceDims = dims.clone();
            return this;
        }

        /**
         * @param dims operand_batching_dims
         * @return this
         */
        public Builder operandBatchingDims(int... dims) {
            this.operandBatchingDims = dims.clone();
            return this;
        }

        /**
         * @param dims start_indices_batching_dims
         * @return this
         */
        public Builder startIndicesBatchingDims(int... dims) {
            this.startIndicesBatchingDims = dims.clone();
            return this;
        }

        /**
         * @param dims start_index_map
         * @return this
         */
        public Builder startIndexMap(int... dims) {
            this.startIndexMap = dims.clone();
            return this;
        }

        /**
         * @param dim index_vector_dim
         * @return this
         */
        public Builder indexVectorDim(int dim) {
            this.indexVectorDim = dim;
            return this;
        }

        /**
         * @param sizes slice_sizes
         * @return this
         */
        public Builder sliceSizes(long... sizes) {
            this.sliceSizes = sizes.clone();
            return this;
        }

        /**
         * @param sorted indices_are_sorted
         * @return this
         */
        public Builder indicesAreSorted(boolean sorted) {
            this.indicesAreSorted = sorted;
            return this;
        }

        /** @return the validated config */
        public GatherConfig build() {
            return new GatherConfig(this);
        }
    }
}
