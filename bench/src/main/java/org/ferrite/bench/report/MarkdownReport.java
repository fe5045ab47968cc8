package org.ferrite.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * Renders the report as Markdown: a header with the machine, JDK, BLAS routes and protocol, then one
 * table row per case. Times are medians per operation with the 95% confidence interval of the median;
 * ratios divide medians (lower is better: below 1 is faster than the peer); the table ends with the
 * targets' summary line ({@link Targets#summary}). Thread-safe (stateless).
 */
final class MarkdownReport {
    private MarkdownReport() {
    }

    static String render(List<ReportRow> rows, Environment env, Protocol protocol, String generated) {
        StringBuilder b = new StringBuilder(4096);
        b.append("## Ferrite dispatch report (").append(protocol.name()).append(")\n\n");
        b.append("- generated: ").append(generated).append('\n');
        b.append("- machine: ").append(env.cpuModel()).append(", ").append(env.cpus()).append(" CPUs, ")
                .append(env.os()).append(", load average ")
                .append(String.format(Locale.ROOT, "%.2f at start, %.2f at end", env.loadAverage(),
                        env.loadAverageEnd()))
                .append(Math.max(env.loadAverage(), env.loadAverageEnd()) > env.cpus()
                        ? " — above the CPU count: other processes competed for the cores, expect noise\n" : "\n");
        b.append("- JDK: ").append(env.jdk()).append('\n');
        b.append("- Ferrite BLAS route: ").append(env.ferriteBlas()).append('\n');
        b.append("- BLAS peer: netlib ").append(env.peerBlas())
                .append(env.nativePeer() ? " (native, JNI)" : " (Java fallback: no native BLAS loadable)")
                .append('\n');
        b.append("- LAPACK (linear-algebra rows, Ferrite and peer): ").append(env.lapack()).append('\n');
        b.append("- protocol: ").append(protocol.describe()).append("\n\n");
        b.append("Ratio columns: this row's median over the peer's, lower is better (below 1× is faster than the"
                + " peer). Verdicts of ratio targets show the measured ratio against the stated bound.\n\n");
        b.append("| case | size | median | 95% CI | alloc B/op | × floor (lower is better) | × EJML (lower is better)"
                + " | × native BLAS/LAPACK (lower is better) | target | verdict |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (ReportRow row : rows) {
            CaseResult r = row.result();
            ReportCase c = r.reportCase();
            b.append("| ").append(c.label()).append(" | ").append(c.parameter() == null ? "" : c.value()).append(" | ");
            // × native: netlib BLAS for the dispatch and GEMM rows, LAPACK called directly for linear algebra
            if (r.ok()) {
                b.append(time(r.medianNs())).append(" | [").append(time(r.ciLowNs())).append(", ")
                        .append(time(r.ciHighNs())).append("] | ").append(bytes(r.allocBytesPerOp())).append(" | ")
                        .append(ratio(row.toFloor())).append(" | ").append(ratio(row.toEjml())).append(" | ")
                        .append(ratio(row.toBlas())).append(" | ");
            } else {
                b.append("FAILED: ").append(r.failure().replace('|', '/')).append(" | | | | | | ");
            }
            b.append(row.target()).append(" | ").append(row.verdict()).append(" |\n");
        }
        b.append("\n### Targets\n\n");
        for (String line : Targets.verdictLines(rows)) {
            b.append(line).append('\n');
        }
        return b.append('\n').append(Targets.summary(rows)).append('\n').toString();
    }

    /**
     * @param ns nanoseconds
     * @return e.g. {@code "38.2 ns"}, {@code "6.74 µs"}, {@code "5.12 ms"}
     */
    static String time(double ns) {
        if (Double.isNaN(ns)) {
            return "—";
        }
        if (ns < 1_000) {
            return String.format(Locale.ROOT, "%.1f ns", ns);
        }
        if (ns < 1_000_000) {
            return String.format(Locale.ROOT, "%.2f µs", ns / 1e3);
        }
        return String.format(Locale.ROOT, "%.2f ms", ns / 1e6);
    }

    private static String ratio(double r) {
        return Double.isNaN(r) || Double.isInfinite(r) ? "" : String.format(Locale.ROOT, "%.2f×", r);
    }

    private static String bytes(double b) {
        if (Double.isNaN(b)) {
            return "—";
        }
        return b < 1 ? "≈ 0" : String.format(Locale.ROOT, "%.0f", b);
    }
}
