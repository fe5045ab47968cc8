package org.ferrite.cpu.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.ferrite.cpu.CpuBackend;
import org.junit.jupiter.api.Test;

class EngineSettingsTest {
    /**
     * The engine's settings are derived in one place from the builder's values: no other class of the
     * provider, and no test (tests build engines through {@code TestEngines}, on the builder), restates
     * its components positionally, so a new setting cannot be forgotten on a second path. Only the class
     * files that name {@code EngineSettings} are imported (importing all of them takes seconds).
     */
    @Test
    void onlyTheBuilderConstructsEngineSettings() throws URISyntaxException {
        List<Path> naming = Stream.concat(classFiles(CpuBackend.class), classFiles(EngineSettingsTest.class))
                .filter(EngineSettingsTest::namesEngineSettings).toList();
        List<String> constructors = new ClassFileImporter().importPaths(naming).stream()
                .flatMap(c -> c.getConstructorCallsFromSelf().stream())
                .filter(call -> call.getTargetOwner().isEquivalentTo(EngineSettings.class))
                .map(call -> call.getOriginOwner().getName()).distinct().toList();
        assertThat(constructors).containsExactly(CpuBackend.Builder.class.getName());
    }

    private static Stream<Path> classFiles(Class<?> from) throws URISyntaxException {
        Path root = Path.of(from.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".class")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean namesEngineSettings(Path classFile) {
        try {
            return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1)
                    .contains(EngineSettings.class.getName().replace('.', '/'));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
