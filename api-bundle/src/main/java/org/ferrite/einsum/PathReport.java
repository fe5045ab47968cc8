package org.ferrite.einsum;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the {@link ContractionPath} of an {@link EinsumPlan}: the per-operand sums, each pairwise step
 * (positions in the contraction-list convention, subscripts in the plan's axis orders) and a sliced
 * remainder, with opt_einsum's flop counts, and NumPy's naive estimate over the operands as written.
 * Thread-safe (stateless).
 */
final class PathReport {
    private PathReport() {
    }

    static ContractionPath of(EinsumPlan plan) {
        Binding b = plan.binding;
        int n = b.operandCount();
        int words = LabelSet.wordsFor(b.labelCount());
        List<ContractionStep> steps = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            OperandPreparation p = plan.preparations[k];
            if (p.reduceAxes.length > 0) {
                LabelSet touched = LabelSet.of(p.viewLabels, words);
                steps.add(new ContractionStep(new int[] {k}, names(b, p.viewLabels) + "->" + names(b, p.labels),
                        CostModel.flops(touched, true, 1, b.sizes), LabelSet.of(p.labels, words).size(b.sizes),
                        touched.cardinality(), ContractionStep.Operation.SUM));
            }
        }
        ContractionPlan c = plan.contraction;
        int[][] linear = plan.path.linear(n);
        if (c.steps.length == 0 && c.remainder == null) {
            int[] in = plan.preparations[0].labels;
            LabelSet touched = LabelSet.of(in, words);
            boolean sum = c.singleSumAxes.length > 0;
            steps.add(new ContractionStep(new int[] {0}, names(b, in) + "->" + names(b, plan.targetLabels),
                    CostModel.flops(touched, sum, 1, b.sizes), LabelSet.of(plan.targetLabels, words).size(b.sizes),
                    touched.cardinality(), sum ? ContractionStep.Operation.SUM : ContractionStep.Operation.COPY));
        }
        int[][] slotLabels = slotLabels(plan);
        for (int s = 0; s < c.steps.length; s++) {
            PairStep p = c.steps[s];
            steps.add(pair(b, linear[s], slotLabels[p.lhs], slotLabels[p.rhs], p));
        }
        if (c.remainder != null) {
            steps.add(remainder(b, linear[linear.length - 1], c.remainder, plan.targetLabels, words));
        }
        int[][] pairs = new int[c.steps.length][];
        System.arraycopy(linear, 0, pairs, 0, pairs.length);
        return new ContractionPath(b.subscripts.notation(), steps, pairs, naiveFlops(b, words), allLabels(b, words)
                .cardinality(), plan.method, plan.memoryLimit);
    }

    private static int[][] slotLabels(EinsumPlan plan) {
        ContractionPlan c = plan.contraction;
        int n = plan.preparations.length;
        int[][] labels = new int[n + c.steps.length][];
        for (int k = 0; k < n; k++) {
            labels[k] = plan.preparations[k].labels;
        }
        for (int s = 0; s < c.steps.length; s++) {
            labels[n + s] = c.steps[s].labels;
        }
        return labels;
    }

    private static ContractionStep pair(Binding b, int[] positions, int[] lhs, int[] rhs, PairStep p) {
        int[] touched = p.touchedLabels();
        ContractionStep.Operation op = p.kind == PairStep.Kind.DOT_GENERAL ? ContractionStep.Operation.DOT_GENERAL
                : p.kind == PairStep.Kind.HADAMARD ? ContractionStep.Operation.HADAMARD
                : ContractionStep.Operation.ELEMENTWISE;
        double flops = CostModel.flops(touched, p.contracted.length > 0, 2, b.sizes);
        return new ContractionStep(positions, names(b, lhs) + "," + names(b, rhs) + "->" + names(b, p.labels), flops,
                CostModel.distinctSize(p.labels, b.sizes), CostModel.distinct(touched).length, op);
    }

    private static ContractionStep remainder(Binding b, int[] positions, SlicedRemainder r, int[] target,
            int words) {
        StringBuilder sub = new StringBuilder();
        LabelSet touched = LabelSet.empty(words);
        for (int g = 0; g < r.operandLabels.length; g++) {
            sub.append(g == 0 ? "" : ",").append(names(b, r.operandLabels[g]));
            touched = touched.union(LabelSet.of(r.operandLabels[g], words));
        }
        sub.append("->").append(names(b, target)).append(" (sliced over ").append(r.sliced.length == 0 ? "nothing"
                : names(b, r.sliced)).append(", ").append(r.iterations()).append(" runs)");
        double inner = 0;
        for (PairStep p : r.inner.steps) {
            inner += CostModel.flops(LabelSet.of(p.touchedLabels(), words), p.contracted.length > 0, 2, b.sizes);
        }
        return new ContractionStep(positions, sub.toString(), inner * r.iterations(), LabelSet.of(target, words)
                .size(b.sizes), touched.cardinality(), ContractionStep.Operation.SLICED);
    }

    private static LabelSet allLabels(Binding b, int words) {
        long[] all = new long[words];
        for (int[] labels : b.axisLabels) {
            for (int l : labels) {
                all[l >>> 6] |= 1L << l;
            }
        }
        return LabelSet.ofWords(all);
    }

    /** NumPy's and opt_einsum's naive estimate over the operands as written. */
    private static double naiveFlops(Binding b, int words) {
        LabelSet all = allLabels(b, words);
        int total = 0;
        for (int[] labels : b.axisLabels) {
            total += CostModel.distinct(labels).length;
        }
        return CostModel.flops(all, total > all.cardinality(), b.operandCount(), b.sizes);
    }

    static String names(Binding b, int[] labels) {
        StringBuilder s = new StringBuilder(labels.length);
        for (int l : labels) {
            s.append(b.name(l));
        }
        return s.toString();
    }
}
