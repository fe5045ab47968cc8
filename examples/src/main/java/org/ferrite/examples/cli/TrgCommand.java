package org.ferrite.examples.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.examples.IsingTrg;
import org.ferrite.examples.TrgResult;
import org.ferrite.examples.exact.Onsager;
import org.ferrite.examples.exact.SecondDifference;
import org.knowm.xchart.XYChart;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code trg}: the free energy per site f(T) of the 2D Ising model by {@link IsingTrg} over a range of
 * temperatures, its specific heat {@code c = −T ∂²f/∂T²} from f at {@code T ± dt}, both against
 * Onsager's exact solution; first the checks at T = 2 and T_c. Writes {@code trg.csv}, {@code trg.json}
 * and {@code trg.png}. Not thread-safe (one command run).
 */
@Command(name = "trg", mixinStandardHelpOptions = true,
        description = "TRG free energy and specific heat of the 2D Ising model against Onsager's solution.")
final class TrgCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--chi", defaultValue = "16", description = "bond dimension χ (default: ${DEFAULT-VALUE})")
    int chi;

    @Option(names = "--steps", defaultValue = "20",
            description = "coarse-graining steps, 2^steps sites (default: ${DEFAULT-VALUE})")
    int steps;

    @Option(names = "--tmin", defaultValue = "1.6", description = "lowest temperature (default: ${DEFAULT-VALUE})")
    double tmin;

    @Option(names = "--tmax", defaultValue = "3.2", description = "highest temperature (default: ${DEFAULT-VALUE})")
    double tmax;

    @Option(names = "--points", defaultValue = "33", description = "temperatures (default: ${DEFAULT-VALUE})")
    int points;

    @Option(names = "--dt", defaultValue = "0.01",
            description = "step of the second difference for c(T) (default: ${DEFAULT-VALUE})")
    double dt;

    @Override
    public Integer call() throws IOException {
        PrintStream out = System.out;
        double[] temperatures = Plots.range(tmin, tmax, points);
        Results results = new Results("T", "f", "f_exact", "relative_error", "c", "c_exact", "svd_calls",
                "randomized_svd_calls", "largest_discarded_weight", "ms");
        List<Object> checks = new ArrayList<>();
        try (Backend backend = common.openBackend(); HeldSession held = backend.openSession();
                Progress progress = common.progress("TRG χ=" + chi, 2 + 3L * points)) {
            IsingTrg trg = new IsingTrg(backend);
            out.printf(Locale.ROOT, "TRG, 2D Ising model, χ = %d, %d steps (2^%d sites), backend %s%n", chi, steps,
                    steps, backend.name());
            for (double t : new double[] {2.0, Onsager.CRITICAL_TEMPERATURE}) {
                TrgResult r = held.withSession(s -> trg.freeEnergy(s, t, chi, steps));
                progress.step();
                double exact = Onsager.freeEnergy(t);
                double error = Math.abs(r.freeEnergy() / exact - 1);
                out.printf(Locale.ROOT, "  T = %.6f: f = %.12f, Onsager %.12f, relative error %.2e (%.1f ms)%n", t,
                        r.freeEnergy(), exact, error, r.stats().elapsedNanos() / 1e6);
                Map<String, Object> check = new LinkedHashMap<>();
                check.put("T", t);
                check.put("f", r.freeEnergy());
                check.put("f_exact", exact);
                check.put("relative_error", error);
                checks.add(check);
            }
            for (double t : temperatures) {
                TrgResult[] f = new TrgResult[3];
                for (int i = 0; i < 3; i++) {
                    double at = t + (i - 1) * dt;
                    f[i] = held.withSession(s -> trg.freeEnergy(s, at, chi, steps));
                    progress.step();
                }
                double exact = Onsager.freeEnergy(t);
                double c = SecondDifference.specificHeat(t, dt, f[0].freeEnergy(), f[1].freeEnergy(), f[2].freeEnergy());
                results.row(t, f[1].freeEnergy(), exact, Math.abs(f[1].freeEnergy() / exact - 1), c,
                        Onsager.specificHeat(t, dt), f[1].stats().svdCalls(), f[1].stats().randomizedSvdCalls(),
                        f[1].stats().largestDiscardedWeight(), f[1].stats().elapsedNanos() / 1e6);
            }
            results.field("command", "trg");
            results.field("backend", backend.name());
            results.field("chi", chi);
            results.field("steps", steps);
            results.field("dt", dt);
            results.field("critical_temperature", Onsager.CRITICAL_TEMPERATURE);
            results.field("checks", checks);
        }
        Path csv = common.file("trg.csv");
        Path json = common.file("trg.json");
        Path png = common.file("trg.png");
        results.writeCsv(csv);
        results.writeJson(json);
        plot(png, results);
        out.printf("wrote %s, %s, %s%n", csv, json, png);
        return 0;
    }

    private void plot(Path png, Results results) throws IOException {
        List<List<Object>> rows = results.rows();
        double[] t = column(rows, 0);
        double[] dense = Plots.range(tmin, tmax, 400);
        double[] exactF = new double[dense.length];
        double[] exactC = new double[dense.length];
        for (int i = 0; i < dense.length; i++) {
            exactF[i] = Onsager.freeEnergy(dense[i]);
            exactC[i] = Onsager.specificHeat(dense[i], dt);
        }
        XYChart free = Plots.chart("Free energy per site, 2D Ising (TRG χ = " + chi + ", " + steps + " steps)", "T",
                "f(T)", false, false);
        Plots.line(free, "Onsager (exact)", dense, exactF);
        Plots.points(free, "TRG", t, column(rows, 1));
        XYChart error = Plots.chart("Relative error of f against Onsager", "T", "|f/f_exact − 1|", false, true);
        Plots.points(error, "TRG χ = " + chi, t, positive(column(rows, 3)));
        XYChart heat = Plots.chart("Specific heat c = −T ∂²f/∂T² (second difference, dT = " + dt + ")", "T", "c(T)",
                false, false);
        Plots.line(heat, "Onsager (exact)", dense, exactC);
        Plots.points(heat, "TRG", t, column(rows, 4));
        Plots.save(png, 1, free, error, heat);
    }

    static double[] column(List<List<Object>> rows, int index) {
        double[] values = new double[rows.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = ((Number) rows.get(i).get(index)).doubleValue();
        }
        return values;
    }

    /** @return the values with zeros raised to the smallest positive double (for a log axis) */
    static double[] positive(double[] values) {
        double[] out = values.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.max(out[i], 1e-16);
        }
        return out;
    }
}
