package org.ferrite.einsum;

import java.util.function.Supplier;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * A bound einsum lowered once onto session operations: per-operand preparations, the output view
 * (diagonals of the output for a repeated output label: {@code "i->ii"} writes the diagonal of a
 * zeroed output), the computation dtype (the result dtype; I64 counts for a BOOL result with a sum,
 * made exact by a clamp to 0/1) and the contraction plan of the chosen path.
 *
 * <p>Thread-safe (immutable): {@link #run} keeps its state on the stack and in an
 * {@link EvaluationScratch} per session, kept by the session's {@code sessionLocal} under the plan itself
 * as the key (identity: one scratch per plan per session).
 */
final class EinsumPlan {
    final Binding binding;
    final OperandPreparation[] preparations;
    final DType compute;
    /** Diagonals of the output that give one axis per distinct output label. */
    final int[][] outputDiagonals;
    /** The distinct output labels, in the order of the target view. */
    final int[] targetLabels;
    final ContractionPlan contraction;
    final SsaPath path;
    final String method;
    final long memoryLimit;
    /**
     * Whether an evaluation needs no scratch: every operand goes to the contraction as given, the output
     * has no diagonal, and the contraction runs on locals ({@link ContractionPlan#runsOnLocals}).
     */
    private final boolean onLocals;
    /** Makes this plan's per-session scratch (the {@code sessionLocal} value under the key {@code this}). */
    private final Supplier<EvaluationScratch> newScratch;

    private EinsumPlan(Binding binding, OperandPreparation[] preparations, DType compute, int[][] outputDiagonals,
            int[] targetLabels, ContractionPlan contraction, SsaPath path, String method, long memoryLimit) {
        this.binding = binding;
        this.preparations = preparations;
        this.compute = compute;
        this.outputDiagonals = outputDiagonals;
        this.targetLabels = targetLabels;
        this.contraction = contraction;
        this.path = path;
        this.method = method;
        this.memoryLimit = memoryLimit;
        this.newScratch = () -> new EvaluationScratch(contraction);
        boolean asGiven = outputDiagonals.length == 0 && contraction.runsOnLocals();
        for (OperandPreparation p : preparations) {
            asGiven &= p.isIdentity();
        }
        this.onLocals = asGiven;
    }

    static EinsumPlan plan(Binding b, EinsumOptions options) {
        int n = b.operandCount();
        int words = LabelSet.wordsFor(b.labelCount());
        OperandPreparation.Views out = OperandPreparation.views(b.outputLabels, b.resultShape, b.sizes);
        LabelSet output = LabelSet.of(out.labels, words);
        OperandPreparation.Views[] views = new OperandPreparation.Views[n];
        long[] allWords = new long[words];
        for (int k = 0; k < n; k++) {
            views[k] = OperandPreparation.views(b.axisLabels[k], b.specs[k].shape(), b.sizes);
            for (int l : views[k].labels) {
                allWords[l >>> 6] |= 1L << l;
            }
        }
        boolean sums = !LabelSet.ofWords(allWords).isSubsetOf(output);
        DType compute = b.resultDtype == DType.BOOL && sums ? DType.I64 : b.resultDtype;
        OperandPreparation[] preparations = new OperandPreparation[n];
        LabelSet[] sets = new LabelSet[n];
        int[][] labels = new int[n][];
        int[] holders = new int[b.sizes.length]; // how many operands have each label
        for (OperandPreparation.Views v : views) {
            for (int a = 0; a < v.labels.length; a++) {
                holders[v.labels[a]] += NotationParser.indexOf(v.labels, v.labels[a]) == a ? 1 : 0;
            }
        }
        for (int k = 0; k < n; k++) {
            preparations[k] = prepare(views[k], n, holders, output, b.sizes, b.specs[k].dtype(), compute,
                    b.resultDtype == DType.BOOL);
            labels[k] = preparations[k].labels;
            sets[k] = LabelSet.of(labels[k], words);
        }
        PathProblem problem = new PathProblem(sets, output, b.sizes, options.memoryLimitOrMax());
        PathSearch.Result found = PathSearch.find(problem, options);
        ContractionPlan contraction = ContractionPlan.build(labels, out.labels, b.sizes, found.path, compute,
                compute == b.resultDtype, b.resultDtype == DType.BOOL, options.memoryLimitOrMax());
        return new EinsumPlan(b, preparations, compute, out.diagonals, out.labels, contraction, found.path,
                found.method, options.memoryLimitOrMax());
    }

    /**
     * @param v one operand's views
     * @param operands the operand count
     * @param holders per label, how many operands have it
     */
    private static OperandPreparation prepare(OperandPreparation.Views v, int operands, int[] holders,
            LabelSet output, long[] sizes, DType dtype, DType compute, boolean bool) {
        IntList sum = new IntList();
        IntList kept = new IntList(v.labels.length);
        for (int a = 0; a < v.labels.length; a++) {
            int l = v.labels[a];
            boolean elsewhere = output.contains(l) || operands == 1 || holders[l] > 1;
            if (elsewhere) {
                kept.add(l);
            } else {
                sum.add(a);
            }
        }
        int[] keptLabels = kept.toArray();
        return new OperandPreparation(v.diagonals, v.squeezedShape, dtype == compute ? null : compute, sum.toArray(),
                PairStep.shapeOf(keptLabels, sizes), bool && sum.size() > 0, v.labels, keptLabels);
    }

    /**
     * Evaluates into {@code out}; everything has been validated.
     *
     * @param s the session
     * @param operands the operands, matching the binding
     * @param acc the (checked) scalars
     * @param out the output, of the result dtype and shape
     */
    void run(BackendSession s, TensorRead[] operands, Accumulation acc, TensorWrite out) {
        if (out.size() == 0) {
            return;
        }
        if (onLocals) { // a chain of two products, a single product: no slot stores, no scratch entry
            contraction.runOnLocals(s, s.sessionLocal(this, newScratch), operands, out, acc);
            return;
        }
        TensorWrite target = out;
        Accumulation a = acc;
        if (outputDiagonals.length > 0) {
            if (acc.overwrites()) {
                Constants.fill(s, out, 0);
            } else if (acc.betaRe() != 1 || acc.betaIm() != 0) {
                Constants.scale(s, out, acc.betaRe(), acc.betaIm());
            }
            a = new Accumulation(acc.alphaRe(), acc.alphaIm(), acc.overwrites() ? 0 : 1, 0, false, false);
            for (int[] d : outputDiagonals) {
                target = target.diagonal(d[0], d[1]);
            }
        }
        EvaluationScratch scratch = s.sessionLocal(this, newScratch);
        if (!scratch.enter()) {
            scratch = new EvaluationScratch(contraction); // re-entrant: a fresh one
            scratch.enter();
        }
        try {
            prepareAll(s, operands, scratch);
            contraction.run(s, scratch, operands, target, a);
        } finally {
            scratch.exit();
        }
    }

    private void prepareAll(BackendSession s, TensorRead[] operands, EvaluationScratch scratch) {
        Tensor[] owned = scratch.owned;
        try {
            for (int k = 0; k < operands.length; k++) {
                TensorRead prepared = preparations[k].prepare(s, operands[k], compute, owned, k);
                if (prepared != operands[k]) { // else the contraction reads operands[k] (see ContractionPlan#run)
                    scratch.slots[k] = prepared;
                }
            }
        } catch (RuntimeException | Error e) {
            for (int k = 0; k < owned.length; k++) {
                if (owned[k] != null) {
                    s.reclaim(owned[k]);
                    owned[k] = null;
                }
            }
            throw e;
        }
    }
}
