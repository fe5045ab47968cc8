package org.ferrite.einsum;

import java.util.Arrays;

/**
 * Chooses the pairwise contraction order of a {@link PathProblem} as {@link EinsumOptions} ask: an
 * explicit path (checked), or a {@link PathOptimizer}; {@link PathOptimizer#AUTO} picks by operand count
 * as opt_einsum's {@code auto}. A memory limit is honoured by the searches themselves (OPTIMAL, BRANCH,
 * DP) or, for the orders that do not search (explicit, LEFT_TO_RIGHT), by ending the order at its first
 * intermediate over the limit and contracting the rest in one step. Thread-safe (stateless).
 */
final class PathSearch {
    private PathSearch() {
    }

    /** The outcome: the path and the optimiser that produced it, for the report. */
    static final class Result {
        final SsaPath path;
        final String method;

        Result(SsaPath path, String method) {
            this.path = path;
            this.method = method;
        }
    }

    static Result find(PathProblem problem, EinsumOptions options) {
        int n = problem.count();
        if (options.pathView() != null) {
            return new Result(truncate(problem, SsaPath.fromLinear(n, options.pathView())), "explicit");
        }
        if (n == 1) {
            return new Result(new SsaPath(new int[0][], null), "none (one operand)");
        }
        if (n == 2) {
            return new Result(new SsaPath(new int[][] {{0, 1}}, null), "none (two operands)");
        }
        PathOptimizer optimizer = options.optimizer();
        switch (optimizer) {
            case AUTO:
                return auto(problem);
            case OPTIMAL:
                return new Result(OptimalSearch.search(problem), "optimal");
            case BRANCH:
                return branch(problem, options.branchWidth());
            case GREEDY:
                if (problem.limited()) {
                    return branch(problem, 1);
                }
                return new Result(GreedySearch.search(problem), "greedy");
            case DP: {
                SsaPath path = DynamicProgrammingSearch.search(problem);
                return path != null ? new Result(path, "dp") : branch(problem, 1);
            }
            default:
                return new Result(truncate(problem, SsaPath.leftToRight(n)), "left-to-right");
        }
    }

    private static Result auto(PathProblem problem) {
        int n = problem.count();
        if (n <= 4) {
            return new Result(OptimalSearch.search(problem), "optimal");
        }
        if (n <= 6) {
            return branch(problem, 0);
        }
        if (n <= 8) {
            return branch(problem, 2);
        }
        if (n <= 14 || problem.limited()) {
            return branch(problem, 1);
        }
        return new Result(GreedySearch.search(problem), "greedy");
    }

    private static Result branch(PathProblem problem, int width) {
        return new Result(BranchSearch.search(problem, width), width == 0 ? "branch (all)" : "branch (width "
                + width + ")");
    }

    /**
     * @return {@code path} up to its first step whose result is an intermediate over the memory limit,
     *     the operands then live contracted in one step; {@code path} itself if none is
     */
    static SsaPath truncate(PathProblem problem, SsaPath path) {
        if (!problem.limited()) {
            return path;
        }
        int n = problem.count();
        LabelSet[] results = stepResults(problem, path.pairs);
        for (int s = 0; s + 2 < n && s < results.length; s++) { // n - s operands live before step s
            if (results[s].size(problem.sizes) > problem.memoryLimit) {
                IntList live = new IntList(n);
                for (int id = 0; id < n + s; id++) {
                    live.add(id);
                }
                for (int k = 0; k < s; k++) {
                    live.removeAt(live.indexOf(path.pairs[k][0]));
                    live.removeAt(live.indexOf(path.pairs[k][1]));
                }
                return new SsaPath(Arrays.copyOf(path.pairs, s), live.toArray());
            }
        }
        return path;
    }

    /**
     * @return the labels of the largest intermediate of a complete pairwise {@code path} (every step's
     *     result but the last), or null if it has none
     */
    static LabelSet largestIntermediate(PathProblem problem, SsaPath path) {
        LabelSet[] results = stepResults(problem, path.pairs);
        LabelSet largest = null;
        for (int s = 0; s + 1 < results.length; s++) {
            if (largest == null || results[s].size(problem.sizes) > largest.size(problem.sizes)) {
                largest = results[s];
            }
        }
        return largest;
    }

    /** @return the labels each step of {@code pairs} keeps, in step order */
    private static LabelSet[] stepResults(PathProblem problem, int[][] pairs) {
        int n = problem.count();
        LabelSet[] sets = Arrays.copyOf(problem.inputs, n + pairs.length);
        int[] live = new int[n];
        for (int i = 0; i < n; i++) {
            live[i] = i;
        }
        int liveCount = n;
        for (int s = 0; s < pairs.length; s++) {
            int i = pairs[s][0];
            int j = pairs[s][1];
            PathProblem.RefCounts counts = PathProblem.RefCounts.of(sets, live, liveCount, problem.words);
            sets[n + s] = problem.kept(sets[i], sets[j], counts);
            live = BranchSearch.without(live, liveCount, i, j, n + s);
            liveCount--;
        }
        return Arrays.copyOfRange(sets, n, n + pairs.length);
    }
}
