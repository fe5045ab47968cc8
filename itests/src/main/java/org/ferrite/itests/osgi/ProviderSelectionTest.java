package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
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
 * Three providers in one framework: the CPU provider, the test-only reference provider (host) and the
 * test-only off-heap provider (a device, placement {@code other:0}) all register {@link Backend} with the
 * same typed properties; a consumer selects by property filter, or takes the highest
 * {@code service.ranking} (cpu 100, reference 10, offheap 5; the OpenCL provider, where a device is
 * present, 50), which Configuration Admin can change.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class ProviderSelectionTest {
    private static final String REFERENCE = "(ferrite.backend.name=reference)";
    private static final String OFFHEAP = "(ferrite.backend.name=offheap)";
    private static final String CPU_DEFAULT = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))";

    @Test
    void threeProvidersRegisterABackendWithTheSameTypedProperties(@InjectBundleContext BundleContext context,
            @InjectService(filter = REFERENCE, timeout = 5000) Backend reference,
            @InjectService(filter = CPU_DEFAULT, timeout = 5000) Backend cpu,
            @InjectService(filter = OFFHEAP, timeout = 5000) Backend offheap) throws Exception {
        String[] dtypes = Arrays.stream(DType.values()).map(Enum::name).toArray(String[]::new);
        String[][] expected = {{CPU_DEFAULT, "cpu", Bundles.CPU, "100"}, {REFERENCE, "cpu", Bundles.REFERENCE, "10"},
            {OFFHEAP, "other", Bundles.OFFHEAP, "5"}};
        for (String[] e : expected) {
            ServiceReference<Backend> ref = context.getServiceReferences(Backend.class, e[0]).iterator().next();
            assertEquals(e[1], ref.getProperty("ferrite.backend.device"), e[0]);
            assertArrayEquals(dtypes, (String[]) ref.getProperty("ferrite.backend.dtypes"), e[0]);
            assertEquals(BackendCapabilities.SPI_VERSION, ref.getProperty("ferrite.spi.version"), e[0]);
            assertEquals(e[2], ref.getBundle().getSymbolicName(), e[0]);
            assertEquals(Integer.valueOf(e[3]), ref.getProperty(Constants.SERVICE_RANKING), e[0]);
        }
        assertEquals("reference", reference.name());
        assertEquals("cpu", cpu.name());
        assertEquals("offheap", offheap.name());
        assertEquals(new Placement(DeviceKind.OTHER, 0), offheap.capabilities().placement());
    }

    @Test
    void anUnfilteredLookupTakesTheHighestRankingAndAFilterPicksTheProvider(
            @InjectBundleContext BundleContext context,
            @InjectService(filter = REFERENCE, timeout = 5000) Backend reference,
            @InjectService(filter = OFFHEAP, timeout = 5000) Backend offheap) throws Exception {
        assertEquals("cpu", context.getService(context.getServiceReference(Backend.class)).name());
        List<String> byRanking = new ArrayList<>();
        List<ServiceReference<Backend>> refs = new ArrayList<>(context.getServiceReferences(Backend.class,
                "(!(service.factoryPid=*))"));
        refs.sort(Collections.reverseOrder()); // ServiceReference order: ranking, then registration
        refs.forEach(r -> byRanking.add((String) r.getProperty("ferrite.backend.name")));
        assertEquals(Bundles.openClAvailable(context) ? List.of("cpu", "opencl", "reference", "offheap")
                : List.of("cpu", "reference", "offheap"), byRanking);
        for (String filter : new String[] {REFERENCE, OFFHEAP}) {
            ServiceReference<Backend> picked = context.getServiceReferences(Backend.class, filter).iterator().next();
            Backend backend = context.getService(picked);
            assertEquals(picked.getProperty("ferrite.backend.name"), backend.name());
            assertEquals(backend.capabilities().placement(), backend.withSession(s -> s.placement()));
            context.ungetService(picked);
        }
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
