package org.ferrite.api.spi.session;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;

/**
 * The held session of {@link SessionLifecycle}: admission and the session's state, kept from
 * {@code openSession} to {@link #close()}; each {@link #withSession} hands its callback a new view.
 *
 * <p>Confined to the thread that opened it. Lifetime: until {@link #close()}, which waits for running
 * child executions, ends the session ({@code SessionLifecycle.end}) and releases admission, then throws a
 * failure {@code end} reported; closing twice does nothing. Released by a {@link Cleaner} if it becomes
 * unreachable unclosed (a leak backstop, logged).
 */
final class LifecycleHeldSession<S> implements HeldSession {
    private static final Cleaner CLEANER = LeakBackstop.CLEANER;
    private static final System.Logger LOG = System.getLogger("org.ferrite.api.spi.session");

    private final SessionLifecycle<S> lifecycle;
    private final Thread owner;
    private final ChildGate children;
    private final S state;
    /** The session-local values of this session, shared by its views. Confined to the owner. */
    private final Map<Object, Object> locals = ViewGuard.newLocals();
    private final Release<S> release;
    private final Cleaner.Cleanable cleanable;
    /** False after close. Written by the owner; read by any thread (isOpen). */
    private volatile boolean open = true;
    /** True while a callback runs. Confined to the owner. */
    private boolean inCallback;

    LifecycleHeldSession(SessionLifecycle<S> lifecycle, Thread owner, ChildGate children, S state) {
        this.lifecycle = lifecycle;
        this.owner = owner;
        this.children = children;
        this.state = state;
        Throwable openSite = Boolean.getBoolean("ferrite.leakDetection") ? new Throwable("held session opened here")
                : null;
        this.release = new Release<>(lifecycle, owner, children, state, openSite);
        this.cleanable = CLEANER.register(this, release);
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        try {
            requireOwner("withSession");
            if (!open) {
                throw new RuntimeStateException("withSession", "this held session is closed; open a new one");
            }
            if (lifecycle.isClosed()) {
                throw new RuntimeStateException("withSession", "the " + lifecycle.name() + " backend of this held"
                        + " session was closed; close the session and obtain a new backend");
            }
            if (inCallback) {
                throw new SessionEntryException.Reentered("withSession", "withSession was called inside this held"
                        + " session's own callback; use the view the callback received instead");
            }
            inCallback = true;
            ViewGuard guard = new ViewGuard(owner, lifecycle, children, locals);
            try {
                return work.apply(lifecycle.view(guard, state));
            } finally {
                guard.end();
                inCallback = false;
            }
        } finally {
            Reference.reachabilityFence(this); // no leak release while the callback runs
        }
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() {
        if (!open) {
            return;
        }
        requireOwner("close");
        if (inCallback) {
            throw new RuntimeStateException("close", "called inside this held session's own callback; close it"
                    + " after withSession returns");
        }
        open = false;
        release.closedByOwner = true;
        cleanable.clean(); // runs the release once, here
        release.rethrow();
    }

    private void requireOwner(String op) {
        Thread caller = Thread.currentThread();
        if (caller != owner) {
            throw new SessionEntryException.IncompatibleContext(op, "this held session belongs to thread '"
                    + owner.getName() + "' but was called from thread '" + caller.getName() + "'; a held session is"
                    + " confined to its opener — use a child execution for other threads");
        }
    }

    @Override
    public String toString() {
        return "held session of the " + lifecycle.name() + " backend" + (open ? "" : " (closed)");
    }

    /**
     * The release, shared by close and the cleaner; runs at most once and keeps a failure for close. It
     * references neither the handle nor its views (or the handle could never become unreachable).
     */
    private static final class Release<S> implements Runnable {
        private final SessionLifecycle<S> lifecycle;
        private final Thread owner;
        private final ChildGate children;
        private final S state;
        private final Throwable openSite;
        private final AtomicBoolean done = new AtomicBoolean();
        /** Set by the owner's close before it runs the release; false when the cleaner runs it (a leak). */
        volatile boolean closedByOwner;
        private RuntimeException failure;

        Release(SessionLifecycle<S> lifecycle, Thread owner, ChildGate children, S state, Throwable openSite) {
            this.lifecycle = lifecycle;
            this.owner = owner;
            this.children = children;
            this.state = state;
            this.openSite = openSite;
        }

        @Override
        public void run() {
            if (!done.compareAndSet(false, true)) {
                return;
            }
            try {
                lifecycle.endRoot(owner, children, state, SessionRole.HELD, null);
            } catch (RuntimeException e) {
                failure = e;
            }
            if (!closedByOwner) {
                String message = "a held session of the " + lifecycle.name() + " backend, opened by thread '"
                        + owner.getName() + "', became unreachable without close(); it was released now."
                        + (failure == null ? "" : " Its work had failed: " + failure);
                if (openSite != null) {
                    LOG.log(System.Logger.Level.WARNING, message + " It was opened at:", openSite);
                } else {
                    LOG.log(System.Logger.Level.WARNING, message + " Run with -Dferrite.leakDetection=true to"
                            + " log where it was opened; close held sessions with try-with-resources.");
                }
            }
        }

        void rethrow() {
            RuntimeException f = failure;
            failure = null;
            if (f != null) {
                throw f;
            }
        }
    }
}
