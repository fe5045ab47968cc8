package org.ferrite.cpu.internal.session;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.contract.ContractionKernels;
import org.ferrite.cpu.internal.contract.ContractionContext;
import org.ferrite.cpu.internal.contract.ContractionPlanCache;
import org.ferrite.cpu.internal.kernel.ElementwiseKernels;
import org.ferrite.cpu.internal.kernel.IndexingKernels;
import org.ferrite.cpu.internal.kernel.KernelContext;
import org.ferrite.cpu.internal.worker.ParallelRunner;
import org.ferrite.cpu.internal.kernel.ReductionKernels;
import org.ferrite.cpu.internal.kernel.StructuralKernels;
import org.ferrite.cpu.internal.kernel.stride.LayoutScratch;
import org.ferrite.cpu.internal.linalg.CpuLinalg;
import org.ferrite.cpu.internal.linalg.LinalgWorkspace;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.api.spi.Widening;

/**
 * The session view handed to a {@link SessionFunction}: the CPU provider's {@link BackendSession}
 * and the {@link KernelContext} its kernels run with. Every hook checks that the view is live on the
 * calling thread, then delegates to the kernel entry point with this view as context.
 *
 * <p>Confined to the thread whose callback it serves. Lifetime: one view per session — per scoped
 * entry, per held session (shared by its callbacks) and per child entry; live only while {@link #run}
 * runs a callback of that session; afterwards every call throws {@link RuntimeStateException}, for
 * ever, also inside a later session of the same backend on the same thread (the later session has a
 * view of its own). Both the scoped and the held entry run their callbacks through {@link #run}, so the
 * two routes cannot drift.
 *
 * <pre>
 * Implementation notes.
 * liveThreadId is the id (Thread.getId(): never reused while the thread lives) of the thread whose
 * callback runs now, or 0. It is written only by that thread, at the start and end of run(); a hook
 * compares it with the calling thread's id, one comparison that rejects both an escaped view (0) and a
 * foreign thread (a thread never reads its own id there once its run() has ended: its last write was
 * 0). A primitive, so that entering stores no reference.
 * A view is made for one session and never reused by another, so an escaped view stays dead: this costs
 * one small object per scoped entry and per child entry, and one per held open (not per held callback:
 * the held hot path allocates nothing). The engine resources a view works with are reused by every
 * session that checks them out; the view only reaches them while it is live.
 * The CPU session computes on the host, synchronously: placement() is the host, transferInto is a
 * host-to-host copy, and the inherited synchronize() is the no-op a synchronous provider may use.
 * sessionLocal values live in the resources (bounded, least recently used evicted), so they persist
 * across the sessions of one backend; a child's resources have their own. The one extension,
 * LinalgKernels, is made on the view's first lookup and kept in an Optional (no allocation per later
 * lookup); its hooks check liveness through linalgWorkspace().
 * </pre>
 */
public final class SessionView implements BackendSession, ContractionContext, CpuLinalg.Context {
    private final SessionEngine engine;
    private final EngineResources resources;
    private final boolean child;
    /** The thread the view was made for (its session's thread); for messages only. */
    private final Thread owner;
    /** The linear-algebra extension bound to this view, made on first lookup. */
    private Optional<LinalgKernels> linalg;
    private long liveThreadId;

    /**
     * A view of one session that works with {@code resources}, for the calling thread.
     *
     * @param engine the backend's engine
     * @param resources the resources the session checked out
     * @param child true for a child (or phase-lane) session
     */
    SessionView(SessionEngine engine, EngineResources resources, boolean child) {
        this.engine = engine;
        this.resources = resources;
        this.child = child;
        this.owner = Thread.currentThread();
    }

    /**
     * Runs {@code work} with this view live on the calling thread. The caller has checked admission
     * and that the view is not live already.
     *
     * @param work the callback
     * @param <R> its result type
     * @return what it returned
     */
    <R> R run(SessionFunction<R> work) {
        liveThreadId = Thread.currentThread().getId();
        try {
            return work.apply(this);
        } finally {
            liveThreadId = 0;
        }
    }

    /** @return true while a callback runs with this view (on the owner thread) */
    boolean isLive() {
        return liveThreadId != 0;
    }

    /**
     * The guard at the top of every hook: one field read and one comparison, inlined by the JIT; the
     * exception (and its message) is built only on failure.
     */
    private void requireLive(String op) {
        if (liveThreadId != Thread.currentThread().getId()) {
            throw notLive(op);
        }
    }

    private RuntimeStateException notLive(String op) {
        long live = liveThreadId;
        if (live == 0) {
            return new RuntimeStateException(op, "this session view was used after the callback that received it"
                    + " returned (it escaped); use a view only inside its callback, and enter again for more work");
        }
        return new SessionEntryException.IncompatibleContext(op, "this session view belongs to thread '"
                + owner.getName() + "' but was called from thread '" + Thread.currentThread().getName()
                + "'; hand a child execution (childExecution()) to other threads instead");
    }

    // ------------------------------------------------------------------ session

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        requireLive("extension");
        Objects.requireNonNull(type, "type");
        if (type == LinalgKernels.class) {
            if (linalg == null) {
                linalg = Optional.of(new CpuLinalg(this));
            }
            @SuppressWarnings("unchecked") // the one extension: its Optional is of the type asked for
            Optional<T> kernels = (Optional<T>) linalg;
            return kernels;
        }
        return Optional.empty();
    }

    @Override
    public ChildExecution childExecution() {
        requireLive("childExecution");
        return new ChildHandle(engine, resources.gate, resources.gate.issue());
    }

    @Override
    public Placement placement() {
        requireLive("placement");
        return Placement.HOST;
    }

    @Override
    public <T> T sessionLocal(Object key, Supplier<T> create) {
        requireLive("sessionLocal");
        return resources.locals.get(key, create);
    }

    @Override
    public void transferInto(TensorRead src, TensorWrite out) {
        requireLive("transferInto");
        StructuralKernels.transferInto(this, src, out);
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        requireLive("allocate");
        return resources.buffers.allocate(dtype, shape);
    }

    @Override
    public void reclaim(Tensor tensor) {
        requireLive("reclaim");
        resources.buffers.reclaim(tensor);
    }

    // ------------------------------------------------------------------ kernel hooks

    @Override
    public void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        requireLive("binaryInto");
        if (Widening.binaryInto(this, op, lhs, rhs, out)) {
            return;
        }
        ElementwiseKernels.binaryInto(this, op, lhs, rhs, out);
    }

    @Override
    public void unaryInto(UnaryOp op, TensorRead x, TensorWrite out) {
        requireLive("unaryInto");
        if (Widening.unaryInto(this, op, x, out)) {
            return;
        }
        ElementwiseKernels.unaryInto(this, op, x, out);
    }

    @Override
    public void compareInto(CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        requireLive("compareInto");
        ElementwiseKernels.compareInto(this, op, lhs, rhs, out);
    }

    @Override
    public void selectInto(TensorRead predicate, TensorRead onTrue, TensorRead onFalse, TensorWrite out) {
        requireLive("selectInto");
        ElementwiseKernels.selectInto(this, predicate, onTrue, onFalse, out);
    }

    @Override
    public void copyInto(TensorRead src, TensorWrite out) {
        requireLive("copyInto");
        StructuralKernels.copyInto(this, src, out);
    }

    @Override
    public void castInto(TensorRead src, TensorWrite out) {
        requireLive("castInto");
        StructuralKernels.castInto(this, src, out);
    }

    @Override
    public void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        requireLive("reduceInto");
        if (Widening.reduceInto(this, op, x, axes, out)) {
            return;
        }
        ReductionKernels.reduceInto(this, op, x, axes, out);
    }

    @Override
    public void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig config, TensorWrite out) {
        requireLive("gatherInto");
        IndexingKernels.gatherInto(this, operand, startIndices, config, out);
    }

    @Override
    public void scatterInto(TensorRead operand, TensorRead scatterIndices, TensorRead updates, ScatterConfig config,
            TensorWrite out) {
        requireLive("scatterInto");
        IndexingKernels.scatterInto(this, operand, scatterIndices, updates, config, out);
    }

    @Override
    public void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            Accumulation accumulation, TensorWrite out) {
        requireLive("dotGeneralAccumulate");
        ContractionKernels.dotGeneralAccumulate(this, lhs, rhs, config, accumulation, out);
    }

    /** The allocating form without its default's per-call analysis (see {@link ContractionKernels#dotGeneral}). */
    @Override
    public Tensor dotGeneral(TensorRead lhs, TensorRead rhs, DotGeneralConfig config) {
        requireLive("dotGeneral");
        return ContractionKernels.dotGeneral(this, resources.buffers, lhs, rhs, config);
    }

    /** The CPU provider's prepared form: a plan compiled now (see {@link ContractionKernels#prepare}). */
    @Override
    public PreparedContraction prepareDotGeneral(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            TensorWrite out) {
        requireLive("prepareDotGeneral");
        return ContractionKernels.prepare(this, lhs, rhs, config, out);
    }

    // ------------------------------------------------------------------ kernel context

    @Override
    public IndexedPlanCache indexedPlans() {
        requireLive("indexedPlans");
        return resources.indexedPlans;
    }

    @Override
    public ContractionPlanCache contractionPlans() {
        requireLive("contractionPlans");
        return resources.contractionPlans;
    }

    @Override
    public ParallelRunner parallel() {
        requireLive("parallel");
        return child ? engine.childRunner() : engine.runner();
    }

    @Override
    public GemmRoute gemmRoute() {
        return engine.gemmRoute();
    }

    @Override
    public LinalgWorkspace linalgWorkspace() {
        requireLive("linalg");
        return resources.linalg;
    }

    @Override
    public LinalgRoute linalgRoute() {
        return engine.linalgRoute();
    }

    /** Unchecked like {@link #gemmRoute()}: kernels reach it only from a hook that checked liveness. */
    @Override
    public LayoutScratch layouts() {
        return resources.layouts;
    }

    @Override
    public String toString() {
        return (child ? "child session view of " : "session view of ") + engine.describe();
    }
}
