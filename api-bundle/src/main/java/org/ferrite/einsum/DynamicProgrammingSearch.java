package org.ferrite.einsum;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.api.error.ValidationException;

/**
 * {@link PathOptimizer#DP}: opt_einsum's {@code DynamicProgramming} (Pfeifer, Haegeman and Verstraete,
 * Phys. Rev. E 90, 033315) minimising flops in the cost model of {@link CostModel}. Per connected
 * component (operands linked by labels that are summed), {@code best[S]} is the cheapest contraction of
 * every subset {@code S} of operands, built from disjoint pairs {@code S1 ∪ S2} that share a summed
 * label (no outer products); only subsets whose accumulated cost stays under a cap are kept, and the cap
 * grows by the smallest label extent (at least 2) until the whole component is reached. Components are
 * then joined by outer products, smallest first. With a memory limit, subsets whose intermediate exceeds
 * it are never formed; if that leaves no way, the search reports failure and {@link PathSearch} falls
 * back to {@link BranchSearch}.
 *
 * <p>Not thread-safe: one instance per search.
 */
final class DynamicProgrammingSearch {
    /** The most operands one connected component may have (subsets are 64-bit masks). */
    static final int MAX_COMPONENT = 64;

    private final PathProblem problem;

    private DynamicProgrammingSearch(PathProblem problem) {
        this.problem = problem;
    }

    /** A contraction tree: a leaf operand or a pair of subtrees. */
    private static final class Tree {
        final int operand;
        final Tree left;
        final Tree right;

        Tree(int operand, Tree left, Tree right) {
            this.operand = operand;
            this.left = left;
            this.right = right;
        }
    }

    /** The best known way to contract one subset: its result labels, cost and tree. */
    private static final class Entry {
        final LabelSet legs;
        final double cost;
        final Tree tree;

        Entry(LabelSet legs, double cost, Tree tree) {
            this.legs = legs;
            this.cost = cost;
            this.tree = tree;
        }
    }

    /**
     * @param problem at least two operands
     * @return the path, or {@code null} if the memory limit leaves no pairwise order
     * @throws ValidationException if a connected component has more than {@value #MAX_COMPONENT} operands
     */
    static SsaPath search(PathProblem problem) {
        return new DynamicProgrammingSearch(problem).run();
    }

    private SsaPath run() {
        List<int[]> components = components();
        List<Entry> results = new ArrayList<>();
        for (int[] g : components) {
            Entry e = solve(g, components.size() == 1);
            if (e == null) {
                return null;
            }
            results.add(e);
        }
        results.sort((a, b) -> Long.compare(a.legs.size(problem.sizes), b.legs.size(problem.sizes)));
        Tree tree = results.get(0).tree;
        for (int k = 1; k < results.size(); k++) {
            tree = new Tree(-1, tree, results.get(k).tree);
        }
        List<int[]> pairs = new ArrayList<>();
        emit(tree, pairs, new int[] {problem.count()});
        return new SsaPath(pairs.toArray(new int[0][]), null);
    }

    private static int emit(Tree t, List<int[]> pairs, int[] next) {
        if (t.left == null) {
            return t.operand;
        }
        int a = emit(t.left, pairs, next);
        int b = emit(t.right, pairs, next);
        pairs.add(new int[] {a, b});
        return next[0]++;
    }

    /** Operands connected through summed labels, each component in increasing operand order. */
    private List<int[]> components() {
        int n = problem.count();
        LabelSet summed = LabelSet.empty(problem.words);
        for (LabelSet s : problem.inputs) {
            summed = summed.union(s);
        }
        summed = summed.minus(problem.output);
        boolean[] used = new boolean[n];
        List<int[]> out = new ArrayList<>();
        for (int start = 0; start < n; start++) {
            if (used[start]) {
                continue;
            }
            IntList members = new IntList();
            IntList queue = new IntList();
            queue.add(start);
            used[start] = true;
            for (int q = 0; q < queue.size(); q++) {
                int j = queue.get(q);
                members.add(j);
                LabelSet links = summed.intersect(problem.inputs[j]);
                for (int k = 0; k < n; k++) {
                    if (!used[k] && links.intersects(problem.inputs[k])) {
                        used[k] = true;
                        queue.add(k);
                    }
                }
            }
            int[] g = members.toArray();
            java.util.Arrays.sort(g);
            out.add(g);
        }
        return out;
    }

    private Entry solve(int[] g, boolean whole) {
        int m = g.length;
        if (m > MAX_COMPONENT) {
            throw ValidationException.invalidArgument(SubscriptErrors.OP, "optimizer", "at most " + MAX_COMPONENT
                    + " operands linked by summed labels for DP", m + " operands", "use GREEDY or BRANCH");
        }
        List<Map<Long, Entry>> x = new ArrayList<>();
        for (int k = 0; k <= m; k++) {
            x.add(new LinkedHashMap<>());
        }
        LabelSet all = LabelSet.empty(problem.words);
        for (int j = 0; j < m; j++) {
            x.get(1).put(1L << j, new Entry(problem.inputs[g[j]], 0, new Tree(g[j], null, null)));
            all = all.union(problem.inputs[g[j]]);
        }
        long[] carriers = carriers(g);
        long full = m == 64 ? -1L : (1L << m) - 1;
        double cap = Math.max(1, all.intersect(problem.output).size(problem.sizes));
        double increment = Math.max(2, minSize(all));
        double naive = problem.count() * (double) all.size(problem.sizes) * 2 + 1;
        while (x.get(m).isEmpty()) {
            for (int n = 2; n <= m; n++) {
                for (int k = 1; k <= n / 2; k++) {
                    combine(x.get(k), x.get(n - k), k == n - k, x.get(n), carriers, cap, whole && n == m ? full
                            : 0);
                }
            }
            if (cap > naive && x.get(m).isEmpty()) {
                return null; // the memory limit leaves no way
            }
            cap *= increment;
        }
        return x.get(m).values().iterator().next();
    }

    private void combine(Map<Long, Entry> xa, Map<Long, Entry> xb, boolean same, Map<Long, Entry> xn,
            long[] carriers, double cap, long unlimited) {
        for (Map.Entry<Long, Entry> ea : xa.entrySet()) {
            long s1 = ea.getKey();
            Entry e1 = ea.getValue();
            for (Map.Entry<Long, Entry> eb : xb.entrySet()) {
                long s2 = eb.getKey();
                if ((s1 & s2) != 0 || same && Long.compareUnsigned(s1, s2) >= 0) {
                    continue;
                }
                Entry e2 = eb.getValue();
                LabelSet shared = e1.legs.intersect(e2.legs).minus(problem.output);
                if (shared.isEmpty()) {
                    continue; // no outer products inside a component
                }
                long s = s1 | s2;
                LabelSet contracted = contracted(shared, carriers, s);
                LabelSet union = e1.legs.union(e2.legs);
                double cost = e1.cost + e2.cost + CostModel.flops(union, !contracted.isEmpty(), 2, problem.sizes);
                Entry known = xn.get(s);
                if (cost <= cap && (known == null || cost < known.cost)) {
                    LabelSet legs = union.minus(contracted);
                    if (s == unlimited || legs.size(problem.sizes) <= problem.memoryLimit) {
                        xn.put(s, new Entry(legs, cost, new Tree(-1, e1.tree, e2.tree)));
                    }
                }
            }
        }
    }

    /** @return the labels of {@code shared} that no operand outside {@code s} carries */
    private static LabelSet contracted(LabelSet shared, long[] carriers, long s) {
        int[] labels = shared.toArray();
        IntList gone = new IntList(labels.length);
        for (int l : labels) {
            if ((carriers[l] & ~s) == 0) {
                gone.add(l);
            }
        }
        return LabelSet.of(gone.toArray(), shared.words().length);
    }

    /** @return per label, the mask of the component's operands (local positions) that carry it */
    private long[] carriers(int[] g) {
        long[] c = new long[problem.sizes.length];
        for (int j = 0; j < g.length; j++) {
            for (int l : problem.inputs[g[j]].toArray()) {
                c[l] |= 1L << j;
            }
        }
        return c;
    }

    private double minSize(LabelSet labels) {
        long min = Long.MAX_VALUE;
        for (int l : labels.toArray()) {
            min = Math.min(min, problem.sizes[l]);
        }
        return labels.isEmpty() ? 2 : min;
    }
}
