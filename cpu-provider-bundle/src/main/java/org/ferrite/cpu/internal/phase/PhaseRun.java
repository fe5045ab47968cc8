package org.ferrite.cpu.internal.phase;

import org.ferrite.api.error.SessionEntryException;
import org.ferrite.cpu.PhaseRunException;

/**
 * One {@code CpuPhase.run}: its cancellation flag and what each lane's failure was, reduced after the
 * join to the one failure the run reports.
 *
 * <p>Precedence of the reported failure: a session failure ({@link PhaseRunException.SessionFailed}:
 * a lane could not enter or leave its session) &gt; an unchecked exception or error thrown by a lane
 * function (rethrown unchanged) &gt; a checked exception thrown by a lane function
 * ({@link PhaseRunException.LaneFailed}); within a class the lowest lane index wins. A session failure
 * comes first because it means the run's lanes did not all run under the session (a lane function's
 * failure is the user's own, and is kept as suppressed); a lane that saw the cancellation flag and did
 * not enter is no failure at all, so a lane function's failure is never hidden behind a cancellation.
 * Every other failure is added to it as a suppressed exception — wrapped in the
 * {@code PhaseRunException} of its class so that it names its lane, except unchecked ones, which are
 * added as they are.
 *
 * <p>Thread-safe for its protocol: lane {@code i} records only into slot {@code i}, on its own thread;
 * the owner reads the slots in {@link #failure()} only after every lane finished (the pool's completion
 * count publishes the lanes' writes). Lifetime: one run.
 */
final class PhaseRun {
    private final Throwable[] laneFailures;
    private final Throwable[] sessionFailures;
    private volatile boolean cancelled;

    PhaseRun(int lanes) {
        this.laneFailures = new Throwable[lanes];
        this.sessionFailures = new Throwable[lanes];
    }

    boolean cancelled() {
        return cancelled;
    }

    /**
     * Lane {@code lane}'s function threw.
     *
     * @param lane the lane
     * @param failure what it threw
     */
    void laneFailed(int lane, Throwable failure) {
        laneFailures[lane] = failure;
        cancelled = true;
    }

    /**
     * Lane {@code lane} could not enter or leave its session.
     *
     * @param lane the lane
     * @param failure the session failure
     */
    void sessionFailed(int lane, Throwable failure) {
        sessionFailures[lane] = failure;
        cancelled = true;
    }

    /**
     * Owner, after the join: no worker started lane {@code lane} because the pool was shut down.
     *
     * @param lane the lane
     */
    void notStarted(int lane) {
        sessionFailed(lane, new SessionEntryException.ExecutorFailure("phase.run", "the backend was closed while"
                + " this phase ran, and its worker pool stopped before lane " + lane + " started; nothing of that"
                + " lane ran. Close a backend only after its sessions have ended", null));
    }

    /** @return the failure to report (after the join), or {@code null} if every lane succeeded */
    Throwable failure() {
        Throwable reported = null;
        int lanes = laneFailures.length;
        for (int i = 0; i < lanes && reported == null; i++) {
            if (sessionFailures[i] != null) {
                reported = new PhaseRunException.SessionFailed(i, sessionFailures[i]);
            }
        }
        for (int i = 0; i < lanes && reported == null; i++) {
            if (isUnchecked(laneFailures[i])) {
                reported = laneFailures[i];
            }
        }
        for (int i = 0; i < lanes && reported == null; i++) {
            if (laneFailures[i] != null) {
                reported = new PhaseRunException.LaneFailed(i, (Exception) laneFailures[i]);
            }
        }
        if (reported != null) {
            suppressOthers(reported);
        }
        return reported;
    }

    private void suppressOthers(Throwable reported) {
        Throwable primary = reported instanceof PhaseRunException ? reported.getCause() : reported;
        for (int i = 0; i < laneFailures.length; i++) {
            Throwable lane = laneFailures[i];
            if (lane != null && lane != primary) {
                reported.addSuppressed(isUnchecked(lane) ? lane
                        : new PhaseRunException.LaneFailed(i, (Exception) lane));
            }
            Throwable session = sessionFailures[i];
            if (session != null && session != primary) {
                reported.addSuppressed(new PhaseRunException.SessionFailed(i, session));
            }
        }
    }

    private static boolean isUnchecked(Throwable failure) {
        return failure instanceof RuntimeException || failure instanceof Error;
    }
}
