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
 * <p>Thread-safe: released exactly once, by its owner's {@link #closeOnOwner()} or by the cleaner's
 * {@link #run()}, whichever comes first. Lifetime: from {@code openSession} to that release.
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
    final Thread owner;
    final boolean narrowed;
    final Throwable openSite;
    private volatile boolean released;

    HeldState(SessionEngine engine, EngineResources resources, Thread owner, boolean narrowed, Throwable openSite) {
        this.engine = engine;
        this.resources = resources;
        this.owner = owner;
        this.narrowed = narrowed;
        this.openSite = openSite;
    }

    /** @return the thread that opened the session */
    public Thread owner() {
        return owner;
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
        return engine.releaseHeld(this, ExecutionOwner.current());
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
