package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.ferrite.api.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/**
 * Every provider of this run has a conformance-kit class inside the framework: the bundles that declare
 * a {@link Backend} service (the {@code osgi.service} capability bnd writes from their Declarative
 * Services components — read from the manifest, so the check does not race the components' activation)
 * are exactly those of {@link CpuKitInFrameworkTest}, {@link ReferenceKitInFrameworkTest},
 * {@link OffHeapKitInFrameworkTest} and (where an OpenCL device is present) {@link OpenClKitInFrameworkTest}. A provider bundle added to the run without its kit class fails here.
 */
@ExtendWith(BundleContextExtension.class)
class EveryRegisteredBackendRunsTheKitTest {
    /** The kit class of each provider bundle. */
    private static final Map<String, Class<? extends RegisteredBackendKit>> KIT_CLASSES = Map.of(
            Bundles.CPU, CpuKitInFrameworkTest.class,
            Bundles.REFERENCE, ReferenceKitInFrameworkTest.class,
            Bundles.OFFHEAP, OffHeapKitInFrameworkTest.class,
            Bundles.OPENCL, OpenClKitInFrameworkTest.class);

    @Test
    void everyBundleThatRegistersABackendHasAKitClass(@InjectBundleContext BundleContext context) {
        List<String> providers = Arrays.stream(context.getBundles())
                .filter(EveryRegisteredBackendRunsTheKitTest::declaresBackend).map(Bundle::getSymbolicName).sorted()
                .toList();
        assertEquals(KIT_CLASSES.keySet().stream().sorted().toList(), providers,
                "the bundles that register a Backend service, and those with a kit class (" + KIT_CLASSES + ")");
    }

    private static boolean declaresBackend(Bundle bundle) {
        BundleRevision revision = bundle.adapt(BundleRevision.class);
        return revision != null && revision.getDeclaredCapabilities("osgi.service").stream()
                .map(c -> c.getAttributes().get("objectClass"))
                .anyMatch(types -> types instanceof List<?> && ((List<?>) types).contains(Backend.class.getName()));
    }
}
