package org.ferrite.einsum;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * {@link PathOptimizer#GREEDY}: opt_einsum's {@code ssa_greedy_optimize}, step for step, so that both
 * find the same path on the same network — (1) operands with equal label sets are multiplied first
 * (Hadamard), (2) then the pair that removes the most memory ({@code size(result) − size(a) − size(b)},
 * ties broken by the larger then the smaller SSA id) among pairs that share a label, re-queued after
 * every step for the new intermediate's neighbours, (3) then outer products, smallest (output-restricted)
 * size first. Labels every operand carries are treated as output labels, as opt_einsum does. Without a
 * memory limit; with one, {@link PathSearch} uses {@link BranchSearch} of width 1.
 *
 * <p>Implementation notes: {@code remaining} maps a label set to the SSA id of the live operand carrying
 * it (label sets of live operands are distinct, by step 1 and the Hadamard rule of step 2); a queued
 * candidate is stale when one of its label sets is no longer live. {@code neighbours[l]} holds the live
 * label sets with the contractible label {@code l}. Not thread-safe: one instance per search.
 */
final class GreedySearch {
    private final PathProblem problem;
    private final LabelSet output;
    private final Map<LabelSet, Integer> remaining = new HashMap<>();
    private final Map<LabelSet, Long> footprints = new HashMap<>();
    private final List<Set<LabelSet>> neighbours;
    private final long[] atLeast2;
    private final long[] atLeast3;
    private final PriorityQueue<Candidate> queue = new PriorityQueue<>();
    private final List<int[]> path = new ArrayList<>();
    private int nextId;

    private GreedySearch(PathProblem problem) {
        this.problem = problem;
        LabelSet common = problem.inputs[0];
        for (LabelSet s : problem.inputs) {
            common = common.intersect(s);
        }
        this.output = problem.output.union(common);
        this.neighbours = new ArrayList<>(problem.sizes.length);
        for (int l = 0; l < problem.sizes.length; l++) {
            neighbours.add(new LinkedHashSet<>());
        }
        this.atLeast2 = new long[problem.words];
        this.atLeast3 = new long[problem.words];
        this.nextId = problem.count();
    }

    /** @return the greedy path of {@code problem} (at least two operands) */
    static SsaPath search(PathProblem problem) {
        return new GreedySearch(problem).run();
    }

    private SsaPath run() {
        deduplicate();
        for (LabelSet key : remaining.keySet()) {
            for (int dim : key.minus(output).toArray()) {
                neighbours.get(dim).add(key);
            }
            footprints.put(key, key.size(problem.sizes));
        }
        for (int dim = 0; dim < neighbours.size(); dim++) {
            updateRefCount(dim);
        }
        for (Set<LabelSet> keys : neighbours) {
            List<LabelSet> sorted = new ArrayList<>(keys);
            sorted.sort((a, b) -> Integer.compare(remaining.get(a), remaining.get(b)));
            for (int i = 0; i + 1 < sorted.size(); i++) {
                pushBest(sorted.get(i), sorted.subList(i + 1, sorted.size()));
            }
        }
        contractPairs();
        outerProducts();
        return new SsaPath(path.toArray(new int[0][]), null);
    }

    /** Step 1: an operand whose label set is already live is multiplied into it at once. */
    private void deduplicate() {
        for (int id = 0; id < problem.count(); id++) {
            LabelSet key = problem.inputs[id];
            Integer live = remaining.get(key);
            if (live != null) {
                path.add(new int[] {live, id});
                remaining.put(key, nextId++);
            } else {
                remaining.put(key, id);
            }
        }
    }

    /** Step 2. */
    private void contractPairs() {
        while (!queue.isEmpty()) {
            Candidate c = queue.poll();
            if (!remaining.containsKey(c.k1) || !remaining.containsKey(c.k2)) {
                continue; // stale
            }
            int id1 = remaining.remove(c.k1);
            int id2 = remaining.remove(c.k2);
            for (int dim : c.k1.minus(output).toArray()) {
                neighbours.get(dim).remove(c.k1);
            }
            for (int dim : c.k2.minus(output).toArray()) {
                neighbours.get(dim).remove(c.k2);
            }
            path.add(new int[] {id1, id2});
            Integer same = remaining.get(c.k12);
            if (same != null) {
                path.add(new int[] {same, nextId++}); // a Hadamard product with a live equal set
            } else {
                for (int dim : c.k12.minus(output).toArray()) {
                    neighbours.get(dim).add(c.k12);
                }
            }
            remaining.put(c.k12, nextId++);
            for (int dim : c.k1.union(c.k2.minus(output)).toArray()) {
                updateRefCount(dim);
            }
            footprints.put(c.k12, c.k12.size(problem.sizes));
            Set<LabelSet> k2s = new LinkedHashSet<>();
            for (int dim : c.k12.toArray()) {
                k2s.addAll(neighbours.get(dim));
            }
            k2s.remove(c.k12);
            if (!k2s.isEmpty()) {
                pushBest(c.k12, k2s);
            }
        }
    }

    /** Step 3: what is left shares no contractible label; join by size restricted to the output. */
    private void outerProducts() {
        PriorityQueue<long[]> finals = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : Long.compare(a[1], b[1]));
        Map<Integer, LabelSet> byId = new HashMap<>();
        remaining.forEach((key, id) -> {
            finals.add(new long[] {key.intersect(output).size(problem.sizes), id});
            byId.put(id, key);
        });
        long[] first = finals.poll();
        int id1 = (int) first[1];
        LabelSet k1 = byId.get(id1);
        while (!finals.isEmpty()) {
            int id2 = (int) finals.poll()[1];
            LabelSet k2 = byId.get(id2);
            path.add(new int[] {Math.min(id1, id2), Math.max(id1, id2)});
            LabelSet k12 = k1.union(k2).intersect(output);
            int id12 = nextId++;
            byId.put(id12, k12);
            finals.add(new long[] {k12.size(problem.sizes), id12});
            long[] next = finals.poll();
            id1 = (int) next[1];
            k1 = byId.get(id1);
        }
    }

    private void updateRefCount(int dim) {
        int count = neighbours.get(dim).size();
        long bit = 1L << dim;
        int w = dim >>> 6;
        if (count >= 2 && !output.contains(dim)) {
            atLeast2[w] |= bit;
        } else {
            atLeast2[w] &= ~bit;
        }
        if (count >= 3 && !output.contains(dim)) {
            atLeast3[w] |= bit;
        } else {
            atLeast3[w] &= ~bit;
        }
    }

    private void pushBest(LabelSet k1, Iterable<LabelSet> k2s) {
        Candidate best = null;
        for (LabelSet k2 : k2s) {
            Candidate c = candidate(k1, k2);
            if (best == null || c.compareTo(best) < 0) {
                best = c;
            }
        }
        queue.add(best);
    }

    private Candidate candidate(LabelSet a, LabelSet b) {
        LabelSet either = a.union(b);
        LabelSet two = a.intersect(b);
        LabelSet one = either.minus(two);
        LabelSet k12 = either.intersect(output).union(two.intersect(atLeast3)).union(one.intersect(atLeast2));
        long cost = k12.size(problem.sizes) - footprints.get(a) - footprints.get(b);
        int idA = remaining.get(a);
        int idB = remaining.get(b);
        return idA <= idB ? new Candidate(cost, idA, idB, a, b, k12) : new Candidate(cost, idB, idA, b, a, k12);
    }

    /** A queued pair, ordered by (cost, larger id, smaller id) as opt_einsum's tuples. */
    private static final class Candidate implements Comparable<Candidate> {
        final long cost;
        final int id1;
        final int id2;
        final LabelSet k1;
        final LabelSet k2;
        final LabelSet k12;

        Candidate(long cost, int id1, int id2, LabelSet k1, LabelSet k2, LabelSet k12) {
            this.cost = cost;
            this.id1 = id1;
            this.id2 = id2;
            this.k1 = k1;
            this.k2 = k2;
            this.k12 = k12;
        }

        @Override
        public int compareTo(Candidate o) {
            if (cost != o.cost) {
                return Long.compare(cost, o.cost);
            }
            return id2 != o.id2 ? Integer.compare(id2, o.id2) : Integer.compare(id1, o.id1);
        }
    }
}
