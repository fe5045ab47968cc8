package org.ferrite.itests.osgi;

import java.util.Arrays;
import java.util.ServiceLoader;
import org.ferrite.api.BackendProvider;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Finds the provider bundles by symbolic name. Thread-safe (stateless).
 *
 * <p>This test bundle does not import {@code org.ferrite.cpu}: a bundle wired to the CPU provider
 * would be refreshed with it, test runner and all, so tests that need a provider class load it from
 * the provider bundle ({@link #firstAvailableCpu}).
 */
final class Bundles {
    /** The CPU provider. */
    static final String CPU = "org.ferrite.cpu";
    /** The test-only reference provider. */
    static final String REFERENCE = "org.ferrite.reference";
    /** The test-only asynchronous off-heap device provider. */
    static final String OFFHEAP = "org.ferrite.offheap";
    /** The OpenCL provider: its Backend service exists only where an OpenCL device is present. */
    static final String OPENCL = "org.ferrite.opencl";

    private Bundles() {
    }

    /**
     * @param context the test bundle's context
     * @return the lowest CPU id the process may run on ({@code CpuDomain.available()} of the CPU
     *     provider's current revision)
     * @throws ReflectiveOperationException if the provider does not have that method
     */
    static int firstAvailableCpu(BundleContext context) throws ReflectiveOperationException {
        Class<?> domain = bySymbolicName(context, CPU).loadClass("org.ferrite.cpu.CpuDomain");
        Object available = domain.getMethod("available").invoke(null);
        return ((int[]) domain.getMethod("cpus").invoke(available))[0];
    }

    /**
     * @param context the test bundle's context
     * @return true if the OpenCL provider says a device is present (its ServiceLoader provider, loaded
     *     from its bundle: this bundle imports no provider package); prints the reason if not
     */
    static boolean openClAvailable(BundleContext context) {
        ClassLoader loader = bySymbolicName(context, OPENCL).adapt(BundleWiring.class).getClassLoader();
        BackendProvider provider = ServiceLoader.load(BackendProvider.class, loader).stream()
                .map(ServiceLoader.Provider::get).filter(p -> p.name().equals("opencl")).findFirst()
                .orElseThrow(() -> new AssertionError(OPENCL + " has no BackendProvider named 'opencl'"));
        if (!provider.isAvailable()) {
            System.err.println("OpenCL provider not available, its Felix tests SKIPPED: "
                    + provider.unavailableReason());
        }
        return provider.isAvailable();
    }

    /** @return {@link #openClAvailable} for the bundle that holds this class (a JUnit condition) */
    static boolean openClAvailable() {
        return openClAvailable(FrameworkUtil.getBundle(Bundles.class).getBundleContext());
    }

    static Bundle bySymbolicName(BundleContext context, String name) {
        return Arrays.stream(context.getBundles()).filter(b -> name.equals(b.getSymbolicName())).findFirst()
                .orElseThrow(() -> new AssertionError("bundle " + name + " is not installed"));
    }
}
