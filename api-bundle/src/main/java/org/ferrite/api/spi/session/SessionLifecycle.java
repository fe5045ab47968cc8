package org.ferrite.api.spi.session;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.SessionFunction;

/**
 * The session lifecycle of a backend, written once for every provider: a provider's {@code Backend}
 * delegates its entry methods ({@link #withSession}, {@link #openSession()}, {@link #openSession(Duration)},
 * {@link #tryOpenSession()}, {@link #close()}) to a subclass of this class, which supplies what differs
 * between providers — what a session holds ({@link #begin}, {@link #end}), its view ({@link #newView}),
 * and the {@link Admission} it is constructed with. This class owns the rest, so that no provider
 * re-derives it:
 * <ul>
 * <li><b>Entry order</b>: closed check → reentry check (before any blocking step: a thread already inside a
 * session of this backend, root or child, gets {@link SessionEntryException.Reentered}) → admission →
 * {@code begin}; every refusal is thrown before the callback runs.</li>
 * <li><b>Views</b>: each callback gets a new view whose {@link ViewGuard} refuses use after the callback
 * returned ({@link RuntimeStateException}) and from another thread
 * ({@link SessionEntryException.IncompatibleContext}).</li>
 * <li><b>Held sessions</b>: confined to the opener (other threads get {@code IncompatibleContext}),
 * {@code withSession} inside its own callback is {@code Reentered}, {@code close} there is runtime state,
 * closing twice does nothing, a closed session or one whose backend was closed refuses work; a session
 * that becomes unreachable unclosed is released by a {@link java.lang.ref.Cleaner} (a leak backstop, with
 * a warning through {@code System.Logger} "org.ferrite.api.spi.session", and the open site's stack trace
 * with {@code -Dferrite.leakDetection=true}); {@code withSession} keeps the session reachable while its
 * callback runs ({@link java.lang.ref.Reference#reachabilityFence}).</li>
 * <li><b>Children</b>: a view's {@code childExecution()} runs work on another thread under the root's
 * admission (no wait), with its own view and session state ({@link SessionRole#CHILD}); valid while the
 * root is open (afterwards {@code IncompatibleContext}); the root's end waits for running children.</li>
 * <li><b>Release order</b>: children drained → {@code end} → owner unmarked → admission released. A
 * failure {@code end} throws (a deferred failure of the session's work, reported at this synchronisation
 * point) is thrown after everything was released, or added as suppressed to the callback's own
 * exception, which always propagates unchanged.</li>
 * <li><b>Backend close</b>: refuses later entries with {@link RuntimeStateException}, lets open sessions
 * finish, and calls {@link #closed()} once when the last root session has ended (at once if none is
 * open).</li>
 * </ul>
 *
 * <p>Thread-safe. Lifetime: the backend's.
 *
 * <pre>
 * Implementation notes.
 * inside: the threads now inside a session of this backend — a root's owner for its whole session, every
 *   thread running a child callback; consulted for reentry before admission is touched.
 * sessions: admitted root sessions not yet released. closed is set once; whichever of close() and the
 *   last release sees closed with sessions == 0 calls closed(), guarded to run once (closedCalled).
 * The held session's release action (Release) references neither the handle nor its views, so the
 *   handle can become phantom-reachable; close() runs the same action through Cleanable.clean().
 * </pre>
 *
 * @param <S> what a session holds (the provider's scope, stream, pooled buffers…), made by {@link #begin}
 */
public abstract class SessionLifecycle<S> {
    private final String name;
    private final Admission admission;
    private final Set<Thread> inside = ConcurrentHashMap.newKeySet();
    private final AtomicInteger sessions = new AtomicInteger();
    private final AtomicBoolean closedCalled = new AtomicBoolean();
    private volatile boolean closed;

    /**
     * @param name the backend's name, for messages (e.g. {@code "reference"})
     * @param admission the admission of root sessions (e.g. a {@link FifoAdmission})
     */
    protected SessionLifecycle(String name, Admission admission) {
        this.name = Objects.requireNonNull(name, "name");
        this.admission = Objects.requireNonNull(admission, "admission");
    }

    // ------------------------------------------------------------------ what a provider supplies

    /**
     * Makes what one session holds, once admitted (a root session) or once gated (a child). A failure
     * here ends the entry: admission is released and the exception propagates.
     *
     * @param role the kind of session
     * @return the session's state, handed to {@link #newView} and {@link #end}
     */
    protected abstract S begin(SessionRole role);

    /**
     * Makes the view one callback receives. Every hook of the view starts with {@link ViewGuard#enter};
     * its {@code childExecution()} and {@code sessionLocal} delegate to the guard.
     *
     * @param guard the view's liveness and confinement
     * @param state the session's state
     * @return the view
     */
    protected abstract BackendSession newView(ViewGuard guard, S state);

    /**
     * Ends a session, after its children finished: waits for its queued work and frees what it holds.
     * Called exactly once per successful {@link #begin}, on the owner's thread — or on the cleaner's for
     * a leaked held session.
     *
     * @param state the session's state
     * @param role the kind of session
     * @throws org.ferrite.api.error.TensorException a failure of the session's work not reported before
     *     (reported now, after the release)
     */
    protected void end(S state, SessionRole role) {
    }

    /** Called once, when the backend was closed and no root session remains: release what the backend holds. */
    protected void closed() {
    }

    // ------------------------------------------------------------------ entries

    /**
     * Scoped entry: admission, {@code work} with a new view, release.
     *
     * @param work the callback
     * @param <R> its result type
     * @return what it returned
     */
    public final <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        enterRoot("withSession", Long.MAX_VALUE, false);
        Thread thread = Thread.currentThread();
        ChildGate children = new ChildGate();
        S state = beginOrRelease(SessionRole.SCOPED, thread, children);
        ViewGuard guard = new ViewGuard(thread, this, children, ViewGuard.newLocals());
        R result;
        try {
            result = work.apply(newView(guard, state));
        } catch (Throwable t) {
            guard.end();
            endRoot(thread, children, state, SessionRole.SCOPED, t);
            throw t;
        }
        guard.end();
        endRoot(thread, children, state, SessionRole.SCOPED, null);
        return result;
    }

    /**
     * Held entry, waiting without bound.
     *
     * @return the held session, confined to the calling thread
     */
    public final HeldSession openSession() {
        enterRoot("openSession", Long.MAX_VALUE, false);
        return held();
    }

    /**
     * Held entry, waiting at most {@code maxWait} (zero or negative: not at all).
     *
     * @param maxWait the bound
     * @return the held session
     */
    public final HeldSession openSession(Duration maxWait) {
        enterRoot("openSession", Durations.saturatedNanos(maxWait), false);
        return held();
    }

    /** @return a held session if admitted at once, without waiting or barging past a waiter; else empty */
    public final Optional<HeldSession> tryOpenSession() {
        return enterRoot("tryOpenSession", 0, true) ? Optional.of(held()) : Optional.empty();
    }

    /**
     * Refuses later entries; {@link #closed()} runs once the last root session has ended (now, if none
     * is open). Idempotent.
     */
    public final void close() {
        closed = true;
        if (sessions.get() == 0) {
            callClosed();
        }
    }

    /** @return true once {@link #close()} began (a snapshot) */
    public final boolean isClosed() {
        return closed;
    }

    /** @return true if no session holds, waits for or runs inside the backend (a snapshot, for tests) */
    public final boolean isIdle() {
        return admission.isIdle() && inside.isEmpty();
    }

    /** @return the backend's name, as given at construction */
    public final String name() {
        return name;
    }

    // ------------------------------------------------------------------ the skeleton

    private HeldSession held() {
        Thread thread = Thread.currentThread();
        ChildGate children = new ChildGate();
        S state = beginOrRelease(SessionRole.HELD, thread, children);
        return new LifecycleHeldSession<>(this, thread, children, state);
    }

    /** Entry steps of a root session: closed check, reentry, admission, counted and marked. */
    private boolean enterRoot(String op, long nanos, boolean tryOnly) {
        requireOpen(op);
        Thread thread = Thread.currentThread();
        requireOutside(op, thread);
        if (!admission.acquire(op, nanos, tryOnly)) {
            return false;
        }
        sessions.incrementAndGet();
        inside.add(thread);
        if (closed) {
            release(thread);
            throw new RuntimeStateException(op, "this " + name + " backend was closed while the entry waited");
        }
        return true;
    }

    private S beginOrRelease(SessionRole role, Thread thread, ChildGate children) {
        try {
            return begin(role);
        } catch (Throwable t) {
            children.close();
            release(thread);
            throw t;
        }
    }

    /**
     * Ends a root session in the documented order, then reports a failure of its work: thrown, or added
     * to {@code thrown} (the callback's own exception).
     */
    void endRoot(Thread owner, ChildGate children, S state, SessionRole role, Throwable thrown) {
        RuntimeException failure = null;
        try {
            children.close();
            end(state, role);
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            release(owner);
        }
        report(failure, thrown);
    }

    static void report(RuntimeException failure, Throwable thrown) {
        if (failure != null) {
            if (thrown == null) {
                throw failure;
            }
            thrown.addSuppressed(failure);
        }
    }

    private void release(Thread owner) {
        inside.remove(owner);
        admission.release();
        if (sessions.decrementAndGet() == 0 && closed) {
            callClosed();
        }
    }

    private void callClosed() {
        if (closedCalled.compareAndSet(false, true)) {
            closed();
        }
    }

    void requireOpen(String op) {
        if (closed) {
            throw new RuntimeStateException(op, "this " + name + " backend is closed; obtain a new backend");
        }
    }

    void requireOutside(String op, Thread thread) {
        if (inside.contains(thread)) {
            throw new SessionEntryException.Reentered(op, "thread '" + thread.getName() + "' already runs inside a"
                    + " session of this " + name + " backend; pass that session (or its view) down instead of"
                    + " entering again");
        }
    }

    void markInside(Thread thread) {
        inside.add(thread);
    }

    void markOutside(Thread thread) {
        inside.remove(thread);
    }

    S beginChild() {
        return begin(SessionRole.CHILD);
    }

    BackendSession view(ViewGuard guard, S state) {
        return newView(guard, state);
    }

    void endChild(S state) {
        end(state, SessionRole.CHILD);
    }

    ChildExecution newChildExecution(ChildGate gate) {
        return new GatedChildExecution<>(this, gate);
    }
}
