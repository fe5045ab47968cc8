package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * Stopping a provider bundle while a held session is open: the departed backend refuses new entries
 * with a typed error, the open session keeps working (or fails with a typed error) until its owner
 * closes it, and closing releases everything — the restarted provider admits a new session at once
 * (no permit leaked) and no worker thread of the old backend survives.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class ProviderDepartureTest {
    private static final String CPU_DEFAULT = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))";

    @Test
    void stoppingTheCpuProviderUnderAHeldSessionLeaksNoPermitAndNoThread(@InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin) throws Exception {
        Configuration configuration = configurationAdmin.getConfiguration("org.ferrite.cpu", "?");
        Bundle cpuBundle = Bundles.bySymbolicName(context, Bundles.CPU);
        try (BackendEvents events = BackendEvents.open(context, CPU_DEFAULT)) {
            assertEquals("added cpu", events.next());
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put("threads", 2); // a worker pool, so that a thread leak would show
            configuration.update(properties);
            Backend backend = awaitThreads(events, 2);
            Set<Thread> workers = threadsNamed("ferrite-cpu-");
            assertFalse(workers.isEmpty(), "the backend's worker pool runs");
            Backend restarted = departWithHeldSession(cpuBundle, backend, events, "cpu");
            for (Thread worker : workers) {
                worker.join(20_000);
                assertFalse(worker.isAlive(), worker.getName() + " of the departed backend still runs");
            }
            assertTrue(restarted != backend, "a new backend object after the restart");
            Optional<HeldSession> fresh = restarted.tryOpenSession();
            assertTrue(fresh.isPresent(), "the departed backend's permit was released");
            fresh.get().close();
            configuration.delete();
            // back to the defaults, which DS publishes as properties too (threads=0: one per CPU)
            events.awaitRegistered(e -> Integer.valueOf(0).equals(e.reference().getProperty("threads")));
        } finally {
            if (cpuBundle.getState() != Bundle.ACTIVE) {
                cpuBundle.start();
            }
            ProviderSelectionTest.deleteQuietly(configuration);
        }
    }

    @Test
    void stoppingTheReferenceProviderUnderAHeldSessionReleasesItOnClose(@InjectBundleContext BundleContext context)
            throws Exception {
        Bundle bundle = Bundles.bySymbolicName(context, Bundles.REFERENCE);
        try (BackendEvents events = BackendEvents.open(context, "(ferrite.backend.name=reference)")) {
            BackendEvents.Event first = events.nextEvent();
            assertEquals("added reference", first.what());
            Backend backend = first.backend();
            Backend restarted = departWithHeldSession(bundle, backend, events, "reference");
            Optional<HeldSession> fresh = restarted.tryOpenSession();
            assertTrue(fresh.isPresent());
            fresh.get().close();
        } finally {
            if (bundle.getState() != Bundle.ACTIVE) {
                bundle.start();
            }
        }
    }

    /**
     * Opens a held session, stops the provider bundle under it, uses and closes the session, checks the
     * departed backend refuses entries, then starts the bundle again and waits for its new service.
     *
     * @return the new backend service
     */
    private static Backend departWithHeldSession(Bundle provider, Backend backend, BackendEvents events,
            String name) throws Exception {
        Tensor a = Tensor.of(new double[] {1, 2, 3}, 3);
        HeldSession held = backend.openSession();
        try {
            assertArrayEquals(new double[] {2, 4, 6}, held.withSession(s -> s.add(a, a)).f64Data());
            provider.stop();
            assertEquals("removed " + name, events.next());
            try {
                Tensor after = held.withSession(s -> s.mul(a, a));
                assertArrayEquals(new double[] {1, 4, 9}, after.f64Data(), "an open session keeps computing");
            } catch (TensorException typed) {
                // also acceptable: a typed failure instead of a result
            }
        } finally {
            held.close();
        }
        assertThrows(RuntimeStateException.class, () -> backend.withSession(s -> null));
        assertThrows(RuntimeStateException.class, backend::openSession);
        provider.start();
        BackendEvents.Event added = events.nextEvent();
        assertEquals("added " + name, added.what());
        assertEquals(2.0, added.backend().withSession(s -> s.sumAll(Tensor.ones(DType.F64, 2))).getDouble());
        return added.backend();
    }

    private static Backend awaitThreads(BackendEvents events, int threads) throws InterruptedException {
        while (true) {
            BackendEvents.Event event = events.nextEvent();
            Backend backend = event.backend();
            if (event.what().startsWith("added") && backend.capabilities().threadBudget() == threads) {
                // make the pool start: a large strided elementwise operation splits across the workers
                Tensor m = Tensor.ones(DType.F64, 512, 512);
                backend.withSession(s -> s.add(m.transpose(), m));
                return backend;
            }
        }
    }

    private static Set<Thread> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix))
                .collect(Collectors.toSet());
    }
}
