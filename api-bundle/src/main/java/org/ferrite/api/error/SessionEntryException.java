package org.ferrite.api.error;

/**
 * Entering a session was refused. Except for {@link ExecutorFailure}, every subclass is thrown
 * <em>before</em> the caller's callback runs, so no work was done. Thread-safe (immutable once thrown); lives as long as it is referenced.
 *
 * <p>The five cases:
 * <ul>
 * <li>{@link Reentered} — the calling thread already runs inside a session of an overlapping
 * domain; pass that session down instead of entering again. Thrown before any blocking step.</li>
 * <li>{@link Contended} — the domain is busy and the caller may not, or did not, wait (a worker of
 * the backend's own pool, a phase lane, {@code tryOpenSession}, an elapsed bounded wait, an
 * interrupted wait).</li>
 * <li>{@link IncompatibleContext} — a held session was used from a thread other than its opener,
 * or a child handle outside its parent's lifetime.</li>
 * <li>{@link ResourcePoisoned} — the engine's resources were lost by an earlier failure.</li>
 * <li>{@link ExecutorFailure} — the backend's worker pool failed while running the work.</li>
 * </ul>
 */
public abstract sealed class SessionEntryException extends RuntimeStateException
        permits SessionEntryException.Reentered, SessionEntryException.Contended,
        SessionEntryException.IncompatibleContext, SessionEntryException.ResourcePoisoned,
        SessionEntryException.ExecutorFailure {
    private static final long serialVersionUID = 1L;

    private SessionEntryException(String op, String message, Throwable cause) {
        super(op, message, cause);
    }

    /** The calling thread already owns a session of an overlapping domain. Thread-safe (immutable). */
    public static final class Reentered extends SessionEntryException {
        private static final long serialVersionUID = 1L;

        /**
         * @param op the entry that was refused ({@code "openSession"}, {@code "withSession"}, ...)
         * @param message which session is already held, and what to do
         */
        public Reentered(String op, String message) {
            super(op, message, null);
        }
    }

    /** The domain is busy and the caller did not (or may not) wait for it. Thread-safe (immutable). */
    public static final class Contended extends SessionEntryException {
        private static final long serialVersionUID = 1L;

        /**
         * @param op the entry that was refused
         * @param message why the caller did not wait, and what to do
         * @param cause an {@link InterruptedException} if the wait was interrupted, else {@code null}
         */
        public Contended(String op, String message, Throwable cause) {
            super(op, message, cause);
        }
    }

    /** A session or child handle was used from the wrong thread or outside its lifetime. Thread-safe. */
    public static final class IncompatibleContext extends SessionEntryException {
        private static final long serialVersionUID = 1L;

        /**
         * @param op the entry that was refused
         * @param message which thread owns the session, and which one called
         */
        public IncompatibleContext(String op, String message) {
            super(op, message, null);
        }
    }

    /** The engine's resources were lost by an earlier failure and cannot be checked out. Thread-safe. */
    public static final class ResourcePoisoned extends SessionEntryException {
        private static final long serialVersionUID = 1L;

        /**
         * @param op the entry that was refused
         * @param message what was lost
         * @param cause the original failure, or {@code null}
         */
        public ResourcePoisoned(String op, String message, Throwable cause) {
            super(op, message, cause);
        }
    }

    /** The backend's worker pool failed while running the work. Thread-safe (immutable). */
    public static final class ExecutorFailure extends SessionEntryException {
        private static final long serialVersionUID = 1L;

        /**
         * @param op the operation whose execution failed
         * @param message what failed
         * @param cause the failure of the executor
         */
        public ExecutorFailure(String op, String message, Throwable cause) {
            super(op, message, cause);
        }
    }
}
