package org.ferrite.cpu;

import java.lang.ref.Reference;
import java.util.Objects;
import java.util.function.Function;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionCloseException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.internal.phase.PhaseDriver;
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
 * <h2>A phase lease drives lanes on the backend's own pool under this session's admission</h2>
 * {@link #phase} lends the backend's worker pool to a downstream scheduler: one lane per worker (one
 * inline lane on this thread for a thread budget of 1), each with one child session kept open for the
 * whole lane, joined before {@code run} returns, cancelled cooperatively when one fails. Its contract
 * points are listed in {@link CpuPhase} and {@link #phase}, with tests of the same name in
 * {@code CpuPhaseTest} and {@code CpuPhaseAdmissionTest}.
 * <pre>{@code
 * AtomicInteger queue = new AtomicInteger(8);
 * held.phase(phase -> {
 *     phase.run((index, lane) -> {
 *         while (!lane.cancelled() && queue.getAndDecrement() > 0) {
 *             lane.session().addInto(a, b, out[index]);
 *         }
 *     });
 *     return null;
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
    /** True while {@link #phase} runs its callback; owner thread only. */
    private boolean phasing;

    CpuHeldSession(HeldState.Opening opening) {
        this.state = opening.stateFor(this); // the state watches this handle's reachability
        this.owner = state.owner();
    }

    /**
     * Runs {@code work} with a view of this session, valid only during the call. An exception thrown
     * by {@code work} propagates unchanged and leaves the session usable. The session stays strongly
     * reachable for the whole call, so it cannot be released as leaked while its callback runs.
     *
     * @param work the work
     * @param <R> its result type
     * @return what {@code work} returned
     * @throws SessionEntryException.IncompatibleContext from a thread other than the opener
     * @throws RuntimeStateException if closed, or if its backend was closed since it was opened
     * @throws SessionEntryException.Reentered inside this session's own callback or phase
     */
    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        try {
            requireUsable("withSession");
            return state.run(work);
        } finally {
            Reference.reachabilityFence(this); // no leak release while the callback runs
        }
    }

    /**
     * The one usability guard of {@code withSession} and {@code phase}: the opener thread, open, its
     * backend open, no callback or phase of it running.
     */
    private void requireUsable(String op) {
        if (Thread.currentThread() != owner) {
            throw wrongThread(op);
        }
        if (!open) {
            throw new RuntimeStateException(op, "this held session is closed; open a new one");
        }
        if (state.engine().isClosed()) {
            throw new RuntimeStateException(op, "the backend of this held session (" + state.engine().describe()
                    + ") was closed; close this session, and build a new backend");
        }
        if (state.isRunning()) {
            if ("withSession".equals(op)) {
                throw state.refuseNested();
            }
            state.engine().counters().reentryRejected();
            throw new SessionEntryException.Reentered(op, "called inside this held session's own callback;"
                    + " start the phase after withSession returns");
        }
        if (phasing) {
            state.engine().counters().reentryRejected();
            throw new SessionEntryException.Reentered(op, "called while a phase of this held session runs; the"
                    + " phase parks the session's own execution: do the work in a lane (lane.session()), or"
                    + " after phase returns");
        }
    }

    /**
     * Runs a phase lease: lends the backend's own worker pool to {@code f}, which drives lanes through
     * the {@link CpuPhase} it receives — one lane per worker (one inline lane on this thread when the
     * thread budget is 1), each keeping one child session with private scratch open for its whole lane,
     * all under this session's admission. See {@link CpuPhase} for the lanes, the join, cancellation and
     * which failure a run reports.
     *
     * <p><b>The held session is parked while its phase runs</b>: its {@code withSession} and a nested
     * {@code phase} are refused as reentered and {@code close} as runtime state; afterwards the session
     * is usable as before, also after a failed run. <b>A phase from a worker of its own target pool is
     * reentered before any wait</b> — that worker's own lane could never run — while <b>a worker of
     * another pool may drive a phase</b>.
     *
     * <p>The example below is the test {@code heldSessionDoublesThenPhaseDrainsQueueExactlyOnce}:
     * <pre>{@code
     * try (CpuHeldSession held = backend.openSession()) {
     *     Tensor x = Tensor.of(new double[] {1, 2, 3, 4}, 4);
     *     for (int i = 0; i < 4; i++) {
     *         held.withSession(s -> { s.addInto(x, x, x); return null; });   // doubles x in place
     *     }                                                                  // x = [16, 32, 48, 64]
     *     Tensor unit = Tensor.of(new double[] {1, 1, 2, 3}, 4);             // one work unit sums to 7
     *     AtomicInteger queue = new AtomicInteger(8);                         // 8 units to drain
     *     DoubleAdder total = new DoubleAdder();
     *     held.phase(phase -> {
     *         phase.run((index, lane) -> {
     *             double partial = 0;
     *             while (!lane.cancelled() && queue.getAndDecrement() > 0) {
     *                 partial += lane.session().sumAll(unit).f64Data()[0];
     *             }
     *             total.add(partial);
     *         });
     *         return null;
     *     });
     *     // total.sum() == 8 * 7 == 56: each unit ran exactly once, whichever lane took it
     * }
     * }</pre>
     *
     * @param f the phase's driver; the {@code CpuPhase} it receives is valid only during the call
     * @param <R> its result type
     * @return what {@code f} returned (what it throws propagates unchanged)
     * @throws SessionEntryException.Reentered if the calling thread is a worker of the backend's pool,
     *     which the lanes would need (checked before anything runs or waits); or inside this session's
     *     own callback or phase
     * @throws SessionEntryException.IncompatibleContext from a thread other than the opener
     * @throws RuntimeStateException if closed, or if its backend was closed since it was opened
     */
    public <R> R phase(Function<? super CpuPhase, ? extends R> f) {
        Objects.requireNonNull(f, "f");
        try {
            requireUsable("phase");
            PhaseDriver phase = PhaseDriver.open(state);
            phasing = true;
            try {
                return f.apply(phase);
            } finally {
                phasing = false;
                phase.end();
            }
        } finally {
            Reference.reachabilityFence(this); // no leak release while lanes may run
        }
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
     * @throws RuntimeStateException inside this session's own callback or phase (nothing is released)
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
        if (phasing) {
            throw new RuntimeStateException("close", "called while a phase of this held session runs; close it"
                    + " after phase returns");
        }
        SessionCloseException failure;
        try {
            failure = state.closeOnOwner();
            open = false;
        } finally {
            Reference.reachabilityFence(this); // no leak release before close is done
        }
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
