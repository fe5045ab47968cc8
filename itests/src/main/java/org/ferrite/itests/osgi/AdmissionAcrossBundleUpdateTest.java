package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/**
 * Admission is per process, not per bundle revision: a held session opened on the CPU provider's old
 * revision, kept open across {@code update()} and a refresh of the bundle, still owns its CPUs — the
 * new revision's default backend (on the same CPUs) refuses {@code tryOpenSession} and queues an entry
 * behind it, which is admitted when the old session closes — and the old revision's class loader is
 * collected once its sessions have ended.
 *
 * <p>The queue is observed where every revision keeps it: the JDK-typed admission state the provider
 * anchors in a private MBean server (protocol 2 of {@code SharedAdmissionState}), read under its own
 * monitor. Every wait is bounded.
 *
 * <p>The test first renews the provider once, so that the revision it watches is not the one that
 * first loaded JNA: JNA starts its own cleaner thread on first use, and on JDK 17 that thread inherits
 * the access-control context of the code that started it — the protection domain, and so the class
 * loader, of that first revision, which it keeps for the life of the process. No later revision is
 * held that way.
 */
@ExtendWith(BundleContextExtension.class)
class AdmissionAcrossBundleUpdateTest {
    private static final String DEFAULT_FILTER = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))";
    private static final long BOUND_SECONDS = 20;
    private static final String ADMISSION_DOMAIN = "org.ferrite.cpu.admission.v2";
    private static final int HEAD = 2;
    private static final int NEXT = 1;

    @Test
    void aNewRevisionWaitsForTheOldRevisionsSessionAndTheOldClassLoaderIsCollectedAfterIt(
            @InjectBundleContext BundleContext context) throws Exception {
        Bundle provider = Bundles.bySymbolicName(context, Bundles.CPU);
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            WeakReference<ClassLoader> oldLoader = holdAcrossUpdateAndRefresh(context, provider, other);
            awaitCondition(() -> {
                System.gc();
                return oldLoader.get() == null;
            }, () -> "the old revision's class loader to be collected after its sessions ended");
        } finally {
            other.shutdownNow();
            if (provider.getState() != Bundle.ACTIVE) {
                provider.start();
            }
        }
    }

    /** Everything that references the old revision stays in this frame, which is gone afterwards. */
    private static WeakReference<ClassLoader> holdAcrossUpdateAndRefresh(BundleContext context, Bundle provider,
            ExecutorService other) throws Exception {
        try (BackendEvents events = BackendEvents.open(context, DEFAULT_FILTER)) {
            assertEquals("added cpu", events.next());
            Backend current = renew(context, provider, events);
            ClassLoader before = provider.adapt(BundleWiring.class).getClassLoader();
            HeldSession held = current.openSession();
            try {
                Backend renewed = renew(context, provider, events);
                assertNotSame(before, provider.adapt(BundleWiring.class).getClassLoader(), "a new revision");
                assertNotSame(before, renewed.getClass().getClassLoader(), "a backend of the new revision");

                Optional<HeldSession> barged = other.submit(renewed::tryOpenSession)
                        .get(BOUND_SECONDS, TimeUnit.SECONDS);
                assertTrue(barged.isEmpty(), "the new revision admitted a session on CPUs the old one holds");
                Future<String> waiting = other.submit(() -> renewed.<String>withSession(s -> "admitted"));
                awaitCondition(() -> queuedWaiters() == 1, () -> "the new revision's entry to queue behind the"
                        + " old revision's session (queued: " + queuedWaiters() + ")");
                assertFalse(waiting.isDone());
                assertThrows(RuntimeStateException.class, () -> held.withSession(s -> null),
                        "the old revision's backend was closed with its component");

                held.close();
                assertEquals("admitted", waiting.get(BOUND_SECONDS, TimeUnit.SECONDS));
                assertEquals(0, queuedWaiters());
            } finally {
                held.close();
            }
            return new WeakReference<>(before);
        }
    }

    /** Updates and refreshes the provider; returns the default backend of its new revision. */
    private static Backend renew(BundleContext context, Bundle provider, BackendEvents events) throws Exception {
        provider.update();
        refresh(context, provider);
        assertEquals(List.of("removed cpu", "added cpu", "removed cpu", "added cpu"),
                List.of(events.next(), events.next(), events.next(), events.next()));
        assertEquals(1, events.live().size());
        return events.live().get(0);
    }

    private static void refresh(BundleContext context, Bundle provider) throws InterruptedException {
        CountDownLatch refreshed = new CountDownLatch(1);
        context.getBundle(0).adapt(FrameworkWiring.class).refreshBundles(List.of(provider), event -> {
            if (event.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                refreshed.countDown();
            }
        });
        assertTrue(refreshed.await(BOUND_SECONDS, TimeUnit.SECONDS), "the refresh to complete");
    }

    /**
     * @return how many entries wait for admission, in every revision of the provider: the length of
     *     the queue in the shared admission state, counted under its monitor
     */
    private static int queuedWaiters() {
        try {
            for (MBeanServer server : MBeanServerFactory.findMBeanServer(null)) {
                if (ADMISSION_DOMAIN.equals(server.getDefaultDomain())) {
                    Object[] state = (Object[]) server.invoke(new ObjectName(ADMISSION_DOMAIN + ":type=AdmissionState"),
                            "get", new Object[0], new String[0]);
                    synchronized (state) {
                        int n = 0;
                        for (Object[] node = (Object[]) state[HEAD]; node != null; node = (Object[]) node[NEXT]) {
                            n++;
                        }
                        return n;
                    }
                }
            }
        } catch (Exception e) {
            throw new AssertionError("the shared admission state is unreadable", e);
        }
        throw new AssertionError("no shared admission state in this process (domain " + ADMISSION_DOMAIN + ")");
    }

    /** Polls {@code condition} until it holds, for at most {@value #BOUND_SECONDS} s. */
    private static void awaitCondition(BooleanSupplier condition, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + BOUND_SECONDS + " s waiting for " + what.get());
            }
            Thread.sleep(5);
        }
    }
}
