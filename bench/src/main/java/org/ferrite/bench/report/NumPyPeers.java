package org.ferrite.bench.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ferrite.bench.report.ReportCase.Role;

/**
 * The NumPy (+ opt_einsum) peers of the workload rows ({@code --full}): runs
 * {@code bench/numpy/tn_workloads.py} — the same TRG and iTEBD as the examples, step for step — in the
 * same sitting as the JMH rows and reads its {@code RESULT {json}} lines (median wall time of its runs) as
 * {@link Role#PEER} rows of the same groups, so that each Ferrite row carries its ratio to NumPy. Python
 * is {@code $FERRITE_PYTHON} or {@code python3}; without NumPy, opt_einsum and SciPy the peers are
 * skipped and the report says why. Not thread-safe (runs one process).
 */
final class NumPyPeers {
    /** TRG bond dimensions and the iTEBD one of the workload rows ({@link ReportSuite}). */
    static final int[] TRG_CHI = {8, 16, 24};
    static final int ITEBD_CHI = 32;
    private static final Pattern CASE = Pattern.compile("\"case\": \"(\\w+)\"");
    private static final Pattern CHI = Pattern.compile("\"chi\": (\\d+)");
    private static final Pattern MEDIAN = Pattern.compile("\"median_ms\": ([0-9.eE+-]+)");

    private NumPyPeers() {
    }

    /** @return the peer row of a TRG bond dimension, in the Ferrite row's group */
    static ReportCase trg(int chi) {
        return new ReportCase("workload/trg numpy", NumPyPeers.class, "trg", "chi", chi, Role.PEER, java.util.Map.of(),
                "workload/trg");
    }

    /** @return the peer row of the iTEBD run */
    static ReportCase itebd() {
        return new ReportCase("workload/itebd numpy", NumPyPeers.class, "itebd", "chi", ITEBD_CHI, Role.PEER,
                java.util.Map.of(), "workload/itebd");
    }

    /**
     * Runs the script once for every peer row wanted and returns their results (failed rows when the run
     * could not be made, with the reason).
     *
     * @param wanted the peer rows selected for this report
     * @param benchFolder the {@code bench} folder (the script is {@code numpy/tn_workloads.py} in it)
     * @param out progress
     * @return one result per wanted row
     */
    static List<CaseResult> measure(List<ReportCase> wanted, Path benchFolder, PrintStream out) {
        List<CaseResult> results = new ArrayList<>();
        if (wanted.isEmpty()) {
            return results;
        }
        Path script = benchFolder.resolve("numpy/tn_workloads.py");
        String python = System.getenv().getOrDefault("FERRITE_PYTHON", "python3");
        String why = !Files.isRegularFile(script) ? "no " + script : probe(python);
        if (why != null) {
            out.println("NumPy peers skipped: " + why);
            for (ReportCase c : wanted) {
                results.add(CaseResult.failed(c, "NumPy peer skipped: " + why));
            }
            return results;
        }
        StringBuilder trg = new StringBuilder();
        boolean itebd = false;
        for (ReportCase c : wanted) {
            if (c.method().equals("trg")) {
                trg.append(trg.length() == 0 ? "" : ",").append(c.value());
            } else {
                itebd = true;
            }
        }
        List<String> command = new ArrayList<>(List.of(python, script.toString(), "--repeats", "5"));
        if (trg.length() > 0) {
            command.addAll(List.of("--trg", trg.toString()));
        }
        if (itebd) {
            command.addAll(List.of("--itebd", String.valueOf(ITEBD_CHI)));
        }
        out.println("NumPy peers: " + String.join(" ", command));
        out.flush();
        List<double[]> found = new ArrayList<>(); // {kind (0 trg, 1 itebd), chi, median ns}
        String failure = null;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().putIfAbsent("OPENBLAS_NUM_THREADS", "1");
            Process process = builder.start();
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (!line.startsWith("RESULT ")) {
                        continue;
                    }
                    Matcher kind = CASE.matcher(line);
                    Matcher chi = CHI.matcher(line);
                    Matcher median = MEDIAN.matcher(line);
                    if (kind.find() && chi.find() && median.find()) {
                        double ns = Double.parseDouble(median.group(1)) * 1e6;
                        found.add(new double[] {kind.group(1).equals("trg") ? 0 : 1, Integer.parseInt(chi.group(1)), ns});
                        out.printf(Locale.ROOT, "  numpy %s χ=%s: %s%n", kind.group(1), chi.group(1),
                                MarkdownReport.time(ns));
                    }
                }
            }
            if (!process.waitFor(30, TimeUnit.MINUTES) || process.exitValue() != 0) {
                failure = "the NumPy script ended with status " + (process.isAlive() ? "(still running)"
                        : process.exitValue());
            }
        } catch (IOException e) {
            failure = "cannot run " + python + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        }
        for (ReportCase c : wanted) {
            double[] hit = null;
            for (double[] f : found) {
                if (f[0] == (c.method().equals("trg") ? 0 : 1) && f[1] == c.value()) {
                    hit = f;
                }
            }
            results.add(hit == null ? CaseResult.failed(c, failure != null ? failure : "no result line")
                    : new CaseResult(c, hit[2], hit[2], hit[2], hit[2], Double.NaN, 1, Double.NaN, null));
        }
        return results;
    }

    /** @return null if {@code python} imports NumPy, opt_einsum and SciPy, else why not */
    private static String probe(String python) {
        try {
            Process p = new ProcessBuilder(python, "-c", "import numpy, opt_einsum, scipy").redirectErrorStream(true)
                    .start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return python + " lacks numpy, opt_einsum or scipy (set FERRITE_PYTHON to a Python that has them): "
                        + lastLine(output);
            }
            return null;
        } catch (IOException e) {
            return "no " + python + " (set FERRITE_PYTHON): " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** @return the last line of a process's output, for a one-line reason */
    private static String lastLine(String output) {
        String[] lines = output.split("\n");
        return lines.length == 0 ? "" : lines[lines.length - 1];
    }
}
