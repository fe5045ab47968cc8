package org.ferrite.api.spi;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The shape rules of StableHLO {@code scatter}, shared by every provider so that all backends accept
 * and reject exactly the same scatters with the same typed errors. For provider implementations;
 * validation is split into {@link #checkScatter} (cacheable) and {@link #checkScatterCall} (per call).
 * Thread-safe (stateless); it has no instances and holds no resources.
 *
 * <p>With {@code scatterRank} the rank of {@code scatterIndices} without {@code indexVectorDim}: the
 * updates have rank {@code scatterRank + |updateWindowDims|}; their axes not in
 * {@code updateWindowDims} ("scatter axes") match the index axes without {@code indexVectorDim}, in
 * order; their window axes, in order, pair with the operand axes that are neither inserted nor
 * batching, and are at most as long. What does not depend on shapes (distinct, sorted axis lists;
 * batching axes other than {@code indexVectorDim}) is checked by {@link ScatterConfig} itself.
 */
public final class ScatterShapes {
    private static final String OP = "scatter";

    private ScatterShapes() {
    }

    /**
     * Validates a scatter against its operands.
     *
     * @param operand the operand
     * @param scatterIndices I32/I64 indices
     * @param updates the updates, dtype of {@code operand}
     * @param config the dimension numbers
     * @throws ValidationException naming the offending argument
     */
    public static void validate(TensorRead operand, TensorRead scatterIndices, TensorRead updates,
            ScatterConfig config) {
        IndexingShapes.requireIndexDtype(OP, "scatterIndices", scatterIndices);
        OperandChecks.requireDtype(OP, "updates", updates, operand.dtype());
        int rank = operand.rank();
        int indexRank = scatterIndices.rank();
        int ivd = config.indexVectorDim();
        if (ivd > indexRank) {
            throw ValidationException.axisOutOfBounds(OP, "indexVectorDim", ivd, indexRank + 1);
        }
        long indexLength = ivd == indexRank ? 1 : scatterIndices.dim(ivd);
        int[] toOperand = config.scatterDimsToOperandDims();
        if (toOperand.length != indexLength) {
            throw ValidationException.invalidArgument(OP, "scatterDimsToOperandDims",
                    indexLength + " axes (the index vector length)", Arrays.toString(toOperand), null);
        }
        for (int d : toOperand) {
            checkAxis("scatterDimsToOperandDims", d, rank);
        }
        boolean[] notWindow = new boolean[rank];
        mark("insertedWindowDims", config.insertedWindowDims(), rank, notWindow);
        int[] inputBatching = config.inputBatchingDims();
        mark("inputBatchingDims", inputBatching, rank, notWindow);
        int[] indexBatching = config.scatterIndicesBatchingDims();
        for (int i = 0; i < indexBatching.length; i++) {
            int axis = indexBatching[i];
            checkAxis("scatterIndicesBatchingDims", axis, indexRank);
            if (scatterIndices.dim(axis) != operand.dim(inputBatching[i])) {
                throw ValidationException.extentMismatch(OP, "scatterIndices", axis, operand.dim(inputBatching[i]),
                        scatterIndices.dim(axis), "batching axes pair with operand axis " + inputBatching[i]);
            }
        }
        int windowCount = 0;
        for (boolean n : notWindow) {
            windowCount += n ? 0 : 1;
        }
        int[] windowDims = config.updateWindowDims();
        if (windowDims.length != windowCount) {
            throw ValidationException.invalidArgument(OP, "updateWindowDims", windowCount
                    + " axes (operand axes neither inserted nor batching)", Arrays.toString(windowDims), null);
        }
        int updatesRank = (ivd == indexRank ? indexRank : indexRank - 1) + windowDims.length;
        if (updates.rank() != updatesRank) {
            throw ValidationException.rankMismatch(OP, "updates", String.valueOf(updatesRank), updates.rank());
        }
        boolean[] isWindow = new boolean[updatesRank];
        mark("updateWindowDims", windowDims, updatesRank, isWindow);
        checkUpdateExtents(operand, scatterIndices, updates, ivd, notWindow, isWindow);
    }

    private static void checkUpdateExtents(TensorRead operand, TensorRead scatterIndices, TensorRead updates, int ivd,
            boolean[] notWindow, boolean[] isWindow) {
        int operandAxis = 0;
        int indexAxis = 0;
        for (int a = 0; a < isWindow.length; a++) {
            if (isWindow[a]) {
                while (notWindow[operandAxis]) {
                    operandAxis++;
                }
                if (updates.dim(a) > operand.dim(operandAxis)) {
                    throw ValidationException.invalidAxisArgument(OP, "updates", a, "a window extent <= "
                            + operand.dim(operandAxis) + " (operand axis " + operandAxis + ")",
                            String.valueOf(updates.dim(a)));
                }
                operandAxis++;
            } else {
                if (indexAxis == ivd) {
                    indexAxis++;
                }
                if (updates.dim(a) != scatterIndices.dim(indexAxis)) {
                    throw ValidationException.extentMismatch(OP, "updates", a, scatterIndices.dim(indexAxis),
                            updates.dim(a), "scatter axes of updates match scatterIndices axis " + indexAxis);
                }
                indexAxis++;
            }
        }
    }

    private static void mark(String argument, int[] axes, int rank, boolean[] marks) {
        for (int axis : axes) {
            checkAxis(argument, axis, rank);
            marks[axis] = true;
        }
    }

    private static void checkAxis(String argument, int axis, int rank) {
        if (axis >= rank) {
            throw ValidationException.axisOutOfBounds(OP, argument, axis, rank);
        }
    }

    /**
     * The cacheable half of a {@code scatterInto} check: {@link #validate}, then the output's dtype,
     * shape (the operand's) and writability.
     *
     * @param operand the operand
     * @param scatterIndices I32/I64 indices
     * @param updates the updates
     * @param config the dimension numbers
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkScatter(TensorRead operand, TensorRead scatterIndices, TensorRead updates,
            ScatterConfig config, TensorWrite out) {
        validate(operand, scatterIndices, updates, config);
        OperandChecks.requireOutput(OP, out, operand.dtype(), operand);
    }

    /**
     * The per-call half of a {@code scatterInto} check: every tensor on the session's placement;
     * {@code out} exactly {@code operand} (in place) or disjoint from it, and disjoint from the indices
     * and updates.
     *
     * @param session where the session computes
     * @param operand the operand
     * @param scatterIndices the indices
     * @param updates the updates
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkScatterCall(Placement session, TensorRead operand, TensorRead scatterIndices,
            TensorRead updates, TensorWrite out) {
        // the hit path of a plan cache: one branch over cheap tests; the precise errors out of line
        if (operand.placement() != session || scatterIndices.placement() != session
                || updates.placement() != session || out.placement() != session
                || Overlap.mayOverlap(out, operand) && !Overlap.identicalLayout(out, operand)
                || Overlap.mayOverlap(out, scatterIndices) || Overlap.mayOverlap(out, updates)) {
            reportScatterCall(session, operand, scatterIndices, updates, out);
        }
    }

    private static void reportScatterCall(Placement session, TensorRead operand, TensorRead scatterIndices,
            TensorRead updates, TensorWrite out) {
        OperandChecks.requirePlacement(OP, "operand", operand, session);
        OperandChecks.requirePlacement(OP, "scatterIndices", scatterIndices, session);
        OperandChecks.requirePlacement(OP, "updates", updates, session);
        OperandChecks.requirePlacement(OP, "out", out, session);
        OperandChecks.requireNoPartialAlias(OP, out, operand, "operand");
        OperandChecks.requireNoAlias(OP, out, scatterIndices, "scatterIndices");
        OperandChecks.requireNoAlias(OP, out, updates, "updates");
    }
}
