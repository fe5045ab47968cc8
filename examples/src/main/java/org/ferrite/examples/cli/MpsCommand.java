package org.ferrite.examples.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.examples.MatrixProductState;
import org.ferrite.examples.MatrixProductState.Compression;
import org.ferrite.examples.MatrixProductState.Overlap;
import org.knowm.xchart.XYChart;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mps}: norms and overlaps of random C128 matrix product states by precompiled einsum sweeps
 * (time per sweep for each length and bond dimension), and the SVD compression of one state to smaller
 * bond dimensions with its discarded weight against the infidelity it causes. Writes {@code mps.csv},
 * {@code mps-compression.csv}, {@code mps.json} and {@code mps.png}. Not thread-safe (one command run).
 */
@Command(name = "mps", mixinStandardHelpOptions = true,
        description = "Norms, overlaps and SVD compression of random matrix product states.")
final class MpsCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--length", split = ",", defaultValue = "32,64,128",
            description = "chain lengths L (default: ${DEFAULT-VALUE})")
    int[] lengths;

    @Option(names = "--chi", split = ",", defaultValue = "4,16,64",
            description = "bond dimensions χ (default: ${DEFAULT-VALUE})")
    int[] chis;

    @Option(names = "--repeats", defaultValue = "20", description = "timed sweeps per case (default: ${DEFAULT-VALUE})")
    int repeats;

    @Option(names = "--compress", split = ",", defaultValue = "2,4,8,16,24,32,48",
            description = "bond dimensions to compress the L = max, χ = max state to (default: ${DEFAULT-VALUE})")
    int[] targets;

    @Override
    public Integer call() throws IOException {
        PrintStream out = System.out;
        Results sweeps = new Results("length", "chi", "norm_sweep_us", "log_norm", "overlap_log_magnitude",
                "overlap_phase");
        Results compression = new Results("chi_kept", "discarded_weight", "infidelity");
        String backendName;
        int longest = Arrays.stream(lengths).max().orElseThrow();
        int widest = Arrays.stream(chis).max().orElseThrow();
        try (Backend backend = common.openBackend(); HeldSession held = backend.openSession();
                Progress progress = common.progress("MPS", (long) lengths.length * chis.length * repeats
                        + targets.length)) {
            backendName = backend.name();
            for (int length : lengths) {
                for (int chi : chis) {
                    MatrixProductState psi = MatrixProductState.random(length, chi, 1);
                    MatrixProductState phi = MatrixProductState.random(length, chi, 2);
                    held.withSession(s -> psi.overlap(s, psi));                          // compiles the sweep
                    long start = System.nanoTime();
                    Overlap norm = null;
                    for (int r = 0; r < repeats; r++) {
                        norm = held.withSession(s -> psi.overlap(s, psi));
                        progress.step();
                    }
                    double micros = (System.nanoTime() - start) / 1e3 / repeats;
                    Overlap overlap = held.withSession(s -> phi.overlap(s, psi));
                    sweeps.row(length, chi, micros, norm.logMagnitude(), overlap.logMagnitude(), overlap.phase());
                }
            }
            MatrixProductState psi = MatrixProductState.random(longest, widest, 3);
            for (int target : targets) {
                double[] measured = held.withSession(s -> {
                    Compression c = psi.compress(s, target);
                    Overlap cross = c.state().overlap(s, psi);
                    Overlap self = psi.overlap(s, psi);
                    Overlap small = c.state().overlap(s, c.state());
                    double fidelity = Math.exp(2 * cross.logMagnitude() - self.logMagnitude() - small.logMagnitude());
                    return new double[] {c.discardedWeight(), Math.max(0, 1 - fidelity)};
                });
                progress.step();
                compression.row(target, measured[0], measured[1]);
            }
        }
        out.printf(Locale.ROOT, "Random C128 matrix product states, backend %s%n", backendName);
        for (java.util.List<Object> row : sweeps.rows()) {
            out.printf(Locale.ROOT, "  L = %3d, χ = %2d: <ψ|ψ> sweep %9.1f µs, ln<ψ|ψ> = %.6f, ln|<φ|ψ>| = %.6f,"
                    + " arg = %.4f%n", row.toArray());
        }
        out.printf(Locale.ROOT, "Compression of L = %d, χ = %d to smaller χ (discarded weight Σε, infidelity"
                + " 1 − |<ψ|φ>|²/(<ψ|ψ><φ|φ>)):%n", longest, widest);
        for (java.util.List<Object> row : compression.rows()) {
            out.printf(Locale.ROOT, "  χ = %2d: Σε = %.6e, 1 − F = %.6e%n", row.toArray());
        }
        sweeps.field("command", "mps");
        sweeps.field("backend", backendName);
        sweeps.field("repeats", repeats);
        Path csv = common.file("mps.csv");
        Path compressed = common.file("mps-compression.csv");
        Path json = common.file("mps.json");
        Path png = common.file("mps.png");
        sweeps.writeCsv(csv);
        compression.writeCsv(compressed);
        sweeps.field("compression", Arrays.asList(compression.rows().toArray()));
        sweeps.writeJson(json);
        plot(png, sweeps, compression, longest, widest);
        out.printf("wrote %s, %s, %s, %s%n", csv, compressed, json, png);
        return 0;
    }

    private void plot(Path png, Results sweeps, Results compression, int longest, int widest) throws IOException {
        XYChart time = Plots.chart("Norm sweep <ψ|ψ> of a random C128 MPS (precompiled einsum)", "sites L",
                "µs per sweep", true, true);
        for (int chi : chis) {
            java.util.List<java.util.List<Object>> rows = sweeps.rows().stream()
                    .filter(row -> ((Number) row.get(1)).intValue() == chi).toList();
            Plots.points(time, "χ = " + chi, TrgCommand.column(rows, 0), TrgCommand.column(rows, 2));
        }
        XYChart error = Plots.chart("SVD compression of L = " + longest + ", χ = " + widest, "bond dimension kept",
                "error", false, true);
        double[] kept = TrgCommand.column(compression.rows(), 0);
        Plots.line(error, "discarded weight Σε", kept, TrgCommand.positive(TrgCommand.column(compression.rows(), 1)));
        Plots.points(error, "infidelity 1 − F", kept, TrgCommand.positive(TrgCommand.column(compression.rows(), 2)));
        Plots.save(png, 1, time, error);
    }
}
