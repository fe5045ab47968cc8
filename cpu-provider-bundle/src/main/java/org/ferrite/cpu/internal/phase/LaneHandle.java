package org.ferrite.cpu.internal.phase;

import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.cpu.PhaseLane;

/**
 * The {@link PhaseLane} handed to one lane function: the lane's child session view and its run's
 * cancellation flag.
 *
 * <p>Confined to the lane's thread (the one that created it), except {@link #cancelled()}. Lifetime:
 * until {@link #end()}, called when the lane function returns.
 *
 * <pre>
 * Implementation notes.
 * live is read and written only on the lane's thread (session() checks the thread first), so it needs
 * no synchronisation.
 * </pre>
 */
final class LaneHandle implements PhaseLane {
    private final BackendSession session;
    private final PhaseRun run;
    private final Thread thread;
    private boolean live = true;

    LaneHandle(BackendSession session, PhaseRun run) {
        this.session = session;
        this.run = run;
        this.thread = Thread.currentThread();
    }

    @Override
    public BackendSession session() {
        if (Thread.currentThread() != thread) {
            throw new SessionEntryException.IncompatibleContext("lane.session", "this phase lane runs on thread '"
                    + thread.getName() + "' but was called from thread '" + Thread.currentThread().getName()
                    + "'; a lane's session is confined to its thread");
        }
        if (!live) {
            throw new RuntimeStateException("lane.session", "this phase lane has finished (it escaped the lane"
                    + " function it was handed to); use a lane only inside that call");
        }
        return session;
    }

    @Override
    public boolean cancelled() {
        return run.cancelled();
    }

    /** Lane thread: the lane function returned. */
    void end() {
        live = false;
    }

    @Override
    public String toString() {
        return "PhaseLane[thread=" + thread.getName() + ", live=" + live + ", cancelled=" + run.cancelled() + "]";
    }
}
