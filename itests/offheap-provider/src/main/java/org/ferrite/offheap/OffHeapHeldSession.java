package org.ferrite.offheap;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.offheap.device.DeviceScope;

/**
 * A held session of the {@link OffHeapBackend}: the backend's permit and one device scope, kept from
 * {@code openSession} to {@link #close()}. Work of its {@code withSession} calls is queued on the stream
 * and pipelines across calls — returning from {@code withSession} is not a synchronisation point; device
 * tensors allocated in one call stay valid in the next, until {@code reclaim} or close.
 *
 * <p>Refusals: {@link RuntimeStateException} after close and after the backend was closed;
 * {@link SessionEntryException.IncompatibleContext} from a thread other than the opener;
 * {@link SessionEntryException.Reentered} for {@code withSession} inside its own callback, and
 * {@link RuntimeStateException} for {@code close} there.
 *
 * <p>Confined to the thread that opened it. Lifetime: until {@link #close()}, which waits for running
 * child executions and for the stream, frees the session's device memory, releases the permit, and then
 * reports a failure of its work not reported before; closing twice does nothing. A session that becomes
 * unreachable unclosed is released by a {@link Cleaner} — a leak backstop, not the way memory is freed.
 */
final class OffHeapHeldSession implements HeldSession {
    private static final Cleaner CLEANER = Cleaner.create();

    private final OffHeapBackend backend;
    private final Thread owner;
    private final ChildGate children = new ChildGate();
    private final DeviceScope scope;
    /** Session-local values, shared by the views of this session. Confined to the owner. */
    private final Map<Object, Object> locals = OffHeapSession.newLocals();
    private final Release release;
    private final Cleaner.Cleanable cleanable;
    /** False after close. Written by the owner; read by any thread (isOpen). */
    private volatile boolean open = true;
    /** True while a callback runs. Confined to the owner. */
    private boolean inCallback;

    OffHeapHeldSession(OffHeapBackend backend, Thread owner) {
        this.backend = backend;
        this.owner = owner;
        this.scope = backend.deviceContext().newScope();
        this.release = new Release(backend, owner, children, scope);
        this.cleanable = CLEANER.register(this, release);
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        requireOwner("withSession");
        if (!open) {
            throw new RuntimeStateException("withSession", "this held session is closed; open a new one");
        }
        if (backend.isClosed()) {
            throw new RuntimeStateException("withSession", "the " + OffHeapBackend.NAME + " backend of this held"
                    + " session was closed; close the session and obtain a new backend");
        }
        if (inCallback) {
            throw new SessionEntryException.Reentered("withSession", "withSession was called inside this held"
                    + " session's own callback; use the view the callback received instead");
        }
        inCallback = true;
        OffHeapSession view = new OffHeapSession(owner, backend, scope, children, locals);
        try {
            return work.apply(view);
        } finally {
            view.end();
            inCallback = false;
            Reference.reachabilityFence(this);
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
        cleanable.clean(); // runs the release once, here; rethrows a failure of the session's work
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

    /** The release, shared by close and the cleaner; runs at most once and keeps a failure for close. */
    private static final class Release implements Runnable {
        private final OffHeapBackend backend;
        private final Thread owner;
        private final ChildGate children;
        private final DeviceScope scope;
        private final AtomicBoolean done = new AtomicBoolean();
        private RuntimeException failure;

        Release(OffHeapBackend backend, Thread owner, ChildGate children, DeviceScope scope) {
            this.backend = backend;
            this.owner = owner;
            this.children = children;
            this.scope = scope;
        }

        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                try {
                    backend.leave(owner, children, scope, null);
                } catch (RuntimeException e) {
                    failure = e;
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
