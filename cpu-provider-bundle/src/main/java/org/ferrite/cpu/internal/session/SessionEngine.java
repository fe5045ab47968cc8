package org.ferrite.cpu.internal.session;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ForkJoinWorkerThread;
import org.ferrite.api.error.SessionCloseException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.admission.OwnerClaim;
import org.ferrite.cpu.internal.affinity.AffinityControl;
import org.ferrite.cpu.internal.affinity.AffinityException;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.internal.events.EntryCounters;
import org.ferrite.cpu.internal.events.SessionEvents;
import org.ferrite.cpu.internal.kernel.ParallelRunner;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;
import org.ferrite.cpu.internal.pool.BufferPool;
import org.ferrite.cpu.internal.worker.CpuWorkerThread;
import org.ferrite.cpu.internal.worker.InlineRunner;
import org.ferrite.cpu.internal.worker.WorkerPool;

/**
 * The session machinery of one CPU backend: admission, the resource slot, affinity narrowing, the
 * owner marker, release, management and the lazy worker pool. {@code CpuBackend} and
 * {@code CpuHeldSession} are thin public faces over it.
 *
 * <p><b>Entry</b> (scoped and held alike): reentry check against the thread's owner marker (before
 * anything that can block) → admission permit from the arbiter → resources checked out of the slot
 * → caller affinity narrowed (only if the CPU set is narrower than the process's) → owner marker set
 * → child gate opened. <b>Release</b>: child gate closed (waits for running children) → resources back
 * into the slot → owner marker cleared → affinity restored → permit released. Resources go back before
 * the permit, so an entry queued behind never finds the slot empty.
 *
 * <p>Thread-safe. Lifetime: the backend's; {@link #close()} refuses later entries and stops the pool.
 *
 * <pre>
 * Implementation notes.
 * Sessions take the resources out of the slot (ResourceSlot) only while holding the permit, so two
 * sessions never race for them. No lock is held across a callback, a kernel or a join; poolLock
 * guards only the worker pool's creation and the closed flag's transition.
 * </pre>
 */
public final class SessionEngine {
    private static final System.Logger LOG = System.getLogger("org.ferrite.cpu.session");
    /** Each child entry's private buffer pool retains at most this much. */
    static final long CHILD_POOL_LIMIT_BYTES = 8L << 20;

    private final EngineSettings settings;
    private final CpuMask cpus;
    private final AdmissionArbiter arbiter;
    private final AffinityControl affinity;
    private final boolean narrowCaller;
    private final long[] domainMask;
    private final String description;
    private final EntryCounters counters = new EntryCounters();
    private final OwnerClaim scopedClaim;
    private final Object poolLock = new Object();
    private final LeakGuards.Slot leakSlot;
    private final ResourceSlot slot;
    private volatile WorkerPool pool;
    private volatile boolean closed;

    /** @param settings the validated configuration */
    public SessionEngine(EngineSettings settings) {
        this.settings = settings;
        this.cpus = settings.cpus();
        this.arbiter = settings.arbiter();
        this.affinity = settings.affinity();
        boolean narrower = affinity.isSupported() && !cpus.containsAll(affinity.processCpus());
        this.narrowCaller = settings.pinCaller() && narrower;
        this.domainMask = narrower ? maskWords(cpus, affinity.newMaskBuffer().length) : null;
        this.description = "cpu backend on CPUs " + cpus + " (" + settings.threads() + " thread"
                + (settings.threads() == 1 ? "" : "s") + ")";
        this.scopedClaim = new ScopedClaim(this);
        this.slot = new ResourceSlot(new EngineResources(this, new BufferPool(settings.bufferPoolLimitBytes()),
                new IndexedPlanCache(settings.planCacheMaxEntries(), settings.planCacheMaxBytes()), false),
                description);
        this.leakSlot = LeakGuards.register(this);
    }

    private static long[] maskWords(CpuMask mask, int length) {
        long[] words = new long[Math.max(length, mask.wordCount())];
        for (int i = 0; i < mask.wordCount(); i++) {
            words[i] = mask.word(i);
        }
        return words;
    }

    // ------------------------------------------------------------------ scoped entry

    /**
     * Scoped entry: admission (waiting FIFO), {@code work} with the session view, release.
     *
     * @param work the callback
     * @param <R> its result type
     * @return what it returned
     */
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        ExecutionOwner owner = ExecutionOwner.current();
        OwnerClaim inside = owner.overlapping(cpus);
        if (inside != null) {
            counters.reentryRejected();
            throw EntryErrors.reentered("withSession", inside);
        }
        if (closed) {
            throw EntryErrors.backendClosed("withSession", this);
        }
        if (!arbiter.tryAcquireFast(cpus)) {
            long waited = admitSlow("withSession", owner, Long.MAX_VALUE, false);
            if (waited > 0) {
                SessionEvents.opened(description, cpus, "scoped", waited);
            }
        }
        EngineResources resources = checkOut("withSession");
        boolean narrowed = narrowCaller && narrow("withSession", resources);
        owner.push(scopedClaim);
        resources.gate.open();
        counters.scopedEntered();
        Throwable failure = null;
        try {
            return resources.view.run(work);
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            SessionCloseException restore = release(resources, owner, scopedClaim, narrowed);
            if (restore != null) {
                if (failure != null) {
                    failure.addSuppressed(restore);
                } else {
                    throw restore;
                }
            }
        }
    }

    // ------------------------------------------------------------------ held entry

    /**
     * Held entry.
     *
     * @param op the entry's name for messages
     * @param timeoutNanos the longest wait; {@code Long.MAX_VALUE} for none; 0 or less never waits
     * @param emptyIfBusy return {@code null} instead of throwing when not admitted without a wait
     * @return the session's state, or {@code null} (only with {@code emptyIfBusy})
     */
    public HeldState openHeld(String op, long timeoutNanos, boolean emptyIfBusy) {
        ExecutionOwner owner = ExecutionOwner.current();
        OwnerClaim inside = owner.overlapping(cpus);
        if (inside != null) {
            counters.reentryRejected();
            throw EntryErrors.reentered(op, inside);
        }
        if (closed) {
            throw EntryErrors.backendClosed(op, this);
        }
        long waited = 0;
        if (!arbiter.tryAcquireFast(cpus)) {
            waited = admitSlow(op, owner, timeoutNanos, emptyIfBusy);
            if (waited < 0) {
                return null;
            }
        }
        EngineResources resources = checkOut(op);
        boolean narrowed = narrowCaller && narrow(op, resources);
        HeldState state = new HeldState(this, resources, owner, Thread.currentThread(), narrowed,
                settings.leakDetection() ? new Throwable("held session opened here") : null);
        owner.push(state);
        resources.gate.open();
        counters.heldOpened();
        SessionEvents.opened(description, cpus, "held", waited);
        return state;
    }

    void watch(Object handle, HeldState state) {
        leakSlot.watch(handle, state);
    }

    SessionCloseException releaseHeld(HeldState state, ExecutionOwner owner) {
        leakSlot.clear();
        SessionCloseException failure = release(state.resources, owner, state, state.narrowed);
        SessionEvents.closed(description, cpus, false, failure != null);
        return failure;
    }

    void releaseLeaked(HeldState state) {
        EngineResources resources = state.resources;
        resources.gate.close(true);
        returnResources(resources);
        // The owner marker is thread-local to the opener: state.isReleased() now makes it stale, and
        // the opener prunes it at its next entry. The opener's affinity can only be set on that thread.
        arbiter.release(cpus);
        counters.leaked();
        SessionEvents.closed(description, cpus, true, false);
        String message = "a held session of the " + description + " opened by thread '" + state.owner.getName()
                + "' was never closed and became unreachable; the cleaner released it"
                + (state.narrowed ? " (that thread keeps its narrowed CPU affinity)" : "")
                + ". Close held sessions with try-with-resources.";
        if (state.openSite != null) {
            LOG.log(System.Logger.Level.WARNING, message + " It was opened at:", state.openSite);
        } else {
            LOG.log(System.Logger.Level.WARNING, message + " Run with -Dferrite.leakDetection=true to log where"
                    + " it was opened.");
        }
    }

    // ------------------------------------------------------------------ admission steps

    /**
     * The contended path of admission.
     *
     * @return nanoseconds waited (0 if admitted without queueing); -1 if not admitted and
     *     {@code emptyIfBusy}
     */
    private long admitSlow(String op, ExecutionOwner owner, long timeoutNanos, boolean emptyIfBusy) {
        Thread current = Thread.currentThread();
        boolean mustNotWait = owner.mustNotWait() || current instanceof CpuWorkerThread;
        long timeout = mustNotWait ? 0 : timeoutNanos;
        boolean managed = current instanceof ForkJoinWorkerThread;
        long start = System.nanoTime();
        int outcome;
        try {
            outcome = arbiter.acquire(cpus, timeout, managed);
        } catch (InterruptedException e) {
            current.interrupt();
            long waited = System.nanoTime() - start;
            counters.contended();
            SessionEvents.rejected(description, cpus, op, "interrupted", waited);
            throw new SessionEntryException.Contended(op, "thread '" + current.getName() + "' was interrupted"
                    + " while waiting for CPUs " + cpus + "; it left the queue and its interrupt status is set", e);
        }
        long waited = System.nanoTime() - start;
        if (outcome == AdmissionArbiter.ADMITTED_AFTER_WAIT) {
            counters.waited();
            return Math.max(1, waited);
        }
        if (outcome == AdmissionArbiter.ADMITTED) {
            return 0;
        }
        counters.contended();
        if (mustNotWait) {
            SessionEvents.rejected(description, cpus, op, "must not wait", waited);
            throw new SessionEntryException.Contended(op, "CPUs " + cpus + " are busy and thread '"
                    + current.getName() + "' must not wait for them: it is a worker of a Ferrite CPU pool or a"
                    + " phase lane, and its waiting could deadlock the work it serves. Run the work through the"
                    + " session that owns the pool, or from another thread", null);
        }
        if (emptyIfBusy) {
            SessionEvents.rejected(description, cpus, op, "try", waited);
            return -1;
        }
        SessionEvents.rejected(description, cpus, op, "timeout", waited);
        throw new SessionEntryException.Contended(op, "CPUs " + cpus + " were not admitted within "
                + Duration.ofNanos(Math.max(0, timeoutNanos)) + " (another session holds or awaits them); wait"
                + " longer, or retry later", null);
    }

    private EngineResources checkOut(String op) {
        EngineResources resources = slot.checkOut();
        if (resources == null) {
            arbiter.release(cpus);
            throw new SessionEntryException.ResourcePoisoned(op, "the engine resources of the " + description
                    + " are missing although this entry holds the permit; the backend is unusable, build a"
                    + " new one", null);
        }
        return resources;
    }

    private void returnResources(EngineResources resources) {
        slot.giveBack(resources);
    }

    private boolean narrow(String op, EngineResources resources) {
        long[] saved = resources.savedAffinity;
        if (saved == null) {
            saved = affinity.newMaskBuffer();
            resources.savedAffinity = saved;
        }
        try {
            affinity.read(saved);
            affinity.write(domainMask);
            return true;
        } catch (AffinityException e) {
            returnResources(resources);
            arbiter.release(cpus);
            throw new SessionEntryException.ExecutorFailure(op, "could not narrow the CPU affinity of thread '"
                    + Thread.currentThread().getName() + "' to CPUs " + cpus + " (" + e.getMessage()
                    + "); build the backend with pinCaller(false) to use the CPU set as advisory", e);
        }
    }

    /** Release in the documented order; returns the affinity-restore failure, if any. */
    private SessionCloseException release(EngineResources resources, ExecutionOwner owner, OwnerClaim claim,
            boolean narrowed) {
        resources.gate.close(false);
        long[] saved = resources.savedAffinity;
        returnResources(resources);
        owner.remove(claim);
        SessionCloseException failure = null;
        if (narrowed) {
            try {
                affinity.write(saved);
            } catch (AffinityException e) {
                failure = new SessionCloseException("could not restore the CPU affinity of thread '"
                        + Thread.currentThread().getName() + "' after a session on CPUs " + cpus + " ("
                        + e.getMessage() + "); resources and permit were released, the thread may stay on CPUs "
                        + cpus, e);
            }
        }
        arbiter.release(cpus);
        return failure;
    }

    // ------------------------------------------------------------------ children and runners

    EngineResources newChildResources() {
        return new EngineResources(this, new BufferPool(Math.min(CHILD_POOL_LIMIT_BYTES,
                settings.bufferPoolLimitBytes())), new IndexedPlanCache(settings.planCacheMaxEntries(),
                settings.planCacheMaxBytes()), true);
    }

    /** @return the runner of root sessions: inline for a budget of 1, else the (lazy) worker pool */
    public ParallelRunner runner() {
        WorkerPool current = workerPool();
        return current != null ? current : InlineRunner.INSTANCE;
    }

    /**
     * The backend's own worker pool, which root kernels and phase lanes share (one at a time: both are
     * driven by the holder of the permit).
     *
     * @return the pool, created on first use; {@code null} for a budget of 1, or if the backend was
     *     closed before the pool was created (a pool created earlier is returned, shut down)
     */
    public WorkerPool workerPool() {
        if (settings.threads() == 1) {
            return null;
        }
        WorkerPool current = pool;
        if (current != null) {
            return current;
        }
        synchronized (poolLock) {
            if (pool == null && !closed) {
                pool = new WorkerPool(cpus.toString(), settings.threads(), domainMask, affinity);
            }
            return pool;
        }
    }

    /** @return the runner of child executions (inline: they run on an enclosing pool's worker) */
    ParallelRunner childRunner() {
        return InlineRunner.INSTANCE;
    }

    /** @return the worker pool if it was created, else {@code null} */
    public WorkerPool workerPoolIfStarted() {
        return pool;
    }

    // ------------------------------------------------------------------ management

    /** @return the resource slot, whose management calls fail fast while a session has the resources */
    public ResourceSlot resources() {
        return slot;
    }

    // ------------------------------------------------------------------ accessors and close

    /** @return the CPU set */
    public CpuMask cpus() {
        return cpus;
    }

    /** @return the configuration */
    public EngineSettings settings() {
        return settings;
    }

    /** @return the GEMM route */
    public GemmRoute gemmRoute() {
        return settings.gemmRoute();
    }

    /** @return the linear-algebra route */
    public LinalgRoute linalgRoute() {
        return settings.linalgRoute();
    }

    /** @return the counters */
    public EntryCounters counters() {
        return counters;
    }

    /** @return e.g. "cpu backend on CPUs 0-3 (4 threads)" */
    public String describe() {
        return description;
    }

    /** @return true after {@link #close()} */
    public boolean isClosed() {
        return closed;
    }

    /** Refuses later entries and stops the worker pool (sessions already open keep working, inline). */
    public void close() {
        WorkerPool stopping;
        synchronized (poolLock) {
            if (closed) {
                return;
            }
            closed = true;
            stopping = pool;
        }
        leakSlot.retire();
        if (stopping != null) {
            stopping.shutdown();
        }
    }

    /** The owner-marker claim of scoped entries: never stale (removed in a finally block). */
    private static final class ScopedClaim implements OwnerClaim {
        private final SessionEngine engine;

        ScopedClaim(SessionEngine engine) {
            this.engine = engine;
        }

        @Override
        public CpuMask cpus() {
            return engine.cpus;
        }

        @Override
        public boolean isReleased() {
            return false;
        }

        @Override
        public String describe() {
            return "a scoped session of the " + engine.description;
        }
    }
}
