package org.ferrite.cpu.internal.phase;

import java.util.Objects;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.cpu.CpuPhase;
import org.ferrite.cpu.LaneFunction;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.session.HeldState;
import org.ferrite.cpu.internal.session.SessionEngine;
import org.ferrite.cpu.internal.worker.CpuWorkerThread;
import org.ferrite.cpu.internal.worker.WorkerPool;

/**
 * The {@link CpuPhase} of one {@code CpuHeldSession.phase(f)} call: drives each run's lanes on the
 * backend's own worker pool ({@link WorkerPool#broadcast}, one lane per worker) or, without a pool, as
 * one inline lane on the owner thread; joins them; and reports one failure ({@link PhaseRun}).
 *
 * <p>A lane, on its thread: checks the run's cancellation flag, marks the thread as one that must not
 * wait for admission, enters a child session of the held session ({@link LaneEntry}), checks the flag
 * again, calls the lane function, and leaves. What the lane function throws is a lane failure; what
 * the entry throws is a session failure; both set the flag.
 *
 * <p>Confined to the owner thread (the held session's opener) for {@link #run}; {@link #lanes()} is
 * thread-safe. Lifetime: from {@link #open} until {@link #end()}, called when {@code phase(f)} returns.
 *
 * <pre>
 * Implementation notes.
 * live and running are read and written only on the owner thread (run() checks the thread first).
 * running is set for the whole of a run, so the inline lane, which runs on the owner thread, cannot
 * start a nested run. No lock is held anywhere: lanes share only their PhaseRun.
 * </pre>
 */
public final class PhaseDriver implements CpuPhase {
    private final LaneEntry entry;
    private final WorkerPool pool;
    private final Thread owner;
    private final int lanes;
    private boolean live = true;
    private boolean running;

    PhaseDriver(LaneEntry entry, WorkerPool pool, Thread owner) {
        this.entry = entry;
        this.pool = pool;
        this.owner = owner;
        this.lanes = pool == null ? 1 : pool.parallelism();
    }

    /**
     * Starts a phase of a held session, on its owner thread. Nothing waits here.
     *
     * @param held the held session (open, and no callback or phase of it running)
     * @return the phase
     * @throws SessionEntryException.Reentered if the calling thread is a worker of the pool the phase
     *     would run its lanes on
     */
    public static PhaseDriver open(HeldState held) {
        SessionEngine engine = held.engine();
        Thread caller = Thread.currentThread();
        WorkerPool started = engine.workerPoolIfStarted();
        if (started != null && caller instanceof CpuWorkerThread && ((CpuWorkerThread) caller).pool() == started) {
            engine.counters().reentryRejected();
            throw new SessionEntryException.Reentered("phase", "thread '" + caller.getName() + "' is a worker of"
                    + " the pool this phase would run its lanes on (" + engine.describe() + "), so its own lane"
                    + " could never run and the phase would wait for itself; call phase from a thread outside"
                    + " that pool");
        }
        WorkerPool pool = engine.isClosed() ? null : engine.workerPool();
        return new PhaseDriver(LaneEntry.of(held), pool, caller);
    }

    @Override
    public int lanes() {
        return lanes;
    }

    @Override
    public void run(LaneFunction lane) {
        Objects.requireNonNull(lane, "lane");
        if (Thread.currentThread() != owner) {
            throw new SessionEntryException.IncompatibleContext("phase.run", "this phase is confined to thread '"
                    + owner.getName() + "' that called phase(f), but run was called from thread '"
                    + Thread.currentThread().getName() + "'; a lane cannot start a run");
        }
        if (!live) {
            throw new RuntimeStateException("phase.run", "this phase was used after the phase(f) call that"
                    + " created it returned; start a new phase");
        }
        if (running) {
            throw new SessionEntryException.Reentered("phase.run", "called from inside a lane of this phase; a"
                    + " lane cannot start another run: return from the lane instead");
        }
        running = true;
        PhaseRun run = new PhaseRun(lanes);
        try {
            long ticket = entry.admit();
            if (pool == null) {
                runLane(run, lane, ticket, 0);
            } else {
                pool.broadcast(index -> runLane(run, lane, ticket, index), run::notStarted);
            }
        } finally {
            running = false;
        }
        Throwable failure = run.failure();
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure != null) {
            throw (Error) failure;
        }
    }

    /** Owner thread: {@code phase(f)} returned; later runs are refused. */
    public void end() {
        live = false;
    }

    /** One lane, on its thread; records its failures in {@code run} and throws nothing. */
    private void runLane(PhaseRun run, LaneFunction lane, long ticket, int index) {
        if (run.cancelled()) {
            return;
        }
        ExecutionOwner.forbidWaiting();
        try {
            entry.enter(ticket, session -> {
                LaneHandle handle = new LaneHandle(session, run);
                try {
                    if (!run.cancelled()) {
                        lane.run(index, handle);
                    }
                } catch (Throwable t) {
                    run.laneFailed(index, t);
                } finally {
                    handle.end();
                }
                return null;
            });
        } catch (Throwable t) {
            run.sessionFailed(index, t);
        } finally {
            ExecutionOwner.allowWaiting();
        }
    }

    @Override
    public String toString() {
        return "CpuPhase[lanes=" + lanes + ", " + (pool == null ? "inline" : "on the backend's pool")
                + ", live=" + live + "]";
    }
}
