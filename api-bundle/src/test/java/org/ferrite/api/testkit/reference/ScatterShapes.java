package org.ferrite.api.testkit.reference;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.IndexingShapes;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.tensor.TensorRead;

/**
 * The shape constraints of StableHLO {@code scatter} that depend on the operands (the configuration
 * checked the rest when it was built): ranks, axis ranges, the index vector's length, and the extents
 * of {@code updates} against the operand and the indices.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class ScatterShapes {
    private ScatterShapes() {
    }

    /**
     * @return the window extent along each operand axis (1 along inserted and batching axes)
     * @throws ValidationException naming the offending argument
     */
    static int[] check(TensorRead operand, TensorRead indices, TensorRead updates, ScatterConfig c) {
        String op = "scatter";
        IndexingShapes.requireIndexDtype(op, "scatterIndices", indices);
        int rank = operand.rank();
        int ivd = c.indexVectorDim();
        if (ivd > indices.rank()) {
            throw ValidationException.axisOutOfBounds(op, "indexVectorDim", ivd, indices.rank() + 1);
        }
        int[] window = c.updateWindowDims();
        int[] inserted = c.insertedWindowDims();
        int[] batching = c.inputBatchingDims();
        int[] map = c.scatterDimsToOperandDims();
        if (window.length + inserted.length + batching.length != rank) {
            throw NaiveIndexing.bad("updateWindowDims", rank + " axes with insertedWindowDims and inputBatchingDims"
                    + " (operand rank)", (window.length + inserted.length + batching.length) + "");
        }
        for (int[] axes : new int[][] {inserted, batching, map}) {
            for (int a : axes) {
                if (a >= rank) {
                    throw ValidationException.axisOutOfBounds(op, "scatterDimsToOperandDims", a, rank);
                }
            }
        }
        int vector = ivd < indices.rank() ? indices.dim(ivd) : 1;
        if (vector != map.length) {
            throw NaiveIndexing.bad("scatterIndices", "index vectors of length " + map.length
                    + " (scatterDimsToOperandDims)", "length " + vector);
        }
        int scatterRank = indices.rank() - (ivd < indices.rank() ? 1 : 0);
        if (updates.rank() != window.length + scatterRank) {
            throw ValidationException.rankMismatch(op, "updates", String.valueOf(window.length + scatterRank),
                    updates.rank());
        }
        for (int a : window) {
            if (a >= updates.rank()) {
                throw ValidationException.axisOutOfBounds(op, "updateWindowDims", a, updates.rank());
            }
        }
        int[] scatterDims = NaiveIndexing.complement(indices.shape(), ivd < indices.rank() ? new int[] {ivd}
                : new int[0]);
        int[] updateScatter = NaiveIndexing.complement(updates.shape(), window);
        for (int k = 0; k < scatterDims.length; k++) {
            if (scatterDims[k] != updateScatter[k]) {
                throw NaiveIndexing.bad("updates", "scatter extents " + NaiveIndexing.text(scatterDims)
                        + " (the indices' batch extents)", NaiveIndexing.text(updateScatter));
            }
        }
        int[] extent = new int[rank];
        for (int d = 0, k = 0; d < rank; d++) {
            if (IndexSpace.indexOf(inserted, d) >= 0 || IndexSpace.indexOf(batching, d) >= 0) {
                extent[d] = 1;
            } else {
                extent[d] = updates.dim(window[k++]);
                if (extent[d] > operand.dim(d)) {
                    throw ValidationException.extentMismatch(op, "updates", window[k - 1], operand.dim(d), extent[d],
                            "a window extent must not exceed the operand's extent");
                }
            }
        }
        return extent;
    }
}
