package org.ferrite.einsum;

/**
 * How an einsum's pairwise contraction order is chosen. Every optimiser minimises opt_einsum's cost
 * model: the flop count of each pairwise step — the product of the extents of every label the two
 * operands carry, times 2 when a label is summed away (an inner product), as
 * {@code opt_einsum.helpers.flop_count} — with the size of the largest intermediate as the memory
 * measure ({@link EinsumOptions#memoryLimit()}). An explicit order is given with
 * {@link EinsumOptions.Builder#path}. Thread-safe (an enum); its constants live as long as the class is
 * loaded.
 */
public enum PathOptimizer {
    /**
     * Picks by the number of operands so that the search stays well below a millisecond, as opt_einsum's
     * {@code auto}: {@link #OPTIMAL} up to 4, {@link #BRANCH} unbounded for 5–6, of width 2 for 7–8 and of
     * width 1 for 9–14, {@link #GREEDY} beyond.
     */
    AUTO,
    /** Exhaustive depth-first search over every pair order (outer products included), pruned by the best
     * flop count found so far; factorial in the number of operands. */
    OPTIMAL,
    /**
     * Branch and bound: depth-first over the candidate pairs ranked by the greedy heuristic, outer products
     * only when nothing else is left, exploring at most {@link EinsumOptions#branchWidth()} candidates per
     * step (0: all) and abandoning paths 4× worse than the best seen at the same depth.
     */
    BRANCH,
    /**
     * opt_einsum's greedy: Hadamard products of equal label sets first, then repeatedly the pair that
     * removes the most memory (intermediate size minus operand sizes; ties by position), outer products
     * last, smallest first. Near linear in the number of operands.
     */
    GREEDY,
    /**
     * Dynamic programming over connected subsets (Pfeifer, Haegeman and Verstraete, Phys. Rev. E 90,
     * 033315, 2014) with an iteratively raised cost cap, without outer products inside a connected
     * component; components are joined by outer products, smallest first. Exponential in the worst case;
     * at most 64 operands per connected component.
     */
    DP,
    /** The operands in order: {@code ((0·1)·2)·3 …}. No search. */
    LEFT_TO_RIGHT
}
