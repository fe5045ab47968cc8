package org.ferrite.cpu;

import java.lang.ref.Reference;
import java.util.Objects;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionCloseException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.internal.session.HeldState;

/**
 * A held CPU session: admission, engine resources, the owner marker and the caller's narrowed CPU
 * affinity, taken once by {@link CpuBackend#openSession()} and kept until {@link #close()}, so that
 * any number of {@link #withSession} calls run without entering the backend again.
 *
 * <p>Each contract point below has a test of the same name in {@code CpuHeldSessionTest} or
 * {@code CpuBackendAdmissionTest}.
 *
 * <h2>Held and scoped entries give identical results</h2>
 * Both routes run their callback through the same internal path; a held session only skips the
 * per-call entry. The hot path — {@code withSession} plus an {@code …Into} operation — allocates
 * nothing and adds a few field comparisons to the kernel.
 * <pre>{@code
 * Tensor scoped = backend.withSession(s -> s.add(a, b));
 * try (CpuHeldSession held = backend.openSession()) {
 *     Tensor same = held.withSession(s -> s.add(a, b));          // equal to scoped
 *     for (Tensor x : inputs) {
 *         held.withSession(s -> { s.dotGeneralInto(m, x, DotGeneralConfig.MATMUL, y); return null; });
 *     }
 * }
 * }</pre>
 *
 * <h2>Nested entries inside a held session are reentered before blocking</h2>
 * While it is open its thread owns its CPU set: a nested {@code openSession}, a scoped entry of any
 * overlapping backend, or {@code withSession} inside its own callback throw
 * {@link SessionEntryException.Reentered} at once, and the session stays usable.
 * <pre>{@code
 * try (CpuHeldSession held = backend.openSession()) {
 *     backend.withSession(s -> null);          // Reentered: pass `held` down instead
 *     held.withSession(s -> s.add(a, b));      // still fine
 * }
 * }</pre>
 *
 * <h2>Child work runs on a worker of an enclosing pool while the parent holds the root</h2>
 * A child execution runs under this session's admission, with private resources, on another thread;
 * it cannot open a held root ({@code Reentered}), is refused ({@code IncompatibleContext}) once this
 * session has ended, and closing waits for children still running.
 * <pre>{@code
 * held.withSession(s -> {
 *     ChildExecution child = s.childExecution();
 *     return ForkJoinPool.commonPool().submit(() -> child.withSession(c -> c.add(a, b))).join();
 * });
 * }</pre>
 *
 * <h2>Management calls fail fast while held and work after close</h2>
 * <pre>{@code
 * CpuHeldSession held = backend.openSession();
 * backend.bufferPoolStats();        // RuntimeStateException, at once: the resources are checked out
 * held.close();
 * backend.bufferPoolStats();        // works
 * }</pre>
 *
 * <h2>A queued scoped entry runs after the held session closes</h2>
 * Another thread's entry waits FIFO and is admitted when this session closes; it finds the engine
 * resources back in place, because they are returned before the permit.
 *
 * <h2>A held session used from another thread is incompatible; an escaped view is runtime state</h2>
 * Confined to the thread that opened it: {@code withSession} and {@code close} from another thread
 * throw {@link SessionEntryException.IncompatibleContext}. A view used after its callback returned
 * throws {@link RuntimeStateException}; so does {@code withSession} after close. Closing twice does
 * nothing.
 * <pre>{@code
 * BackendSession escaped = held.withSession(s -> s);
 * escaped.zeros(DType.F64, 2);                   // RuntimeStateException: the view escaped
 * held.close();
 * held.close();                                  // no-op
 * }</pre>
 *
 * <h2>A host tensor crosses thread budgets without a copy</h2>
 * Host tensors belong to no backend: one produced under a one-thread backend is read in place by a
 * session of any other CPU backend.
 *
 * <h2>An exception thrown inside work leaves the accounting exact and the session usable</h2>
 * <pre>{@code
 * try { held.withSession(s -> { throw new IllegalStateException(); }); } catch (IllegalStateException e) { }
 * held.withSession(s -> s.add(a, b));            // still fine; the buffer pool is consistent
 * }</pre>
 *
 * <h2>An affinity-restore failure is reported after everything was released</h2>
 * {@link #close()} releases, in order, the engine resources, the owner marker, the caller's affinity
 * and the permit, then reports only a failure to restore the affinity, as
 * {@link SessionCloseException}: a queued entry is already admitted by then.
 *
 * <h2>A leaked session is released by the cleaner</h2>
 * A session that becomes unreachable without close is released best-effort by the daemon thread
 * {@code ferrite-session-cleaner} (its opener thread keeps a narrowed affinity, which only that thread
 * can restore), and a warning is logged through {@link System.Logger} {@code org.ferrite.cpu.session};
 * with {@code -Dferrite.leakDetection=true} it includes where the session was opened. Do not rely on
 * it: close sessions with try-with-resources.
 *
 * <p>Confined to the thread that opened it. Lifetime: from {@code openSession} to {@link #close()}.
 */
public final class CpuHeldSession implements HeldSession {
    private final HeldState state;
    private final Thread owner;
    private boolean open = true;

    CpuHeldSession(HeldState state) {
        this.state = state;
        this.owner = state.owner();
        state.watch(this);
    }

    /**
     * Runs {@code work} with a view of this session, valid only during the call. An exception thrown
     * by {@code work} propagates unchanged and leaves the session usable.
     *
     * @param work the work
     * @param <R> its result type
     * @return what {@code work} returned
     * @throws SessionEntryException.IncompatibleContext from a thread other than the opener
     * @throws RuntimeStateException if closed
     * @throws SessionEntryException.Reentered inside this session's own callback
     */
    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        if (Thread.currentThread() != owner) {
            throw wrongThread("withSession");
        }
        if (!open) {
            throw new RuntimeStateException("withSession", "this held session is closed; open a new one");
        }
        if (state.isRunning()) {
            throw state.refuseNested();
        }
        return state.run(work);
    }

    /** @return true until closed (a snapshot; for diagnostics, not for control flow) */
    @Override
    public boolean isOpen() {
        return !state.isReleased();
    }

    /**
     * Releases the resources, owner marker, caller affinity and permit, in that order. Idempotent.
     *
     * @throws SessionCloseException if the caller's CPU affinity could not be restored (everything
     *     else was released)
     * @throws SessionEntryException.IncompatibleContext from a thread other than the opener (nothing
     *     is released)
     * @throws RuntimeStateException inside this session's own callback (nothing is released)
     */
    @Override
    public void close() {
        if (Thread.currentThread() != owner) {
            if (state.isReleased()) {
                return;
            }
            throw wrongThread("close");
        }
        if (!open) {
            return;
        }
        if (state.isRunning()) {
            throw new RuntimeStateException("close", "called inside this held session's own callback; close it"
                    + " after withSession returns");
        }
        open = false;
        SessionCloseException failure = state.closeOnOwner();
        Reference.reachabilityFence(this); // no leak release before close is done
        if (failure != null) {
            throw failure;
        }
    }

    private SessionEntryException.IncompatibleContext wrongThread(String op) {
        return new SessionEntryException.IncompatibleContext(op, "this held session is confined to thread '"
                + owner.getName() + "' that opened it, but was called from thread '"
                + Thread.currentThread().getName() + "'; use it on its opener thread, or give other threads a"
                + " childExecution()");
    }

    @Override
    public String toString() {
        return "CpuHeldSession[" + state.describe() + ", owner=" + owner.getName() + ", open=" + isOpen() + "]";
    }
}
