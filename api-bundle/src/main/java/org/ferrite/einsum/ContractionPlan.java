package org.ferrite.einsum;

import java.util.Arrays;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The contraction part of a plan: prepared operands (one axis per label) in, the result written into a
 * target view whose axes are the output's distinct labels. Slots {@code 0 .. m-1} are the inputs, slot
 * {@code m + s} the result of step {@code s}. Every step but the last writes an intermediate — allocated
 * from the session, or a consumed one of the same shape ({@link #writesInto}) — and reclaims the
 * intermediates it consumed that no later step writes into; the <b>last step writes straight into
 * the caller's output</b>: {@code dotGeneralAccumulate} into the target, permuted as a view when the
 * step's natural axis order is not the output's — or, when a memory limit left a remainder, a
 * {@link SlicedRemainder}. Without steps (one operand), the operand's remaining labels are summed or
 * copied into the target.
 *
 * <p>Thread-safe (immutable); {@link #run} keeps its state on the stack.
 */
final class ContractionPlan {
    final int inputCount;
    final PairStep[] steps;
    /** The result's labels as the last operation produces them. */
    final int[] naturalLabels;
    final long[] naturalShape;
    /** {@code target.permute(finalPermutation)} has the natural order; null when the orders agree. */
    final int[] finalPermutation;
    /** Without steps: the input axes summed into the target. */
    final int[] singleSumAxes;
    /** The operands a memory limit left to one sliced step, or null. */
    final SlicedRemainder remainder;
    final DType compute;
    /** Whether the compute dtype is the output's (false only for BOOL counted in I64). */
    final boolean direct;
    /**
     * Per step, the earlier intermediate's slot whose tensor the step writes into — consumed by then, of
     * the same shape (every intermediate has the compute dtype) — or -1 to allocate one.
     */
    final int[] writesInto;
    /** Per slot, whether a later step writes into its tensor once it is consumed (kept, not reclaimed). */
    final boolean[] handedOn;

    ContractionPlan(int inputCount, PairStep[] steps, int[] naturalLabels, long[] sizes, int[] targetLabels,
            int[] singleSumAxes, SlicedRemainder remainder, DType compute, boolean direct) {
        this.inputCount = inputCount;
        this.steps = steps;
        this.naturalLabels = naturalLabels;
        this.naturalShape = PairStep.shapeOf(naturalLabels, sizes);
        int[] perm = PairStep.positions(naturalLabels, targetLabels);
        this.finalPermutation = PairStep.isIdentity(perm) ? null : perm;
        this.singleSumAxes = singleSumAxes;
        this.remainder = remainder;
        this.compute = compute;
        this.direct = direct;
        this.writesInto = assignBuffers(inputCount, steps, remainder == null ? steps.length - 1 : steps.length);
        this.handedOn = new boolean[inputCount + steps.length];
        for (int from : writesInto) {
            if (from >= 0) {
                handedOn[from] = true;
            }
        }
    }

    /**
     * Liveness-based reuse, as XLA's buffer assignment does: in step order, an intermediate is free once
     * the step that reads it has run, and a later step of the same shape writes into it instead of
     * allocating — so an evaluation allocates as many intermediates as are ever live at once per shape,
     * not one per step. Steps overwrite their whole result, so nothing of the earlier contents is read.
     */
    private static int[] assignBuffers(int m, PairStep[] steps, int intermediates) {
        int[] into = new int[steps.length];
        Arrays.fill(into, -1);
        IntList free = new IntList();
        for (int k = 0; k < intermediates; k++) {
            for (int f = 0; f < free.size(); f++) {
                if (Arrays.equals(steps[free.get(f) - m].shape, steps[k].shape)) {
                    into[k] = free.get(f);
                    free.removeAt(f);
                    break;
                }
            }
            for (int operand : new int[] {steps[k].lhs, steps[k].rhs}) {
                if (operand >= m) {
                    free.add(operand);
                }
            }
        }
        return into;
    }

    /** Adds {@code delta} to the holder count of each distinct label of {@code labels}. */
    private static void countLabels(int[] holders, int[] labels, int delta) {
        for (int a = 0; a < labels.length; a++) {
            if (NotationParser.indexOf(labels, labels[a]) == a) { // repeated labels count once
                holders[labels[a]] += delta;
            }
        }
    }

    /**
     * Plans the steps of {@code path}.
     *
     * @param inputLabels labels of each input slot
     * @param targetLabels the target's labels (distinct)
     * @param sizes label extents
     * @param path the order, possibly with a remainder
     * @param compute the computation dtype
     * @param direct whether {@code compute} is the target's dtype
     * @param clamp BOOL counting
     * @param memoryLimit the limit a remainder's intermediates and an elementwise step's products respect
     * @return the plan
     */
    static ContractionPlan build(int[][] inputLabels, int[] targetLabels, long[] sizes, SsaPath path, DType compute,
            boolean direct, boolean clamp, long memoryLimit) {
        int m = inputLabels.length;
        int words = LabelSet.wordsFor(sizes.length);
        int[][] slotLabels = Arrays.copyOf(inputLabels, m + path.pairs.length);
        LabelSet target = LabelSet.of(targetLabels, words);
        // holders[l]: how many live slots have label l, so that what a step must keep is found from its own
        // two operands (linear in the operand count overall, not quadratic in it)
        int[] holders = new int[sizes.length];
        for (int i = 0; i < m; i++) {
            countLabels(holders, inputLabels[i], 1);
        }
        PairStep[] steps = new PairStep[path.pairs.length];
        java.util.Map<org.ferrite.api.session.DotGeneralConfig, org.ferrite.api.session.DotGeneralConfig> configs =
                new java.util.HashMap<>();
        for (int s = 0; s < steps.length; s++) {
            int i = path.pairs[s][0];
            int j = path.pairs[s][1];
            boolean last = s == steps.length - 1 && path.remainder == null;
            countLabels(holders, slotLabels[i], -1);
            countLabels(holders, slotLabels[j], -1);
            steps[s] = PairStep.plan(i, j, slotLabels[i], slotLabels[j], l -> holders[l] > 0 || target.contains(l),
                    last ? targetLabels : null, sizes,
                    compute, clamp, memoryLimit).interned(configs);
            slotLabels[m + s] = steps[s].labels;
            countLabels(holders, steps[s].labels, 1);
        }
        if (path.remainder != null) {
            SlicedRemainder r = SlicedRemainder.build(path.remainder, slotLabels, targetLabels, sizes, compute,
                    direct, clamp, memoryLimit);
            return new ContractionPlan(m, steps, targetLabels, sizes, targetLabels, new int[0], r, compute, direct);
        }
        if (steps.length > 0) {
            return new ContractionPlan(m, steps, steps[steps.length - 1].labels, sizes, targetLabels, new int[0], null,
                    compute, direct);
        }
        int[] only = inputLabels[0];
        IntList sum = new IntList();
        IntList kept = new IntList();
        for (int a = 0; a < only.length; a++) {
            if (target.contains(only[a])) {
                kept.add(only[a]);
            } else {
                sum.add(a);
            }
        }
        return new ContractionPlan(m, steps, kept.toArray(), sizes, targetLabels, sum.toArray(), null, compute,
                direct);
    }

    /** @return the length of the slot arrays {@link #run} takes: inputs and intermediates */
    int slotCount() {
        return inputCount + steps.length;
    }

    /**
     * Runs the plan. Every tensor in {@code scratch.owned} or {@code scratch.parked} is reclaimed by the time
     * it returns or throws.
     *
     * @param s the session
     * @param scratch the evaluation's scratch, entered: each of the first {@code inputCount} slots holds
     *     the prepared input, or null where the input is {@code inputs}' own (its preparation is the
     *     identity: not stored, since a reference store into the long-lived scratch costs a G1 write
     *     barrier), and {@code owned} per input the tensor to reclaim once it is consumed, or null; the
     *     other slots receive the intermediates
     * @param inputs the operands as passed (read where an input slot is null)
     * @param target the output view (distinct labels, target order), of the output's dtype
     * @param acc how the result combines with the target
     */
    void run(BackendSession s, EvaluationScratch scratch, TensorRead[] inputs, TensorWrite target, Accumulation acc) {
        int m = inputCount;
        TensorRead[] slots = scratch.slots;
        Tensor[] owned = scratch.owned;
        Tensor[] parked = scratch.parked;
        try {
            int pairs = remainder == null ? steps.length - 1 : steps.length;
            for (int k = 0; k < pairs; k++) {
                PairStep step = steps[k];
                int from = writesInto[k];
                Tensor result = from >= 0 ? parked[from] : s.allocate(compute, step.shape);
                if (from >= 0) {
                    parked[from] = null;
                }
                owned[m + k] = result;
                write(s, scratch, k, read(slots, inputs, step.lhs), read(slots, inputs, step.rhs), result);
                slots[m + k] = result;
                consume(s, owned, parked, step.lhs);
                consume(s, owned, parked, step.rhs);
            }
            if (remainder != null) {
                for (int k = 0; k < m; k++) {
                    slots[k] = read(slots, inputs, k); // the slicer reads the slots themselves
                }
                remainder.run(s, slots, target, acc);
            } else if (steps.length > 0) {
                PairStep last = steps[steps.length - 1];
                finish(s, scratch, read(slots, inputs, last.lhs), read(slots, inputs, last.rhs), target, acc);
            } else {
                finish(s, scratch, read(slots, inputs, 0), null, target, acc);
            }
            scratch.ran();
        } finally {
            for (int k = 0; k < owned.length; k++) {
                release(s, owned, k);
                release(s, parked, k);
            }
        }
    }

    /**
     * @return true if {@link #runOnLocals} can run this plan: at most two steps (so at most one
     *     intermediate), no remainder, the last step's natural order already the target's
     */
    boolean runsOnLocals() {
        return remainder == null && finalPermutation == null && steps.length <= 2
                && (steps.length < 2 || writesInto[0] < 0);
    }

    /**
     * {@link #run} for a plan that {@link #runsOnLocals}, on operands that go to the contraction as given:
     * the one intermediate is a local, so nothing is stored into the scratch's slots (they live as long
     * as the session; each reference store into them costs a G1 write barrier) — the scratch serves its
     * prepared steps, the output view, and in a host session the intermediate itself
     * ({@link EvaluationScratch#intermediate}).
     *
     * @param s the session
     * @param scratch the plan's scratch in this session
     * @param inputs the operands as passed
     * @param target the output (distinct labels, target order), of the output's dtype
     * @param acc how the result combines with the target
     */
    void runOnLocals(BackendSession s, EvaluationScratch scratch, TensorRead[] inputs, TensorWrite target,
            Accumulation acc) {
        if (steps.length == 0) {
            finish(s, scratch, inputs[0], null, target, acc);
        } else if (steps.length == 1) {
            finish(s, scratch, inputs[steps[0].lhs], inputs[steps[0].rhs], target, acc);
        } else {
            PairStep first = steps[0];
            PairStep last = steps[1];
            boolean outer = scratch.enterLocal(); // false in a re-entrant evaluation of this plan
            Tensor intermediate = outer ? scratch.intermediate(s, compute, first.shape) : s.allocate(compute,
                    first.shape);
            try {
                write(s, scratch, 0, inputs[first.lhs], inputs[first.rhs], intermediate);
                finish(s, scratch, last.lhs == inputCount ? intermediate : inputs[last.lhs],
                        last.rhs == inputCount ? intermediate : inputs[last.rhs], target, acc);
            } finally {
                if (outer) {
                    scratch.exitLocal(s, intermediate);
                } else {
                    s.reclaim(intermediate);
                }
            }
        }
        scratch.ran();
    }

    /** Step {@code k} (not the last) into its intermediate: a {@code dotGeneral} step through the scratch. */
    private void write(BackendSession s, EvaluationScratch scratch, int k, TensorRead a, TensorRead b, Tensor dst) {
        PairStep step = steps[k];
        if (step.kind == PairStep.Kind.DOT_GENERAL) {
            scratch.dotGeneral(s, step, k, a, b, Accumulation.OVERWRITE, dst);
        } else {
            step.writeInto(s, a, b, dst);
        }
    }

    /** @return what slot {@code slot} holds: an input slot left null is the caller's operand */
    private TensorRead read(TensorRead[] slots, TensorRead[] inputs, int slot) {
        TensorRead t = slots[slot];
        return t != null || slot >= inputCount ? t : inputs[slot];
    }

    /** After a step read {@code slot}: its tensor is parked for the step that writes into it, or reclaimed. */
    private void consume(BackendSession s, Tensor[] owned, Tensor[] parked, int slot) {
        if (handedOn[slot]) {
            parked[slot] = owned[slot];
            owned[slot] = null;
        } else {
            release(s, owned, slot);
        }
    }

    private static void release(BackendSession s, Tensor[] owned, int slot) {
        Tensor t = owned[slot];
        if (t != null) {
            owned[slot] = null;
            s.reclaim(t);
        }
    }

    /** The last operation: straight into the target when it can, else through one temporary. */
    private void finish(BackendSession s, EvaluationScratch scratch, TensorRead a, TensorRead b, TensorWrite target,
            Accumulation acc) {
        TensorWrite view = finalPermutation == null ? target : scratch.permuted(target, finalPermutation);
        PairStep last = steps.length == 0 ? null : steps[steps.length - 1];
        if (direct && last != null && last.kind == PairStep.Kind.DOT_GENERAL) {
            scratch.dotGeneral(s, last, steps.length - 1, a, b, acc, view);
            return;
        }
        if (direct && Accumulator.isPlain(acc)) {
            produce(s, last, a, b, view);
            return;
        }
        Tensor tmp = s.allocate(compute, naturalShape);
        try {
            produce(s, last, a, b, tmp);
            Accumulator.combine(s, tmp, view, acc);
        } finally {
            s.reclaim(tmp);
        }
    }

    private void produce(BackendSession s, PairStep last, TensorRead a, TensorRead b, TensorWrite dst) {
        if (last != null) {
            last.writeInto(s, a, b, dst);
        } else if (singleSumAxes.length > 0) {
            s.reduceInto(ReduceOp.SUM, a, singleSumAxes, dst);
        } else {
            s.copyInto(a, dst);
        }
    }
}
