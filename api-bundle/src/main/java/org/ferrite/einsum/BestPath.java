package org.ferrite.einsum;

import java.util.Arrays;
import java.util.List;

/**
 * The best path a depth-first search ({@link OptimalSearch}, {@link BranchSearch}) has found so far:
 * its flop count, the size of its largest tensor (for ties), its pairs and, when a memory limit ended
 * it early, the remainder contracted in one step. Not thread-safe: one instance per search.
 */
final class BestPath {
    double flops = Double.POSITIVE_INFINITY;
    long size = Long.MAX_VALUE;
    private int[][] pairs;
    private int[] remainder;

    /** Records a complete path. */
    void complete(List<int[]> path, double pathFlops, long pathSize) {
        flops = pathFlops;
        size = pathSize;
        pairs = path.toArray(new int[0][]);
        remainder = null;
    }

    /**
     * A memory limit stops {@code path} here: records it ending with every live operand contracted in one
     * step, if that is cheaper than the best so far (opt_einsum's oversize rule; the size is not updated).
     */
    void offerRemainder(PathProblem problem, List<int[]> path, LabelSet[] sets, int[] live, int liveCount,
            double pathFlops) {
        int[] group = Arrays.copyOf(live, liveCount);
        double all = pathFlops + problem.groupFlops(sets, group);
        if (all < flops) {
            flops = all;
            pairs = path.toArray(new int[0][]);
            remainder = group;
        }
    }

    SsaPath toPath() {
        return new SsaPath(pairs, remainder);
    }
}
