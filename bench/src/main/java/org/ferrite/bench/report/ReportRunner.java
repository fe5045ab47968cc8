package org.ferrite.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.util.ListStatistics;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs one {@link ReportCase} through the JMH Runner API — one fork per call, one thread, average time in
 * ns/op, GC profiler — and turns the samples of all its forks into a {@link CaseResult}. JMH's console
 * output for each fork goes to its own log file. Not thread-safe (JMH runs one benchmark at a time).
 */
final class ReportRunner {
    private final Protocol protocol;
    private final java.nio.file.Path logFolder;

    ReportRunner(Protocol protocol, java.nio.file.Path logFolder) {
        this.protocol = protocol;
        this.logFolder = logFolder;
    }

    /**
     * One fork of a case: its samples, ascending, and its allocation per operation; or why it failed.
     *
     * @param samples time per operation of each measurement iteration, ascending
     * @param allocBytesPerOp {@code gc.alloc.rate.norm}, or NaN if not measured
     * @param failure why the fork failed, or null
     */
    record Fork(double[] samples, double allocBytesPerOp, String failure) {
        /** @return the median of this fork's samples (progress lines) */
        double medianNs() {
            return new ListStatistics(samples).getPercentile(50);
        }
    }

    /**
     * @param c the case
     * @return the forks a case runs in: one for a GEMM case, the protocol's count for the others, each
     *     started by its own {@link #runFork} call (the report interleaves them: {@link ReportCommand})
     */
    int forksOf(ReportCase c) {
        return ReportSuite.isGemm(c) ? 1 : protocol.forks();
    }

    /**
     * @param c the case
     * @return roughly how long its forks take: warm-up and samples, plus a second per fork to start the JVM
     */
    double expectedSeconds(ReportCase c) {
        boolean gemm = ReportSuite.isGemm(c);
        double warm = gemm ? protocol.gemmWarmups() * seconds(protocol.gemmWarmupTime())
                : protocol.warmups() * ReportSuite.warmupFactor(c) * seconds(protocol.warmupTime());
        double samples = gemm ? protocol.gemmSamples() * seconds(protocol.gemmSampleTime())
                : protocol.samples() * seconds(protocol.sampleTime());
        return forksOf(c) * (1 + warm + samples);
    }

    private static double seconds(org.openjdk.jmh.runner.options.TimeValue t) {
        return t.convertTo(TimeUnit.MILLISECONDS) / 1000.0;
    }

    /**
     * Runs one fork of a case.
     *
     * @param c the case
     * @param fork which of its {@link #forksOf} forks (names the log file)
     * @return what it measured
     */
    Fork runFork(ReportCase c, int fork) {
        StringBuilder fixed = new StringBuilder();
        c.params().forEach((name, value) -> fixed.append('-').append(name).append(value));
        String logFile = logFolder.resolve(c.benchmarkClass().getSimpleName() + "." + c.method()
                + (c.parameter() == null ? "" : "-" + c.parameter() + c.value()) + fixed
                + (forksOf(c) > 1 ? "-fork" + fork : "") + ".log").toString();
        boolean gemm = ReportSuite.isGemm(c);
        ChainedOptionsBuilder options = new OptionsBuilder().include(c.includePattern())
                .forks(1).threads(1)
                .mode(Mode.AverageTime).timeUnit(TimeUnit.NANOSECONDS)
                .warmupIterations(gemm ? protocol.gemmWarmups() : protocol.warmups() * ReportSuite.warmupFactor(c))
                .warmupTime(gemm ? protocol.gemmWarmupTime() : protocol.warmupTime())
                .measurementIterations(gemm ? protocol.gemmSamples() : protocol.samples())
                .measurementTime(gemm ? protocol.gemmSampleTime() : protocol.sampleTime())
                .addProfiler(GCProfiler.class).shouldFailOnError(true).output(logFile);
        if (c.parameter() != null) {
            options.param(c.parameter(), String.valueOf(c.value()));
        }
        c.params().forEach(options::param);
        try {
            RunResult result = new Runner(options.build()).runSingle();
            Result<?> alloc = result.getSecondaryResults().get("gc.alloc.rate.norm");
            return new Fork(samples(result.getPrimaryResult().getStatistics()),
                    alloc == null ? Double.NaN : alloc.getScore(), null);
        } catch (RunnerException | RuntimeException e) {
            Throwable cause = e;
            while (cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause();
            }
            return new Fork(new double[0], Double.NaN, cause.getClass().getSimpleName() + ": " + cause.getMessage()
                    + " (see " + logFile + ")");
        }
    }

    /**
     * @param c the case
     * @param forks what its forks measured
     * @return the samples of every fork pooled: median, its interval, mean and error over all of them;
     *     the allocation is the forks' mean; failed if any fork failed
     */
    static CaseResult summarise(ReportCase c, List<Fork> forks) {
        List<Double> pooled = new ArrayList<>();
        double alloc = 0;
        for (Fork f : forks) {
            if (f.failure() != null) {
                return CaseResult.failed(c, f.failure());
            }
            for (double v : f.samples()) {
                pooled.add(v);
            }
            alloc += f.allocBytesPerOp() / forks.size();
        }
        double[] s = pooled.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        ListStatistics stats = new ListStatistics(s);
        double[] ci = medianInterval(s);
        return new CaseResult(c, stats.getPercentile(50), ci[0], ci[1], stats.getMean(),
                stats.getN() > 1 ? stats.getMeanErrorAt(0.999) : Double.NaN, stats.getN(), alloc, null);
    }

    private static double[] samples(Statistics stats) {
        List<Double> values = new ArrayList<>();
        for (Iterator<Map.Entry<Double, Long>> it = stats.getRawData(); it.hasNext();) {
            Map.Entry<Double, Long> e = it.next();
            for (long i = 0; i < e.getValue(); i++) {
                values.add(e.getKey());
            }
        }
        double[] s = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(s);
        return s;
    }

    /**
     * The distribution-free 95% confidence interval of the median: the order statistics of ranks
     * {@code n/2 ∓ 1.96·√n/2} (normal approximation of the binomial), clamped to the sample.
     *
     * @param sorted the samples, ascending
     * @return {@code {low, high}}
     */
    static double[] medianInterval(double[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double half = 1.96 * Math.sqrt(n) / 2;
        int lo = (int) Math.floor(n / 2.0 - half);
        int hi = (int) Math.ceil(n / 2.0 + half);
        return new double[] {sorted[Math.max(0, Math.min(n - 1, lo))], sorted[Math.max(0, Math.min(n - 1, hi))]};
    }
}
