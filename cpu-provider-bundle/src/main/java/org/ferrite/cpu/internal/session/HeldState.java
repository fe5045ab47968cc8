package org.ferrite.cpu.internal.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.PhantomReference;
import org.ferrite.api.error.SessionCloseException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;

/**
 * What a held session owns, kept apart from the public handle so that the leak guard can release it
 * when the handle becomes unreachable: the engine's root {@link Entry} in the generation this session
 * uses it, the opener thread, and where it was opened (with leak detection on). It is also the leak
 * guard itself — a phantom reference to the handle, enqueued by the collector if the handle becomes
 * unreachable while the session is open ({@link LeakGuards}) — and the session's one view, so an open
 * costs three objects: the handle, this and the view.
 *
 * <p>Thread-safe: released exactly once, by its owner's {@link #closeOnOwner()} or by the leak
 * cleaner's {@link #run()}. The two never race: the cleaner runs only once the handle is unreachable,
 * and the owner closes through the handle, which keeps itself reachable until its close is done — so
 * the owner's claim is a plain check and a release store, and only the cleaner's claim is a
 * compare-and-set. Lifetime: from {@code openSession} to that release.
 */
public final class HeldState extends PhantomReference<Object> implements Runnable {
    private static final VarHandle RELEASED;

    static {
        try {
            RELEASED = MethodHandles.lookup().findVarHandle(HeldState.class, "released", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Entry entry;
    final Thread owner;
    /** The session's one view, shared by its callbacks and dead for ever once the session ends. */
    private final SessionView view;
    final Throwable openSite;
    /** The entry's generation while this session uses it; set once admitted, before the handle is out. */
    long generation = -1;
    private volatile boolean released;

    private HeldState(Object handle, Entry entry, Thread owner, Throwable openSite) {
        super(handle, LeakGuards.QUEUE);
        this.entry = entry;
        this.owner = owner;
        this.openSite = openSite;
        this.view = new SessionView(entry.engine, entry.resources, false);
    }

    /**
     * Makes the state of the held session an entry is opening, for the handle being constructed. One
     * per open, confined to the opening thread; it does not escape the open, so the JIT may keep it
     * in registers (a field of a long-lived object written here would cost a collector barrier).
     */
    public static final class Opening {
        private final Entry entry;
        /** The state made by this open, taken by the entry right after the handle is built. */
        private HeldState made;

        Opening(Entry entry) {
            this.entry = entry;
        }

        /**
         * @param handle the public handle under construction; the state watches its reachability
         * @return the session's state
         */
        public HeldState stateFor(Object handle) {
            HeldState state = new HeldState(handle, entry, Thread.currentThread(),
                    entry.engine.settings().leakDetection() ? new Throwable("held session opened here") : null);
            made = state;
            return state;
        }

        HeldState take() {
            HeldState state = made;
            made = null;
            return state;
        }
    }

    /** @return the thread that opened the session */
    public Thread owner() {
        return owner;
    }

    /** @return the engine of the backend the session belongs to */
    public SessionEngine engine() {
        return entry.engine;
    }

    /**
     * Owner thread, at the start of a phase run: lets the run's lanes enter as children of this
     * session. The session's end waits for lanes still inside, as it does for child executions.
     *
     * @return the ticket the run's lanes enter with ({@link #runLane})
     */
    public long admitLanes() {
        return entry.resources.gate.issue();
    }

    /**
     * Runs one phase lane in a child session of this held session: under its admission (no arbiter
     * step), with pooled private resources — buffer pool and plan caches — kept for the whole call, so
     * the lane reuses them across its work items (and across runs). A lane on another thread is marked
     * as inside this session's CPU set for the call, so any entry it attempts into an overlapping set is
     * reentered; the inline lane on the owner thread already carries this session's own marker. Lanes
     * count as child entries.
     *
     * @param ticket from {@link #admitLanes()} of the current run
     * @param work the lane, run with the child session's view (live for the whole call)
     * @param <R> its result type
     * @return what {@code work} returned
     * @throws SessionEntryException.Reentered if the calling thread, other than the owner, already runs
     *     inside a session of an overlapping CPU set ({@code work} did not run)
     * @throws SessionEntryException.IncompatibleContext if this session has ended ({@code work} did not
     *     run)
     */
    public <R> R runLane(long ticket, SessionFunction<R> work) {
        return Entry.runChild(entry.engine, entry.resources.gate, ticket, Thread.currentThread() == owner,
                "phase.lane", work);
    }

    /** @return true while a callback of this session runs */
    public boolean isRunning() {
        return view.isLive();
    }

    /**
     * Counts and builds the refusal of {@code withSession} inside this session's own callback.
     *
     * @return the exception to throw
     */
    public SessionEntryException.Reentered refuseNested() {
        entry.engine.counters().reentryRejected();
        return new SessionEntryException.Reentered("withSession", "called inside this held session's own"
                + " callback; use the view the callback received instead of entering again");
    }

    /**
     * Runs a callback with the session view (the shared helper of both entry routes). The caller
     * checked the thread, that the session is open, and that no callback runs.
     *
     * @param work the callback
     * @param <R> its result type
     * @return what it returned
     */
    public <R> R run(SessionFunction<R> work) {
        return view.run(work);
    }

    /**
     * Releases everything on the owner thread, in order: resources, owner marker, affinity, permit.
     *
     * @return the affinity-restore failure, or {@code null}; null too if already released
     */
    public SessionCloseException closeOnOwner() {
        Object outcome = entry.closeHeld(this, true);
        return outcome instanceof SessionCloseException ? (SessionCloseException) outcome : null;
    }

    /**
     * @param confined true for the owner's close, false for the cleaner
     * @return true for the one caller that may release this session
     */
    boolean claimRelease(boolean confined) {
        if (confined) {
            // the cleaner cannot run while the owner closes: the handle is reachable (class comment)
            if (released) {
                return false;
            }
            RELEASED.setRelease(this, true);
            return true;
        }
        return RELEASED.compareAndSet(this, false, true);
    }

    /** The cleaner's action: best-effort release of a session that was never closed. */
    @Override
    public void run() {
        if (entry.isLive(generation) && entry.closeHeld(this, false) != Entry.NOT_CLAIMED) {
            entry.engine.reportLeak(this);
        }
    }

    /** @return true once released (closed, or released by the cleaner) */
    public boolean isReleased() {
        return released || !entry.isLive(generation);
    }

    /** @return e.g. "a held session of the cpu backend on CPUs 0-3 (4 threads)" */
    public String describe() {
        return "a held session of the " + entry.engine.describe();
    }
}
