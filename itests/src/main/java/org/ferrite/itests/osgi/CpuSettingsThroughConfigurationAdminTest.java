package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.text.MessageFormat;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.ferrite.api.Backend;
import org.ferrite.api.CapabilityKey;
import org.ferrite.api.HeldSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The two settings that Configuration Admin could not set before the settings table (issue 26) —
 * {@code linalgRoute} and {@code longWaitWarningMillis} — reach the backend of both components: the
 * route as the backend's capability detail {@code cpu.linalg.route}, the delay as the moment a waiting
 * entry logs who holds its CPUs (a tenth of a second here, against 10 s by default). Values are given
 * typed (the factory configuration) and as strings, as a {@code .cfg} file gives them (the default
 * configuration). Every other setting is checked on every route by the provider's
 * {@code CpuSettingParityTest}.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class CpuSettingsThroughConfigurationAdminTest {
    // by key: the test bundle does not import org.ferrite.cpu and is not refreshed with the provider
    private static final CapabilityKey<String> LINALG_ROUTE = CapabilityKey.of("cpu.linalg.route", String.class);
    private static final String CPU_DEFAULT = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))";
    private static final String FACTORY = "(service.factoryPid=org.ferrite.cpu.domain)";

    @Test
    void aFactoryConfigurationSetsTheLinearAlgebraRouteAndTheLongWaitWarning(
            @InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin) throws Exception {
        Configuration configuration = configurationAdmin.getFactoryConfiguration("org.ferrite.cpu.domain", "settings",
                "?");
        try (BackendEvents events = BackendEvents.open(context, FACTORY)) {
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put("cpus", String.valueOf(Bundles.firstAvailableCpu(context)));
            properties.put("linalgRoute", "small");
            properties.put("longWaitWarningMillis", 100L);
            configuration.update(properties);
            Backend backend = events.awaitRegistered(e -> e.backend() != null).backend();
            assertEquals("SMALL", backend.capabilities().detail(LINALG_ROUTE).orElseThrow());
            assertWaitingEntryLogsAfter(backend, "0.1");
        } finally {
            ProviderSelectionTest.deleteQuietly(configuration);
        }
    }

    @Test
    void theDefaultConfigurationTakesBothAsStrings(@InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin) throws Exception {
        Configuration configuration = configurationAdmin.getConfiguration("org.ferrite.cpu", "?");
        try (BackendEvents events = BackendEvents.open(context, CPU_DEFAULT)) {
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put("linalgRoute", "DENSE");
            properties.put("longWaitWarningMillis", "100");
            configuration.update(properties);
            Backend backend = events.awaitRegistered(e -> e.backend() != null
                    && "DENSE".equals(e.backend().capabilities().detail(LINALG_ROUTE).orElse(null))).backend();
            assertWaitingEntryLogsAfter(backend, "0.1");
            configuration.delete();
            events.awaitRegistered(e -> "AUTO".equals(e.reference().getProperty("linalgRoute"))
                    && "AUTO".equals(e.backend().capabilities().detail(LINALG_ROUTE).orElse(null)));
        } finally {
            ProviderSelectionTest.deleteQuietly(configuration);
        }
    }

    /**
     * Holds a session of {@code backend} on this thread while another thread enters it without bound,
     * and expects that entry to log, once, that it has waited {@code seconds} (as the warning formats
     * the configured delay) — well before the default 10 s.
     */
    private static void assertWaitingEntryLogsAfter(Backend backend, String seconds) throws Exception {
        Logger sessionLog = Logger.getLogger("org.ferrite.cpu.session");
        BlockingQueue<LogRecord> logged = new LinkedBlockingQueue<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        sessionLog.addHandler(capture);
        CompletableFuture<String> waiter;
        LogRecord record;
        try {
            try (HeldSession held = backend.openSession()) {
                assertTrue(held.isOpen());
                waiter = CompletableFuture.supplyAsync(() -> backend.withSession(s -> "admitted"),
                        runnable -> new Thread(runnable, "patient").start());
                record = logged.poll(5, TimeUnit.SECONDS);
            }
            assertEquals("admitted", waiter.get(BackendEvents.TIMEOUT_SECONDS, TimeUnit.SECONDS));
        } finally {
            sessionLog.removeHandler(capture);
        }
        assertNotNull(record, "no long-wait warning within 5 s: the configured delay was not applied");
        assertEquals(Level.WARNING, record.getLevel());
        String text = MessageFormat.format(record.getMessage(), record.getParameters());
        assertTrue(text.contains("thread 'patient' has waited " + seconds + " s"), text);
    }
}
