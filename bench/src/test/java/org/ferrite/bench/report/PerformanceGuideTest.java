package org.ferrite.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The performance guide ({@code docs/performance.md}) is a guide, and its figures are data: at most 250
 * lines, and its table of figures is exactly what {@link GuideTable} generates from the results file it
 * names under {@code bench/results/} — so nobody edits a figure by hand, and a new results file changes
 * the guide only through the command the marker names.
 */
class PerformanceGuideTest {
    private static final Path ROOT = Path.of(System.getProperty("ferrite.root", ".."));

    private static String guide() throws IOException {
        return Files.readString(ROOT.resolve("docs/performance.md"), StandardCharsets.UTF_8);
    }

    @Test
    void theGuideIsAtMost250Lines() throws IOException {
        assertThat(guide().lines().count()).isLessThanOrEqualTo(250);
    }

    @Test
    void theGuidesTableIsTheOneItsResultsFileGenerates() throws IOException {
        String guide = guide();
        String results = GuideTable.resultsNamedIn(guide);
        assertThat(results).as("the guide names its results file in a generated region").isNotNull()
                .startsWith("bench/results/").endsWith(".json");
        String want = GuideTable.render(Files.readString(ROOT.resolve(results), StandardCharsets.UTF_8), results);
        assertThat(GuideTable.regionOf(guide)).as("the guide's table differs from %s; regenerate it with"
                + " java -jar bench/target/benchmarks.jar guide-table %s docs/performance.md", results, results)
                .isEqualTo(want);
    }

    @Test
    void aFigureChangedInTheResultsFileChangesTheTable() throws IOException {
        String guide = guide();
        String results = GuideTable.resultsNamedIn(guide);
        String json = Files.readString(ROOT.resolve(results), StandardCharsets.UTF_8);
        String changed = json.replaceFirst("\"medianNs\": [0-9.e+-]+", "\"medianNs\": 123456");
        assertThat(changed).isNotEqualTo(json);
        assertThat(GuideTable.render(changed, results)).contains("123.46 µs").isNotEqualTo(GuideTable.regionOf(guide));
    }
}
