package org.ferrite.einsum;

import java.util.Arrays;

/**
 * One step of a {@link ContractionPath}: which operands of the current list it consumes, its
 * subscripts ({@code "ij,jk->ik"}, labels in the axis order the plan uses), its flop count in
 * opt_einsum's cost model, the size of the tensor it produces and the session operation it lowers to.
 *
 * <p>Thread-safe (immutable); lives as long as it is referenced.
 */
public final class ContractionStep {
    /**
     * The session operation a step lowers to. Thread-safe (an enum); its constants live as long as the
     * class is loaded.
     */
    public enum Operation {
        /** A sum over the labels only one operand carries ({@code reduceInto}). */
        SUM,
        /** A copy into the output (one operand, nothing to sum: transposes, diagonals). */
        COPY,
        /** One {@code dotGeneral}, shared kept labels as native batch axes. */
        DOT_GENERAL,
        /** One elementwise multiply (nothing to contract, equal label sets). */
        HADAMARD,
        /** Broadcast multiply and a sum: integer and BOOL contractions. */
        ELEMENTWISE,
        /** Several operands at once, over slices of some labels, so a memory limit holds. */
        SLICED
    }

    private final int[] operands;
    private final String subscripts;
    private final double flops;
    private final long resultSize;
    private final int scaling;
    private final Operation operation;

    ContractionStep(int[] operands, String subscripts, double flops, long resultSize, int scaling,
            Operation operation) {
        this.operands = operands;
        this.subscripts = subscripts;
        this.flops = flops;
        this.resultSize = resultSize;
        this.scaling = scaling;
        this.operation = operation;
    }

    /**
     * @return a copy of the positions, in the current operand list, of the operands this step consumes
     *     (one for a per-operand {@link Operation#SUM}, two for a pairwise step, more for
     *     {@link Operation#SLICED}); a pairwise step appends its result at the end of the list
     */
    public int[] operands() {
        return operands.clone();
    }

    /** @return the step as einsum subscripts, e.g. {@code "ij,jk->ik"} */
    public String subscripts() {
        return subscripts;
    }

    /** @return the flop count of the step in opt_einsum's cost model */
    public double flops() {
        return flops;
    }

    /** @return the number of elements of the tensor the step produces */
    public long resultSize() {
        return resultSize;
    }

    /** @return the number of distinct labels the step touches (its "scaling", as numpy.einsum_path) */
    public int scaling() {
        return scaling;
    }

    /** @return the session operation the step lowers to */
    public Operation operation() {
        return operation;
    }

    @Override
    public String toString() {
        return operation + " " + Arrays.toString(operands) + " " + subscripts + " ("
                + String.format(java.util.Locale.ROOT, "%.3e", flops) + " flops, " + resultSize + " elements)";
    }
}
