package org.ferrite.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The checked-in generated sources are exactly what {@link Generate} makes of their templates. The
 * repository root comes from the build ({@code ferrite.root}, set from the module's own folder), so the
 * check works from any working directory.
 */
class GeneratedSourcesAreCurrentTest {

    private static Path root() {
        String root = System.getProperty("ferrite.root");
        assertThat(root).as("the build sets ferrite.root to the repository root").isNotNull();
        return Path.of(root);
    }

    @Test
    void everyGeneratedSourceEqualsItsTemplatesOutput() throws IOException {
        Path root = root();
        Map<String, String> outputs = Generate.outputs(root);
        assertThat(outputs.size()).as("20 loop classes, TypedDispatch, 15 Float variants (3 of the Vector API),"
                + " ComplexMathToFloat, the short-block column pass in both precisions and docs/operations.md")
                .isEqualTo(40);
        List<String> stale = new ArrayList<>();
        for (Map.Entry<String, String> e : outputs.entrySet()) {
            Path file = root.resolve(e.getKey());
            if (!Files.isRegularFile(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(e.getValue())) {
                stale.add(e.getKey());
            }
        }
        stale.addAll(Generate.orphans(root));
        assertThat(stale).as("generated sources differ from their templates' output: run %s from the repository"
                + " root (CONTRIBUTING.md)", Generate.COMMAND).isEmpty();
    }

    @Test
    void everyGeneratedSourceNamesItsTemplate() throws IOException {
        for (Map.Entry<String, String> e : Generate.outputs(root()).entrySet()) {
            if (e.getKey().equals(OperationsDoc.OUTPUT)) {
                assertThat(e.getValue()).as("the generated section names the table").contains(OperationsDoc.BEGIN)
                        .contains(OperationsDoc.END);
                continue;
            }
            String first = e.getValue().lines().findFirst().orElseThrow();
            assertThat(first).as(e.getKey()).startsWith(Generate.MARK);
            String template = first.substring(Generate.MARK.length(), first.length() - 1);
            assertThat(root().resolve(template)).as("%s names its template", e.getKey()).isRegularFile();
        }
    }
}
