package org.ferrite.cpu.internal.session;

import org.ferrite.cpu.internal.contract.ContractionPlanCache;
import org.ferrite.cpu.internal.kernel.stride.LayoutScratch;
import org.ferrite.cpu.internal.linalg.LinalgWorkspace;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;
import org.ferrite.cpu.internal.plan.SessionLocals;
import org.ferrite.cpu.internal.pool.BufferPool;

/**
 * The reusable state one session works with: buffer pool, plan caches, the kernels' traversal
 * layouts, the linear-algebra workspace, the values of {@code sessionLocal}, the child gate, the session
 * view that exposes them, and the {@link Entry} through which a session takes and gives them back.
 * Checked out by value: exactly one holder at a time (the backend's slot or the child pool, one
 * session, or one management call).
 *
 * <p>Not thread-safe; ownership is handed over through the slot's or the pool's atomic swap.
 * Lifetime: the backend's (root resources) or as long as the child pool keeps them.
 */
final class EngineResources {
    final BufferPool buffers;
    final IndexedPlanCache indexedPlans;
    final ContractionPlanCache contractionPlans;
    /** The kernels' reusable layouts (kept here, not in a thread-local: no provider class is pinned by a thread). */
    final LayoutScratch layouts = new LayoutScratch();
    /** The values of {@code BackendSession.sessionLocal}; a child's resources have their own. */
    final SessionLocals locals = new SessionLocals();
    /** The linear-algebra workspace (dense, native and small tiers); a child's resources have their own. */
    final LinalgWorkspace linalg;
    final ChildGate gate = new ChildGate();
    final Entry entry;

    EngineResources(SessionEngine engine, BufferPool buffers, IndexedPlanCache indexedPlans, boolean child) {
        this.buffers = buffers;
        this.indexedPlans = indexedPlans;
        this.contractionPlans = new ContractionPlanCache();
        this.linalg = new LinalgWorkspace(child ? 1 : engine.settings().threads());
        this.entry = new Entry(engine, this, child);
    }
}
