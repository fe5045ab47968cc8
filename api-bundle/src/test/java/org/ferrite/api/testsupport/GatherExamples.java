package org.ferrite.api.testsupport;

import org.ferrite.api.session.GatherConfig;

/** The gather examples of the StableHLO specification, shared by the shape and session tests. */
public final class GatherExamples {
    private GatherExamples() {
    }

    /** The StableHLO spec's gather example without batching dims. */
    public static GatherConfig specExample() {
        return specBuilder().build();
    }

    public static GatherConfig.Builder specBuilder() {
        return GatherConfig.builder().offsetDims(2, 3).collapsedSliceDims(0).startIndexMap(1, 0).indexVectorDim(2)
                .sliceSizes(1, 2, 2);
    }

    /** The StableHLO spec's gather example with batching dims. */
    public static GatherConfig specBatchingExample() {
        return batchingBuilder().build();
    }

    public static GatherConfig.Builder batchingBuilder() {
        return GatherConfig.builder().offsetDims(3, 4).collapsedSliceDims(1).operandBatchingDims(0)
                .startIndicesBatchingDims(1).startIndexMap(2, 1).indexVectorDim(3).sliceSizes(1, 1, 2, 2);
    }
}
