package org.ferrite.reference;

import java.lang.ref.Cleaner;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;

/**
 * A held session of the {@link ReferenceBackend}: the backend's permit, taken once by
 * {@code openSession} and kept until {@link #close()}. Each {@link #withSession} call hands its callback
 * a fresh {@link ReferenceSession} view, valid only during the call.
 *
 * <p>Refusals: {@link RuntimeStateException} after close, and after the backend was closed;
 * {@link SessionEntryException.IncompatibleContext}
 * from a thread other than the opener (for {@code withSession} and {@code close}); {@link
 * SessionEntryException.Reentered} for {@code withSession} inside its own callback, and
 * {@link RuntimeStateException} for {@code close} there (nothing is released). An exception thrown by
 * a callback propagates unchanged and leaves the session usable.
 *
 * <p>Confined to the thread that opened it. Lifetime: from {@code openSession} to {@link #close()}, which
 * waits for running child executions, then releases the permit; closing twice does nothing. A session
 * that becomes unreachable without being closed is released by a {@link Cleaner}.
 */
final class ReferenceHeldSession implements HeldSession {
    private static final Cleaner CLEANER = Cleaner.create();

    private final Thread owner;
    private final SessionScope scope = new SessionScope();
    /** The session-local values of this session, shared by its views. Confined to the owner. */
    private final Map<Object, Object> locals = ReferenceSession.newLocals();
    private final Cleaner.Cleanable cleanable;
    /** False after close. Written by the owner; read by any thread (isOpen). */
    private volatile boolean open = true;
    /** True while a callback runs. Confined to the owner. */
    private boolean inCallback;
    private final ReferenceBackend backend;

    ReferenceHeldSession(ReferenceBackend backend, Thread owner) {
        this.backend = backend;
        this.owner = owner;
        this.cleanable = CLEANER.register(this, new Release(backend, owner, scope));
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        requireOwner("withSession");
        if (!open) {
            throw new RuntimeStateException("withSession", "this held session is closed; open a new one");
        }
        if (backend.isClosed()) {
            throw new RuntimeStateException("withSession", "the " + ReferenceBackend.NAME + " backend of this held"
                    + " session was closed; close the session and obtain a new backend");
        }
        if (inCallback) {
            throw new SessionEntryException.Reentered("withSession", "withSession was called inside this held"
                    + " session's own callback; use the view the callback received instead");
        }
        inCallback = true;
        ReferenceSession view = new ReferenceSession(owner, backend, scope, locals);
        try {
            return work.apply(view);
        } finally {
            view.end();
            inCallback = false;
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
        cleanable.clean();
    }

    private void requireOwner(String op) {
        Thread caller = Thread.currentThread();
        if (caller != owner) {
            throw new SessionEntryException.IncompatibleContext(op, "this held session belongs to thread '"
                    + owner.getName() + "' but was called from thread '" + caller.getName() + "'; a held session is"
                    + " confined to its opener — use a child execution for other threads");
        }
    }

    /** The release action, shared by close and the cleaner; runs at most once. */
    private static final class Release implements Runnable {
        private final ReferenceBackend backend;
        private final Thread owner;
        private final SessionScope scope;
        private final AtomicBoolean done = new AtomicBoolean();

        Release(ReferenceBackend backend, Thread owner, SessionScope scope) {
            this.backend = backend;
            this.owner = owner;
            this.scope = scope;
        }

        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                backend.release(owner, scope);
            }
        }
    }
}
