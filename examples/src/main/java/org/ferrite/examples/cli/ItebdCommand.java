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
import org.ferrite.examples.ItebdResult;
import org.ferrite.examples.ItebdSchedule;
import org.ferrite.examples.ItebdState;
import org.ferrite.examples.TfimItebd;
import org.ferrite.examples.exact.TransverseFieldIsing;
import org.knowm.xchart.XYChart;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code itebd}: the ground-state energy per site of the transverse-field Ising chain by
 * {@link TfimItebd} for each field and bond dimension, against the exact {@code e₀(h)}, and — at the
 * critical field h = 1 — the half-chain entanglement entropy against {@code ln χ}, with the central
 * charge fitted from {@code S = ln(χ)/(√(12/c) + 1) + const}. Writes {@code itebd.csv},
 * {@code itebd.json} and {@code itebd.png}. Not thread-safe (one command run).
 */
@Command(name = "itebd", mixinStandardHelpOptions = true,
        description = "iTEBD ground state of the transverse-field Ising chain against the exact energy.")
final class ItebdCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--field", split = ",", defaultValue = "0.5,1.0",
            description = "transverse fields h (default: ${DEFAULT-VALUE})")
    double[] fields;

    @Option(names = "--chi", split = ",", defaultValue = "8,16,32",
            description = "bond dimensions χ (default: ${DEFAULT-VALUE})")
    int[] chis;

    @Option(names = "--schedule", defaultValue = "0.1:1500,0.03:1000,0.01:500",
            description = "imaginary-time stages δ:steps per bond dimension (default: ${DEFAULT-VALUE})")
    String schedule;

    @Option(names = "--cold-start", description = "start every χ from the product state, not from the previous"
            + " (smaller) χ's ground state")
    boolean coldStart;

    @Override
    public Integer call() throws IOException {
        PrintStream out = System.out;
        ItebdSchedule stages = ItebdSchedule.parse(schedule);
        Results results = new Results("h", "chi", "bond_dimension", "energy", "energy_exact", "relative_error",
                "entropy", "svd_calls", "ms");
        List<ItebdResult> runs = new ArrayList<>();
        String backendName;
        try (Backend backend = common.openBackend(); HeldSession held = backend.openSession();
                Progress progress = common.progress("iTEBD", (long) fields.length * chis.length * stages.totalSteps())) {
            backendName = backend.name();
            TfimItebd itebd = new TfimItebd(backend);
            long[] done = {0};
            int[] ascending = chis.clone();
            java.util.Arrays.sort(ascending);
            for (double h : fields) {
                ItebdState[] previous = {null};
                for (int chi : ascending) {
                    progress.extra("h=" + h + " χ=" + chi);
                    long before = done[0];
                    ItebdResult r = held.withSession(s -> {
                        ItebdState state = previous[0] == null || coldStart
                                ? itebd.evolve(s, h, chi, stages, step -> progress.stepTo(before + step))
                                : itebd.evolve(s, previous[0], chi, stages, step -> progress.stepTo(before + step));
                        if (previous[0] != null && coldStart) {
                            previous[0].release(s);
                        }
                        previous[0] = state;
                        return itebd.measure(s, state);
                    });
                    done[0] += stages.totalSteps();
                    runs.add(r);
                    double exact = TransverseFieldIsing.groundStateEnergy(h);
                    results.row(h, chi, r.bondDimension(), r.energy(), exact, Math.abs(r.energy() / exact - 1),
                            r.entanglementEntropy(), r.stats().svdCalls(), r.stats().elapsedNanos() / 1e6);
                }
            }
        }
        out.printf(Locale.ROOT, "iTEBD, transverse-field Ising chain, %d steps (%s) per χ, %s, backend %s%n",
                stages.totalSteps(), schedule, coldStart ? "each from the product state"
                        : "χ ascending, each from the previous χ's state", backendName);
        for (List<Object> row : results.rows()) {
            out.printf(Locale.ROOT, "  h = %.3f, χ = %2d (reached %2d): e = %.12f, exact %.12f, relative error %.2e,"
                    + " S = %.5f, %d SVDs, %.0f ms%n", row.toArray());
        }
        results.field("command", "itebd");
        results.field("backend", backendName);
        results.field("schedule", schedule);
        results.field("warm_start", !coldStart);
        Map<String, Object> fit = centralCharge(runs);
        if (fit != null) {
            results.field("central_charge_fit", fit);
            out.printf(Locale.ROOT, "  central charge at h = 1 from S(χ) = ln χ/(√(12/c) + 1) + const: c = %.4f"
                    + " (exact 1/2)%n", (Double) fit.get("c"));
        }
        Path csv = common.file("itebd.csv");
        Path json = common.file("itebd.json");
        Path png = common.file("itebd.png");
        results.writeCsv(csv);
        results.writeJson(json);
        plot(png, results, fit);
        out.printf("wrote %s, %s, %s%n", csv, json, png);
        return 0;
    }

    /** @return the least-squares fit of S against ln χ at h = 1 and the central charge, or null */
    static Map<String, Object> centralCharge(List<ItebdResult> runs) {
        List<double[]> points = new ArrayList<>();
        for (ItebdResult r : runs) {
            if (r.field() == 1.0 && r.bondDimension() == r.chi()) {
                points.add(new double[] {Math.log(r.chi()), r.entanglementEntropy()});
            }
        }
        if (points.size() < 2) {
            return null;
        }
        double n = points.size();
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (double[] p : points) {
            sx += p[0];
            sy += p[1];
            sxx += p[0] * p[0];
            sxy += p[0] * p[1];
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        double intercept = (sy - slope * sx) / n;
        Map<String, Object> fit = new LinkedHashMap<>();
        fit.put("points", points.size());
        fit.put("slope", slope);
        fit.put("intercept", intercept);
        fit.put("c", 12 / Math.pow(1 / slope - 1, 2));
        fit.put("c_exact", TransverseFieldIsing.CENTRAL_CHARGE);
        return fit;
    }

    private static void plot(Path png, Results results, Map<String, Object> fit) throws IOException {
        XYChart error = Plots.chart("iTEBD energy error against χ (transverse-field Ising chain)", "bond dimension χ",
                "|e/e₀ − 1|", true, true);
        Map<Double, List<List<Object>>> byField = new LinkedHashMap<>();
        for (List<Object> row : results.rows()) {
            byField.computeIfAbsent((Double) row.get(0), h -> new ArrayList<>()).add(row);
        }
        byField.forEach((h, rows) -> Plots.points(error, "h = " + h, TrgCommand.column(rows, 1),
                TrgCommand.positive(TrgCommand.column(rows, 5))));
        if (fit == null) {
            Plots.save(png, 1, error);
            return;
        }
        List<List<Object>> critical = byField.get(1.0);
        double[] lnChi = new double[critical.size()];
        for (int i = 0; i < lnChi.length; i++) {
            lnChi[i] = Math.log(((Number) critical.get(i).get(1)).doubleValue());
        }
        double slope = (Double) fit.get("slope");
        double intercept = (Double) fit.get("intercept");
        double[] ends = {lnChi[0], lnChi[lnChi.length - 1]};
        double exactSlope = 1 / (Math.sqrt(12 / TransverseFieldIsing.CENTRAL_CHARGE) + 1);
        double meanX = 0;
        double meanY = 0;
        for (int i = 0; i < lnChi.length; i++) {
            meanX += lnChi[i] / lnChi.length;
            meanY += ((Number) critical.get(i).get(6)).doubleValue() / lnChi.length;
        }
        XYChart entropy = Plots.chart("Entanglement entropy at h = 1 against ln χ", "ln χ", "S (half chain)", false,
                false);
        Plots.line(entropy, String.format(Locale.ROOT, "fit: c = %.3f", (Double) fit.get("c")), ends,
                new double[] {intercept + slope * ends[0], intercept + slope * ends[1]});
        Plots.line(entropy, "slope of c = 1/2 (exact)", ends, new double[] {meanY + exactSlope * (ends[0] - meanX),
            meanY + exactSlope * (ends[1] - meanX)});
        Plots.points(entropy, "iTEBD", lnChi, TrgCommand.column(critical, 6));
        Plots.save(png, 1, error, entropy);
    }
}
