package org.ferrite.einsum;

import java.lang.ref.WeakReference;
import java.util.Arrays;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;

/**
 * What one session keeps for one plan between evaluations, so that a warm evaluation allocates nothing
 * of its own: the slot arrays the contraction works in and, on a host placement, the small intermediates
 * of the pairwise steps (reused instead of allocated again) and the permuted view of the last small
 * output. An {@link EinsumPlan} keeps one per session through {@code BackendSession.sessionLocal}, keyed
 * by the plan itself.
 *
 * <p><b>What is retained, and when.</b> An intermediate is retained only when (1) the session's placement
 * is the host — host tensors are ordinary arrays that stay valid after the session; device memory is
 * owned by the session that allocated it, so on a device every intermediate still goes through
 * {@code allocate}/{@code reclaim} on every evaluation; (2) the session handed this scratch out before,
 * i.e. its {@code sessionLocal} keeps values — with the SPI's default, which keeps nothing, every
 * evaluation gets a fresh scratch, never retains, and reclaims every intermediate as before; (3) the
 * plan marked the step retainable: the first steps whose intermediates together hold at most
 * {@link ContractionPlan#RETAINED_BYTES}; larger intermediates are allocated and reclaimed per
 * evaluation (through the provider's pool), where the arithmetic dwarfs that cost. A retained
 * intermediate is overwritten completely by its step before it is read, so what an earlier (possibly
 * failed) evaluation left in it is never observed.
 *
 * <p>The output view: the last step writes into {@code out.permute(p)} when its natural axis order is not
 * the output's. When the output is a {@link Tensor} or {@link TensorView} (immutable metadata), the last
 * output and its view are remembered through weak references — they never keep the caller's tensor
 * alive — and the view is reused while the caller passes the same output.
 *
 * <p>Implementation notes: {@code busy} is true between {@link #enter} and {@link #exit}; a re-entrant
 * evaluation of the same plan in the same session (a provider's extension calling back) finds it busy
 * and works in a fresh scratch. Between evaluations every slot and {@code owned} entry is null (no
 * operand is kept alive). {@code kept[k]} is null or a tensor of step {@code k}'s shape and the plan's
 * compute dtype, never handed out beyond the plan.
 *
 * <p>Not thread-safe: a session-local value is used by one session thread at a time (the
 * {@code sessionLocal} contract). Lifetime: the provider's, which may drop it at any time; its retained
 * tensors are host arrays and go with it.
 */
final class EvaluationScratch {
    private final ContractionPlan plan;
    /** Inputs, then the result of each step: what the steps read. */
    final TensorRead[] slots;
    /** Per slot, the tensor to reclaim once consumed, or null. */
    final Tensor[] owned;
    /** Per step, the intermediate retained between evaluations, or null. */
    private final Tensor[] kept;
    private static final WeakReference<TensorWrite> NONE = new WeakReference<>(null);
    private WeakReference<TensorWrite> lastOut = NONE;
    private WeakReference<TensorWrite> lastView = NONE;
    private int uses;
    private boolean busy;
    /** Whether this evaluation may retain (set by {@link #enter}). */
    private boolean retaining;

    EvaluationScratch(ContractionPlan plan) {
        this.plan = plan;
        this.slots = new TensorRead[plan.slotCount()];
        this.owned = new Tensor[slots.length];
        this.kept = new Tensor[plan.steps.length];
    }

    /**
     * Starts an evaluation.
     *
     * @param s the session
     * @return false if an evaluation of this scratch is under way (use a fresh one)
     */
    boolean enter(BackendSession s) {
        if (busy) {
            return false;
        }
        busy = true;
        uses = uses == Integer.MAX_VALUE ? 2 : uses + 1;
        retaining = uses > 1 && s.placement().isHost();
        return true;
    }

    /** Ends the evaluation: forgets the operands (every {@code owned} entry is null by now). */
    void exit() {
        Arrays.fill(slots, null);
        busy = false;
    }

    /**
     * The tensor step {@code step} writes: the retained one, or a new one from the session — retained
     * when this evaluation may and the plan marked the step, else recorded in {@link #owned} to be
     * reclaimed once consumed.
     *
     * @param s the session
     * @param step the step's index
     * @param dtype the compute dtype
     * @param shape the step's shape
     * @return the tensor, of that dtype and shape, contents unspecified
     */
    Tensor intermediate(BackendSession s, int step, DType dtype, long[] shape) {
        Tensor t = kept[step];
        if (t != null && retaining) {
            return t;
        }
        t = s.allocate(dtype, shape);
        if (retaining && plan.retainable[step]) {
            kept[step] = t;
        } else {
            owned[plan.inputCount + step] = t;
        }
        return t;
    }

    /**
     * @param out the caller's output (or its diagonal view)
     * @param permutation the axis order the last step produces
     * @return {@code out.permute(permutation)}, the remembered view when {@code out} is the last output
     */
    TensorWrite permuted(TensorWrite out, int[] permutation) {
        if (retaining && lastOut.get() == out) {
            TensorWrite view = lastView.get();
            if (view != null) {
                return view;
            }
        }
        TensorWrite view = out.permute(permutation);
        if (retaining && (out.getClass() == Tensor.class || out.getClass() == TensorView.class)) {
            lastOut = new WeakReference<>(out);
            lastView = new WeakReference<>(view);
        }
        return view;
    }
}
