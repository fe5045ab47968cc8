package org.ferrite.spark.examples;

import java.awt.Color;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.ferrite.examples.exact.Onsager;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The sweep's files: {@code trg-sweep.csv} (one row per temperature: T, f, Onsager's f, the relative error,
 * c, Onsager's c, time, executor) and {@code trg-sweep.png} (f(T), the error and c(T) against Onsager's
 * curves). Thread-safe (stateless). Lifetime: static.
 */
final class SweepReport {
    private SweepReport() {
    }

    static void writeCsv(Path file, List<TrgSweep.Point> points, double dt) throws IOException {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
            out.println("T,f,f_exact,relative_error,c,c_exact,ms,executor,failure");
            for (TrgSweep.Point p : points) {
                out.printf(Locale.ROOT, "%.9f,%.15g,%.15g,%.3e,%.9g,%.9g,%.3f,%s,\"%s\"%n", p.temperature(),
                        p.freeEnergy(), p.exactFreeEnergy(), p.relativeError(), p.specificHeat(dt),
                        Onsager.specificHeat(p.temperature(), dt), p.nanos() / 1e6, p.executor(),
                        p.failure().orElse("").replace('"', '\''));
            }
        }
    }

    static void plot(Path png, List<TrgSweep.Point> all, TrgSweep.Options o, String title) throws IOException {
        List<TrgSweep.Point> points = all.stream().filter(p -> p.failure().isEmpty()).toList();
        int n = points.size();
        double[] t = new double[n];
        double[] f = new double[n];
        double[] error = new double[n];
        double[] c = new double[n];
        for (int i = 0; i < n; i++) {
            TrgSweep.Point p = points.get(i);
            t[i] = p.temperature();
            f[i] = p.freeEnergy();
            error[i] = Math.max(p.relativeError(), 1e-16);
            c[i] = p.specificHeat(o.dt());
        }
        double[] dense = new double[400];
        double[] exactF = new double[dense.length];
        double[] exactC = new double[dense.length];
        for (int i = 0; i < dense.length; i++) {
            dense[i] = o.tmin() + (o.tmax() - o.tmin()) * i / (dense.length - 1);
            exactF[i] = Onsager.freeEnergy(dense[i]);
            exactC[i] = Onsager.specificHeat(dense[i], o.dt());
        }
        String what = "TRG χ = " + o.chi() + ", " + o.steps() + " steps, " + n + " temperatures";
        XYChart free = chart(title + ": free energy per site (" + what + ")", "f(T)", false);
        line(free, "Onsager (exact)", dense, exactF);
        points(free, "TRG on Spark", t, f);
        XYChart err = chart("Relative error of f against Onsager", "|f/f_exact − 1|", true);
        points(err, "TRG on Spark", t, error);
        XYChart heat = chart("Specific heat c = −T ∂²f/∂T² (second difference, dT = " + o.dt() + ")", "c(T)", false);
        line(heat, "Onsager (exact)", dense, exactC);
        points(heat, "TRG on Spark", t, c);
        BitmapEncoder.saveBitmap(List.of(free, err, heat), 3, 1, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static XYChart chart(String title, String yAxis, boolean logY) {
        XYChart chart = new XYChartBuilder().width(720).height(340).title(title).xAxisTitle("T").yAxisTitle(yAxis)
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesColor(new Color(225, 225, 225));
        chart.getStyler().setYAxisLogarithmic(logY);
        chart.getStyler().setMarkerSize(3);
        chart.getStyler().setXAxisDecimalPattern("0.0");
        return chart;
    }

    private static void points(XYChart chart, String name, double[] x, double[] y) {
        XYSeries series = chart.addSeries(name, x, y);
        series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        series.setMarker(SeriesMarkers.CIRCLE);
    }

    private static void line(XYChart chart, String name, double[] x, double[] y) {
        XYSeries series = chart.addSeries(name, x, y);
        series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        series.setMarker(SeriesMarkers.NONE);
    }
}
