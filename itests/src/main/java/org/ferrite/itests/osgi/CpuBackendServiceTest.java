package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.CapabilityKey;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The CPU provider inside Apache Felix: the Declarative Services component registers {@link Backend}
 * with its documented properties, a Configuration Admin factory configuration adds a backend on its
 * own CPU set, and sessions run through each.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class CpuBackendServiceTest {
    private static final String DEFAULT_FILTER = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))";
    // The keys of org.ferrite.cpu.CpuCapabilities, named here (keys are equal by name) so that this
    // test bundle does not import org.ferrite.cpu and is not refreshed with the provider.
    private static final CapabilityKey<Boolean> AFFINITY_SUPPORTED =
            CapabilityKey.of("cpu.affinity.supported", Boolean.class);
    private static final CapabilityKey<String> AFFINITY_NOTE = CapabilityKey.of("cpu.affinity.note", String.class);
    private static final CapabilityKey<String> SIMD_NOTE = CapabilityKey.of("cpu.simd.note", String.class);

    /**
     * The Felix run starts the JVM with {@code --add-modules jdk.incubator.vector} (cnf/felix-runtime.bnd):
     * the framework exports the incubator package from the boot layer, the provider's optional import
     * wires to it, and its guard loads the vector kernels. (The plain-JVM tests run without the module:
     * there the scalar kernels serve.)
     */
    @Test
    void theVectorKernelsLoadInsideTheFramework(
            @InjectService(filter = DEFAULT_FILTER, timeout = 5000) Backend backend) {
        assertTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(),
                "the Felix run adds jdk.incubator.vector");
        String note = backend.capabilities().detail(SIMD_NOTE).orElseThrow();
        assertTrue(note.startsWith("Vector API, ") || note.startsWith("off: the preferred vector is"),
                "the bundle sees the Vector API (else the note says it cannot load it): " + note);
    }

    @Test
    void theCpuBackendIsRegisteredWithItsDocumentedProperties(
            @InjectService(filter = DEFAULT_FILTER, timeout = 5000) ServiceAware<Backend> backends) {
        ServiceReference<Backend> reference = backends.getServiceReference();
        assertNotNull(reference, "no Backend service with ferrite.backend.name=cpu");
        assertEquals("cpu", reference.getProperty("ferrite.backend.name"));
        assertEquals("cpu", reference.getProperty("ferrite.backend.device"));
        assertArrayEquals(Arrays.stream(DType.values()).map(Enum::name).toArray(String[]::new),
                (String[]) reference.getProperty("ferrite.backend.dtypes"));
        assertEquals(BackendCapabilities.SPI_VERSION, reference.getProperty("ferrite.spi.version"));
        assertEquals(100, reference.getProperty(Constants.SERVICE_RANKING));
        Bundle provider = reference.getBundle();
        assertEquals("org.ferrite.cpu", provider.getSymbolicName());
        assertEquals(Bundle.ACTIVE, provider.getState());

        Backend backend = backends.getService();
        assertEquals("cpu", backend.name());
        assertTrue(backend.capabilities().detail(AFFINITY_SUPPORTED).orElseThrow()
                || !backend.capabilities().detail(AFFINITY_NOTE).orElseThrow().isEmpty(),
                "affinity is supported, or the capability says why not");
        backend.close(); // the service object is shared: closing it is a no-op
        assertEquals(12.0, runSession(backend), "the service still works after a caller closed it");
        assertEquals(12.0, runSession(backend));
    }

    @Test
    void aFactoryConfigurationCreatesASecondBackendOnItsOwnCpuSet(
            @InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin,
            @InjectService(filter = DEFAULT_FILTER, timeout = 5000) Backend defaultBackend) throws Exception {
        int cpu = Bundles.firstAvailableCpu(context);
        Configuration configuration = configurationAdmin.getFactoryConfiguration("org.ferrite.cpu.domain",
                "itest", "?");
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("cpus", String.valueOf(cpu));
        properties.put("threads", 1);
        properties.put("service.ranking", 10);
        ServiceTracker<Backend, Backend> tracker = new ServiceTracker<>(context,
                context.createFilter("(&(objectClass=" + Backend.class.getName()
                        + ")(service.factoryPid=org.ferrite.cpu.domain))"), null);
        tracker.open();
        try {
            configuration.update(properties);
            Backend second = tracker.waitForService(10_000);
            assertNotNull(second, "no backend for the factory configuration");
            ServiceReference<Backend> reference = tracker.getServiceReference();
            assertEquals("cpu", reference.getProperty("ferrite.backend.name"));
            assertEquals(String.valueOf(cpu), reference.getProperty("cpus"));
            assertEquals(10, reference.getProperty(Constants.SERVICE_RANKING));
            assertEquals(1, second.capabilities().threadBudget());
            assertNotSame(defaultBackend, second);

            assertEquals(12.0, runSession(second));
            assertEquals(12.0, runSession(defaultBackend));
            // the default backend's CPUs include the second's: one thread cannot hold both
            try (HeldSession held = defaultBackend.openSession()) {
                assertTrue(held.isOpen());
                assertThrows(SessionEntryException.Reentered.class, () -> second.withSession(s -> null));
            }

            configuration.delete();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (tracker.getService() != null && System.nanoTime() < deadline) {
                Thread.yield();
            }
            assertEquals(0, tracker.size(), "deleting the configuration removes the backend");
            assertFalse(context.getServiceReferences(Backend.class, DEFAULT_FILTER).isEmpty(),
                    "the default backend stays");
        } finally {
            tracker.close();
            try {
                configuration.delete();
            } catch (IllegalStateException alreadyDeleted) {
                // deleted by the test
            }
        }
    }

    /** A held session then a scoped entry through the service: sum(2 · [1, 2, 3]) = 12. */
    private static double runSession(Backend backend) {
        Tensor a = Tensor.of(new double[] {1, 2, 3}, 3);
        Tensor doubled;
        try (HeldSession held = backend.openSession()) {
            doubled = held.withSession(s -> s.add(a, a));
            assertArrayEquals(new double[] {2, 4, 6}, held.withSession(s -> s.toContiguous(doubled)).f64Data());
        }
        return backend.withSession(s -> s.sum(doubled, 0)).f64Data()[0];
    }
}
