package org.ferrite.itests.osgi;

import java.util.Arrays;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

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

    static Bundle bySymbolicName(BundleContext context, String name) {
        return Arrays.stream(context.getBundles()).filter(b -> name.equals(b.getSymbolicName())).findFirst()
                .orElseThrow(() -> new AssertionError("bundle " + name + " is not installed"));
    }
}
