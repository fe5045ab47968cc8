package org.ferrite.einsum;

/**
 * What a path optimiser sees: the label set of each operand (after the per-operand preparation: one
 * label per axis, broadcast axes dropped, labels only that operand has summed away), the output's label
 * set, every label's extent and the memory limit on intermediates ({@link Long#MAX_VALUE}: none).
 * Thread-safe (immutable; the arrays are never mutated).
 */
final class PathProblem {
    final LabelSet[] inputs;
    final LabelSet output;
    final long[] sizes;
    final long memoryLimit;
    final int words;

    PathProblem(LabelSet[] inputs, LabelSet output, long[] sizes, long memoryLimit) {
        this.inputs = inputs;
        this.output = output;
        this.sizes = sizes;
        this.memoryLimit = memoryLimit;
        this.words = LabelSet.wordsFor(sizes.length);
    }

    int count() {
        return inputs.length;
    }

    boolean limited() {
        return memoryLimit != Long.MAX_VALUE;
    }

    /**
     * The labels kept by contracting {@code a} and {@code b} when the other operands still to be
     * contracted carry labels counted by {@code counts}: those of the output, those shared with any other
     * operand. {@code counts} must count {@code a} and {@code b} themselves.
     *
     * @return {@code (a ∪ b) ∩ (output ∪ labels of the others)}
     */
    LabelSet kept(LabelSet a, LabelSet b, RefCounts counts) {
        LabelSet either = a.union(b);
        LabelSet two = a.intersect(b);
        LabelSet one = either.minus(two);
        return either.intersect(output).union(two.intersect(counts.atLeast3)).union(one.intersect(counts.atLeast2));
    }

    /**
     * The flop count of contracting every operand of {@code group} in one step (opt_einsum's
     * {@code _compute_oversize_flops}).
     *
     * @param sets the label sets by SSA id
     * @param group the SSA ids
     * @return the flops
     */
    double groupFlops(LabelSet[] sets, int[] group) {
        LabelSet all = LabelSet.empty(words);
        for (int id : group) {
            all = all.union(sets[id]);
        }
        return CostModel.flops(all, !all.isSubsetOf(output), group.length, sizes);
    }

    /** How many of a collection of label sets carry each label, as the masks "at least 2" and "at least 3". */
    static final class RefCounts {
        final long[] atLeast1Words;
        final long[] atLeast2Words;
        final long[] atLeast3Words;
        LabelSet atLeast2;
        LabelSet atLeast3;

        RefCounts(int words) {
            atLeast1Words = new long[words];
            atLeast2Words = new long[words];
            atLeast3Words = new long[words];
        }

        /** @return the counts of {@code sets[ids[0..n)]} */
        static RefCounts of(LabelSet[] sets, int[] ids, int n, int words) {
            RefCounts c = new RefCounts(words);
            for (int k = 0; k < n; k++) {
                long[] w = sets[ids[k]].words();
                for (int i = 0; i < words; i++) {
                    c.atLeast3Words[i] |= c.atLeast2Words[i] & w[i];
                    c.atLeast2Words[i] |= c.atLeast1Words[i] & w[i];
                    c.atLeast1Words[i] |= w[i];
                }
            }
            c.atLeast2 = LabelSet.ofWords(c.atLeast2Words);
            c.atLeast3 = LabelSet.ofWords(c.atLeast3Words);
            return c;
        }
    }
}
