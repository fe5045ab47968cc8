package org.ferrite.cpu.internal.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Reference;
import java.util.function.Function;
import org.ferrite.api.error.SessionCloseException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.admission.OwnerClaim;
import org.ferrite.cpu.internal.affinity.AffinityException;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.internal.events.SessionEvents;

/**
 * The one way into and out of a session, for every kind of entry: scoped and held root entries
 * ({@link #runScoped}, {@link #openHeld}) and child and phase-lane entries ({@link #runChild}). It owns
 * the entry steps — reentry check → permit (root) or parent gate (child) → resource checkout →
 * affinity narrowing (root) → owner mark → child gate — and their release in the documented order:
 * child gate closed (waits for children) → resources back (root) → owner mark removed → affinity
 * restored → permit released; for a child: child gate → owner mark → parent gate → resources back.
 *
 * <p>One entry object belongs to one {@link EngineResources} (the backend's root resources, or one
 * pooled child resources object) and serves every session that checks them out; it is also the claim
 * a thread's owner marker records, with the generation of that use.
 *
 * <p>Thread-safe in its protocol: its per-use fields are written only by the thread that holds the
 * permit (root) or has checked the child resources out, and read by a releaser on another thread only
 * after a hand-over (the cleaner of a leaked session, or a thread completing a stranded release, which
 * takes the entry from a monitor-guarded list). One exception: a root entry reads {@code marker}
 * before it holds the permit, to skip the thread-local lookup when the last user was the same thread;
 * a marker names its thread, so a racy read is checked ({@code ExecutionOwner.current(Object[])}).
 * Lifetime: that of its resources.
 *
 * <pre>
 * Implementation notes.
 * progress records which steps are done (bits below), written with plain stores right after the step
 * returns. Every step is failure-atomic (it throws only before its effect, as the arbiter's release,
 * the slot's CASes, the marker's push and remove, and the gates are written to be), and a
 * StackOverflowError is thrown only at a call, so progress is exact at every point where an error can
 * arrive. On a failure the entry releases what progress records; if that release fails too (the stack
 * is still exhausted), the entry is "stranded": pushed, without any call, onto a monitor-guarded list.
 * Any later entry (a volatile read of strandedPending), every admission waiter at each recheck, and
 * every closer waiting for children complete stranded releases — except the steps confined to the
 * entry's own thread (its owner mark goes stale with the generation; its affinity is recomputed when
 * that thread's next session ends).
 * generation is odd while a session uses this entry, even otherwise; an owner-mark claim is live
 * only while generation equals the generation it was pushed with. It is written with release stores
 * and read with acquiring loads by threads other than the entry's user (claim checks, the cleaner);
 * the user itself reads it plainly: its last writer was this user, or a releaser that wrote it before
 * releasing the permit this user then acquired. So the entry path has no fence and no volatile load
 * here, and a stale acquiring read only delays pruning a claim that another thread made stale.
 * After the root permit is released nothing of this object may be touched: the next permit holder
 * owns it. A child's resources are given back last for the same reason.
 * </pre>
 */
final class Entry implements OwnerClaim {
    private static final int PERMIT = 1;
    private static final int CHECKED_OUT = 2;
    private static final int PARENT = 4;
    private static final int NARROWED = 8;
    private static final int MARKED = 16;
    /** releaseSteps result: children are still inside and the releaser may not wait. */
    private static final Object NOT_DRAINED = new Object();
    /** closeHeld result: another caller released the session first. */
    static final Object NOT_CLAIMED = new Object();
    private static final VarHandle GENERATION;

    static {
        try {
            GENERATION = MethodHandles.lookup().findVarHandle(Entry.class, "generation", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static final Object STRANDED_LOCK = new Object();
    // Guarded by STRANDED_LOCK.
    static Entry strandedHead;
    static volatile boolean strandedPending;

    final SessionEngine engine;
    final EngineResources resources;
    final boolean child;
    /** Written with release stores; read plainly by the user holding the entry, acquiring by others. */
    private long generation;
    private int progress;
    private Object[] marker;
    private long markedGeneration;
    private String kind = "a session";
    private ChildGate parentGate;
    // Guarded by STRANDED_LOCK.
    Entry strandedNext;
    // Guarded by Holders' lock, used only by entries that wait or are refused: the generation last seen
    // holding the CPUs, and when it was first seen (the uncontended path reads no clock).
    private long observedGeneration = -1;
    private long observedSince;

    Entry(SessionEngine engine, EngineResources resources, boolean child) {
        this.engine = engine;
        this.resources = resources;
        this.child = child;
    }

    // ------------------------------------------------------------------ root entries

    /**
     * Scoped entry: admission (waiting FIFO), {@code work} with the session view, release.
     *
     * @param work the callback
     * @param <R> its result type
     * @return what it returned
     */
    <R> R runScoped(SessionFunction<R> work) {
        long waited = enterRoot("withSession", Long.MAX_VALUE, false, "a scoped session");
        if (waited > 0) {
            SessionEvents.opened(engine.describe(), engine.cpus(), "scoped", waited);
        }
        engine.counters().scopedEntered();
        Throwable failure = null;
        try {
            return new SessionView(engine, resources, child).run(work); // a view per session (SessionView)
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            Object outcome;
            try {
                outcome = releaseSteps(true, true);
            } catch (Throwable cut) {
                synchronized (STRANDED_LOCK) { // stranded, without a call
                    strandedNext = strandedHead;
                    strandedHead = this;
                }
                strandedPending = true;
                throw cut;
            }
            engine.retireIfClosed();
            if (outcome instanceof SessionCloseException) {
                if (failure != null) {
                    failure.addSuppressed((SessionCloseException) outcome);
                } else {
                    throw (SessionCloseException) outcome;
                }
            }
        }
    }

    /**
     * Held entry.
     *
     * @param op the entry's name for messages
     * @param timeoutNanos the longest wait; {@code Long.MAX_VALUE} for none; 0 or less never waits
     * @param emptyIfBusy return {@code null} instead of throwing when not admitted without a wait
     * @param handleFactory makes the public handle, which makes its state with the opening it is given
     *     (called once admitted: a failure in it releases the admission)
     * @param <T> the handle's type
     * @return the handle, watched by the leak guard; {@code null} only with {@code emptyIfBusy}
     */
    <T> T openHeld(String op, long timeoutNanos, boolean emptyIfBusy, Function<HeldState.Opening, T> handleFactory) {
        long waited = enterRoot(op, timeoutNanos, emptyIfBusy, "a held session");
        if (waited < 0) {
            return null;
        }
        T handle;
        try {
            // a failure here releases what was taken
            HeldState.Opening opening = new HeldState.Opening(this);
            handle = handleFactory.apply(opening);
            HeldState state = opening.take();
            state.generation = markedGeneration;
            engine.watch(state);
        } catch (Throwable t) {
            try {
                releaseSteps(true, true);
            } catch (Throwable cut) {
                synchronized (STRANDED_LOCK) { // stranded, without a call
                    strandedNext = strandedHead;
                    strandedHead = this;
                }
                strandedPending = true;
            }
            throw t;
        }
        engine.counters().heldOpened();
        SessionEvents.opened(engine.describe(), engine.cpus(), "held", waited);
        Reference.reachabilityFence(handle); // watched only once the guard is in place
        return handle;
    }

    /**
     * Releases a held session once: on its owner thread ({@code confined}) or from the cleaner.
     *
     * @param state the held session's state
     * @param confined true on the owner thread (the owner mark and affinity are restored too)
     * @return the affinity-restore failure ({@link SessionCloseException}), {@code null} if released,
     *     or {@link #NOT_CLAIMED} if another caller released it first
     */
    Object closeHeld(HeldState state, boolean confined) {
        if (!state.claimRelease(confined)) {
            return NOT_CLAIMED;
        }
        Object outcome;
        try {
            if (confined) {
                engine.unwatch(); // while the permit is held: the guard is this session's, now garbage
            }
            outcome = releaseSteps(confined, true);
        } catch (Throwable cut) {
            synchronized (STRANDED_LOCK) { // stranded, without a call
                strandedNext = strandedHead;
                strandedHead = this;
            }
            strandedPending = true;
            throw cut;
        }
        engine.retireIfClosed();
        SessionEvents.closed(engine.describe(), engine.cpus(), !confined, outcome != null);
        return outcome;
    }

    /**
     * Root entry steps. Nothing of this object is touched before the permit is taken.
     *
     * @return nanoseconds waited (0 without a wait); -1 if not admitted and {@code emptyIfBusy}
     */
    private long enterRoot(String op, long timeoutNanos, boolean emptyIfBusy, String what) {
        Object[] owner = ExecutionOwner.current(marker); // read before the permit: checked, see there
        long waited = 0;
        if (!ExecutionOwner.isEmpty(owner) || engine.isClosed() || strandedPending
                || !engine.arbiter().tryAcquireFast(engine.cpus())) {
            waited = admit(op, owner, timeoutNanos, emptyIfBusy);
            if (waited < 0) {
                return -1;
            }
        }
        progress = PERMIT; // committed: this thread owns the entry until it releases the permit
        if (kind != what) {
            kind = what; // a reference store only when the kind of entry changes
        }
        try {
            if (engine.resources().checkOut() == null) {
                throw engine.isClosed() ? EntryErrors.backendClosed(op, engine) : EntryErrors.poisoned(op, engine);
            }
            progress |= CHECKED_OUT;
            if (engine.isClosed()) { // close began after the first check: no admission after close
                throw EntryErrors.backendClosed(op, engine);
            }
            mark(owner, op, engine.narrowCaller());
        } catch (Throwable t) {
            try {
                releaseSteps(true, true);
                engine.retireIfClosed();
            } catch (Throwable cut) {
                synchronized (STRANDED_LOCK) { // stranded, without a call
                    strandedNext = strandedHead;
                    strandedHead = this;
                }
                strandedPending = true;
            }
            throw t;
        }
        return waited;
    }

    /**
     * Admission off the common path (the thread is inside a session, the backend is closed, a release
     * is stranded, or the CPUs are not free at once): reentry check before any blocking step, closed
     * check, stranded releases completed, then the arbiter.
     *
     * @return nanoseconds waited (0 without a wait); -1 if not admitted and {@code emptyIfBusy}
     */
    private long admit(String op, Object[] owner, long timeoutNanos, boolean emptyIfBusy) {
        OwnerClaim inside = ExecutionOwner.overlapping(owner, engine.cpus());
        if (inside != null) {
            engine.counters().reentryRejected();
            throw EntryErrors.reentered(op, inside);
        }
        if (engine.isClosed()) {
            throw EntryErrors.backendClosed(op, engine);
        }
        if (strandedPending) {
            rescueStranded(false);
        }
        if (engine.arbiter().tryAcquireFast(engine.cpus())) {
            return 0;
        }
        return engine.admitSlow(op, owner, timeoutNanos, emptyIfBusy);
    }

    /** Narrowing (root, if configured) → owner mark → child gate; records each step. */
    private void mark(Object[] owner, String op, boolean narrow) {
        if (marker != owner) { // a reference store only when another thread uses this entry
            marker = owner;
        }
        if (narrow) {
            narrowThread(owner, op);
            progress |= NARROWED;
        }
        long g = generation + 1;
        GENERATION.setRelease(this, g);
        markedGeneration = g;
        ExecutionOwner.push(owner, this, g);
        progress |= MARKED;
        resources.gate.open(); // nothing to record: closing a gate that was not opened does nothing
    }

    private void narrowThread(Object[] owner, String op) {
        try {
            if (!ExecutionOwner.isNarrowed(owner)) {
                long[] base = ExecutionOwner.baseBuffer(owner, engine.affinity().newMaskBuffer().length);
                engine.affinity().read(base);
            }
            engine.affinity().write(engine.domainMask());
        } catch (AffinityException e) {
            throw new SessionEntryException.ExecutorFailure(op, "could not narrow the CPU affinity of thread '"
                    + Thread.currentThread().getName() + "' to CPUs " + engine.cpus() + " (" + e.getMessage()
                    + "); build the backend with pinCaller(false) to use the CPU set as advisory", e);
        }
    }

    // ------------------------------------------------------------------ child entries

    /**
     * A child (or phase-lane) entry under a parent session's admission, with pooled private resources.
     *
     * @param engine the parent's engine
     * @param parentGate the parent session's child gate
     * @param epoch the epoch the handle was issued in
     * @param onParentThread true for the inline lane on the parent's own thread (already marked)
     * @param op the entry's name for messages
     * @param work the callback, run with the child view
     * @param <R> its result type
     * @return what it returned
     */
    static <R> R runChild(SessionEngine engine, ChildGate parentGate, long epoch, boolean onParentThread, String op,
            SessionFunction<R> work) {
        Object[] owner = ExecutionOwner.current();
        if (!onParentThread) {
            OwnerClaim inside = ExecutionOwner.overlapping(owner, engine.cpus());
            if (inside != null) {
                engine.counters().reentryRejected();
                throw EntryErrors.reentered(op, inside);
            }
        }
        if (strandedPending) {
            rescueStranded(false);
        }
        EngineResources resources = engine.children().checkOut();
        Entry entry = resources.entry;
        entry.progress = CHECKED_OUT; // committed: the resources are this entry's
        try {
            entry.enterChild(owner, parentGate, epoch, onParentThread, op);
        } catch (Throwable t) {
            try {
                entry.releaseSteps(true, true);
            } catch (Throwable cut) {
                synchronized (STRANDED_LOCK) { // stranded, without a call
                    entry.strandedNext = strandedHead;
                    strandedHead = entry;
                }
                strandedPending = true;
            }
            throw t;
        }
        engine.counters().childEntered();
        try {
            return new SessionView(engine, resources, true).run(work); // a view per session (SessionView)
        } finally {
            try {
                entry.releaseSteps(true, true);
            } catch (Throwable cut) {
                synchronized (STRANDED_LOCK) { // stranded, without a call
                    entry.strandedNext = strandedHead;
                    strandedHead = entry;
                }
                strandedPending = true;
                throw cut;
            }
        }
    }

    private void enterChild(Object[] owner, ChildGate gate, long epoch, boolean onParentThread, String op) {
        parentGate = gate;
        if (!gate.enter(epoch)) {
            throw EntryErrors.parentEnded(op, engine);
        }
        progress |= PARENT;
        if (!gate.isEpoch(epoch)) {
            throw EntryErrors.parentEnded(op, engine);
        }
        if (onParentThread) {
            marker = owner;
            GENERATION.setRelease(this, generation + 1);
            resources.gate.open();
        } else {
            mark(owner, op, false);
        }
    }

    // ------------------------------------------------------------------ release

    /**
     * Releases what {@link #progress} records, in the documented order. Each step is failure-atomic
     * and recorded as done right after it returns.
     *
     * @param confined the calling thread is the entry's own (restore its owner mark and affinity)
     * @param mayWait wait for children still inside
     * @return a {@link SessionCloseException} if the affinity could not be restored, {@code null} if
     *     released, or {@link #NOT_DRAINED} if children are still inside and {@code mayWait} is false
     */
    private Object releaseSteps(boolean confined, boolean mayWait) {
        long g = confined ? generation : (long) GENERATION.getAcquire(this); // a cleaner or rescuer acquires
        if ((g & 1) != 0) {
            GENERATION.setRelease(this, g + 1); // claims of this use go stale
        }
        if (!resources.gate.close(!confined, mayWait, Entry::rescueStrandedWithoutWaiting)) {
            return NOT_DRAINED; // idempotent: closed again when the release is completed
        }
        if (child) {
            releaseChild(confined);
            return null;
        }
        if ((progress & CHECKED_OUT) != 0) {
            engine.resources().giveBack(resources);
            progress &= ~CHECKED_OUT;
        }
        if (progress == (PERMIT | MARKED) && confined) { // the common case: nothing narrowed
            ExecutionOwner.remove(marker, this, markedGeneration);
            progress = PERMIT;
            engine.arbiter().release(engine.cpus()); // last: afterwards the next permit holder owns this object
            return null;
        }
        return releaseRootRest(confined);
    }

    /** The rest of a root release: owner mark and affinity (if narrowed), then the permit. */
    private Object releaseRootRest(boolean confined) {
        long[] target = null;
        if ((progress & MARKED) != 0) {
            if (confined) {
                target = ExecutionOwner.remove(marker, this, markedGeneration);
            }
            progress &= ~MARKED;
        } else if ((progress & NARROWED) != 0 && confined) {
            target = ExecutionOwner.affinityTarget(marker);
        }
        SessionCloseException failure = null;
        if ((progress & NARROWED) != 0) {
            if (confined && target != null) {
                failure = restore(target);
            }
            progress &= ~NARROWED;
        }
        if ((progress & PERMIT) != 0) {
            engine.arbiter().release(engine.cpus()); // last: afterwards the next permit holder owns this object
        }
        return failure;
    }

    private void releaseChild(boolean confined) {
        if ((progress & MARKED) != 0) {
            if (confined) {
                ExecutionOwner.remove(marker, this, markedGeneration);
            }
            progress &= ~MARKED;
        }
        if ((progress & PARENT) != 0) {
            parentGate.exit();
            progress &= ~PARENT;
        }
        progress = 0;
        engine.children().giveBack(resources); // last: afterwards another child owns this object
    }

    private SessionCloseException restore(long[] target) {
        try {
            engine.affinity().write(target);
            return null;
        } catch (AffinityException e) {
            return new SessionCloseException("could not restore the CPU affinity of thread '"
                    + Thread.currentThread().getName() + "' after a session on CPUs " + engine.cpus() + " ("
                    + e.getMessage() + "); resources and permit were released, the thread may stay on CPUs "
                    + engine.cpus(), e);
        }
    }

    // ------------------------------------------------------------------ stranded releases

    /** Completes stranded releases without waiting for children (they stay stranded until drained). */
    static void rescueStrandedWithoutWaiting() {
        if (strandedPending) {
            rescueStranded(false);
        }
    }

    /**
     * Completes the releases that a failure (a stack overflow) cut short, except their thread-confined
     * steps (unless run on that thread).
     *
     * @param mayWait wait for children still inside a stranded session
     */
    static void rescueStranded(boolean mayWait) {
        Entry list;
        synchronized (STRANDED_LOCK) {
            list = strandedHead;
            strandedHead = null;
            strandedPending = false;
        }
        while (list != null) {
            Entry entry = list;
            list = entry.strandedNext;
            entry.strandedNext = null;
            Object outcome;
            try {
                outcome = entry.releaseSteps(entry.marker != null
                        && ExecutionOwner.owner(entry.marker) == Thread.currentThread(), mayWait);
            } catch (Throwable cut) {
                outcome = NOT_DRAINED;
            }
            if (outcome == NOT_DRAINED) {
                synchronized (STRANDED_LOCK) { // back onto the list, with the rest, without a call
                    entry.strandedNext = strandedHead;
                    strandedHead = entry;
                    while (list != null) {
                        Entry next = list.strandedNext;
                        list.strandedNext = strandedHead;
                        strandedHead = list;
                        list = next;
                    }
                }
                strandedPending = true;
                return;
            }
        }
    }

    /** @return true if a stranded release waits for completion (a snapshot, for tests) */
    static boolean anyStranded() {
        return strandedPending;
    }

    // ------------------------------------------------------------------ claim

    @Override
    public CpuMask cpus() {
        return engine.cpus();
    }

    @Override
    public boolean isLive(long pushedGeneration) {
        return (long) GENERATION.getAcquire(this) == pushedGeneration;
    }

    /** @return the generation of the current (or last) use */
    long generation() {
        return (long) GENERATION.getAcquire(this);
    }

    @Override
    public long[] narrowedTo() {
        return (progress & NARROWED) != 0 ? engine.domainMask() : null;
    }

    /** @return true while a root session uses this entry (it then holds the permit); racy, for messages */
    boolean inUse() {
        return !child && (generation() & 1) != 0;
    }

    /** @return the thread of the session using this entry, or {@code null}; racy, for messages */
    Thread holderThread() {
        Object[] m = marker;
        return m == null ? null : ExecutionOwner.owner(m);
    }

    /**
     * Called with Holders' lock held.
     *
     * @param now {@code System.nanoTime()}
     * @return how long the current use has been seen holding, at least (0 when first seen now)
     */
    long observedHolding(long now) {
        long g = generation();
        if (g != observedGeneration) {
            observedGeneration = g;
            observedSince = now;
        }
        return now - observedSince;
    }

    @Override
    public String describe() {
        return child ? "a child execution of a session on CPUs " + engine.cpus()
                : kind + " of the " + engine.describe();
    }

    @Override
    public String toString() {
        return "Entry[" + describe() + ", generation=" + generation + "]";
    }
}
