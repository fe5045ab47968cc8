package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.ferrite.api.Backend;
import org.ferrite.itests.smoke.JarSmoke;
import org.ferrite.itests.smoke.SmokeReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The jar smoke ({@link JarSmoke}: every op family × every dtype, linear algebra on every CPU tier) inside
 * Apache Felix, on the provider bundle the build ships: the resolved run installs the packaged
 * {@code ferrite-cpu} jar, and the smoke's body runs through its registered {@link Backend} service — the
 * code a user's bundle runs. The backends forced to one linear-algebra tier, or to native BLAS, are built
 * by the provider's public builder, loaded from the provider bundle (this test bundle does not import
 * {@code org.ferrite.cpu}: see {@link Bundles}). The provider bundle is wired only to what a user
 * installs with it — the API bundle, JNA, Declarative Services and the framework — so nothing in the test
 * run can supply a class the shipped bundle lacks.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class ShippedBundleSmokeTest {
    private static final String DEFAULT_FILTER = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))";

    @Test
    void everyOpFamilyRunsOnTheShippedProviderBundleThroughItsBackendService(
            @InjectBundleContext BundleContext context,
            @InjectService(filter = DEFAULT_FILTER, timeout = 5000) Backend cpu) throws Exception {
        Bundle provider = Bundles.bySymbolicName(context, Bundles.CPU);
        assertTrue(provider.getLocation().matches(".*/ferrite-cpu-[^/]+\\.jar"),
                "the run installs the packaged provider jar: " + provider.getLocation());
        assertEquals(Set.of(context.getBundle(0).getSymbolicName(), "org.ferrite.api", "com.sun.jna",
                "org.apache.felix.scr"), wiredTo(provider), "what the provider bundle is wired to");

        List<Backend> owned = new ArrayList<>();
        try {
            List<Backend> tiers = new ArrayList<>();
            for (String route : List.of("SMALL", "DENSE", "NATIVE")) {
                tiers.add(own(owned, cpuBackend(provider, "linalgRoute", "LinalgRoute", route)));
            }
            Backend nativeGemm = own(owned, cpuBackend(provider, "gemmRoute", "GemmRoute", "NATIVE"));
            SmokeReport report = JarSmoke.run(cpu, tiers, nativeGemm);
            report.lines().forEach(line -> System.out.println("felix smoke: " + line));
            assertTrue(report.passed(), String.join("\n", report.lines()));
        } finally {
            owned.forEach(Backend::close);
        }
    }

    /** @return the symbolic names of the bundles that satisfy the provider's requirements */
    private static Set<String> wiredTo(Bundle provider) {
        Set<String> names = new TreeSet<>();
        for (BundleWire wire : provider.adapt(BundleWiring.class).getRequiredWires(null)) {
            names.add(wire.getProvider().getBundle().getSymbolicName());
        }
        return names;
    }

    /**
     * @return {@code CpuBackend.builder().<option>(<type>.valueOf(constant)).build()}, through the provider
     *     bundle's class loader
     */
    private static Backend cpuBackend(Bundle provider, String option, String type, String constant)
            throws ReflectiveOperationException {
        Object builder = provider.loadClass("org.ferrite.cpu.CpuBackend").getMethod("builder").invoke(null);
        Class<?> enumType = provider.loadClass("org.ferrite.cpu." + type);
        Object value = enumType.getMethod("valueOf", String.class).invoke(null, constant);
        builder.getClass().getMethod(option, enumType).invoke(builder, value);
        return (Backend) builder.getClass().getMethod("build").invoke(builder);
    }

    private static Backend own(List<Backend> owned, Backend backend) {
        owned.add(backend);
        return backend;
    }
}
