package org.ferrite.einsum;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The plan of an einsum as {@code numpy.einsum_path} reports it: every step with its subscripts, flop
 * count and result size, the naive flop count (all labels at once, NumPy's estimate) against the
 * optimised one (the sum of the steps), the largest tensor any step produces (the result included, as
 * NumPy counts it), and the path itself in the contraction-list convention ({@link #pairs()}), which
 * {@link EinsumOptions.Builder#path} accepts back.
 *
 * <pre>{@code
 * ContractionPath p = Einsum.path("ij,jk,kl->il", OperandSpec.of(F64, 8, 64), OperandSpec.of(F64, 64, 64),
 *         OperandSpec.of(F64, 64, 8));
 * System.out.println(p);            // a table like numpy.einsum_path's
 * int[][] order = p.pairs();        // [[0, 1], [0, 1]]
 * }</pre>
 *
 * <p>Flop counts are {@code double}s: exact below 2<sup>53</sup>, and a naive count of a large network
 * exceeds any {@code long}. Thread-safe (immutable); lives as long as it is referenced.
 */
public final class ContractionPath {
    private final String subscripts;
    private final List<ContractionStep> steps;
    private final int[][] pairs;
    private final double naiveFlops;
    private final int naiveScaling;
    private final String method;
    private final long memoryLimit;

    ContractionPath(String subscripts, List<ContractionStep> steps, int[][] pairs, double naiveFlops,
            int naiveScaling, String method, long memoryLimit) {
        this.subscripts = subscripts;
        this.steps = List.copyOf(steps);
        this.pairs = pairs;
        this.naiveFlops = naiveFlops;
        this.naiveScaling = naiveScaling;
        this.method = method;
        this.memoryLimit = memoryLimit;
    }

    /** @return the complete contraction, e.g. {@code "ij,jk,kl->il"} */
    public String subscripts() {
        return subscripts;
    }

    /** @return the steps in execution order: per-operand sums first, then the contractions */
    public List<ContractionStep> steps() {
        return steps;
    }

    /**
     * @return a copy of the pairwise steps in the contraction-list convention (positions in the current
     *     list; the result appended at the end); a {@link ContractionStep.Operation#SLICED} remainder is
     *     not a pair and is left out
     */
    public int[][] pairs() {
        int[][] copy = new int[pairs.length][];
        for (int i = 0; i < pairs.length; i++) {
            copy[i] = pairs[i].clone();
        }
        return copy;
    }

    /** @return NumPy's naive estimate: every label at once, {@code Π sizes · (max(1, n-1) + inner)} */
    public double naiveFlops() {
        return naiveFlops;
    }

    /** @return the sum of the steps' flops */
    public double optimizedFlops() {
        double sum = 0;
        for (ContractionStep s : steps) {
            sum += s.flops();
        }
        return sum;
    }

    /** @return {@link #naiveFlops()} over {@link #optimizedFlops()} */
    public double speedup() {
        double opt = optimizedFlops();
        return opt == 0 ? 1 : naiveFlops / opt;
    }

    /** @return the most elements of any tensor a step produces, the result included */
    public long largestIntermediate() {
        long max = 0;
        for (ContractionStep s : steps) {
            max = Math.max(max, s.resultSize());
        }
        return max;
    }

    /** @return the number of distinct labels */
    public int naiveScaling() {
        return naiveScaling;
    }

    /** @return the most labels one step touches */
    public int optimizedScaling() {
        int max = 0;
        for (ContractionStep s : steps) {
            max = Math.max(max, s.scaling());
        }
        return max;
    }

    /** @return how the path was chosen, e.g. {@code "greedy"}, {@code "optimal"}, {@code "explicit"} */
    public String method() {
        return method;
    }

    /** @return the memory limit the plan respects, if one was set */
    public OptionalLong memoryLimit() {
        return memoryLimit == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(memoryLimit);
    }

    /** @return a table in the layout of {@code numpy.einsum_path}'s report */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(256);
        b.append("  Complete contraction:  ").append(subscripts).append('\n');
        b.append("                Method:  ").append(method).append(memoryLimit == Long.MAX_VALUE ? ""
                : " (memory limit " + memoryLimit + " elements)").append('\n');
        b.append("         Naive scaling:  ").append(naiveScaling).append('\n');
        b.append("     Optimized scaling:  ").append(optimizedScaling()).append('\n');
        b.append("      Naive FLOP count:  ").append(sci(naiveFlops)).append('\n');
        b.append("  Optimized FLOP count:  ").append(sci(optimizedFlops())).append('\n');
        double speedup = speedup();
        b.append("   Theoretical speedup:  ").append(speedup < 1e6 ? String.format(Locale.ROOT, "%.3f", speedup)
                : sci(speedup)).append('\n');
        b.append("  Largest intermediate:  ").append(sci(largestIntermediate())).append(" elements\n");
        String rule = "-".repeat(74) + '\n';
        b.append(rule).append(String.format(Locale.ROOT, "%-8s %-12s %-11s %-11s %s\n", "scaling", "operation",
                "flops", "elements", "subscripts")).append(rule);
        for (ContractionStep s : steps) {
            b.append(String.format(Locale.ROOT, "%-8d %-12s %-11s %-11s %s\n", s.scaling(), s.operation(),
                    sci(s.flops()), sci(s.resultSize()), s.subscripts()));
        }
        return b.toString();
    }

    private static String sci(double v) {
        return String.format(Locale.ROOT, "%.3e", v);
    }
}
