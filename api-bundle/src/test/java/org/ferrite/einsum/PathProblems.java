package org.ferrite.einsum;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Planning problems for the optimiser tests — random small networks and the committed 100-tensor
 * network — and an independent cost evaluation of a path: every step's kept labels recomputed from
 * scratch (the output and every other live operand), opt_einsum's flop formula.
 */
final class PathProblems {
    private PathProblems() {
    }

    /** The 100-tensor network of {@code einsum/network-100.txt} and opt_einsum's greedy result. */
    static final class Network {
        final PathProblem problem;
        final int[][] greedyPath;
        final double greedyFlops;
        final long largest;

        Network(PathProblem problem, int[][] greedyPath, double greedyFlops, long largest) {
            this.problem = problem;
            this.greedyPath = greedyPath;
            this.greedyFlops = greedyFlops;
            this.largest = largest;
        }
    }

    static Network network() {
        InputStream in = PathProblems.class.getResourceAsStream("/einsum/network-100.txt");
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            long[] sizes = null;
            int[] output = null;
            List<int[]> tensors = new ArrayList<>();
            int[][] greedy = null;
            double flops = 0;
            long largest = 0;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(" ", 2);
                switch (f[0]) {
                    case "labels":
                        sizes = Arrays.stream(f[1].split(" ")).mapToLong(Long::parseLong).toArray();
                        break;
                    case "output":
                        output = ints(f[1]);
                        break;
                    case "tensor":
                        tensors.add(ints(f[1]));
                        break;
                    case "greedy":
                        greedy = Arrays.stream(f[1].split(";")).map(p -> Arrays.stream(p.split(","))
                                .mapToInt(Integer::parseInt).toArray()).toArray(int[][]::new);
                        break;
                    case "flops":
                        flops = Double.parseDouble(f[1]);
                        break;
                    case "largest":
                        largest = Long.parseLong(f[1]);
                        break;
                    default:
                        break;
                }
            }
            return new Network(problem(tensors.toArray(new int[0][]), output, sizes, Long.MAX_VALUE), greedy,
                    flops, largest);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int[] ints(String s) {
        return s.isBlank() ? new int[0] : Arrays.stream(s.trim().split(" ")).mapToInt(Integer::parseInt).toArray();
    }

    static PathProblem problem(int[][] inputs, int[] output, long[] sizes, long memoryLimit) {
        int words = LabelSet.wordsFor(sizes.length);
        LabelSet[] sets = new LabelSet[inputs.length];
        for (int k = 0; k < inputs.length; k++) {
            sets[k] = LabelSet.of(inputs[k], words);
        }
        return new PathProblem(sets, LabelSet.of(output, words), sizes, memoryLimit);
    }

    /**
     * A random network of {@code n} operands: each label joins one to three operands or is an output
     * label, extents 1 to 5, some operands scalar-like, some pairs sharing only output labels.
     */
    static PathProblem random(SplittableRandom rnd, int n, long memoryLimit) {
        int labels = rnd.nextInt(1, 3 * n + 2);
        long[] sizes = new long[labels];
        List<IntList> terms = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            terms.add(new IntList());
        }
        IntList out = new IntList();
        for (int l = 0; l < labels; l++) {
            sizes[l] = rnd.nextInt(1, 6);
            int carriers = rnd.nextInt(1, Math.min(3, n) + 1);
            for (int c = 0; c < carriers; c++) {
                IntList t = terms.get(rnd.nextInt(n));
                if (!t.contains(l)) {
                    t.add(l);
                }
            }
            if (rnd.nextInt(4) == 0) {
                out.add(l);
            }
        }
        int[][] inputs = new int[n][];
        for (int k = 0; k < n; k++) {
            inputs[k] = terms.get(k).toArray();
        }
        return problem(inputs, out.toArray(), sizes, memoryLimit);
    }

    /** @return the flop count of {@code path}, recomputed without the planner's bookkeeping */
    static double flops(PathProblem p, SsaPath path) {
        List<LabelSet> sets = new ArrayList<>(Arrays.asList(p.inputs));
        List<Integer> live = new ArrayList<>();
        for (int i = 0; i < p.count(); i++) {
            live.add(i);
        }
        double total = 0;
        for (int[] pair : path.pairs) {
            LabelSet a = sets.get(pair[0]);
            LabelSet b = sets.get(pair[1]);
            LabelSet keep = p.output;
            for (int id : live) {
                if (id != pair[0] && id != pair[1]) {
                    keep = keep.union(sets.get(id));
                }
            }
            LabelSet union = a.union(b);
            LabelSet result = union.intersect(keep);
            total += union.size(p.sizes) * (result.equals(union) ? 1.0 : 2.0);
            if (!live.remove(Integer.valueOf(pair[0])) || !live.remove(Integer.valueOf(pair[1]))) {
                throw new AssertionError("step " + Arrays.toString(pair) + " uses an operand that is not live");
            }
            live.add(sets.size());
            sets.add(result);
        }
        if (path.remainder != null) {
            LabelSet union = LabelSet.empty(p.words);
            for (int id : path.remainder) {
                union = union.union(sets.get(id));
            }
            total += union.size(p.sizes) * (Math.max(1, path.remainder.length - 1) + (union.isSubsetOf(p.output) ? 0
                    : 1));
            if (live.size() != path.remainder.length) {
                throw new AssertionError("the remainder " + Arrays.toString(path.remainder) + " is not every live"
                        + " operand " + live);
            }
        } else if (live.size() != 1) {
            throw new AssertionError("the path leaves " + live.size() + " operands");
        }
        return total;
    }

    /** @return the size of each pairwise step's result */
    static long[] stepSizes(PathProblem p, SsaPath path) {
        List<LabelSet> sets = new ArrayList<>(Arrays.asList(p.inputs));
        List<Integer> live = new ArrayList<>();
        for (int i = 0; i < p.count(); i++) {
            live.add(i);
        }
        long[] out = new long[path.pairs.length];
        for (int s = 0; s < out.length; s++) {
            int[] pair = path.pairs[s];
            LabelSet keep = p.output;
            for (int id : live) {
                if (id != pair[0] && id != pair[1]) {
                    keep = keep.union(sets.get(id));
                }
            }
            LabelSet result = sets.get(pair[0]).union(sets.get(pair[1])).intersect(keep);
            out[s] = result.size(p.sizes);
            live.remove(Integer.valueOf(pair[0]));
            live.remove(Integer.valueOf(pair[1]));
            live.add(sets.size());
            sets.add(result);
        }
        return out;
    }

    /** @return the largest result of any step but the last */
    static long largestIntermediate(PathProblem p, SsaPath path) {
        LabelSet l = PathSearch.largestIntermediate(p, path);
        return l == null ? 0 : l.size(p.sizes);
    }

    /** @return the least flop count over every pairwise order, by exhaustive enumeration */
    static double bruteForce(PathProblem p) {
        List<LabelSet> sets = new ArrayList<>(Arrays.asList(p.inputs));
        List<Integer> live = new ArrayList<>();
        for (int i = 0; i < p.count(); i++) {
            live.add(i);
        }
        return enumerate(p, sets, live, new ArrayList<>());
    }

    private static double enumerate(PathProblem p, List<LabelSet> sets, List<Integer> live, List<int[]> path) {
        if (live.size() == 1) {
            return flops(p, new SsaPath(path.toArray(new int[0][]), null));
        }
        double best = Double.POSITIVE_INFINITY;
        for (int a = 0; a < live.size(); a++) {
            for (int b = a + 1; b < live.size(); b++) {
                int i = live.get(a);
                int j = live.get(b);
                LabelSet keep = p.output;
                for (int id : live) {
                    if (id != i && id != j) {
                        keep = keep.union(sets.get(id));
                    }
                }
                List<Integer> next = new ArrayList<>(live);
                next.remove(Integer.valueOf(i));
                next.remove(Integer.valueOf(j));
                next.add(sets.size());
                sets.add(sets.get(i).union(sets.get(j)).intersect(keep));
                path.add(new int[] {i, j});
                best = Math.min(best, enumerate(p, sets, next, path));
                path.remove(path.size() - 1);
                sets.remove(sets.size() - 1);
            }
        }
        return best;
    }
}
