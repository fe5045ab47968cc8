package org.ferrite.cpu;

import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.TensorException;

/**
 * A phase run ({@link CpuPhase#run}) failed; thrown only after every lane finished. Exactly one is
 * thrown per failed run; other lanes' failures are attached as suppressed exceptions. Two cases:
 * <ul>
 * <li>{@link SessionFailed} — a lane could not enter or leave its child session (for example the
 * backend was closed before the lane's worker started it); the cause is the session failure, usually a
 * {@link org.ferrite.api.error.SessionEntryException}. It takes precedence over a lane error.</li>
 * <li>{@link LaneFailed} — a lane function threw a checked exception, which is the cause.</li>
 * </ul>
 * An unchecked exception thrown by a lane function is not wrapped: {@code run} rethrows it unchanged.
 *
 * <p>{@link #kind()} is {@link ErrorKind#RUNTIME_STATE}: the run ended failed and the held session
 * stays usable; what failed is {@link #getCause()}. Thread-safe (immutable once thrown); lives as long
 * as it is referenced.
 */
public abstract sealed class PhaseRunException extends TensorException
        permits PhaseRunException.LaneFailed, PhaseRunException.SessionFailed {
    private static final long serialVersionUID = 1L;

    /** The lane whose failure is reported. */
    private final int laneIndex;

    private PhaseRunException(int laneIndex, String message, Throwable cause) {
        super(ErrorKind.RUNTIME_STATE, "phase.run", message, cause);
        this.laneIndex = laneIndex;
    }

    /** @return the index of the lane whose failure is reported */
    public final int laneIndex() {
        return laneIndex;
    }

    private static String describe(Throwable cause) {
        return cause == null ? "no cause" : cause.toString();
    }

    /**
     * A lane function threw a checked exception (the cause). Thread-safe (immutable once thrown);
     * lives as long as it is referenced.
     */
    public static final class LaneFailed extends PhaseRunException {
        private static final long serialVersionUID = 1L;

        /**
         * @param laneIndex the lane that failed
         * @param cause what its function threw
         */
        public LaneFailed(int laneIndex, Exception cause) {
            super(laneIndex, "CPU phase lane " + laneIndex + " failed: " + describe(cause) + "; every lane"
                    + " finished (its peers saw the run cancelled), and the held session stays usable", cause);
        }
    }

    /**
     * A lane could not enter or leave its child session (the cause); it takes precedence over a lane
     * error. Thread-safe (immutable once thrown); lives as long as it is referenced.
     */
    public static final class SessionFailed extends PhaseRunException {
        private static final long serialVersionUID = 1L;

        /**
         * @param laneIndex the lane whose session failed
         * @param cause the session failure
         */
        public SessionFailed(int laneIndex, Throwable cause) {
            super(laneIndex, "CPU phase session failed in lane " + laneIndex + ": " + describe(cause)
                    + "; every lane finished (its peers saw the run cancelled)", cause);
        }
    }
}
