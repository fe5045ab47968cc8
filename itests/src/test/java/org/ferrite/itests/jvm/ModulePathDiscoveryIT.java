package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.itests.jvm.ShippedJars.jar;
import static org.ferrite.itests.jvm.ShippedJars.path;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import javax.lang.model.SourceVersion;
import org.junit.jupiter.api.Test;

/**
 * The JPMS module path: a small named module ({@code src/test/jpms/org.example.app}) that
 * {@code requires org.ferrite.api} and {@code uses org.ferrite.api.BackendProvider} — and does not
 * require the provider — is compiled and launched with {@code java --module-path … -m …} next to the
 * API and CPU jars. Both are explicit modules (a {@code module-info.class} that bnd generates): the API
 * {@code uses} the provider interface, the CPU module {@code provides} it, service binding resolves the
 * CPU module, and {@code Backends.get()} finds and runs it. The descriptors themselves are checked too:
 * the CPU module exports only {@code org.ferrite.cpu}, and reads the Vector API module only when the JVM
 * resolves it ({@code requires static}): its vector kernels are off without {@code --add-modules
 * jdk.incubator.vector} and load with it. Every package a descriptor lists is a Java package: a resource
 * folder listed as one would encapsulate its files (netlib's JNI shim was, and native BLAS was off on the
 * module path; {@code ShippedJarSmokeIT} checks that it loads).
 */
class ModulePathDiscoveryIT {
    @Test
    void aNamedModuleFindsTheCpuProviderThroughUsesAndServiceBinding() throws Exception {
        String api = jar("ferrite-api-");
        String cpu = jar("ferrite-cpu-");
        String jna = jar("jna-");
        Path classes = Path.of("target/jpms/org.example.app");
        ShippedJars.compile(classes, api, Path.of("src/test/jpms/org.example.app"));

        String modulePath = path(classes.toString(), api, cpu, jna);
        String output = run(modulePath);
        assertThat(output.lines()).contains("app.named=true", "backend=cpu", "backend.module=org.ferrite.cpu",
                "api.module=org.ferrite.api", "result=3.0,7.0",
                "simd=off: the JVM was started without --add-modules jdk.incubator.vector");
        // with the incubator module resolved, the provider's `requires static` makes it readable and the
        // guard loads the vector kernels (unless this CPU's vectors are narrower than 256 bits)
        String withVectors = run("--add-modules", "jdk.incubator.vector", modulePath);
        assertThat(withVectors.lines()).contains("backend=cpu", "result=3.0,7.0");
        assertThat(withVectors.lines().filter(l -> l.startsWith("simd="))).singleElement().satisfies(l -> assertThat(l)
                .matches("simd=(Vector API, \\d+-bit|off: the preferred vector is \\d+ bits .*)"));
    }

    /** Runs the application on {@code modulePath} (after any JVM options) and returns its output. */
    private static String run(String... optionsThenModulePath) throws Exception {
        List<String> arguments = new ArrayList<>(List.of(optionsThenModulePath).subList(0,
                optionsThenModulePath.length - 1));
        arguments.addAll(List.of("--module-path", optionsThenModulePath[optionsThenModulePath.length - 1], "-m",
                "org.example.app/org.example.app.Main"));
        ShippedJars.Run run = ShippedJars.launch(arguments);
        assertThat(run.exitCode()).as(run.output()).isZero();
        return run.output();
    }

    @Test
    void theCpuJarCarriesNetlibsJniShimsOutsideItsModulesPackages() throws IOException {
        String cpu = jar("ferrite-cpu-");
        try (JarFile jar = new JarFile(cpu)) {
            for (String platform : List.of("Linux-amd64", "Linux-aarch64")) {
                assertThat(jar.getEntry("resources/native/" + platform + "/libnetlibblasjni.so")).as(platform)
                        .isNotNull();
            }
        }
        assertThat(ShippedJars.descriptor(cpu).packages()).noneMatch(p -> p.startsWith("resources."));
    }

    @Test
    void theApiAndCpuJarsAreExplicitModulesThatExportOnlyTheirPublicPackages() {
        ModuleDescriptor api = ShippedJars.descriptor(jar("ferrite-api-"));
        assertThat(api.isAutomatic()).as("an explicit module-info").isFalse();
        assertThat(api.name()).isEqualTo("org.ferrite.api");
        assertThat(api.exports()).extracting(ModuleDescriptor.Exports::source).containsExactlyInAnyOrder(
                "org.ferrite.api", "org.ferrite.api.error", "org.ferrite.api.random", "org.ferrite.api.session",
                "org.ferrite.api.spi", "org.ferrite.api.spi.session",
                "org.ferrite.api.tensor", "org.ferrite.einsum", "org.ferrite.linalg");
        assertThat(api.exports()).allSatisfy(e -> assertThat(e.isQualified()).isFalse());
        assertThat(api.uses()).containsExactly("org.ferrite.api.BackendProvider");
        assertThat(api.requires()).extracting(ModuleDescriptor.Requires::name).containsExactly("java.base");

        ModuleDescriptor cpu = ShippedJars.descriptor(jar("ferrite-cpu-"));
        assertThat(cpu.isAutomatic()).as("an explicit module-info").isFalse();
        assertThat(cpu.isOpen()).isFalse();
        assertThat(cpu.name()).isEqualTo("org.ferrite.cpu");
        assertThat(cpu.exports()).extracting(ModuleDescriptor.Exports::source).containsExactly("org.ferrite.cpu");
        assertThat(cpu.opens()).isEmpty();
        assertThat(cpu.provides()).singleElement().satisfies(p -> {
            assertThat(p.service()).isEqualTo("org.ferrite.api.BackendProvider");
            assertThat(p.providers()).containsExactly("org.ferrite.cpu.internal.registration.CpuBackendProvider");
        });
        assertThat(cpu.requires()).filteredOn(r -> r.name().equals("org.ferrite.api")).singleElement()
                .satisfies(r -> assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE));
        assertThat(cpu.requires()).filteredOn(r -> r.name().equals("jdk.incubator.vector")).singleElement()
                .as("optional: read only when the JVM resolves it").satisfies(r -> assertThat(r.modifiers())
                        .containsExactly(ModuleDescriptor.Requires.Modifier.STATIC));
        // resources outside the module's packages (netlib's resources/native/<os>-<arch>/ shims) stay visible to
        // ClassLoader.getResource; a folder listed as a package would hide them
        for (ModuleDescriptor module : List.of(api, cpu)) {
            assertThat(module.packages()).allSatisfy(p -> assertThat(SourceVersion.isName(p))
                    .as("%s lists a Java package: %s", module.name(), p).isTrue());
        }
    }
}
