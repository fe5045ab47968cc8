package org.ferrite.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpSpec.Family;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.tensor.DType;

/**
 * Writes the operation tables of {@code docs/operations.md} — one Markdown table per family, one line per
 * row of the API's operation table ({@code OpTable}): operation, inputs, dtypes, result dtype, NumPy
 * name, domain — between two marker comments; the rest of the page is prose and is kept as written. So
 * the page lists every operation with exactly the table's facts, and {@code GeneratedSourcesAreCurrentTest}
 * fails while it does not. Thread-safe (stateless).
 */
final class OperationsDoc {
    static final String OUTPUT = "docs/operations.md";
    /** The first words of the generated section. */
    static final String BEGIN = "<!-- GENERATED from org.ferrite.api.session.OpTable by ferrite-codegen.";
    /** The line after the generated section. */
    static final String END = "<!-- END of the generated operation tables -->";

    private OperationsDoc() {
    }

    /**
     * @param root the repository root
     * @return the page with its generated section rewritten from the table
     * @throws IOException if the page cannot be read
     * @throws IllegalStateException if the page lacks the section's markers
     */
    static String write(Path root) throws IOException {
        String page = Files.readString(root.resolve(OUTPUT), StandardCharsets.UTF_8);
        int begin = page.indexOf(BEGIN);
        int end = page.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IllegalStateException(OUTPUT + " must hold the generated operation tables between a line"
                    + " starting with '" + BEGIN + "' and the line '" + END + "'");
        }
        return page.substring(0, begin) + section() + page.substring(end);
    }

    /** @return the generated section, up to (not including) {@link #END} */
    static String section() {
        StringBuilder b = new StringBuilder(BEGIN).append(" Do not edit: edit the table and run\n")
                .append(Generate.COMMAND).append(". -->\n");
        for (Family family : Family.values()) {
            b.append("\n### ").append(title(family)).append("\n\n")
                    .append("| operation | inputs | dtypes | result | NumPy | domain |\n")
                    .append("|---|---|---|---|---|---|\n");
            for (OpSpec row : OpTable.rows()) {
                if (row.family() == family) {
                    b.append("| ").append(operation(row)).append(" | ")
                            .append(row.arity() == OpSpec.VARIADIC ? "n" : String.valueOf(row.arity())).append(" | ")
                            .append(row.dtypes().size() == DType.values().length ? "all"
                                    : row.dtypeList()).append(" | ")
                            .append(result(row)).append(" | ")
                            .append(row.numpyName().isEmpty() ? "—" : "`" + row.numpyName() + "`").append(" | ")
                            .append(cell(row.domain())).append(" |\n");
                }
            }
        }
        return b.append('\n').toString();
    }

    private static String title(Family family) {
        String name = family.name().toLowerCase(Locale.ROOT);
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private static String operation(OpSpec row) {
        return "`" + row.name() + "`" + row.key().map(k -> " (`" + k.getDeclaringClass().getSimpleName() + "."
                + k.name() + "`)").orElse("");
    }

    private static String result(OpSpec row) {
        switch (row.result()) {
            case SAME:
                return "operand's";
            case BOOL:
                return "BOOL";
            case REAL:
                return "real type";
            case INDEX:
                return "I64";
            case COUNTING:
                return "operand's; I64 for BOOL";
            case FLOATING:
                return "operand's if floating, else F64";
            default:
                return "requested";
        }
    }

    /** @return {@code text} as one Markdown table cell: pipes escaped */
    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
