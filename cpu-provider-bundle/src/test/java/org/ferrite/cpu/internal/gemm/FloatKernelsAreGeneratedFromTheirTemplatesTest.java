package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** The {@code Float*} kernels are exactly what {@link GenerateFloatKernels} makes of their templates. */
class FloatKernelsAreGeneratedFromTheirTemplatesTest {

    @Test
    void everyGeneratedFileIsUpToDate() throws IOException {
        Path root = GenerateFloatKernels.internalSources(Paths.get(""));
        for (String template : GenerateFloatKernels.TEMPLATES) {
            Path source = root.resolve(template);
            String expected = GenerateFloatKernels.generate(Files.readString(source, StandardCharsets.UTF_8),
                    source.getFileName().toString());
            String actual = Files.readString(root.resolve(GenerateFloatKernels.generatedName(template)),
                    StandardCharsets.UTF_8);
            assertThat(actual).as("%s is stale: run GenerateFloatKernels", GenerateFloatKernels.generatedName(template))
                    .isEqualTo(expected);
        }
    }
}
