package org.ferrite.einsum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link PathOptimizer#OPTIMAL}: opt_einsum's {@code optimal} — depth first over every pair of the
 * live operands at every step (outer products included), cutting a branch as soon as its flops reach
 * the best complete path's, so the result has the least total flop count of all pairwise orders. With
 * a memory limit, a pair whose result would be an intermediate over the limit ends the branch with the
 * remaining operands contracted in one step. Factorial in the operand count; {@link PathOptimizer#AUTO}
 * uses it up to 4 operands.
 *
 * <p>Not thread-safe: one instance per search.
 */
final class OptimalSearch {
    private final PathProblem problem;
    private final BestPath best = new BestPath();

    private OptimalSearch(PathProblem problem) {
        this.problem = problem;
    }

    /** @return the cheapest path of {@code problem} (at least two operands) */
    static SsaPath search(PathProblem problem) {
        OptimalSearch s = new OptimalSearch(problem);
        int n = problem.count();
        int[] live = new int[n];
        for (int i = 0; i < n; i++) {
            live[i] = i;
        }
        s.iterate(new ArrayList<>(), Arrays.copyOf(problem.inputs, 2 * n - 1), n, live, n, 0);
        return s.best.toPath();
    }

    private void iterate(List<int[]> path, LabelSet[] sets, int next, int[] live, int liveCount, double flops) {
        if (liveCount == 1) {
            best.complete(path, flops, 0);
            return;
        }
        PathProblem.RefCounts counts = PathProblem.RefCounts.of(sets, live, liveCount, problem.words);
        for (int a = 0; a < liveCount; a++) {
            for (int b = a + 1; b < liveCount; b++) {
                int i = Math.min(live[a], live[b]);
                int j = Math.max(live[a], live[b]);
                LabelSet k12 = problem.kept(sets[i], sets[j], counts);
                double newFlops = flops + CostModel.pairFlops(sets[i], sets[j], k12, problem.sizes);
                if (newFlops >= best.flops) {
                    continue;
                }
                if (liveCount > 2 && problem.limited() && k12.size(problem.sizes) > problem.memoryLimit) {
                    best.offerRemainder(problem, path, sets, live, liveCount, flops);
                    continue;
                }
                sets[next] = k12;
                path.add(new int[] {i, j});
                iterate(path, sets, next + 1, BranchSearch.without(live, liveCount, i, j, next), liveCount - 1,
                        newFlops);
                path.remove(path.size() - 1);
            }
        }
    }
}
