package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import java.util.ServiceLoader;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendProvider;
import org.ferrite.api.tensor.DType;
import org.ferrite.testkit.ConformanceKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.test.common.service.ServiceAware;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The conformance kit (bundle {@code org.ferrite.testkit}) inside the framework, against one provider's
 * registered {@link Backend} service: every suite of the kit runs as in the provider's own unit tests, but
 * on the service that Declarative Services registered, with the kit, the API and the provider each wired
 * by the resolver as separate bundles. A concrete class names the provider by its service, injected by
 * osgi-test into a static {@link ServiceAware} (held from before the first test of the class to after the
 * last, so a provider restarted by another test class in between is seen afresh).
 *
 * <p>{@link #backend()} is the registered service: shared, its {@code close()} a no-op, left idle by every
 * test. {@link #newBackend()}, which the lifecycle tests close, is a fresh owned backend of the same
 * provider, made by the provider's own {@link BackendProvider}: found with {@link ServiceLoader} in the
 * class loader of the bundle that registered the service, so that this test bundle imports no provider
 * package (a bundle wired to a provider would be refreshed with it, test runner and all — see
 * {@link Bundles}).
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
abstract class RegisteredBackendKit extends ConformanceKit {
    /** The service property that names the provider: its backends' {@code Backend.name()}. */
    static final String NAME = "ferrite.backend.name";

    /** @return the provider's registered service, as osgi-test injected it */
    abstract ServiceAware<Backend> registered();

    @Override
    protected Backend backend() {
        Backend service = registered().getService();
        assertNotNull(service, "the " + registered().getServiceReference() + " service is registered");
        return service;
    }

    @Override
    protected Backend newBackend() {
        return ownedBackend(registered().getServiceReference());
    }

    /**
     * @param reference a registered backend service
     * @return a new owned backend of the same provider, created by the {@link BackendProvider} of the
     *     registering bundle whose {@code name()} is the service's {@value #NAME}
     */
    static Backend ownedBackend(ServiceReference<Backend> reference) {
        Object name = reference.getProperty(NAME);
        Bundle bundle = reference.getBundle();
        ClassLoader loader = bundle.adapt(BundleWiring.class).getClassLoader();
        return ServiceLoader.load(BackendProvider.class, loader).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(bundle.getSymbolicName() + " has no BackendProvider named '"
                        + name + "' in META-INF/services/" + BackendProvider.class.getName()))
                .create(Map.of());
    }

    @Test
    void theKitRunsOnTheRegisteredServiceAndOnOwnedBackendsOfItsBundle() {
        ServiceReference<Backend> reference = registered().getServiceReference();
        Backend service = backend();
        assertEquals(reference.getProperty(NAME), service.name(), "the service property names the backend");
        try (Backend owned = newBackend()) {
            assertNotSame(service, owned, "an owned backend, not the shared service");
            assertEquals(service.name(), owned.name());
            assertSame(reference.getBundle(), FrameworkUtil.getBundle(owned.getClass()),
                    "the owned backend is the registering bundle's own class");
            assertEquals(2L, (long) owned.<Long>withSession(s -> s.allocate(DType.F64, 2).size()), "it computes");
        }
    }
}
