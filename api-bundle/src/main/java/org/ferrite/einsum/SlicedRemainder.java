package org.ferrite.einsum;

import java.util.Arrays;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The operands a memory limit left without a pairwise order, contracted "in one step" without breaking
 * the limit: some labels are <em>sliced</em> — fixed to one index at a time, as views — until a greedy
 * pairwise order of what is left keeps every intermediate within the limit; that inner plan then runs
 * once per index combination, each run writing its slice of the output (sliced output labels) or adding
 * into it (sliced summed labels: the first run of a slice applies the caller's beta, later runs add).
 * The labels sliced are chosen one at a time, the largest extent of the largest intermediate first.
 *
 * <p>Thread-safe (immutable).
 */
final class SlicedRemainder {
    /** The slot ids of the operands. */
    final int[] slots;
    /** The sliced labels and their extents. */
    final int[] sliced;
    final long[] slicedSizes;
    /** Per operand, per sliced label, its axis in that operand or -1. */
    private final int[][] slotAxes;
    /** Per sliced label, its axis in the target or -1 (summed). */
    private final int[] targetAxes;
    /** The plan over the sliced views. */
    final ContractionPlan inner;
    /** The labels of each operand, for the report. */
    final int[][] operandLabels;

    private SlicedRemainder(int[] slots, int[] sliced, long[] sizes, int[][] operandLabels, int[] targetLabels,
            ContractionPlan inner) {
        this.slots = slots;
        this.sliced = sliced;
        this.slicedSizes = new long[sliced.length];
        this.slotAxes = new int[slots.length][sliced.length];
        this.targetAxes = PairStep.positions(sliced, targetLabels);
        for (int k = 0; k < sliced.length; k++) {
            slicedSizes[k] = sizes[sliced[k]];
            for (int g = 0; g < slots.length; g++) {
                slotAxes[g][k] = NotationParser.indexOf(operandLabels[g], sliced[k]);
            }
        }
        this.operandLabels = operandLabels;
        this.inner = inner;
    }

    static SlicedRemainder build(int[] slots, int[][] slotLabels, int[] targetLabels, long[] sizes, DType compute,
            boolean direct, boolean clamp, long memoryLimit) {
        int words = LabelSet.wordsFor(sizes.length);
        int[][] labels = new int[slots.length][];
        for (int g = 0; g < slots.length; g++) {
            labels[g] = slotLabels[slots[g]];
        }
        IntList sliced = new IntList();
        while (true) {
            LabelSet cut = LabelSet.of(sliced.toArray(), words);
            LabelSet[] sets = new LabelSet[slots.length];
            for (int g = 0; g < slots.length; g++) {
                sets[g] = LabelSet.of(labels[g], words).minus(cut);
            }
            PathProblem sub = new PathProblem(sets, LabelSet.of(targetLabels, words).minus(cut), sizes,
                    Long.MAX_VALUE);
            SsaPath path = GreedySearch.search(sub);
            LabelSet largest = PathSearch.largestIntermediate(sub, path);
            if (largest == null || largest.size(sizes) <= memoryLimit) {
                int[][] innerLabels = new int[slots.length][];
                for (int g = 0; g < slots.length; g++) {
                    innerLabels[g] = without(labels[g], cut);
                }
                ContractionPlan inner = ContractionPlan.build(innerLabels, without(targetLabels, cut), sizes, path,
                        compute, direct, clamp, memoryLimit); // no remainder: bounds elementwise products only
                return new SlicedRemainder(slots, sliced.toArray(), sizes, labels, targetLabels, inner);
            }
            sliced.add(widest(largest, sizes));
        }
    }

    private static int widest(LabelSet labels, long[] sizes) {
        int best = -1;
        for (int l : labels.toArray()) {
            if (best < 0 || sizes[l] > sizes[best]) {
                best = l;
            }
        }
        return best;
    }

    private static int[] without(int[] labels, LabelSet cut) {
        IntList out = new IntList(labels.length);
        for (int l : labels) {
            if (!cut.contains(l)) {
                out.add(l);
            }
        }
        return out.toArray();
    }

    /** @return the number of inner runs */
    long iterations() {
        long n = 1;
        for (long size : slicedSizes) {
            n = CostModel.multiply(n, size);
        }
        return n;
    }

    /** Runs every slice; the slots themselves are reclaimed by the caller. */
    void run(BackendSession s, TensorRead[] slotTensors, TensorWrite target, Accumulation acc) {
        Accumulation adding = new Accumulation(acc.alphaRe(), acc.alphaIm(), 1, 0, false, false);
        long[] index = new long[sliced.length];
        EvaluationScratch scratch = new EvaluationScratch(inner); // the inner plan's slots; it owns no input
        scratch.enter();
        TensorRead[] views = scratch.slots;
        long total = iterations();
        for (long it = 0; it < total; it++) {
            boolean first = true;
            for (int k = 0; k < sliced.length; k++) {
                first &= targetAxes[k] >= 0 || index[k] == 0;
            }
            for (int g = 0; g < slots.length; g++) {
                views[g] = fix(slotTensors[slots[g]], slotAxes[g], index);
            }
            TensorWrite t = (TensorWrite) fix(target, targetAxes, index);
            inner.run(s, scratch, views, t, first ? acc : adding);
            for (int k = 0; k < sliced.length && ++index[k] == slicedSizes[k]; k++) {
                index[k] = 0;
            }
        }
    }

    /** @return {@code t} with axis {@code axes[k]} fixed at {@code index[k]} (dropped), for each k */
    private static TensorRead fix(TensorRead t, int[] axes, long[] index) {
        TensorRead v = t;
        boolean any = false;
        for (int k = 0; k < axes.length; k++) {
            if (axes[k] >= 0) {
                v = v.slice(axes[k], index[k], index[k] + 1, 1);
                any = true;
            }
        }
        if (!any) {
            return v;
        }
        long[] shape = new long[v.rank()];
        int r = 0;
        for (int a = 0; a < v.rank(); a++) {
            if (NotationParser.indexOf(axes, a) < 0) {
                shape[r++] = v.dim(a);
            }
        }
        return v.reshape(Arrays.copyOf(shape, r));
    }

    @Override
    public String toString() {
        return "SlicedRemainder" + Arrays.toString(slots) + " over " + Arrays.toString(sliced);
    }
}
