package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;
import org.osgi.util.tracker.ServiceTracker;

/**
 * What an invalid configuration does under Apache Felix SCR: the delayed component's service is
 * registered (DS registers a delayed component's service before constructing it), obtaining it
 * constructs the component, the constructor's {@code ValidationException} fails the activation, and
 * the framework hands out {@code null}. {@link ServiceComponentRuntime} then reports the configuration
 * as {@link ComponentConfigurationDTO#FAILED_ACTIVATION} with the exception naming the key, and SCR logs
 * the failure at {@code ERROR} — without a Log Service in the framework, on {@code System.err}, which
 * the test captures (it provokes the failure on purpose: the test run's output stays quiet) and checks.
 *
 * <p>{@code immediate = true} was measured too and does not give a cleaner contract under SCR 2.2.14:
 * the service is still registered first and stays registered after the failed activation, so the
 * components stay delayed (no thread or backend is built until someone asks for the service).
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class InvalidConfigurationTest {
    private static final String FACTORY_PID = "org.ferrite.cpu.domain";

    @Test
    void anInvalidConfigurationRegistersAServiceThatYieldsNoBackendAndReportsTheKey(
            @InjectBundleContext BundleContext context,
            @InjectService(timeout = 5000) ConfigurationAdmin configurationAdmin,
            @InjectService(timeout = 5000) ServiceComponentRuntime runtime) throws Exception {
        BlockingQueue<ServiceReference<?>> registered = new LinkedBlockingQueue<>();
        ServiceListener listener = event -> {
            if (event.getType() == ServiceEvent.REGISTERED) {
                registered.add(event.getServiceReference());
            }
        };
        Configuration configuration = configurationAdmin.getFactoryConfiguration(FACTORY_PID, "invalid", "?");
        context.addServiceListener(listener, "(&(objectClass=" + Backend.class.getName() + ")(service.pid="
                + configuration.getPid() + "))");
        try {
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put("cpus", String.valueOf(Bundles.firstAvailableCpu(context)));
            properties.put("gemmRoute", "SIDEWAYS");
            configuration.update(properties);

            ServiceReference<?> reference = registered.poll(BackendEvents.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(reference, "the delayed component's service is registered before it is constructed");
            @SuppressWarnings("unchecked")
            ServiceReference<Backend> backendReference = (ServiceReference<Backend>) reference;
            ByteArrayOutputStream scrLog = new ByteArrayOutputStream();
            PrintStream standardError = System.err;
            System.setErr(new PrintStream(scrLog, true, StandardCharsets.UTF_8));
            try {
                assertNull(context.getService(backendReference), "activation fails: the service object is null");

                ComponentConfigurationDTO failed = componentConfiguration(context, runtime, configuration.getPid());
                assertEquals(ComponentConfigurationDTO.FAILED_ACTIVATION, failed.state);
                assertTrue(failed.failure.contains("ValidationException") && failed.failure.contains("'gemmRoute'")
                        && failed.failure.contains("SIDEWAYS"), failed.failure);

                // an application's ServiceTracker does not track a service whose object is null
                ServiceTracker<Backend, Backend> tracker = new ServiceTracker<>(context, context.createFilter(
                        "(" + Constants.SERVICE_ID + "=" + reference.getProperty(Constants.SERVICE_ID) + ")"), null);
                tracker.open();
                try {
                    assertEquals(0, tracker.size());
                    assertNull(tracker.getService());
                } finally {
                    tracker.close();
                }
            } finally {
                System.setErr(standardError);
            }
            String logged = scrLog.toString(StandardCharsets.UTF_8);
            assertTrue(logged.startsWith("ERROR : bundle " + Bundles.CPU) && logged.contains(
                    "Error during instantiation of the implementation object") && logged.contains("SIDEWAYS"), logged);
        } finally {
            context.removeServiceListener(listener);
            ProviderSelectionTest.deleteQuietly(configuration);
        }
    }

    private static ComponentConfigurationDTO componentConfiguration(BundleContext context,
            ServiceComponentRuntime runtime, String pid) {
        ComponentDescriptionDTO description = runtime.getComponentDescriptionDTO(
                Bundles.bySymbolicName(context, Bundles.CPU), FACTORY_PID);
        assertNotNull(description, "the factory component's description");
        return runtime.getComponentConfigurationDTOs(description).stream()
                .filter(c -> pid.equals(c.properties.get(Constants.SERVICE_PID))).findFirst()
                .orElseThrow(() -> new AssertionError("no component configuration for " + pid));
    }
}
