package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import org.ferrite.api.Backend;
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
 * Backends are dynamic services: a consumer that tracks them sees providers leave and return when
 * their bundles stop and start, the default CPU backend re-created when Configuration Admin changes
 * its thread budget, and one backend per factory configuration come and go.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class BackendDynamicsTest {

    @Test
    void aTrackingConsumerSeesProviderBundlesLeaveAndReturn(@InjectBundleContext BundleContext context)
            throws Exception {
        for (String provider : new String[] {Bundles.REFERENCE, Bundles.CPU}) {
            String name = provider.equals(Bundles.CPU) ? "cpu" : "reference";
            Bundle bundle = Bundles.bySymbolicName(context, provider);
            try (BackendEvents events = BackendEvents.open(context, "(&(ferrite.backend.name=" + name
                    + ")(!(service.factoryPid=*)))")) {
                assertEquals("added " + name, events.next());
                bundle.stop();
                assertEquals("removed " + name, events.next());
                assertEquals(0, events.live().size());
                bundle.start();
                BackendEvents.Event added = events.nextEvent();
                assertEquals("added " + name, added.what());
                Backend back = added.backend();
                assertEquals(6.0, back.withSession(s -> s.sumAll(Tensor.of(new double[] {1, 2, 3}, 3)))
                        .getDouble(), provider + " computes again");
            } finally {
                if (bundle.getState() != Bundle.ACTIVE) {
                    bundle.start();
                }
            }
        }
    }

    @Test
    void changingTheThreadBudgetReRegistersTheDefaultCpuBackend(@InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin) throws Exception {
        Configuration configuration = configurationAdmin.getConfiguration("org.ferrite.cpu", "?");
        try (BackendEvents events = BackendEvents.open(context, "(&(ferrite.backend.name=cpu)"
                + "(!(service.factoryPid=*)))")) {
            assertEquals("added cpu", events.next());
            for (int threads : new int[] {1, 2}) {
                Dictionary<String, Object> properties = new Hashtable<>();
                properties.put("threads", threads);
                configuration.update(properties);
                BackendEvents.Event added = awaitThreadBudget(events, threads);
                assertEquals(threads, added.reference().getProperty("threads"));
                Backend backend = added.backend();
                assertEquals(2.0, backend.withSession(s -> s.sumAll(Tensor.ones(org.ferrite.api.tensor.DType.F64,
                        2))).getDouble());
            }
            configuration.delete();
            // back to the defaults, which DS publishes as properties too (threads=0: one per CPU)
            events.awaitRegistered(e -> Integer.valueOf(0).equals(e.reference().getProperty("threads")));
        } finally {
            ProviderSelectionTest.deleteQuietly(configuration);
        }
    }

    private static BackendEvents.Event awaitThreadBudget(BackendEvents events, int threads)
            throws InterruptedException {
        while (true) {
            BackendEvents.Event event = events.nextEvent();
            if (event.what().startsWith("added") && event.backend().capabilities().threadBudget() == threads) {
                return event;
            }
        }
    }

    @Test
    void eachFactoryConfigurationAddsABackendAndDeletingItRemovesIt(@InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin) throws Exception {
        String cpu = String.valueOf(Bundles.firstAvailableCpu(context));
        List<Configuration> configurations = new ArrayList<>();
        try (BackendEvents events = BackendEvents.open(context, "(service.factoryPid=org.ferrite.cpu.domain)")) {
            for (String name : new String[] {"first", "second"}) {
                Configuration c = configurationAdmin.getFactoryConfiguration("org.ferrite.cpu.domain", name, "?");
                configurations.add(c);
                Dictionary<String, Object> properties = new Hashtable<>();
                properties.put("cpus", cpu);
                properties.put("threads", 1);
                c.update(properties);
                assertEquals("added cpu", events.next());
            }
            assertEquals(2, events.live().size());
            for (Backend backend : events.live()) {
                assertNotNull(backend.withSession(s -> s.zeros(org.ferrite.api.tensor.DType.I32, 2)));
            }
            configurations.get(0).delete();
            assertEquals("removed cpu", events.next());
            assertEquals(1, events.live().size());
            configurations.get(1).delete();
            assertEquals("removed cpu", events.next());
            assertEquals(0, events.live().size());
        } finally {
            configurations.forEach(ProviderSelectionTest::deleteQuietly);
        }
    }
}
