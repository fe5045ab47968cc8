package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.tensor.DType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * Two providers in one framework: the CPU provider and the test-only reference provider both register
 * {@link Backend} with the same typed properties; a consumer selects by property filter, or takes the
 * highest {@code service.ranking}, which Configuration Admin can change.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class ProviderSelectionTest {
    private static final String REFERENCE = "(ferrite.backend.name=reference)";
    private static final String CPU_DEFAULT = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))";

    @Test
    void bothProvidersRegisterABackendWithTheSameTypedProperties(@InjectBundleContext BundleContext context,
            @InjectService(filter = REFERENCE, timeout = 5000) Backend reference,
            @InjectService(filter = CPU_DEFAULT, timeout = 5000) Backend cpu) throws Exception {
        String[] dtypes = Arrays.stream(DType.values()).map(Enum::name).toArray(String[]::new);
        for (String filter : new String[] {REFERENCE, CPU_DEFAULT}) {
            ServiceReference<Backend> ref = context.getServiceReferences(Backend.class, filter).iterator().next();
            assertEquals("cpu", ref.getProperty("ferrite.backend.device"), filter);
            assertArrayEquals(dtypes, (String[]) ref.getProperty("ferrite.backend.dtypes"), filter);
            assertEquals(BackendCapabilities.SPI_VERSION, ref.getProperty("ferrite.spi.version"), filter);
        }
        ServiceReference<Backend> ref = context.getServiceReferences(Backend.class, REFERENCE).iterator().next();
        assertEquals(Bundles.REFERENCE, ref.getBundle().getSymbolicName());
        assertEquals(10, ref.getProperty(Constants.SERVICE_RANKING));
        assertEquals("reference", reference.name());
        assertEquals("cpu", cpu.name());
    }

    @Test
    void anUnfilteredLookupTakesTheHighestRankingAndAFilterPicksTheProvider(
            @InjectBundleContext BundleContext context,
            @InjectService(filter = REFERENCE, timeout = 5000) Backend reference) throws Exception {
        assertEquals("cpu", context.getService(context.getServiceReference(Backend.class)).name());
        ServiceReference<Backend> picked = context.getServiceReferences(Backend.class, REFERENCE).iterator().next();
        assertEquals("reference", context.getService(picked).name());
        context.ungetService(picked);
    }

    @Test
    void configurationAdminChangesTheRankingAndSoTheUnfilteredChoice(@InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin) throws Exception {
        Configuration configuration = configurationAdmin.getConfiguration("org.ferrite.reference", "?");
        try (BackendEvents events = BackendEvents.open(context, "(ferrite.backend.name=reference)")) {
            assertEquals("added reference", events.next());
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put(Constants.SERVICE_RANKING, 500);
            configuration.update(properties);
            awaitRanking(events, 500);
            ServiceReference<Backend> top = context.getServiceReference(Backend.class);
            assertEquals("reference", top.getProperty("ferrite.backend.name"));
            assertEquals(500, top.getProperty(Constants.SERVICE_RANKING));

            configuration.delete();
            awaitRanking(events, 10);
            assertEquals("cpu", context.getServiceReference(Backend.class).getProperty("ferrite.backend.name"));
        } finally {
            deleteQuietly(configuration);
        }
    }

    /** Waits (event by event, bounded) until the tracked reference service has the given ranking. */
    private static void awaitRanking(BackendEvents events, int ranking) throws InterruptedException {
        while (true) {
            BackendEvents.Event event = events.nextEvent();
            if (event.what().startsWith("added")
                    && Integer.valueOf(ranking).equals(event.reference().getProperty(Constants.SERVICE_RANKING))) {
                assertNotNull(event.backend());
                return;
            }
        }
    }

    static void deleteQuietly(Configuration configuration) {
        try {
            configuration.delete();
        } catch (IllegalStateException | java.io.IOException alreadyDeleted) {
            // deleted by the test itself
        }
    }
}
