package org.ferrite.cpu.internal.events;

import java.util.List;
import jdk.jfr.AnnotationElement;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventFactory;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import jdk.jfr.ValueDescriptor;

/**
 * The only class that touches JFR; loaded only when {@code jdk.jfr} is present (see
 * {@link SessionEvents}).
 *
 * <p>The event types are built with {@link EventFactory} rather than declared as {@code Event}
 * subclasses: on JDK 17, Flight Recorder instruments a declared event class to call a generated
 * handler class in {@code jdk.jfr.internal.handlers}, which an OSGi bundle's class loader cannot see
 * ({@code NoClassDefFoundError} on commit). Factory-made types live in JFR's own loader and work
 * everywhere. A disabled type costs one {@code EventType.isEnabled()} check (on a cached type);
 * nothing is allocated.
 *
 * <p>Thread-safe (the factories are).
 */
final class JfrEmitter {
    private static final String[] CATEGORY = {"Ferrite", "CPU Sessions"};

    private static final EventFactory OPENED = EventFactory.create(type("org.ferrite.cpu.SessionOpened",
            "Ferrite Session Opened", "A held session was opened, or a scoped entry was admitted after waiting"),
            List.of(text("backend", "Backend"), text("cpus", "CPUs"), text("kind", "Kind"), nanos("waitNanos", "Wait")));
    private static final EventFactory CLOSED = EventFactory.create(type("org.ferrite.cpu.SessionClosed",
            "Ferrite Session Closed", "A held session released its resources, owner marker, affinity and permit"),
            List.of(text("backend", "Backend"), text("cpus", "CPUs"), flag("leaked", "Leaked"),
                    flag("restoreFailed", "Affinity Restore Failed")));
    private static final EventFactory REJECTED = EventFactory.create(type("org.ferrite.cpu.AdmissionRejected",
            "Ferrite Admission Rejected", "A session entry was refused because its CPU set was busy"),
            List.of(text("backend", "Backend"), text("cpus", "CPUs"), text("operation", "Operation"),
                    text("reason", "Reason"), nanos("waitNanos", "Wait")));

    // EventFactory.getEventType() looks the type up on every call (JDK 17); look it up once.
    private static final EventType OPENED_TYPE = OPENED.getEventType();
    private static final EventType CLOSED_TYPE = CLOSED.getEventType();
    private static final EventType REJECTED_TYPE = REJECTED.getEventType();

    private JfrEmitter() {
    }

    static void opened(String backend, Object cpus, String kind, long waitNanos) {
        if (OPENED_TYPE.isEnabled()) {
            Event event = OPENED.newEvent();
            event.set(0, backend);
            event.set(1, String.valueOf(cpus));
            event.set(2, kind);
            event.set(3, waitNanos);
            event.commit();
        }
    }

    static void closed(String backend, Object cpus, boolean leaked, boolean restoreFailed) {
        if (CLOSED_TYPE.isEnabled()) {
            Event event = CLOSED.newEvent();
            event.set(0, backend);
            event.set(1, String.valueOf(cpus));
            event.set(2, leaked);
            event.set(3, restoreFailed);
            event.commit();
        }
    }

    static void rejected(String backend, Object cpus, String operation, String reason, long waitNanos) {
        if (REJECTED_TYPE.isEnabled()) {
            Event event = REJECTED.newEvent();
            event.set(0, backend);
            event.set(1, String.valueOf(cpus));
            event.set(2, operation);
            event.set(3, reason);
            event.set(4, waitNanos);
            event.commit();
        }
    }

    private static List<AnnotationElement> type(String name, String label, String description) {
        return List.of(new AnnotationElement(Name.class, name), new AnnotationElement(Label.class, label),
                new AnnotationElement(Description.class, description), new AnnotationElement(Category.class, CATEGORY),
                new AnnotationElement(StackTrace.class, false));
    }

    private static ValueDescriptor text(String name, String label) {
        return new ValueDescriptor(String.class, name, List.of(new AnnotationElement(Label.class, label)));
    }

    private static ValueDescriptor flag(String name, String label) {
        return new ValueDescriptor(boolean.class, name, List.of(new AnnotationElement(Label.class, label)));
    }

    private static ValueDescriptor nanos(String name, String label) {
        return new ValueDescriptor(long.class, name, List.of(new AnnotationElement(Label.class, label),
                new AnnotationElement(Timespan.class, Timespan.NANOSECONDS)));
    }
}
