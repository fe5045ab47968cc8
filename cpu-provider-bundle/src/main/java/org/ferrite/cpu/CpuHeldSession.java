package org.ferrite.cpu;

import java.lang.ref.Cleaner;
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
 * <h2>Reuse</h2>
 * Each call hands its callback a short-lived view of the same session; nothing (lock, cache borrow)
 * outlives the callback. The hot path — {@code withSession} plus an {@code …Into} operation — allocates
 * nothing and costs a few field comparisons beyond the kernel.
 * <pre>{@code
 * try (CpuHeldSession held = backend.openSession()) {
 *     for (Tensor x : inputs) {
 *         held.withSession(s -> { s.dotGeneralInto(m, x, DotGeneralConfig.MATMUL, y); return null; });
 *     }
 * }
 * }</pre>
 * The held and the scoped entry run their callbacks through the same internal path, so they give
 * identical results for the same inputs.
 *
 * <h2>Confinement and expiry</h2>
 * Confined to the thread that opened it: {@code withSession} and {@code close} from another thread
 * throw {@link SessionEntryException.IncompatibleContext}. A view used after its callback returned
 * (it escaped) throws {@link RuntimeStateException}; so does {@code withSession} after close.
 * <pre>{@code
 * BackendSession[] escaped = new BackendSession[1];
 * held.withSession(s -> { escaped[0] = s; return null; });
 * escaped[0].zeros(DType.F64, 2);                 // RuntimeStateException: the view escaped
 * }</pre>
 *
 * <h2>Reentrancy</h2>
 * While it is open its thread owns its CPU set: a nested {@code openSession}, a scoped entry of an
 * overlapping backend, or {@code withSession} inside its own callback throw
 * {@link SessionEntryException.Reentered} before blocking, and the session stays usable. Other
 * threads get the work through a child execution:
 * <pre>{@code
 * held.withSession(s -> {
 *     ChildExecution child = s.childExecution();
 *     return ForkJoinPool.commonPool().submit(() -> child.withSession(c -> c.add(a, b))).join();
 * });
 * }</pre>
 * A child runs under this session's admission with private resources, cannot open a held root
 * ({@code Reentered}) and is refused ({@code IncompatibleContext}) once this session is closed;
 * closing waits for children still running.
 *
 * <h2>Close and leaks</h2>
 * {@link #close()} releases, in order, the engine resources (so management calls work again), the
 * owner marker, the caller's affinity and the permit (so a queued entry gets in). It reports only a
 * failure to restore the affinity, as {@link SessionCloseException}, after releasing everything else.
 * Closing twice does nothing. A session that becomes unreachable without close is released
 * best-effort by a {@link Cleaner} (its opener thread keeps a narrowed affinity, which only that thread
 * can restore) and a warning is logged through {@link System.Logger} {@code org.ferrite.cpu.session};
 * with {@code -Dferrite.leakDetection=true} it includes where the session was opened.
 *
 * <p>Confined to the thread that opened it. Lifetime: from {@code openSession} to {@link #close()}.
 */
public final class CpuHeldSession implements HeldSession {
    private final HeldState state;
    private final Thread owner;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean open = true;

    CpuHeldSession(HeldState state) {
        this.state = state;
        this.owner = state.owner();
        this.cleanable = Cleaners.CLEANER.register(this, state);
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
        return open;
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
        if (!open) {
            return;
        }
        if (Thread.currentThread() != owner) {
            throw wrongThread("close");
        }
        if (state.isRunning()) {
            throw new RuntimeStateException("close", "called inside this held session's own callback; close it"
                    + " after withSession returns");
        }
        open = false;
        SessionCloseException failure = state.closeOnOwner();
        cleanable.clean();
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
        return "CpuHeldSession[" + state.describe() + ", owner=" + owner.getName() + ", open=" + open + "]";
    }

    /** The cleaner of leaked held sessions, started on first use. */
    private static final class Cleaners {
        static final Cleaner CLEANER = Cleaner.create();
    }
}
