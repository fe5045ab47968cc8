package org.ferrite.einsum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * {@link PathOptimizer#BRANCH}: opt_einsum's {@code BranchBound} minimising flops (then the largest
 * intermediate). Depth first; at each step the candidate pairs sharing a label (all pairs only when none
 * does) are ranked by the greedy heuristic {@code size(result) − size(a) − size(b)}, and at most
 * {@code width} of them are explored (0: all). A branch is cut when it cannot beat the best complete path
 * or when its flops exceed 4× the best seen at the same depth. With a memory limit, a pair whose result
 * would be an intermediate over the limit ends the branch with the remaining operands contracted in one
 * step ({@link SsaPath#remainder}); the final pair's result is the output, never limited.
 *
 * <p>Not thread-safe: one instance per search.
 */
final class BranchSearch {
    private static final int CUTOFF_FLOPS_FACTOR = 4;

    private final PathProblem problem;
    private final int width;
    private final Map<Integer, Double> bestProgress = new HashMap<>();
    private final BestPath best = new BestPath();

    private BranchSearch(PathProblem problem, int width) {
        this.problem = problem;
        this.width = width;
    }

    /**
     * @param problem at least two operands
     * @param width candidates explored per step, 0 for all
     * @return the best path found
     */
    static SsaPath search(PathProblem problem, int width) {
        BranchSearch s = new BranchSearch(problem, width);
        int n = problem.count();
        LabelSet[] sets = Arrays.copyOf(problem.inputs, 2 * n - 1);
        int[] live = new int[n];
        for (int i = 0; i < n; i++) {
            live[i] = i;
        }
        s.iterate(new ArrayList<>(), sets, n, live, n, 0, 0);
        return s.best.toPath();
    }

    /** A candidate step, ordered as opt_einsum's heap tuples. */
    private static final class Step implements Comparable<Step> {
        final long heuristic;
        final double flops12;
        final double flops;
        final long size;
        final int i;
        final int j;
        final LabelSet k12;

        Step(long heuristic, double flops12, double flops, long size, int i, int j, LabelSet k12) {
            this.heuristic = heuristic;
            this.flops12 = flops12;
            this.flops = flops;
            this.size = size;
            this.i = i;
            this.j = j;
            this.k12 = k12;
        }

        @Override
        public int compareTo(Step o) {
            int c = Long.compare(heuristic, o.heuristic);
            c = c != 0 ? c : Double.compare(flops12, o.flops12);
            c = c != 0 ? c : Double.compare(flops, o.flops);
            c = c != 0 ? c : Long.compare(size, o.size);
            c = c != 0 ? c : Integer.compare(i, o.i);
            return c != 0 ? c : Integer.compare(j, o.j);
        }
    }

    private void iterate(List<int[]> path, LabelSet[] sets, int next, int[] live, int liveCount, double flops,
            long size) {
        if (liveCount == 1) {
            best.complete(path, flops, size);
            return;
        }
        PathProblem.RefCounts counts = PathProblem.RefCounts.of(sets, live, liveCount, problem.words);
        PriorityQueue<Step> candidates = new PriorityQueue<>();
        for (int pass = 0; pass < 2 && candidates.isEmpty(); pass++) {
            for (int a = 0; a < liveCount; a++) {
                for (int b = a + 1; b < liveCount; b++) {
                    int i = Math.min(live[a], live[b]);
                    int j = Math.max(live[a], live[b]);
                    if (pass == 0 && !sets[i].intersects(sets[j])) {
                        continue; // outer products only when nothing else is left
                    }
                    Step s = assess(sets, i, j, counts, next, live, liveCount, path, flops, size);
                    if (s != null) {
                        candidates.add(s);
                    }
                }
            }
        }
        for (int explored = 0; (width == 0 || explored < width) && !candidates.isEmpty(); explored++) {
            Step s = candidates.poll();
            sets[next] = s.k12;
            path.add(new int[] {s.i, s.j});
            iterate(path, sets, next + 1, without(live, liveCount, s.i, s.j, next), liveCount - 1, s.flops, s.size);
            path.remove(path.size() - 1);
        }
    }

    private Step assess(LabelSet[] sets, int i, int j, PathProblem.RefCounts counts, int next, int[] live,
            int liveCount, List<int[]> path, double flops, long size) {
        LabelSet k12 = problem.kept(sets[i], sets[j], counts);
        double flops12 = CostModel.pairFlops(sets[i], sets[j], k12, problem.sizes);
        long size12 = k12.size(problem.sizes);
        double newFlops = flops + flops12;
        long newSize = Math.max(size, size12);
        if (!(newFlops < best.flops || newFlops == best.flops && newSize < best.size)) {
            return null;
        }
        Double progress = bestProgress.get(next);
        if (progress == null || newFlops < progress) {
            bestProgress.put(next, newFlops);
        } else if (newFlops > CUTOFF_FLOPS_FACTOR * progress) {
            return null;
        }
        if (size12 > problem.memoryLimit && liveCount > 2) {
            best.offerRemainder(problem, path, sets, live, liveCount, flops);
            return null;
        }
        long heuristic = size12 - sets[i].size(problem.sizes) - sets[j].size(problem.sizes);
        return new Step(heuristic, flops12, newFlops, newSize, i, j, k12);
    }

    /** @return the live ids without {@code i} and {@code j}, with {@code added} appended */
    static int[] without(int[] live, int liveCount, int i, int j, int added) {
        int[] out = new int[liveCount - 1];
        int k = 0;
        for (int a = 0; a < liveCount; a++) {
            if (live[a] != i && live[a] != j) {
                out[k++] = live[a];
            }
        }
        out[k] = added;
        return out;
    }
}
