package org.ferrite.examples.cli;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The examples' plots, drawn with XChart and saved as one PNG of several panels: computed values as
 * markers, exact curves as lines. Thread-safe (stateless); each chart belongs to its caller.
 */
final class Plots {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 360;

    private Plots() {
    }

    static XYChart chart(String title, String xAxis, String yAxis, boolean logX, boolean logY) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xAxis)
                .yAxisTitle(yAxis).build();
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.InsideNE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(225, 225, 225));
        styler.setXAxisLogarithmic(logX);
        styler.setYAxisLogarithmic(logY);
        styler.setMarkerSize(7);
        return chart;
    }

    /** Computed values: markers only. */
    static void points(XYChart chart, String name, double[] x, double[] y) {
        XYSeries series = chart.addSeries(name, x, y);
        series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        series.setMarker(SeriesMarkers.CIRCLE);
    }

    /** An exact or fitted curve: a line without markers. */
    static void line(XYChart chart, String name, double[] x, double[] y) {
        XYSeries series = chart.addSeries(name, x, y);
        series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        series.setMarker(SeriesMarkers.NONE);
    }

    /**
     * @param file the PNG to write
     * @param columns panels per row
     * @param charts the panels, row by row
     * @throws IOException if the file cannot be written
     */
    static void save(Path file, int columns, XYChart... charts) throws IOException {
        int rows = (charts.length + columns - 1) / columns;
        BitmapEncoder.saveBitmap(List.of(charts), rows, columns, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** @return {@code n} points from {@code from} to {@code to}, ends included */
    static double[] range(double from, double to, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = n == 1 ? from : from + (to - from) * i / (n - 1);
        }
        return x;
    }
}
