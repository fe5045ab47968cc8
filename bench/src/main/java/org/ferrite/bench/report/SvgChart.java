package org.ferrite.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Renders the report as an SVG chart with one panel per group of peers ({@link ReportSuite#group}: the
 * dispatch suite, each linear-algebra operation and dtype, the GEMM comparison, the batched products,
 * each einsum workload), so that every Ferrite row sits in one panel with its peers. Sized cases: time
 * per operation against size, both axes logarithmic, one line per case label — Ferrite's rows solid, the
 * floor and peers dashed. Cases of a fixed size (entries, batched products, fixed einsum workloads, the
 * linear-algebra batches): a panel of horizontal bars on a logarithmic time axis, one per case — Ferrite
 * solid, peers hatched. Each series is a {@code <g class="series" data-series="LABEL">} holding its
 * {@code <title>} and its line and one marker per size, or its bar, so tools (and the tests) find every
 * series by name. Failed cases are left out. Written by hand: the benchmark jar carries no SVG library.
 * Thread-safe (stateless).
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

    /** Height of one bar (and its gap) in a panel of fixed-size cases. */
    private static final int BAR = 22;

    /**
     * The points of one case label: size → median nanoseconds per operation (a fixed-size case: one point
     * at size 0), and its role.
     */
    private record Series(String label, ReportCase.Role role, Map<Integer, Double> points) {
    }

    /**
     * @param rows the report's rows
     * @param title the chart's heading (e.g. the protocol and the date)
     * @return a standalone SVG document
     */
    static String render(List<ReportRow> rows, String title) {
        Map<String, Map<String, Series>> panels = panels(rows);
        int height = TOP;
        for (Map.Entry<String, Map<String, Series>> panel : panels.entrySet()) {
            height += panelHeight(panel.getKey(), panel.getValue().size());
        }
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
            List<Series> series = new ArrayList<>(panel.getValue().values());
            if (isBars(panel.getKey())) {
                bars(b, panel.getKey(), series, y);
            } else {
                panel(b, panel.getKey(), series, y);
            }
            y += panelHeight(panel.getKey(), series.size());
        }
        return b.append("</svg>\n").toString();
    }

    /** The suffix of a panel of fixed-size cases. */
    private static final String FIXED = " (fixed size)";

    private static boolean isBars(String panel) {
        return panel.endsWith(FIXED);
    }

    private static int panelHeight(String panel, int series) {
        return isBars(panel) ? 50 + BAR * series : PANEL_HEIGHT;
    }

    /** @return panel (a group; its fixed-size cases apart) → label → series, in table order */
    private static Map<String, Map<String, Series>> panels(List<ReportRow> rows) {
        Map<String, Map<String, Series>> panels = new LinkedHashMap<>();
        for (ReportRow row : rows) {
            CaseResult r = row.result();
            ReportCase c = r.reportCase();
            if (!r.ok() || !(r.medianNs() > 0)) {
                continue;
            }
            String panel = ReportSuite.group(c) + (c.parameter() == null ? FIXED : "");
            panels.computeIfAbsent(panel, g -> new LinkedHashMap<>())
                    .computeIfAbsent(c.label(), l -> new Series(l, c.role(), new LinkedHashMap<>()))
                    .points().put(c.value(), r.medianNs());
        }
        return panels;
    }

    /** A panel of fixed-size cases: one horizontal bar per case, log time axis, its median at its end. */
    private static void bars(StringBuilder b, String name, List<Series> series, int top) {
        double[] t = range(series, false);
        int plotTop = top + 20;
        int height = BAR * series.size();
        b.append("<g class=\"panel\" data-panel=\"").append(escape(name)).append("\">\n");
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"13\">%s</text>%n", LEFT, top + 10,
                escape(name + ": time per operation, log scale")));
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#444\"/>%n", LEFT, plotTop, PLOT_WIDTH, height));
        double lo = Math.log10(t[0]) - 1;
        double hi = Math.log10(t[1]) + MARGIN;
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            double ns = s.points().values().iterator().next();
            double w = PLOT_WIDTH * (Math.log10(ns) - lo) / (hi - lo);
            boolean ferrite = s.role() == ReportCase.Role.FERRITE;
            String colour = COLOURS[i % COLOURS.length];
            int y = plotTop + BAR * i + 3;
            b.append("<g class=\"series\" data-series=\"").append(escape(s.label())).append("\" data-role=\"")
                    .append(s.role().name()).append("\">\n<title>").append(escape(s.label() + ": "
                            + MarkdownReport.time(ns))).append("</title>\n");
            b.append(String.format(Locale.ROOT, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\""
                    + " fill=\"%s\"%s/>%n", LEFT, y, Math.max(1, w), BAR - 6, colour,
                    ferrite ? "" : " fill-opacity=\"0.35\" stroke=\"" + colour + "\" stroke-dasharray=\"4,2\""));
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s  %s</text>%n", LEFT + Math.max(1, w) + 4,
                    y + BAR - 10, escape(MarkdownReport.time(ns)), escape(s.label())));
            b.append("</g>\n");
        }
        b.append("</g>\n");
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
