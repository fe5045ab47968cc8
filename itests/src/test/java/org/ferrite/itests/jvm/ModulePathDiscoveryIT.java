package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
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
 * jdk.incubator.vector} and load with it.
 */
class ModulePathDiscoveryIT {

    /** The packaged jar on the test class path whose file name starts with {@code prefix}. */
    private static String jar(String prefix) {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> Path.of(p).getFileName().toString().startsWith(prefix) && p.endsWith(".jar"))
                .findFirst().orElseThrow(() -> new AssertionError(prefix + "*.jar is not on the class path"
                        + " (run after package, so that reactor modules are jars)"));
    }

    @Test
    void aNamedModuleFindsTheCpuProviderThroughUsesAndServiceBinding() throws Exception {
        String api = jar("ferrite-api-");
        String cpu = jar("ferrite-cpu-");
        String jna = jar("jna-");
        Path source = Path.of("src/test/jpms/org.example.app");
        Path classes = Path.of("target/jpms/org.example.app");
        Files.createDirectories(classes);
        List<String> sources;
        try (Stream<Path> files = Files.walk(source)) {
            sources = files.filter(p -> p.toString().endsWith(".java")).map(Path::toString)
                    .collect(Collectors.toList());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("--release", "17", "--module-path", api, "-d",
                classes.toString()));
        args.addAll(sources);
        assertThat(javac.run(null, null, null, args.toArray(new String[0]))).as("javac").isZero();

        String modulePath = String.join(File.pathSeparator, classes.toString(), api, cpu, jna);
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
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(List.of(optionsThenModulePath).subList(0, optionsThenModulePath.length - 1));
        command.addAll(List.of("--module-path", optionsThenModulePath[optionsThenModulePath.length - 1], "-m",
                "org.example.app/org.example.app.Main"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = readAll(process);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the application finished").isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }

    @Test
    void theApiAndCpuJarsAreExplicitModulesThatExportOnlyTheirPublicPackages() {
        ModuleDescriptor api = descriptor(jar("ferrite-api-"));
        assertThat(api.isAutomatic()).as("an explicit module-info").isFalse();
        assertThat(api.name()).isEqualTo("org.ferrite.api");
        assertThat(api.exports()).extracting(ModuleDescriptor.Exports::source).containsExactlyInAnyOrder(
                "org.ferrite.api", "org.ferrite.api.error", "org.ferrite.api.session", "org.ferrite.api.spi",
                "org.ferrite.api.tensor", "org.ferrite.einsum", "org.ferrite.linalg");
        assertThat(api.exports()).allSatisfy(e -> assertThat(e.isQualified()).isFalse());
        assertThat(api.uses()).containsExactly("org.ferrite.api.BackendProvider");
        assertThat(api.requires()).extracting(ModuleDescriptor.Requires::name).containsExactly("java.base");

        ModuleDescriptor cpu = descriptor(jar("ferrite-cpu-"));
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
    }

    private static ModuleDescriptor descriptor(String jar) {
        return ModuleFinder.of(Path.of(jar)).findAll().iterator().next().descriptor();
    }

    private static String readAll(Process process) throws IOException {
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
