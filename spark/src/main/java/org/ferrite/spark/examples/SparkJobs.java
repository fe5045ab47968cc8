package org.ferrite.spark.examples;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.spark.BackendSpec;
import org.ferrite.spark.ExecutorBackends;
import org.ferrite.spark.wire.FerriteKryoRegistrator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The job jar's command line: {@code trg-sweep} (the distributed TRG sweep against Onsager), {@code svd-batch}
 * (many small SVDs, and what the Spark path costs per element against a loop in one JVM), {@code scaling}
 * (the sweep at {@code local[1]} and {@code local[2]}, and the per-element overhead) and {@code check} (what
 * each executor makes of Ferrite). The master comes from {@code spark-submit}, else {@code --master}, else
 * {@code local[*]}. Not thread-safe (one command run).
 */
@Command(name = "ferrite-spark-job", mixinStandardHelpOptions = true, subcommands = {SparkJobs.Sweep.class,
    SparkJobs.Svd.class, SparkJobs.Scaling.class, SparkJobs.Check.class},
        description = "Ferrite on Apache Spark: the TRG sweep, small SVDs in batches, scaling, a cluster check.")
public final class SparkJobs implements Callable<Integer> {
    private static final PrintStream OUT = System.out;

    /**
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(new CommandLine(new SparkJobs()).execute(args));
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, OUT);
        return 2;
    }

    /** Options every command shares. Not thread-safe. */
    static class Common {
        @Option(names = "--master", description = "Spark master when not given by spark-submit (default local[*])")
        String master;

        @Option(names = "--backend", description = "Ferrite provider on the executors (default: highest priority)")
        String backend;

        @Option(names = "--out", defaultValue = "spark-output", description = "output folder (default: ${DEFAULT-VALUE})")
        Path out;

        BackendSpec spec() {
            return backend == null ? BackendSpec.highestPriority() : BackendSpec.of(backend);
        }

        JavaSparkContext start(String app, String masterOverride) {
            SparkConf conf = new SparkConf().setAppName(app).setIfMissing("spark.serializer",
                    "org.apache.spark.serializer.KryoSerializer")
                    .setIfMissing("spark.kryo.registrator", FerriteKryoRegistrator.class.getName())
                    .setIfMissing("spark.ui.showConsoleProgress", "false");
            if (masterOverride != null) {
                conf.setMaster(masterOverride);
            } else if (!conf.contains("spark.master")) {
                conf.setMaster(master != null ? master : "local[*]");
            }
            return new JavaSparkContext(conf);
        }
    }

    /** {@code trg-sweep}. */
    @Command(name = "trg-sweep", mixinStandardHelpOptions = true,
            description = "The 2D Ising free energy f(T) and specific heat c(T) by TRG, one temperature per row.")
    static final class Sweep implements Callable<Integer> {
        @CommandLine.Mixin
        Common common = new Common();
        @Option(names = "--chi", defaultValue = "8", description = "bond dimension (default: ${DEFAULT-VALUE})")
        int chi;
        @Option(names = "--steps", defaultValue = "16", description = "TRG steps, 2^steps sites (default: ${DEFAULT-VALUE})")
        int steps;
        @Option(names = "--points", defaultValue = "1000", description = "temperatures (default: ${DEFAULT-VALUE})")
        int points;
        @Option(names = "--tmin", defaultValue = "1.6", description = "lowest T (default: ${DEFAULT-VALUE})")
        double tmin;
        @Option(names = "--tmax", defaultValue = "3.2", description = "highest T (default: ${DEFAULT-VALUE})")
        double tmax;
        @Option(names = "--dt", defaultValue = "0.02", description = "second-difference step for c(T) (default: ${DEFAULT-VALUE})")
        double dt;
        @Option(names = "--partitions", defaultValue = "64", description = "RDD partitions (default: ${DEFAULT-VALUE})")
        int partitions;
        @Option(names = "--batch", defaultValue = "4", description = "temperatures per batch (default: ${DEFAULT-VALUE})")
        int batch;
        @Option(names = "--tolerance", defaultValue = "5e-4",
                description = "largest relative error of f against Onsager accepted (default: ${DEFAULT-VALUE})")
        double tolerance;

        @Override
        public Integer call() throws IOException {
            TrgSweep.Options o = new TrgSweep.Options(chi, steps, tmin, tmax, points, dt, partitions, batch);
            List<TrgSweep.Point> result;
            long start = System.nanoTime();
            try (JavaSparkContext sc = common.start("ferrite-trg-sweep", null)) {
                OUT.printf(Locale.ROOT, "TRG sweep on %s (default parallelism %d): %d temperatures in [%.3f, %.3f], "
                        + "χ = %d, %d steps%n", sc.master(), sc.defaultParallelism(), points, tmin, tmax, chi, steps);
                result = TrgSweep.run(sc, common.spec(), o);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            Files.createDirectories(common.out);
            SweepReport.writeCsv(common.out.resolve("trg-sweep.csv"), result, dt);
            SweepReport.plot(common.out.resolve("trg-sweep.png"), result, o, "Spark");
            List<TrgSweep.Point> failed = result.stream().filter(p -> p.failure().isPresent()).toList();
            for (TrgSweep.Point p : failed) {
                OUT.printf(Locale.ROOT, "T = %.15g failed: %s%n", p.temperature(), p.failure().orElseThrow());
            }
            TrgSweep.Point worst = result.stream().filter(p -> p.failure().isEmpty())
                    .max((a, b) -> Double.compare(a.relativeError(), b.relativeError())).orElseThrow();
            double[] ms = result.stream().mapToDouble(p -> p.nanos() / 1e6).sorted().toArray();
            OUT.printf(Locale.ROOT, "job: %.1f s wall (context start and stop included), %.2f ms median per temperature "
                    + "(3 TRG runs)%n", seconds, ms[ms.length / 2]);
            OUT.printf(Locale.ROOT, "largest relative error against Onsager: %.2e at T = %.4f (tolerance %.1e)%n",
                    worst.relativeError(), worst.temperature(), tolerance);
            OUT.printf("wrote %s, %s%n", common.out.resolve("trg-sweep.csv"), common.out.resolve("trg-sweep.png"));
            OUT.printf("%d of %d temperatures failed numerically%n", failed.size(), result.size());
            return worst.relativeError() <= tolerance && failed.isEmpty() ? 0 : 1;
        }
    }

    /** {@code svd-batch}. */
    @Command(name = "svd-batch", mixinStandardHelpOptions = true,
            description = "The largest singular value of n random 4x4 matrices, in batches, on Spark and in one JVM.")
    static final class Svd implements Callable<Integer> {
        @CommandLine.Mixin
        Common common = new Common();
        @Option(names = "--n", defaultValue = "1000000", description = "matrices (default: ${DEFAULT-VALUE})")
        long n;
        @Option(names = "--batch", defaultValue = "1024", description = "matrices per call (default: ${DEFAULT-VALUE})")
        int batch;
        @Option(names = "--partitions", defaultValue = "8", description = "RDD partitions (default: ${DEFAULT-VALUE})")
        int partitions;

        @Override
        public Integer call() {
            try (JavaSparkContext sc = common.start("ferrite-svd-batch", null)) {
                long start = System.nanoTime();
                double spark = SvdBatch.onSpark(sc, common.spec(), n, partitions, batch);
                double seconds = (System.nanoTime() - start) / 1e9;
                OUT.printf(Locale.ROOT, "σ_max of %d matrices on %s: %.2f s, %.2f µs per matrix (sum %.6f)%n", n,
                        sc.master(), seconds, seconds * 1e6 / n, spark);
            }
            return 0;
        }
    }

    /** {@code scaling}. */
    @Command(name = "scaling", mixinStandardHelpOptions = true,
            description = "The sweep at local[1] and local[2], and the per-element overhead of the Spark path.")
    static final class Scaling implements Callable<Integer> {
        @CommandLine.Mixin
        Common common = new Common();
        @Option(names = "--points", defaultValue = "1000", description = "temperatures (default: ${DEFAULT-VALUE})")
        int points;
        @Option(names = "--repeats", defaultValue = "3", description = "runs per setting (default: ${DEFAULT-VALUE})")
        int repeats;
        @Option(names = "--n", defaultValue = "1000000", description = "matrices of the overhead run (default: ${DEFAULT-VALUE})")
        long n;

        @Override
        public Integer call() throws IOException {
            TrgSweep.Options d = TrgSweep.Options.defaults();
            TrgSweep.Options o = new TrgSweep.Options(d.chi(), d.steps(), d.tmin(), d.tmax(), points, d.dt(),
                    d.partitions(), d.batchSize());
            time("local[2]", o, 1);                                       // warm-up: JIT, slot backends
            List<Double> one = new ArrayList<>();
            List<Double> two = new ArrayList<>();
            for (int r = 0; r < repeats; r++) {
                one.add(time("local[1]", o, r));
                two.add(time("local[2]", o, r));
            }
            double m1 = median(one);
            double m2 = median(two);
            List<Double> spark = new ArrayList<>();
            List<Double> loop = new ArrayList<>();
            try (Backend single = Backends.create(common.spec().provider().orElse(Backends.get().name()),
                    Map.of("threads", "1"))) {
                for (int r = 0; r <= repeats; r++) {
                    double[] pair = overhead(single, r);
                    if (r > 0) {                                           // the first pair warms up
                        spark.add(pair[0]);
                        loop.add(pair[1]);
                    }
                }
            }
            String load = Files.readString(Path.of("/proc/loadavg")).trim();
            StringBuilder md = new StringBuilder();
            md.append(String.format(Locale.ROOT, "| sweep, %d temperatures (χ = %d, %d steps) | median of %d | runs |%n",
                    points, o.chi(), o.steps(), repeats));
            md.append("|---|---|---|\n");
            md.append(String.format(Locale.ROOT, "| local[1] | %.1f s | %s |%n", m1, runs(one)));
            md.append(String.format(Locale.ROOT, "| local[2] | %.1f s | %s |%n", m2, runs(two)));
            md.append(String.format(Locale.ROOT, "| speed-up | %.2f× | |%n%n", m1 / m2));
            double perSpark = median(spark) * 1e6 / n;
            double perLoop = median(loop) * 1e6 / n;
            md.append(String.format(Locale.ROOT, "| σ_max of %d random 4 × 4 matrices, batches of 1024, one core | median µs per matrix "
                    + "| runs (s) |%n|---|---|---|%n", n));
            md.append(String.format(Locale.ROOT, "| plain loop, one JVM, held session | %.3f | %s |%n", perLoop,
                    runs(loop)));
            md.append(String.format(Locale.ROOT, "| Spark local[1], mapPartitionsWithSession | %.3f | %s |%n", perSpark,
                    runs(spark)));
            md.append(String.format(Locale.ROOT, "| overhead of the Spark path | %.3f µs per matrix (%.2f×) | |%n%n",
                    perSpark - perLoop, perSpark / perLoop));
            md.append("load average at the end: ").append(load).append('\n');
            Files.createDirectories(common.out);
            Files.writeString(common.out.resolve("scaling.md"), md.toString());
            OUT.print(md);
            return 0;
        }

        /**
         * @return seconds of one sweep job on a fresh context (context start excluded); the run's CSV and plot
         *     are written to the output folder
         */
        private double time(String master, TrgSweep.Options o, int run) throws IOException {
            List<TrgSweep.Point> points;
            double seconds;
            try (JavaSparkContext sc = common.start("ferrite-scaling-" + master, master)) {
                long start = System.nanoTime();
                points = TrgSweep.run(sc, common.spec(), o);
                seconds = (System.nanoTime() - start) / 1e9;
            }
            OUT.printf(Locale.ROOT, "  %s run %d: %.2f s (%d points, %d failed, largest relative error %.2e)%n", master,
                    run, seconds, points.size(), points.stream().filter(p -> p.failure().isPresent()).count(),
                    points.stream().filter(p -> p.failure().isEmpty()).mapToDouble(TrgSweep.Point::relativeError).max()
                            .orElse(0));
            Files.createDirectories(common.out);
            SweepReport.writeCsv(common.out.resolve("trg-sweep.csv"), points, o.dt());
            SweepReport.plot(common.out.resolve("trg-sweep.png"), points, o, "Spark " + master);
            return seconds;
        }

        /** @return {seconds on Spark local[1], seconds in a loop}, results checked equal */
        private double[] overhead(Backend single, int run) {
            double spark;
            double sparkSeconds;
            try (JavaSparkContext sc = common.start("ferrite-overhead", "local[1]")) {
                long start = System.nanoTime();
                spark = SvdBatch.onSpark(sc, common.spec(), n, 8, 1024);
                sparkSeconds = (System.nanoTime() - start) / 1e9;
            }
            ExecutorBackends.closeAll();                                  // frees the slot's CPUs for the loop
            long start = System.nanoTime();
            double loop = SvdBatch.inOneJvm(single, n, 1024);
            double loopSeconds = (System.nanoTime() - start) / 1e9;
            if (Math.abs(spark - loop) > 1e-9 * Math.abs(loop)) {
                throw new IllegalStateException("the two paths disagree: " + spark + " against " + loop);
            }
            OUT.printf(Locale.ROOT, "  overhead run %d: Spark %.2f s, loop %.2f s%n", run, sparkSeconds, loopSeconds);
            return new double[] {sparkSeconds, loopSeconds};
        }

        private static double median(List<Double> values) {
            double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            return sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        }

        private static String runs(List<Double> values) {
            return Arrays.toString(values.stream().mapToDouble(v -> Math.round(v * 100) / 100.0).toArray());
        }
    }

    /** {@code check}. */
    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "What each executor makes of Ferrite: JVM, backend, natives, an SVD in a held session.")
    static final class Check implements Callable<Integer> {
        @CommandLine.Mixin
        Common common = new Common();
        @Option(names = "--tasks", defaultValue = "4", description = "tasks (default: ${DEFAULT-VALUE})")
        int tasks;

        @Override
        public Integer call() {
            try (JavaSparkContext sc = common.start("ferrite-check", null)) {
                for (ClusterCheck.Report r : ClusterCheck.run(sc, common.spec(), tasks)) {
                    OUT.printf(Locale.ROOT, "executor %s (pid %d) slot %d: backend %s, SVD residual %.1e, %s%n",
                            r.executorId(), r.pid(), r.slot(), r.backend(), r.svdResidual(), r.details());
                }
            }
            return 0;
        }
    }
}
