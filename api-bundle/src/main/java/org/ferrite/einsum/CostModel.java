package org.ferrite.einsum;

/**
 * opt_einsum's cost model ({@code opt_einsum.helpers.flop_count}): a step over the labels {@code L}
 * of {@code terms} operands costs {@code Π_{l∈L} size(l) · (max(1, terms − 1) + (inner ? 1 : 0))}
 * flops, where {@code inner} says a label is summed away. Sizes saturate at {@link Long#MAX_VALUE};
 * flop counts are {@code double}s (exact below 2<sup>53</sup>; a naive count of a large network exceeds
 * any {@code long}). Thread-safe (stateless).
 */
final class CostModel {
    private CostModel() {
    }

    /**
     * @param labels every label the step touches
     * @param inner whether some label is summed away
     * @param terms the number of operands of the step
     * @param sizes the extent of each label
     * @return the flop count
     */
    static double flops(LabelSet labels, boolean inner, int terms, long[] sizes) {
        return (double) labels.size(sizes) * (Math.max(1, terms - 1) + (inner ? 1 : 0));
    }

    /**
     * The cost of one pairwise step.
     *
     * @param a one operand's labels
     * @param b the other's
     * @param result the labels kept
     * @param sizes the extents
     * @return {@link #flops} of {@code a ∪ b}, inner if the union has labels the result lacks
     */
    static double pairFlops(LabelSet a, LabelSet b, LabelSet result, long[] sizes) {
        LabelSet union = a.union(b);
        return flops(union, !union.isSubsetOf(result), 2, sizes);
    }

    /** @return {@code a · b}, saturated at {@link Long#MAX_VALUE} (both non-negative) */
    static long multiply(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE : low;
    }
}
