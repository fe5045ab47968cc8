package org.ferrite.cpu.internal.kernel.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GeneratedLoopsAreCurrentTest {

    @Test
    void checkedInLoopClassesEqualTheGeneratorOutput() throws IOException {
        Path dir = KernelLoopGenerator.DEFAULT_OUTPUT;
        assertThat(dir).as("run from the cpu-provider-bundle folder").isDirectory();
        for (Map.Entry<String, String> e : KernelLoopGenerator.generate().entrySet()) {
            Path file = dir.resolve(e.getKey() + ".java");
            assertThat(file).exists();
            assertThat(new String(Files.readAllBytes(file), StandardCharsets.UTF_8))
                    .as(file + " differs from the generator's output; rerun KernelLoopGenerator")
                    .isEqualTo(e.getValue());
        }
    }
}
