package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Dictionary;
import java.util.Hashtable;
import org.ferrite.api.Backend;
import org.ferrite.api.CapabilityKey;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * A factory configuration of PID {@code org.ferrite.opencl.device} adds one OpenCL {@link Backend} service
 * with its settings (here the synchronous setting, read back through the capability detail by key: this
 * bundle imports no provider package); deleting it removes the service. Disabled where no OpenCL device is
 * present.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
@EnabledIf("org.ferrite.itests.osgi.Bundles#openClAvailable")
class OpenClFactoryConfigurationTest {
    private static final CapabilityKey<Boolean> SYNCHRONOUS = CapabilityKey.of("opencl.synchronous", Boolean.class);
    private static final String FACTORY = "(service.factoryPid=org.ferrite.opencl.device)";

    @Test
    void aFactoryConfigurationAddsAnOpenClBackendWithItsSettings(@InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin) throws Exception {
        Configuration configuration = configurationAdmin.getFactoryConfiguration("org.ferrite.opencl.device",
                "first", "?");
        try (BackendEvents events = BackendEvents.open(context, FACTORY)) {
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put("device", "0");
            properties.put("synchronous", true);
            configuration.update(properties);
            Backend backend = events.awaitRegistered(e -> e.backend() != null).backend();
            assertEquals("opencl", backend.name());
            assertEquals(Boolean.TRUE, backend.capabilities().detail(SYNCHRONOUS).orElseThrow());
            Tensor sum = backend.withSession(s -> s.toHost(s.add(s.to(Tensor.ones(DType.F32, 3), s.placement()),
                    s.to(Tensor.ones(DType.F32, 3), s.placement()))));
            assertEquals(2.0, sum.getDouble(2));
            configuration.delete();
            assertEquals("removed opencl", events.next());
            assertTrue(events.live().isEmpty());
        } finally {
            ProviderSelectionTest.deleteQuietly(configuration);
        }
    }
}
