package org.ferrite.cpu.internal.events;

/**
 * The only class that touches JFR event types; loaded only when {@code jdk.jfr} is present (see
 * {@link SessionEvents}). Thread-safe (stateless).
 */
final class JfrEmitter {
    private JfrEmitter() {
    }

    static void opened(String backend, Object cpus, String kind, long waitNanos) {
        SessionOpenedEvent event = new SessionOpenedEvent();
        if (event.isEnabled()) {
            event.backend = backend;
            event.cpus = String.valueOf(cpus);
            event.kind = kind;
            event.waitNanos = waitNanos;
            event.commit();
        }
    }

    static void closed(String backend, Object cpus, boolean leaked, boolean restoreFailed) {
        SessionClosedEvent event = new SessionClosedEvent();
        if (event.isEnabled()) {
            event.backend = backend;
            event.cpus = String.valueOf(cpus);
            event.leaked = leaked;
            event.restoreFailed = restoreFailed;
            event.commit();
        }
    }

    static void rejected(String backend, Object cpus, String operation, String reason, long waitNanos) {
        AdmissionRejectedEvent event = new AdmissionRejectedEvent();
        if (event.isEnabled()) {
            event.backend = backend;
            event.cpus = String.valueOf(cpus);
            event.operation = operation;
            event.reason = reason;
            event.waitNanos = waitNanos;
            event.commit();
        }
    }
}
