package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.Backend;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.osgi.util.tracker.ServiceTrackerCustomizer;

/**
 * A consumer that tracks {@link Backend} services the way an application would (a
 * {@link ServiceTracker}) and records each arrival and departure as {@code "added <name>"} /
 * {@code "removed <name>"}, so that tests can wait for the next event with a bound instead of
 * sleeping.
 *
 * <p>Thread-safe: the framework calls the customizer on its own threads. Lifetime: from
 * {@link #open} to {@link #close()}.
 */
final class BackendEvents implements ServiceTrackerCustomizer<Backend, Backend>, AutoCloseable {
    /** The bound of every wait for an event. */
    static final long TIMEOUT_SECONDS = 20;

    private final BundleContext context;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    /** The tracked services by service id, updated before each event is queued. */
    private final Map<Long, Backend> live = new ConcurrentHashMap<>();
    private final ServiceTracker<Backend, Backend> tracker;

    private BackendEvents(BundleContext context, String filter) throws InvalidSyntaxException {
        this.context = context;
        this.tracker = new ServiceTracker<>(context, context.createFilter("(&(objectClass="
                + Backend.class.getName() + ")" + filter + ")"), this);
    }

    /**
     * @param context the test bundle's context
     * @param filter an LDAP filter on the service properties, e.g. {@code "(ferrite.backend.name=*)"}
     * @return an open tracker; the services registered now are reported as added
     * @throws InvalidSyntaxException for a bad filter
     */
    static BackendEvents open(BundleContext context, String filter) throws InvalidSyntaxException {
        BackendEvents events = new BackendEvents(context, filter);
        events.tracker.open();
        return events;
    }

    /**
     * @return the services tracked as of the last event taken with {@link #next()} or
     *     {@link #nextEvent()} (updated before each event is queued; the tracker's own
     *     {@code getServices()} may lag behind an arrival)
     */
    List<Backend> live() {
        return List.copyOf(live.values());
    }

    /**
     * One arrival or departure, with the service it concerns (the tracker's own state may lag behind
     * the event, so tests use this).
     *
     * @param what {@code "added <name>"}, {@code "modified <name>"} or {@code "removed <name>"}
     * @param reference the service reference
     * @param backend the service object
     */
    record Event(String what, ServiceReference<Backend> reference, Backend backend) {
        @Override
        public String toString() {
            return what;
        }
    }

    /**
     * @return the next event, waiting at most {@value #TIMEOUT_SECONDS} s
     * @throws InterruptedException if interrupted
     */
    Event nextEvent() throws InterruptedException {
        Event event = events.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(event, "no Backend service event within " + TIMEOUT_SECONDS + " s");
        return event;
    }

    /**
     * @return what the next event was, e.g. {@code "added cpu"}
     * @throws InterruptedException if interrupted
     */
    String next() throws InterruptedException {
        return nextEvent().what();
    }

    /**
     * Takes events until a service is registered or has its properties modified so that it satisfies
     * {@code condition}, each wait bounded. (Declarative Services may keep a delayed component's
     * registration and only change its properties, e.g. when its configuration is deleted.)
     *
     * @param condition what the service must satisfy
     * @return that event
     * @throws InterruptedException if interrupted
     */
    Event awaitRegistered(java.util.function.Predicate<Event> condition) throws InterruptedException {
        while (true) {
            Event event = nextEvent();
            if (!event.what().startsWith("removed") && condition.test(event)) {
                return event;
            }
        }
    }

    /** Forgets the events recorded so far. */
    void clear() {
        events.clear();
    }

    @Override
    public Backend addingService(ServiceReference<Backend> reference) {
        Backend backend = context.getService(reference);
        live.put((Long) reference.getProperty(Constants.SERVICE_ID), backend);
        events.add(new Event("added " + reference.getProperty("ferrite.backend.name"), reference, backend));
        return backend;
    }

    @Override
    public void modifiedService(ServiceReference<Backend> reference, Backend service) {
        events.add(new Event("modified " + reference.getProperty("ferrite.backend.name"), reference, service));
    }

    @Override
    public void removedService(ServiceReference<Backend> reference, Backend service) {
        live.remove((Long) reference.getProperty(Constants.SERVICE_ID));
        events.add(new Event("removed " + reference.getProperty("ferrite.backend.name"), reference, service));
        context.ungetService(reference);
    }

    @Override
    public void close() {
        tracker.close();
    }
}
