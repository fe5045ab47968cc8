package org.ferrite.cpu.internal.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.ferrite.api.error.SessionCloseException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.admission.OwnerClaim;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * What a held session owns, kept apart from the public handle so that a cleaner can release it when
 * the handle becomes unreachable: the checked-out resources, the owner marker (this object is the
 * claim), whether the caller's affinity was narrowed, and the permit (implied by being open).
 *
 * <p>Thread-safe: released exactly once, by its owner's {@link #closeOnOwner()} or by the leak
 * cleaner's {@link #run()}, whichever comes first. Lifetime: from {@code openSession} to that release.
 */
public final class HeldState implements OwnerClaim, Runnable {
    private static final VarHandle RELEASED;

    static {
        try {
            RELEASED = MethodHandles.lookup().findVarHandle(HeldState.class, "released", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final SessionEngine engine;
    final EngineResources resources;
    final ExecutionOwner ownerMarker;
    final Thread owner;
    final boolean narrowed;
    final Throwable openSite;
    private volatile boolean released;

    HeldState(SessionEngine engine, EngineResources resources, ExecutionOwner ownerMarker, Thread owner,
            boolean narrowed, Throwable openSite) {
        this.engine = engine;
        this.resources = resources;
        this.ownerMarker = ownerMarker;
        this.owner = owner;
        this.narrowed = narrowed;
        this.openSite = openSite;
    }

    /** @return the thread that opened the session */
    public Thread owner() {
        return owner;
    }

    /** @return the engine of the backend the session belongs to */
    public SessionEngine engine() {
        return engine;
    }

    /**
     * Owner thread, at the start of a phase run: lets the run's lanes enter as children of this
     * session. The session's end waits for lanes still inside, as it does for child executions.
     *
     * @return the ticket the run's lanes enter with ({@link #runLane})
     */
    public long admitLanes() {
        return resources.gate.issue();
    }

    /**
     * Runs one phase lane in a child session of this held session: under its admission (no arbiter
     * step), with private resources — buffer pool and plan caches — kept for the whole call, so the
     * lane reuses them across its work items. A lane on another thread is marked as inside this
     * session's CPU set for the call, so any entry it attempts into an overlapping set is reentered;
     * the inline lane on the owner thread already carries this session's own marker. Lanes count as
     * child entries.
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
        ExecutionOwner marker = ExecutionOwner.current();
        boolean inline = Thread.currentThread() == owner;
        if (!inline) {
            OwnerClaim inside = marker.overlapping(engine.cpus());
            if (inside != null) {
                engine.counters().reentryRejected();
                throw EntryErrors.reentered("phase.lane", inside);
            }
        }
        if (!resources.gate.enter(ticket)) {
            throw new SessionEntryException.IncompatibleContext("phase.lane", "the held session on CPUs "
                    + engine.cpus() + " has ended; a phase lane runs only while the session that started it is"
                    + " open");
        }
        try {
            EngineResources lane = engine.newChildResources();
            if (!inline) {
                marker.push(this);
            }
            lane.gate.open();
            engine.counters().childEntered();
            try {
                return lane.view.run(work);
            } finally {
                lane.gate.close(false);
                if (!inline) {
                    marker.remove(this);
                }
            }
        } finally {
            resources.gate.exit();
        }
    }

    /** @return true while a callback of this session runs */
    public boolean isRunning() {
        return resources.view.isLive();
    }

    /**
     * Counts and builds the refusal of {@code withSession} inside this session's own callback.
     *
     * @return the exception to throw
     */
    public SessionEntryException.Reentered refuseNested() {
        engine.counters().reentryRejected();
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
        return resources.view.run(work);
    }

    /**
     * Releases everything on the owner thread, in order: resources, owner marker, affinity, permit.
     *
     * @return the affinity-restore failure, or {@code null}; null too if already released
     */
    public SessionCloseException closeOnOwner() {
        if (!RELEASED.compareAndSet(this, false, true)) {
            return null;
        }
        return engine.releaseHeld(this, ownerMarker);
    }

    /**
     * Watches the public handle: if it becomes unreachable while open, {@link #run()} releases this
     * state from the cleaner thread.
     *
     * @param handle the session handle given to the caller
     */
    public void watch(Object handle) {
        engine.watch(handle, this);
    }

    /** The cleaner's action: best-effort release of a session that was never closed. */
    @Override
    public void run() {
        if (RELEASED.compareAndSet(this, false, true)) {
            engine.releaseLeaked(this);
        }
    }

    @Override
    public CpuMask cpus() {
        return engine.cpus();
    }

    @Override
    public boolean isReleased() {
        return released;
    }

    @Override
    public String describe() {
        return "a held session of the " + engine.describe();
    }
}
