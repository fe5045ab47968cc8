package org.ferrite.bench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The performance guide's table of figures ({@code docs/performance.md}), generated from a report's
 * JSON checked in under {@code bench/results/}: one row per Ferrite case of that run — median, allocation,
 * ratios to the hand loop and to native BLAS, target and verdict — under a line naming the machine, load,
 * JDK and protocol. The table sits in the guide between the markers {@link #begin} writes and
 * {@link #END}; {@code java -jar benchmarks.jar guide-table RESULTS [GUIDE]} prints it, or rewrites the
 * region of {@code GUIDE} in place, and {@code PerformanceGuideTest} fails while the guide's table differs
 * from what its results file gives. Thread-safe (stateless).
 */
final class GuideTable {
    /** The end marker of the generated region. */
    static final String END = "<!-- END generated from the results file -->";
    private static final String BEGIN = "<!-- BEGIN generated from ";

    private GuideTable() {
    }

    /**
     * @param results the results file, as named in the guide (relative to the repository root)
     * @return the begin marker naming it and the command that regenerates the table
     */
    static String begin(String results) {
        return BEGIN + results + " by: java -jar bench/target/benchmarks.jar guide-table " + results
                + " docs/performance.md -->";
    }

    /**
     * @param guide the guide's text
     * @return the results file its begin marker names, or null if it has none
     */
    static String resultsNamedIn(String guide) {
        int at = guide.indexOf(BEGIN);
        if (at < 0) {
            return null;
        }
        int from = at + BEGIN.length();
        return guide.substring(from, guide.indexOf(' ', from));
    }

    /**
     * @param guide the guide's text
     * @return the generated region, markers included, or null
     */
    static String regionOf(String guide) {
        int at = guide.indexOf(BEGIN);
        int end = guide.indexOf(END, Math.max(at, 0));
        return at < 0 || end < 0 ? null : guide.substring(at, end + END.length());
    }

    /**
     * @param results the report's JSON
     * @param name the file's path as the guide names it
     * @return the region: begin marker, the run's line, the table, end marker
     */
    static String render(String results, String name) {
        JsonObject run = JsonParser.parseString(results).getAsJsonObject();
        JsonObject machine = run.getAsJsonObject("machine");
        StringBuilder b = new StringBuilder(4096);
        b.append(begin(name)).append('\n');
        b.append(String.format(Locale.ROOT, "Measured %s (%s report) on %s, %d CPUs, load average %s → %s; %s; BLAS"
                + " peer %s.%n%n", text(run, "generated"), text(run, "mode"), text(machine, "cpu"),
                machine.get("cpus").getAsInt(), number(machine, "loadAverage"), number(machine, "loadAverageEnd"),
                text(run, "jdk"), run.getAsJsonObject("blas").get("peerIsNative").getAsBoolean() ? "native" : "Java"));
        b.append("| case | size | median | B/op | × floor | × native BLAS | target | verdict |\n");
        b.append("|---|---:|---:|---:|---:|---:|---|---|\n");
        for (JsonElement e : run.getAsJsonArray("cases")) {
            JsonObject c = e.getAsJsonObject();
            if (!"FERRITE".equals(text(c, "role"))) {
                continue;
            }
            String size = c.has("size") ? c.get("size").getAsString() : c.has("n") ? "n=" + c.get("n").getAsString()
                    : "";
            b.append("| ").append(text(c, "case")).append(" | ").append(size).append(" | ")
                    .append(c.get("medianNs").isJsonNull() ? "FAILED" : MarkdownReport.time(c.get("medianNs")
                            .getAsDouble())).append(" | ").append(bytes(c)).append(" | ")
                    .append(ratio(c, "ratioToFloor")).append(" | ").append(ratio(c, "ratioToBlas")).append(" | ")
                    .append(text(c, "target")).append(" | ").append(text(c, "verdict")).append(" |\n");
        }
        b.append('\n').append(text(run, "summary")).append('\n');
        return b.append(END).toString();
    }

    /**
     * {@code guide-table RESULTS [GUIDE]}: prints the region for {@code RESULTS}, or rewrites the region
     * of {@code GUIDE} (which must have the markers) in place.
     *
     * @param args the command's arguments
     * @return the exit status: 0, or 2 for a usage error
     * @throws IOException if a file cannot be read or written
     */
    static int run(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: java -jar benchmarks.jar guide-table bench/results/RUN.json [docs/performance.md]");
            return 2;
        }
        String region = render(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8), args[0]);
        if (args.length == 1) {
            System.out.println(region);
            return 0;
        }
        Path guide = Path.of(args[1]);
        String text = Files.readString(guide, StandardCharsets.UTF_8);
        String old = regionOf(text);
        if (old == null) {
            System.err.println("guide-table: " + guide + " has no region between '" + BEGIN + "…' and '" + END + "'");
            return 2;
        }
        Files.writeString(guide, text.replace(old, region), StandardCharsets.UTF_8);
        System.out.println("guide-table: rewrote the table of " + guide + " from " + args[0]);
        return 0;
    }

    private static String text(JsonObject o, String field) {
        JsonElement e = o.get(field);
        return e == null || e.isJsonNull() ? "" : e.getAsString().replace('|', '/');
    }

    private static String number(JsonObject o, String field) {
        JsonElement e = o.get(field);
        return e == null || e.isJsonNull() ? "—" : String.format(Locale.ROOT, "%.2f", e.getAsDouble());
    }

    private static String ratio(JsonObject c, String field) {
        JsonElement e = c.get(field);
        return e == null || e.isJsonNull() ? "" : String.format(Locale.ROOT, "%.2f×", e.getAsDouble());
    }

    private static String bytes(JsonObject c) {
        JsonElement e = c.get("allocBytesPerOp");
        if (e == null || e.isJsonNull()) {
            return "—";
        }
        double v = e.getAsDouble();
        return v < 1 ? "≈ 0" : String.format(Locale.ROOT, "%.0f", v);
    }
}
