package org.ferrite.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * Renders the report as JSON (the same content as the Markdown table, with raw numbers in
 * nanoseconds and bytes). Written by hand: the benchmark jar carries no JSON library. Thread-safe
 * (stateless).
 */
final class JsonReport {
    private JsonReport() {
    }

    static String render(List<ReportRow> rows, Environment env, Protocol protocol, String generated) {
        StringBuilder b = new StringBuilder(8192);
        b.append("{\n");
        field(b, 1, "generated", generated).append(",\n");
        field(b, 1, "mode", protocol.name()).append(",\n");
        field(b, 1, "protocol", protocol.describe()).append(",\n");
        indent(b, 1).append("\"machine\": {");
        field(b, 0, "cpu", env.cpuModel()).append(", ");
        indent(b, 0).append("\"cpus\": ").append(env.cpus()).append(", ");
        field(b, 0, "os", env.os()).append(", ");
        indent(b, 0).append("\"loadAverage\": ").append(number(env.loadAverage())).append(", \"loadAverageEnd\": ")
                .append(number(env.loadAverageEnd())).append("},\n");
        field(b, 1, "jdk", env.jdk()).append(",\n");
        indent(b, 1).append("\"blas\": {");
        field(b, 0, "ferriteRoute", env.ferriteBlas()).append(", ");
        field(b, 0, "peer", env.peerBlas()).append(", ");
        indent(b, 0).append("\"peerIsNative\": ").append(env.nativePeer()).append("},\n");
        field(b, 1, "lapack", env.lapack()).append(",\n");
        field(b, 1, "ratios", "ratioTo*: this case's median over the peer's; lower is better (below 1 is faster)")
                .append(",\n");
        field(b, 1, "summary", Targets.summary(rows)).append(",\n");
        indent(b, 1).append("\"cases\": [\n");
        for (int i = 0; i < rows.size(); i++) {
            row(b, rows.get(i));
            b.append(i + 1 < rows.size() ? ",\n" : "\n");
        }
        indent(b, 1).append("]\n}\n");
        return b.toString();
    }

    private static void row(StringBuilder b, ReportRow row) {
        CaseResult r = row.result();
        ReportCase c = r.reportCase();
        indent(b, 2).append('{');
        field(b, 0, "case", c.label()).append(", ");
        field(b, 0, "role", c.role().name()).append(", ");
        field(b, 0, "benchmark", c.benchmarkClass().getSimpleName() + "." + c.method()).append(", ");
        if (c.parameter() != null) {
            indent(b, 0).append('"').append(c.parameter()).append("\": ").append(c.value()).append(", ");
        }
        c.params().forEach((name, value) -> field(b, 0, name, value).append(", "));
        indent(b, 0).append("\"medianNs\": ").append(number(r.medianNs())).append(", \"ci95Ns\": [")
                .append(number(r.ciLowNs())).append(", ").append(number(r.ciHighNs())).append("], \"meanNs\": ")
                .append(number(r.meanNs())).append(", \"error999Ns\": ").append(number(r.errorNs()))
                .append(", \"samples\": ").append(r.samples()).append(", \"allocBytesPerOp\": ")
                .append(number(r.allocBytesPerOp())).append(", \"ratioToFloor\": ").append(number(row.toFloor()))
                .append(", \"ratioToEjml\": ").append(number(row.toEjml())).append(", \"ratioToBlas\": ")
                .append(number(row.toBlas())).append(", ");
        field(b, 0, "target", row.target()).append(", ");
        field(b, 0, "verdict", row.verdict()).append(", ");
        indent(b, 0).append("\"failure\": ").append(r.failure() == null ? "null" : quote(r.failure())).append('}');
    }

    private static StringBuilder indent(StringBuilder b, int level) {
        for (int i = 0; i < level; i++) {
            b.append("  ");
        }
        return b;
    }

    private static StringBuilder field(StringBuilder b, int level, String name, String value) {
        return indent(b, level).append('"').append(name).append("\": ").append(quote(value));
    }

    private static String number(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "null" : String.format(Locale.ROOT, "%.6g", v);
    }

    static String quote(String s) {
        StringBuilder q = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"':
                    q.append("\\\"");
                    break;
                case '\\':
                    q.append("\\\\");
                    break;
                case '\n':
                    q.append("\\n");
                    break;
                case '\r':
                    q.append("\\r");
                    break;
                case '\t':
                    q.append("\\t");
                    break;
                default:
                    if (ch < 0x20) {
                        q.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        q.append(ch);
                    }
            }
        }
        return q.append('"').toString();
    }
}
