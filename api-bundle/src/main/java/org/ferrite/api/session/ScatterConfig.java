package org.ferrite.api.session;

import java.util.Arrays;
import java.util.Objects;
import org.ferrite.api.error.ValidationException;

/**
 * StableHLO {@code scatter} dimension numbers ({@code updateWindowDims}, {@code insertedWindowDims},
 * {@code inputBatchingDims}, {@code scatterIndicesBatchingDims}, {@code scatterDimsToOperandDims},
 * {@code indexVectorDim}) and the {@link ScatterMode update mode}. Semantics are StableHLO's: an update
 * whose window would fall outside the operand is skipped. Validated at construction for what does not
 * depend on shapes (StableHLO constraints C7, C9, C10, C12, C14, C16, C17, C20); the rest when used. A
 * value type ({@code equals} by content). Thread-safe (immutable); lives as long as it is referenced.
 */
public final class ScatterConfig {
    private static final String OP = "ScatterConfig";
    private final int[] updateWindowDims;
    private final int[] insertedWindowDims;
    private final int[] inputBatchingDims;
    private final int[] scatterIndicesBatchingDims;
    private final int[] scatterDimsToOperandDims;
    private final int indexVectorDim;
    private final ScatterMode mode;
    private final boolean indicesAreSorted;
    private final boolean uniqueIndices;

    private ScatterConfig(Builder b) {
        this.updateWindowDims = AxisLists.distinctNonNegative(OP, "updateWindowDims", b.updateWindowDims);
        this.insertedWindowDims = AxisLists.distinctNonNegative(OP, "insertedWindowDims", b.insertedWindowDims);
        this.inputBatchingDims = AxisLists.distinctNonNegative(OP, "inputBatchingDims", b.inputBatchingDims);
        this.scatterIndicesBatchingDims = AxisLists.distinctNonNegative(OP, "scatterIndicesBatchingDims",
                b.scatterIndicesBatchingDims);
        this.scatterDimsToOperandDims = AxisLists.distinctNonNegative(OP, "scatterDimsToOperandDims",
                b.scatterDimsToOperandDims);
        AxisLists.ascending(OP, "updateWindowDims", updateWindowDims);
        AxisLists.ascending(OP, "insertedWindowDims", insertedWindowDims);
        AxisLists.ascending(OP, "inputBatchingDims", inputBatchingDims);
        AxisLists.disjoint(OP, "insertedWindowDims", insertedWindowDims, "inputBatchingDims", inputBatchingDims);
        AxisLists.disjoint(OP, "scatterDimsToOperandDims", scatterDimsToOperandDims, "inputBatchingDims",
                inputBatchingDims);
        AxisLists.sameLength(OP, "inputBatchingDims", inputBatchingDims, "scatterIndicesBatchingDims",
                scatterIndicesBatchingDims);
        if (b.indexVectorDim < 0) {
            throw ValidationException.invalidArgument(OP, "indexVectorDim", ">= 0", String.valueOf(b.indexVectorDim),
                    null);
        }
        for (int d : scatterIndicesBatchingDims) {
            if (d == b.indexVectorDim) {
                throw ValidationException.invalidArgument(OP, "scatterIndicesBatchingDims",
                        "axes other than indexVectorDim " + b.indexVectorDim,
                        Arrays.toString(scatterIndicesBatchingDims), null);
            }
        }
        this.indexVectorDim = b.indexVectorDim;
        this.mode = Objects.requireNonNull(b.mode, "mode");
        this.indicesAreSorted = b.indicesAreSorted;
        this.uniqueIndices = b.uniqueIndices;
    }

    /** @return a builder with empty lists, {@code indexVectorDim} 0 and mode REPLACE */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a copy of update_window_dims */
    public int[] updateWindowDims() {
        return updateWindowDims.clone();
    }

    /** @return a copy of inserted_window_dims */
    public int[] insertedWindowDims() {
        return insertedWindowDims.clone();
    }

    /** @return a copy of input_batching_dims */
    public int[] inputBatchingDims() {
        return inputBatchingDims.clone();
    }

    /** @return a copy of scatter_indices_batching_dims */
    public int[] scatterIndicesBatchingDims() {
        return scatterIndicesBatchingDims.clone();
    }

    /** @return a copy of scatter_dims_to_operand_dims */
    public int[] scatterDimsToOperandDims() {
        return scatterDimsToOperandDims.clone();
    }

    /** @return index_vector_dim */
    public int indexVectorDim() {
        return indexVectorDim;
    }

    /** @return how updates combine with existing values */
    public ScatterMode mode() {
        return mode;
    }

    /** @return the caller's promise that indices are sorted (a hint) */
    public boolean indicesAreSorted() {
        return indicesAreSorted;
    }

    /** @return the caller's promise that indices are unique (a hint) */
    public boolean uniqueIndices() {
        return uniqueIndices;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ScatterConfig)) {
            return false;
        }
        ScatterConfig c = (ScatterConfig) o;
        return indexVectorDim == c.indexVectorDim && mode == c.mode && indicesAreSorted == c.indicesAreSorted
                && uniqueIndices == c.uniqueIndices && Arrays.equals(updateWindowDims, c.updateWindowDims)
                && Arrays.equals(insertedWindowDims, c.insertedWindowDims)
                && Arrays.equals(inputBatchingDims, c.inputBatchingDims)
                && Arrays.equals(scatterIndicesBatchingDims, c.scatterIndicesBatchingDims)
                && Arrays.equals(scatterDimsToOperandDims, c.scatterDimsToOperandDims);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new int[] {Arrays.hashCode(updateWindowDims), Arrays.hashCode(insertedWindowDims),
            Arrays.hashCode(inputBatchingDims), Arrays.hashCode(scatterIndicesBatchingDims),
            Arrays.hashCode(scatterDimsToOperandDims), indexVectorDim, mode.ordinal()});
    }

    @Override
    public String toString() {
        return "ScatterConfig[updateWindowDims=" + Arrays.toString(updateWindowDims) + ", insertedWindowDims="
                + Arrays.toString(insertedWindowDims) + ", inputBatchingDims=" + Arrays.toString(inputBatchingDims)
                + ", scatterIndicesBatchingDims=" + Arrays.toString(scatterIndicesBatchingDims)
                + ", scatterDimsToOperandDims=" + Arrays.toString(scatterDimsToOperandDims) + ", indexVectorDim="
                + indexVectorDim + ", mode=" + mode + "]";
    }

    /**
     * Builds a {@link ScatterConfig}. Not thread-safe. Lifetime: reusable; each {@link #build()} copies
     * the lists, so later changes do not affect configs already built.
     */
    public static final class Builder {
        private int[] updateWindowDims = new int[0];
        private int[] insertedWindowDims = new int[0];
        private int[] inputBatchingDims = new int[0];
        private int[] scatterIndicesBatchingDims = new int[0];
        private int[] scatterDimsToOperandDims = new int[0];
        private int indexVectorDim;
        private ScatterMode mode = ScatterMode.REPLACE;
        private boolean indicesAreSorted;
        private boolean uniqueIndices;

        private Builder() {
        }

        /**
         * @param dims update_window_dims
         * @return this
         */
        public Builder updateWindowDims(int... dims) {
            this.updateWindowDims = dims.clone();
            return this;
        }

        /**
         * @param dims inserted_window_dims
         * @return this
         */
        public Builder insertedWindowDims(int... dims) {
            this.insertedWindowDims = dims.clone();
            return this;
        }

        /**
         * @param dims input_batching_dims
         * @return this
         */
        public Builder inputBatchingDims(int... dims) {
            this.inputBatchingDims = dims.clone();
            return this;
        }

        /**
         * @param dims scatter_indices_batching_dims
         * @return this
         */
        public Builder scatterIndicesBatchingDims(int... dims) {
            this.scatterIndicesBatchingDims = dims.clone();
            return this;
        }

        /**
         * @param dims scatter_dims_to_operand_dims
         * @return this
         */
        public Builder scatterDimsToOperandDims(int... dims) {
            this.scatterDimsToOperandDims = dims.clone();
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
         * @param mode the update mode
         * @return this
         */
        public Builder mode(ScatterMode mode) {
            this.mode = mode;
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

        /**
         * @param unique unique_indices
         * @return this
         */
        public Builder uniqueIndices(boolean unique) {
            this.uniqueIndices = unique;
            return this;
        }

        /** @return the validated config */
        public ScatterConfig build() {
            return new ScatterConfig(this);
        }
    }
}
