package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A fat jar (maven-shade-plugin with the services transformer, built by this module as
 * {@code ferrite-itests-*-uber.jar}) holding the API and both providers: loaded alone in a fresh class
 * loader — nothing from the test class path — {@code Backends} discovers both providers, because their
 * {@code META-INF/services} files were merged, and selects the CPU provider by priority.
 */
class UberJarDiscoveryIT {

    private static Path uberJar() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            return files.filter(p -> p.getFileName().toString().endsWith("-uber.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no *-uber.jar in target/: run after package"));
        }
    }

    @Test
    void theFatJarMergesTheServiceFilesOfBothProviders() throws IOException {
        try (JarFile jar = new JarFile(uberJar().toFile());
                InputStream in = jar.getInputStream(jar.getEntry("META-INF/services/org.ferrite.api.BackendProvider"))) {
            String services = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(services).contains("org.ferrite.cpu.internal.registration.CpuBackendProvider",
                    "org.ferrite.reference.ReferenceBackendProvider");
        }
    }

    @Test
    void backendsInAFreshClassLoaderOverTheFatJarFindsBothProviders() throws Exception {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {uberJar().toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            Thread.currentThread().setContextClassLoader(loader);
            Class<?> backends = Class.forName("org.ferrite.api.Backends", true, loader);
            assertThat(backends.getClassLoader()).isSameAs(loader);
            List<String> names = new ArrayList<>();
            for (Object diagnostic : (List<?>) backends.getMethod("diagnostics").invoke(null)) {
                Method name = diagnostic.getClass().getMethod("name");
                Method available = diagnostic.getClass().getMethod("available");
                if ((Boolean) available.invoke(diagnostic)) {
                    names.add((String) name.invoke(diagnostic));
                }
            }
            assertThat(names).containsExactlyInAnyOrder("cpu", "reference");
            // the shared backends are package-private faces: call them through the Backend interface
            Method backendName = Class.forName("org.ferrite.api.Backend", true, loader).getMethod("name");
            Object chosen = backends.getMethod("get").invoke(null);
            assertThat(backendName.invoke(chosen)).isEqualTo("cpu");
            assertThat(chosen.getClass().getClassLoader()).isSameAs(loader);
            Object reference = backends.getMethod("get", String.class).invoke(null, "reference");
            assertThat(backendName.invoke(reference)).isEqualTo("reference");
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }
}
