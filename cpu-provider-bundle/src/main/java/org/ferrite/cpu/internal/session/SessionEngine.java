package org.ferrite.cpu.internal.session;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.Function;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.affinity.AffinityControl;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.internal.events.EntryCounters;
import org.ferrite.cpu.internal.events.SessionEvents;
import org.ferrite.cpu.internal.worker.ParallelRunner;
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
 * <p>Every entry — scoped, held, child and lane — goes through one {@link Entry}, which owns the
 * entry steps (reentry check → permit → resources checked out → caller affinity narrowed → owner
 * marker set → child gate opened) and their release (child gate closed, waiting for running children
 * → resources back → owner marker cleared → affinity restored → permit released). Resources go back
 * before the permit, so an entry queued behind never finds the slot empty.
 *
 * <p><b>Close</b>: {@link #close()} refuses every later entry (an entry that raced it and took the
 * permit re-checks after its checkout and is refused too); a session already open keeps running its
 * current callback; the resources, the child pool and the worker pool are released when the last
 * session has left ({@link #retireIfClosed()}).
 *
 * <p>Thread-safe. Lifetime: the backend's.
 *
 * <pre>
 * Implementation notes.
 * Sessions take the root resources out of the slot (ResourceSlot) only while holding the permit, so
 * two sessions never race for them. No lock is held across a callback, a kernel or a join; poolLock
 * guards only the worker pool's creation and the closed flag's transition. Retirement is a CAS of the
 * slot from the idle resources to RETIRED, tried by close() and by every release after close, so
 * exactly one of them retires, whichever runs last (close writes closed, then tries; a release gives
 * the resources back, then reads closed and tries).
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
    private final Object poolLock = new Object();
    private final LeakGuards.Slot leakSlot;
    private final ResourceSlot slot;
    private final ChildResources children;
    private final Entry root;
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
        EngineResources rootResources = new EngineResources(this, new BufferPool(settings.bufferPoolLimitBytes()),
                new IndexedPlanCache(settings.planCacheMaxEntries(), settings.planCacheMaxBytes()), false);
        this.root = rootResources.entry;
        this.slot = new ResourceSlot(rootResources, description);
        this.children = new ChildResources(this, Math.max(2, settings.threads()));
        this.leakSlot = LeakGuards.register(this);
        Holders.register(root);
    }

    private static long[] maskWords(CpuMask mask, int length) {
        long[] words = new long[Math.max(length, mask.wordCount())];
        for (int i = 0; i < mask.wordCount(); i++) {
            words[i] = mask.word(i);
        }
        return words;
    }

    // ------------------------------------------------------------------ entries

    /**
     * Scoped entry: admission (waiting FIFO), {@code work} with the session view, release.
     *
     * @param work the callback
     * @param <R> its result type
     * @return what it returned
     */
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        return root.runScoped(work);
    }

    /**
     * Held entry.
     *
     * @param op the entry's name for messages
     * @param timeoutNanos the longest wait; {@code Long.MAX_VALUE} for none; 0 or less never waits
     * @param emptyIfBusy return {@code null} instead of throwing when not admitted without a wait
     * @param handleFactory makes the public handle, which makes the session's state through the
     *     opening it is given ({@link HeldState.Opening#stateFor}); called once admitted
     * @param <T> the handle's type
     * @return the handle, or {@code null} (only with {@code emptyIfBusy})
     */
    public <T> T openHeld(String op, long timeoutNanos, boolean emptyIfBusy,
            Function<HeldState.Opening, T> handleFactory) {
        return root.openHeld(op, timeoutNanos, emptyIfBusy, handleFactory);
    }

    void watch(HeldState state) {
        leakSlot.watch(state);
    }

    /** @return this engine's leak-guard slot */
    LeakGuards.Slot leakSlot() {
        return leakSlot;
    }

    void unwatch() {
        leakSlot.clear();
    }

    void reportLeak(HeldState state) {
        counters.leaked();
        String message = "a held session of the " + description + " opened by thread '" + state.owner.getName()
                + "' was never closed and became unreachable; the cleaner released it"
                + (narrowCaller ? " (that thread keeps its narrowed CPU affinity until its next session ends)" : "")
                + ". Close held sessions with try-with-resources.";
        if (state.openSite != null) {
            LOG.log(System.Logger.Level.WARNING, message + " It was opened at:", state.openSite);
        } else {
            LOG.log(System.Logger.Level.WARNING, message + " Run with -Dferrite.leakDetection=true to log where"
                    + " it was opened.");
        }
    }

    /**
     * The contended path of admission. A thread that runs inside any session never waits here (no
     * hold-and-wait): it is admitted if the CPUs are free, else refused as contended.
     *
     * @return nanoseconds waited (0 if admitted without queueing); -1 if not admitted and
     *     {@code emptyIfBusy}
     */
    long admitSlow(String op, Object[] owner, long timeoutNanos, boolean emptyIfBusy) {
        Thread current = Thread.currentThread();
        boolean holdsPermit = !ExecutionOwner.isIdle(owner);
        boolean mustNotWait = holdsPermit || ExecutionOwner.mustNotWait(owner) || current instanceof CpuWorkerThread;
        long timeout = mustNotWait ? 0 : timeoutNanos;
        boolean managed = current instanceof ForkJoinWorkerThread;
        if (timeout > 0) {
            Holders.observe(cpus); // the holder's time is measured from here, at the latest
        }
        long start = System.nanoTime();
        int outcome;
        try {
            outcome = arbiter.acquire(cpus, timeout, managed, RESCUE, settings.longWaitWarningNanos(),
                    timeout == Long.MAX_VALUE ? () -> warnLongWait(op, current) : null);
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
        if (emptyIfBusy) {
            SessionEvents.rejected(description, cpus, op, "try", waited);
            return -1;
        }
        if (mustNotWait) {
            SessionEvents.rejected(description, cpus, op, "must not wait", waited);
            throw new SessionEntryException.Contended(op, "CPUs " + cpus + " are busy (" + Holders.describe(cpus)
                    + ") and thread '" + current.getName() + "' must not wait for them: " + (holdsPermit
                    ? "it already runs inside a session, and a thread that holds a permit never waits for another"
                    + " (no hold-and-wait, so no deadlock). Enter the other backend before this session, or"
                    + " retry" : "it is a worker of a Ferrite CPU pool or a phase lane, and its waiting could"
                    + " deadlock the work it serves. Run the work through the session that owns the pool, or"
                    + " from another thread"), null);
        }
        SessionEvents.rejected(description, cpus, op, "timeout", waited);
        throw new SessionEntryException.Contended(op, "CPUs " + cpus + " were not admitted within "
                + Duration.ofNanos(Math.max(0, timeoutNanos)) + ": " + Holders.describe(cpus) + " (or an entry"
                + " queued earlier awaits them); wait longer, or retry later", null);
    }

    /** The once-per-wait log of an entry that waits without bound (run by the arbiter's waiter). */
    private void warnLongWait(String op, Thread waiter) {
        LOG.log(System.Logger.Level.WARNING, "thread ''{0}'' has waited {1} s in {2} for CPUs {3} of the {4}: {5}."
                + " It keeps waiting, first come first served; close that session, or enter with"
                + " openSession(Duration) to give up after a bound. (Logged once per wait, after"
                + " CpuBackend.Builder.longWaitWarning, default 10 s.)", waiter.getName(),
                String.format(java.util.Locale.ROOT, "%.1f", settings.longWaitWarningNanos() / 1e9), op, cpus,
                description, Holders.describe(cpus));
    }

    /** What admission waiters run at each periodic check: completes stranded releases. */
    private static final Runnable RESCUE = Entry::rescueStrandedWithoutWaiting;

    // ------------------------------------------------------------------ children and runners

    /** @return the pool of child resources */
    ChildResources children() {
        return children;
    }

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

    /**
     * Refuses later entries; the worker pool and the buffers are released once no session has the
     * resources (at once if none has them, else when the last one leaves). Idempotent; a repeated call
     * retries a release that an error cut short.
     */
    public void close() {
        synchronized (poolLock) {
            closed = true;
        }
        retireIfClosed();
    }

    /** After close: if no session has the resources, retires them and stops the worker pool. */
    void retireIfClosed() {
        if (!closed) {
            return;
        }
        EngineResources retired = slot.retire();
        if (retired == null) {
            return; // a session has them (it retires at its end), or already retired
        }
        retired.buffers.clear();
        children.clear();
        WorkerPool stopping;
        synchronized (poolLock) {
            stopping = pool;
        }
        if (stopping != null) {
            stopping.shutdown();
        }
        leakSlot.retire();
    }

    // ------------------------------------------------------------------ accessors for entries

    /** @return the arbiter */
    AdmissionArbiter arbiter() {
        return arbiter;
    }

    /** @return the affinity control */
    AffinityControl affinity() {
        return affinity;
    }

    /** @return true if sessions narrow their caller's affinity */
    boolean narrowCaller() {
        return narrowCaller;
    }

    /** @return the domain as a mask of the control's buffer length (null if nothing to narrow) */
    long[] domainMask() {
        return domainMask;
    }

    /** @return true once the backend closed and its last session left (for tests) */
    public boolean isRetiredForTests() {
        return slot.isRetired();
    }
}
