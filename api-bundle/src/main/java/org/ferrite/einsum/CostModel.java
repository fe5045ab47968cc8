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
     * {@link #flops(LabelSet, boolean, int, long[])} of the distinct labels in {@code labels}, without a
     * set of the problem's width (a per-step report must not cost a word per label of the problem).
     */
    static double flops(int[] labels, boolean inner, int terms, long[] sizes) {
        return (double) distinctSize(labels, sizes) * (Math.max(1, terms - 1) + (inner ? 1 : 0));
    }

    /** @return the product of the extents of the distinct labels in {@code labels}, saturated */
    static long distinctSize(int[] labels, long[] sizes) {
        int[] distinct = distinct(labels);
        long product = 1;
        for (int l : distinct) {
            product = multiply(product, sizes[l]);
        }
        return product;
    }

    /** @return the distinct labels of {@code labels}, in increasing order */
    static int[] distinct(int[] labels) {
        int[] sorted = labels.clone();
        java.util.Arrays.sort(sorted);
        int k = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[k++] = sorted[i];
            }
        }
        return java.util.Arrays.copyOf(sorted, k);
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
