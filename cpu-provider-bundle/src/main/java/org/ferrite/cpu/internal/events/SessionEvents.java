package org.ferrite.cpu.internal.events;

/**
 * Java Flight Recorder events of the CPU sessions: {@code org.ferrite.cpu.SessionOpened} (every held
 * session, and every scoped entry that had to wait, with the wait time),
 * {@code org.ferrite.cpu.SessionClosed} (held sessions) and {@code org.ferrite.cpu.AdmissionRejected}
 * (contended entries). Uncontended scoped entries emit nothing: they are the per-operation fast path.
 *
 * <p>Where the {@code jdk.jfr} module is absent (a trimmed runtime, or an OSGi framework that does not
 * export the package; the bundle imports it optionally) every method is a no-op and no JFR class is
 * ever loaded. Thread-safe (stateless). Lifetime: static; whether JFR is present is decided once per class
 * loader.
 */
public final class SessionEvents {
    private static final boolean AVAILABLE = detect();

    private SessionEvents() {
    }

    private static boolean detect() {
        try {
            Class.forName("jdk.jfr.Event", false, SessionEvents.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** @return true if JFR events can be emitted here */
    public static boolean available() {
        return AVAILABLE;
    }

    /**
     * @param backend the backend's description
     * @param cpus its CPU set (formatted only when recorded)
     * @param kind "held" or "scoped"
     * @param waitNanos time spent queued, 0 if none
     */
    public static void opened(String backend, Object cpus, String kind, long waitNanos) {
        if (AVAILABLE) {
            JfrEmitter.opened(backend, cpus, kind, waitNanos);
        }
    }

    /**
     * @param backend the backend's description
     * @param cpus its CPU set
     * @param leaked released by the cleaner
     * @param restoreFailed restoring the caller's affinity failed
     */
    public static void closed(String backend, Object cpus, boolean leaked, boolean restoreFailed) {
        if (AVAILABLE) {
            JfrEmitter.closed(backend, cpus, leaked, restoreFailed);
        }
    }

    /**
     * @param backend the backend's description
     * @param cpus its CPU set
     * @param operation the refused entry
     * @param reason why: "must not wait", "try", "timeout", "interrupted"
     * @param waitNanos time spent queued before the refusal
     */
    public static void rejected(String backend, Object cpus, String operation, String reason, long waitNanos) {
        if (AVAILABLE) {
            JfrEmitter.rejected(backend, cpus, operation, reason, waitNanos);
        }
    }
}
