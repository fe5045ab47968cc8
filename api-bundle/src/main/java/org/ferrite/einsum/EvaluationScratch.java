package org.ferrite.einsum;

import java.lang.ref.WeakReference;
import java.util.Arrays;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;

/**
 * What one session keeps for one plan between evaluations, so that a warm evaluation allocates nothing
 * but what the session's {@code allocate} makes and runs no contraction analysis: the slot arrays the
 * contraction works in, the permuted view of the last output, and the plan's {@code dotGeneral} steps
 * as the session's {@link PreparedContraction}s ({@link #dotGeneral}). An {@link EinsumPlan} keeps one per session through
 * {@code BackendSession.sessionLocal}, keyed by the plan itself; on a provider whose
 * {@code sessionLocal} keeps nothing (the SPI's default), every evaluation makes a fresh one.
 *
 * <p>Intermediates are <em>not</em> kept between evaluations: each comes from the session
 * ({@code allocate}) and goes back to it ({@code reclaim}) by the end of the evaluation, so the provider's
 * pool decides what is reused across evaluations — and device memory, which belongs to the session that
 * allocated it, is never held beyond one. The one exception is the single intermediate of a plan that
 * runs on locals (a chain of two products) in a <em>host</em> session: up to
 * {@value #KEEP_MAX_BYTES} bytes of it are kept here ({@link #intermediate}), as the caller of two
 * hand-written products keeps theirs — a host tensor is an ordinary array, owned by no session, so
 * keeping it holds nothing but memory, and it goes with this scratch when the provider drops it. Within an evaluation, a consumed intermediate is
 * {@link #parked} for the later step of the same shape that writes into it
 * ({@link ContractionPlan#writesInto}) instead of being reclaimed and allocated again.
 *
 * <p>The output view: the last step writes into {@code out.permute(p)} when its natural axis order is not
 * the output's. When the output is a {@link Tensor} or {@link TensorView} (immutable metadata), the last
 * output and its view are remembered through weak references — they never keep the caller's tensor
 * alive — and the view is reused while the caller passes the same output.
 *
 * <p>Implementation notes: {@code busy} is true between {@link #enter} and {@link #exit}; a re-entrant
 * evaluation of the same plan in the same session (a provider's operation calling einsum back) finds it
 * busy and works in a fresh scratch. Between evaluations every {@code slots}, {@code owned} and
 * {@code parked} entry is null, so no operand or intermediate is kept alive; a prepared contraction
 * holds layouts, never a tensor. A fresh scratch is not {@code warm}, so a re-entrant evaluation runs its
 * steps ad hoc.
 *
 * <p>Not thread-safe: a session-local value is used by one session thread at a time (the
 * {@code sessionLocal} contract). Lifetime: the provider's, which may drop it at any time.
 */
final class EvaluationScratch {
    private static final WeakReference<TensorWrite> NONE = new WeakReference<>(null);

    /**
     * Prepared inputs (null where an input is the caller's operand itself, read from the operands
     * array), then the result of each step: what the steps read.
     */
    final TensorRead[] slots;
    /** Per slot, the tensor to reclaim once consumed, or null. */
    final Tensor[] owned;
    /** Per slot, its consumed tensor kept for the later step that writes into it, or null. */
    final Tensor[] parked;
    /**
     * Per step of the plan, its contraction as the session prepared it (from the tensors of the first warm
     * evaluation), or null: not a {@code dotGeneral} step, or not prepared yet.
     */
    private final PreparedContraction[] prepared;
    /** True once an evaluation has run in this scratch: later ones prepare their steps. */
    private boolean warm;
    /** Largest host intermediate kept between evaluations ({@link #intermediate}), in bytes. */
    static final long KEEP_MAX_BYTES = 64 << 10;
    /** The kept intermediate of a plan that runs on locals, or null. */
    private Tensor kept;
    /** True while an evaluation on locals holds the intermediate ({@link #enterLocal}). */
    private boolean holding;
    private WeakReference<TensorWrite> lastOut = NONE;
    private WeakReference<TensorWrite> lastView = NONE;
    private boolean busy;

    EvaluationScratch(ContractionPlan plan) {
        this.slots = new TensorRead[plan.slotCount()];
        this.owned = new Tensor[slots.length];
        this.parked = new Tensor[slots.length];
        this.prepared = new PreparedContraction[plan.steps.length];
    }

    /**
     * {@code dst = alpha · a ⊗ b + beta · dst} for the {@code dotGeneral} step {@code index} of the plan:
     * through the step's prepared contraction when the tensors have the layouts it was prepared for (the
     * usual case: a precompiled expression's operands and intermediates keep their layouts), else as the
     * session's {@code dotGeneralAccumulate}. A step is prepared at its first run in a warm scratch — one
     * the session kept from an earlier evaluation — so a session that keeps no state
     * ({@code sessionLocal}'s default) never prepares: it would prepare on every evaluation.
     *
     * @param s the session
     * @param step the step, of kind {@link PairStep.Kind#DOT_GENERAL}
     * @param index its position in the plan
     * @param a its first operand
     * @param b its second operand
     * @param acc how the product combines with {@code dst}
     * @param dst the step's output
     */
    void dotGeneral(BackendSession s, PairStep step, int index, TensorRead a, TensorRead b, Accumulation acc,
            TensorWrite dst) {
        PreparedContraction p = prepared[index];
        if (p == null && warm) {
            p = s.prepareDotGeneral(a, b, step.config, dst);
            prepared[index] = p;
        }
        if (p != null && p.accepts(a, b, dst)) {
            p.runAccumulate(s, a, b, acc, dst);
        } else {
            step.accumulateInto(s, a, b, acc, dst);
        }
    }

    /**
     * @return true if no evaluation of this plan on locals is under way in this session (then this one
     *     is, until {@link #exitLocal}); false for a re-entrant evaluation, which allocates its own
     */
    boolean enterLocal() {
        if (holding) {
            return false;
        }
        holding = true;
        return true;
    }

    /**
     * The intermediate of an evaluation on locals that {@link #enterLocal entered}: the kept one, else a
     * new one from the session, kept when this scratch is warm (the session keeps it between evaluations),
     * the session is on the host and the tensor is at most {@value #KEEP_MAX_BYTES} bytes.
     *
     * @param s the session
     * @param dtype the computation dtype
     * @param shape the first step's result shape (the same for every evaluation of the plan)
     * @return the intermediate
     */
    Tensor intermediate(BackendSession s, DType dtype, long[] shape) {
        Tensor t = kept;
        if (t == null) {
            t = s.allocate(dtype, shape);
            // kept in a warm scratch only: one the session kept from an earlier evaluation (a session whose
            // sessionLocal keeps nothing makes a fresh scratch per evaluation, which would never give it back)
            if (warm && s.placement().isHost() && t.size() * dtype.byteSize() <= KEEP_MAX_BYTES) {
                kept = t; // one reference store
            }
        }
        return t;
    }

    /**
     * Ends an evaluation on locals: gives its intermediate back to the session unless it is the kept one.
     *
     * @param s the session
     * @param t the intermediate {@link #intermediate} returned
     */
    void exitLocal(BackendSession s, Tensor t) {
        holding = false;
        if (t != kept) {
            s.reclaim(t);
        }
    }

    /** Marks an evaluation done: the next one prepares its steps. */
    void ran() {
        if (!warm) {
            warm = true;
        }
    }

    /** @return false if an evaluation in this scratch is under way (use a fresh one), else true: entered */
    boolean enter() {
        if (busy) {
            return false;
        }
        busy = true;
        return true;
    }

    /** Ends the evaluation: forgets the operands (every {@code owned} and {@code parked} entry is null by now). */
    void exit() {
        Arrays.fill(slots, null);
        busy = false;
    }

    /**
     * @param out the caller's output (or its diagonal view)
     * @param permutation the axis order the last step produces
     * @return {@code out.permute(permutation)}, the remembered view when {@code out} is the last output
     */
    TensorWrite permuted(TensorWrite out, int[] permutation) {
        if (lastOut.get() == out) {
            TensorWrite view = lastView.get();
            if (view != null) {
                return view;
            }
        }
        TensorWrite view = out.permute(permutation);
        if (out.getClass() == Tensor.class || out.getClass() == TensorView.class) {
            lastOut = new WeakReference<>(out);
            lastView = new WeakReference<>(view);
        }
        return view;
    }
}
