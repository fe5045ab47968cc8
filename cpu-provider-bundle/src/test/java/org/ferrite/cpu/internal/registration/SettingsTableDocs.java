package org.ferrite.cpu.internal.registration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.ferrite.cpu.internal.settings.CpuSetting;

/**
 * The copies of the settings table in the user documentation, checked against {@link CpuSetting}: each
 * file of {@link #FILES} holds one Markdown table headed {@value #HEADER} whose rows are exactly
 * {@link #row(CpuSetting)} of every setting, in the table's order. {@link #expectedTable()} is the text
 * to paste.
 */
final class SettingsTableDocs {
    /** The header line that marks the settings table. */
    static final String HEADER = "| key | type | default | builder method | meaning |";
    /** The documentation files that show the table, from the repository root. */
    static final List<String> FILES = List.of("docs/osgi.md", "docs/serviceloader.md");

    private SettingsTableDocs() {
    }

    /** @return the table as every documentation copy must show it */
    static String expectedTable() {
        return HEADER + "\n|---|---|---|---|---|\n" + Arrays.stream(CpuSetting.values())
                .map(SettingsTableDocs::row).collect(Collectors.joining("\n"));
    }

    /**
     * @param setting a setting
     * @return its documentation row
     */
    static String row(CpuSetting setting) {
        String defaultText = setting.defaultText().isEmpty() ? "blank" : "`" + setting.defaultText() + "`";
        return "| `" + setting.key() + "` | " + setting.kind().documented() + " | " + defaultText + " | `"
                + setting.builderMethod() + "` | " + setting.description() + " |";
    }

    /** @return what each documentation copy lacks or states differently, one line per problem */
    static List<String> problems() {
        Path root = repositoryRoot();
        List<String> problems = new ArrayList<>();
        for (String file : FILES) {
            Map<String, String> documented = documentedRows(file, root.resolve(file), problems);
            List<String> order = new ArrayList<>(documented.keySet());
            for (CpuSetting setting : CpuSetting.values()) {
                String line = documented.remove(setting.key());
                if (line == null) {
                    problems.add(file + " lacks setting '" + setting.key() + "': add the row " + row(setting));
                } else if (!line.equals(row(setting))) {
                    problems.add(file + " states setting '" + setting.key() + "' differently: " + line + "; the table"
                            + " says " + row(setting));
                }
            }
            documented.keySet().forEach(key -> problems.add(file + " documents '" + key
                    + "', which is no row of CpuSetting: remove it or add the row"));
            List<String> expectedOrder = Arrays.stream(CpuSetting.values()).map(CpuSetting::key).toList();
            if (documented.isEmpty() && order.size() == expectedOrder.size() && !order.equals(expectedOrder)) {
                problems.add(file + " lists the settings in another order than the table: " + order);
            }
        }
        return problems;
    }

    /** @return the settings table's rows by key (as the first cell names it, without backticks) */
    private static Map<String, String> documentedRows(String name, Path file, List<String> problems) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> rows = new LinkedHashMap<>();
        int header = lines.indexOf(HEADER);
        if (header < 0 || lines.lastIndexOf(HEADER) != header) {
            problems.add(name + " must hold exactly one settings table headed " + HEADER);
            return rows;
        }
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String line = lines.get(i).strip();
            String[] cells = line.split("\\|");
            String key = cells.length > 1 ? cells[1].strip().replace("`", "") : line;
            rows.put(key, line);
        }
        return rows;
    }

    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(FILES.get(0)))) {
                return dir;
            }
        }
        throw new IllegalStateException("no " + FILES.get(0) + " above " + Path.of("").toAbsolutePath());
    }
}
