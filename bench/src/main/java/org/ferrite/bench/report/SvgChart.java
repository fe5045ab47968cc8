package org.ferrite.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Renders the report's sized cases as an SVG chart: time per operation against size, both axes
 * logarithmic, one panel per group of peers ({@link ReportSuite#group}: the dispatch suite, the GEMM
 * comparison, each sized einsum workload), one line per case label — Ferrite's rows solid, the floor
 * and peers dashed. Each series is a {@code <g class="series" data-series="LABEL">} holding its
 * {@code <title>}, the line and one marker per size, so tools (and the tests) find every series by
 * name. Cases without a size (entries, fixed workloads) and failed cases are left out: they have no
 * place on a size axis. Written by hand: the benchmark jar carries no SVG library. Thread-safe
 * (stateless).
 */
final class SvgChart {
    private static final int WIDTH = 760;
    private static final int PANEL_HEIGHT = 340;
    private static final int LEFT = 70;
    private static final int PLOT_WIDTH = 430;
    private static final int TOP = 40;
    private static final int PLOT_HEIGHT = 250;
    /** Decades of margin above and below the times, so the extremes do not sit on the frame. */
    private static final double MARGIN = 0.25;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
        "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

    private SvgChart() {
    }

    /** The points of one case label: size → median nanoseconds per operation, and its role. */
    private record Series(String label, ReportCase.Role role, Map<Integer, Double> points) {
    }

    /**
     * @param rows the report's rows
     * @param title the chart's heading (e.g. the protocol and the date)
     * @return a standalone SVG document
     */
    static String render(List<ReportRow> rows, String title) {
        Map<String, Map<String, Series>> panels = panels(rows);
        int height = TOP + Math.max(1, panels.size()) * PANEL_HEIGHT;
        StringBuilder b = new StringBuilder(16384);
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, height, WIDTH,
                height));
        b.append("<title>").append(escape(title)).append("</title>\n");
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        b.append("<text x=\"10\" y=\"22\" font-size=\"15\">").append(escape(title)).append("</text>\n");
        int y = TOP;
        for (Map.Entry<String, Map<String, Series>> panel : panels.entrySet()) {
            panel(b, panel.getKey(), new ArrayList<>(panel.getValue().values()), y);
            y += PANEL_HEIGHT;
        }
        return b.append("</svg>\n").toString();
    }

    /** @return group → label → series, in table order */
    private static Map<String, Map<String, Series>> panels(List<ReportRow> rows) {
        Map<String, Map<String, Series>> panels = new LinkedHashMap<>();
        for (ReportRow row : rows) {
            CaseResult r = row.result();
            ReportCase c = r.reportCase();
            if (c.parameter() == null || !r.ok() || !(r.medianNs() > 0)) {
                continue;
            }
            panels.computeIfAbsent(ReportSuite.group(c) + " (" + c.parameter() + ")", g -> new LinkedHashMap<>())
                    .computeIfAbsent(c.label(), l -> new Series(l, c.role(), new LinkedHashMap<>()))
                    .points().put(c.value(), r.medianNs());
        }
        return panels;
    }

    private static void panel(StringBuilder b, String name, List<Series> series, int top) {
        double[] x = range(series, true);
        double[] t = range(series, false);
        int plotTop = top + 20;
        b.append("<g class=\"panel\" data-panel=\"").append(escape(name)).append("\">\n");
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"13\">%s</text>%n", LEFT, top + 10,
                escape(name + ": time per operation vs size, log-log")));
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#444\"/>%n", LEFT, plotTop, PLOT_WIDTH, PLOT_HEIGHT));
        axes(b, sizes(series), x, t, plotTop);
        for (int i = 0; i < series.size(); i++) {
            line(b, series.get(i), COLOURS[i % COLOURS.length], x, t, plotTop, i);
        }
        b.append("</g>\n");
    }

    private static void axes(StringBuilder b, Set<Integer> sizes, double[] x, double[] t, int plotTop) {
        for (int e = (int) Math.ceil(Math.log10(t[0]) - MARGIN); e <= Math.log10(t[1]) + MARGIN; e++) {
            double decade = Math.pow(10, e);
            double py = py(decade, t, plotTop);
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, py, LEFT + PLOT_WIDTH, py,
                    LEFT - 4, py + 4, escape(MarkdownReport.time(decade))));
        }
        for (int size : sizes) { // a tick at every measured size
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>%n",
                    px(size, x), plotTop + PLOT_HEIGHT + 16, size));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">size</text>%n",
                LEFT + PLOT_WIDTH / 2, plotTop + PLOT_HEIGHT + 32));
    }

    private static Set<Integer> sizes(List<Series> series) {
        Set<Integer> sizes = new TreeSet<>();
        for (Series s : series) {
            sizes.addAll(s.points().keySet());
        }
        return sizes;
    }

    private static void line(StringBuilder b, Series s, String colour, double[] x, double[] t, int plotTop,
            int index) {
        boolean ferrite = s.role() == ReportCase.Role.FERRITE;
        b.append("<g class=\"series\" data-series=\"").append(escape(s.label())).append("\" data-role=\"")
                .append(s.role().name()).append("\">\n<title>").append(escape(s.label())).append("</title>\n");
        StringBuilder points = new StringBuilder();
        for (Map.Entry<Integer, Double> p : s.points().entrySet()) {
            double px = px(p.getKey(), x);
            double py = py(p.getValue(), t, plotTop);
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, py));
            b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s @ %d:"
                    + " %s</title></circle>%n", px, py, colour, escape(s.label()), p.getKey(),
                    escape(MarkdownReport.time(p.getValue()))));
        }
        b.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\"")
                .append(ferrite ? "" : " stroke-dasharray=\"5,3\"").append(" points=\"")
                .append(points.toString().trim()).append("\"/>\n");
        int legendY = plotTop + 12 + 16 * index;
        int legendX = LEFT + PLOT_WIDTH + 16;
        b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\""
                + " stroke-width=\"2\"%s/><text x=\"%d\" y=\"%d\">%s</text>%n", legendX, legendY - 4, legendX + 20,
                legendY - 4, colour, ferrite ? "" : " stroke-dasharray=\"5,3\"", legendX + 26, legendY,
                escape(s.label())));
        b.append("</g>\n");
    }

    /** @return {min, max} of the sizes ({@code sizes}) or of the times, over every series */
    private static double[] range(List<Series> series, boolean sizes) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (Map.Entry<Integer, Double> p : s.points().entrySet()) {
                double v = sizes ? p.getKey() : p.getValue();
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return new double[] {Math.max(min, 1e-3), Math.max(max, Math.max(min, 1e-3))};
    }

    private static double px(double size, double[] x) {
        if (x[0] == x[1]) {
            return LEFT + PLOT_WIDTH / 2.0;
        }
        return LEFT + 20 + (PLOT_WIDTH - 40) * (Math.log(size) - Math.log(x[0])) / (Math.log(x[1]) - Math.log(x[0]));
    }

    private static double py(double ns, double[] t, int plotTop) {
        double lo = Math.log10(t[0]) - MARGIN;
        double hi = Math.log10(t[1]) + MARGIN;
        return plotTop + PLOT_HEIGHT * (hi - Math.log10(ns)) / (hi - lo);
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
