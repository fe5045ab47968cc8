package org.ferrite.bench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * {@code report [--full] [--json FILE] [--only REGEX]}: runs the report's cases ({@link ReportSuite}: the
 * quick ones, or every one with {@code --full}) in rounds — round {@code r} runs the {@code r}-th JMH fork
 * of every case that has one, in the suite's order (one fork per case in quick mode; with {@code --full}
 * dispatch cases have two, GEMM cases one) — prints a progress line per fork from the first second, then
 * the Markdown table of every case's forks pooled with one verdict line per target, and writes the JSON
 * (default: {@code report.json} beside {@code benchmarks.jar}, i.e. {@code bench/target/}) and the SVG
 * chart beside it. JMH's own output goes to one log per fork in {@code report-logs/} in the same folder.
 *
 * <p>Exit status: 0 when every case was measured and validated (targets may still be missed — that is
 * a result, reported in the table), 1 if a case failed, 2 for a usage error. Not thread-safe (a
 * command-line entry point).
 */
final class ReportCommand {
    private ReportCommand() {
    }

    static int run(String[] args) throws IOException {
        org.ferrite.bench.QuietNetlib.apply();
        PrintStream out = System.out;
        boolean full = false;
        Path json = null;
        Pattern only = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--full":
                    full = true;
                    break;
                case "--json":
                    if (++i == args.length) {
                        return usage("--json needs a file");
                    }
                    json = Path.of(args[i]);
                    break;
                case "--only":
                    if (++i == args.length) {
                        return usage("--only needs a regular expression");
                    }
                    only = Pattern.compile(args[i]);
                    break;
                case "--help":
                case "-h":
                    usage(null);
                    return 0;
                default:
                    return usage("unknown argument " + args[i]);
            }
        }
        Path folder = outputFolder();
        Files.createDirectories(folder);
        Path jsonFile = json != null ? json : folder.resolve("report.json");
        Path log = folder.resolve("report-logs");
        Files.createDirectories(log);
        Protocol protocol = full ? Protocol.FULL : Protocol.QUICK;
        List<ReportCase> cases = new ArrayList<>();
        for (ReportCase c : ReportSuite.cases(full)) {
            if (only == null || only.matcher(c.title()).find()) {
                cases.add(c);
            }
        }
        Environment env = Environment.current();
        String generated = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS).toString();
        out.println("Ferrite report (" + protocol.describe() + ")");
        out.println("Ferrite BLAS route: " + env.ferriteBlas());
        out.println("JMH output per fork: " + log);
        ReportRunner runner = new ReportRunner(protocol, log);
        List<List<ReportRunner.Fork>> forks = new ArrayList<>();
        int rounds = 0;
        for (ReportCase c : cases) {
            forks.add(new ArrayList<>());
            rounds = Math.max(rounds, runner.forksOf(c));
        }
        out.printf(Locale.ROOT, "%d cases, %d JMH forks; about %d s%n", cases.size(), cases.stream()
                .mapToInt(runner::forksOf).sum(), Math.round(cases.stream().mapToDouble(runner::expectedSeconds)
                        .sum()));
        out.flush();
        long start = System.nanoTime();
        // round r runs fork r of every case that has one: a case and its peers are each measured at as many
        // times, minutes apart, so that a slow spell of the machine does not land on one side of a ratio
        for (int round = 1; round <= rounds; round++) {
            for (int i = 0; i < cases.size(); i++) {
                ReportCase c = cases.get(i);
                List<ReportRunner.Fork> done = forks.get(i);
                if (round > runner.forksOf(c) || done.stream().anyMatch(f -> f.failure() != null)) {
                    continue;
                }
                out.printf(Locale.ROOT, "[round %d/%d %2d/%d] %-40s ", round, rounds, i + 1, cases.size(), c.title());
                out.flush();
                ReportRunner.Fork f = runner.runFork(c, round);
                done.add(f);
                out.println(f.failure() == null ? MarkdownReport.time(f.medianNs()) : "FAILED: " + f.failure());
            }
        }
        List<CaseResult> results = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            results.add(ReportRunner.summarise(cases.get(i), forks.get(i)));
        }
        results.addAll(NumPyPeers.measure(ReportSuite.numPyPeers(cases), folder.getParent(), out));
        env = env.ended();
        List<ReportRow> rows = Targets.rows(results, env);
        out.println();
        out.print(MarkdownReport.render(rows, env, protocol, generated));
        Path svgFile = write(rows, env, protocol, generated, jsonFile);
        out.printf(Locale.ROOT, "%nwall time %.0f s; JSON written to %s, chart to %s%n",
                (System.nanoTime() - start) / 1e9, jsonFile.toAbsolutePath(), svgFile.toAbsolutePath());
        out.println(Targets.summary(rows));
        return results.stream().allMatch(CaseResult::ok) ? 0 : 1;
    }

    /** Writes the JSON and, beside it, the SVG chart; returns the chart's file. */
    private static Path write(List<ReportRow> rows, Environment env, Protocol protocol, String generated, Path json)
            throws IOException {
        Files.writeString(json, JsonReport.render(rows, env, protocol, generated), StandardCharsets.UTF_8);
        Path svg = svgBeside(json);
        Files.writeString(svg, SvgChart.render(rows, "Ferrite report (" + protocol.name() + ", " + generated
                + "): median time per operation"), StandardCharsets.UTF_8);
        return svg;
    }

    /**
     * @param json the JSON file
     * @return the chart's file beside it: {@code report.json} → {@code report.svg}
     */
    static Path svgBeside(Path json) {
        String name = json.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return json.resolveSibling(base + ".svg");
    }

    /** @return the folder of the running benchmarks.jar, or bench/target when run from classes */
    private static Path outputFolder() {
        try {
            Path jar = Path.of(ReportCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(jar)) {
                return jar.getParent();
            }
        } catch (URISyntaxException | RuntimeException e) {
            // fall through
        }
        return Path.of("bench", "target");
    }

    private static int usage(String error) {
        PrintStream err = System.err;
        if (error != null) {
            err.println("report: " + error);
        }
        err.println("usage: java -jar benchmarks.jar report [--full] [--json FILE] [--only REGEX]");
        err.println("  (default)     the quick report: the seed's table with peers, the prepared, batched and einsum");
        err.println("                headline rows; one fork per case, about two minutes on two cores");
        err.println("  --full        every case (all sizes, scoped forms, linear algebra, GEMM n=64..1024, all einsum");
        err.println("                rows) on the reference protocol: 2 s warm-up, 5 s in 100 samples; about 40 minutes");
        err.println("  --json FILE   where to write the JSON (default: report.json beside benchmarks.jar);"
                + " the SVG chart goes beside it");
        err.println("  --only REGEX  run only the cases whose title (e.g. 'held/into @ size=95') matches");
        err.println("any other arguments are JMH's: java -jar benchmarks.jar -l lists the benchmarks");
        return error == null ? 0 : 2;
    }
}
