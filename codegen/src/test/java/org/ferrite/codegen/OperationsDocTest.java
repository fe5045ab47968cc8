package org.ferrite.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpTable;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/operations.md} lists every operation of the API's operation table with the table's facts
 * (dtypes, result, NumPy name, domain): its generated section holds one line per row, and a line that
 * is missing, or states a row differently, is named here with the command that regenerates the page.
 * ({@code GeneratedSourcesAreCurrentTest} checks the whole page too, by file.)
 */
class OperationsDocTest {

    private static List<String> rowLines(String text) {
        return text.lines().filter(l -> l.startsWith("| `")).collect(Collectors.toList());
    }

    @Test
    void theOperationsPageListsEveryRowOfTheTableWithItsFacts() throws IOException {
        Path page = Path.of(System.getProperty("ferrite.root")).resolve(OperationsDoc.OUTPUT);
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int begin = text.indexOf(OperationsDoc.BEGIN);
        int end = text.indexOf(OperationsDoc.END);
        assertThat(begin).as("%s has the generated section's first marker", page).isNotNegative();
        assertThat(end).as("%s has the generated section's last marker", page).isGreaterThan(begin);
        List<String> documented = rowLines(text.substring(begin, end));
        List<String> expected = rowLines(OperationsDoc.section());
        assertThat(expected).as("one line per row of OpTable").hasSize(OpTable.rows().size());
        List<String> missing = new ArrayList<>(expected);
        missing.removeAll(documented);
        List<String> stale = new ArrayList<>(documented);
        stale.removeAll(expected);
        assertThat(missing).as("rows of OpTable that %s lacks or states differently: run %s", OperationsDoc.OUTPUT,
                Generate.COMMAND).isEmpty();
        assertThat(stale).as("lines of %s that no row of OpTable states: run %s", OperationsDoc.OUTPUT,
                Generate.COMMAND).isEmpty();
        for (OpSpec row : OpTable.rows()) {
            assertThat(documented).as("%s is listed", row).anyMatch(l -> l.startsWith("| `" + row.name() + "`"));
        }
    }
}
