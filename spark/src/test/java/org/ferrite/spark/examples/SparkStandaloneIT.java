package org.ferrite.spark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.examples.IsingTrg;
import org.ferrite.spark.BackendSpec;
import org.ferrite.spark.wire.FerriteKryoRegistrator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ferrite on real, separate executor JVMs: a Spark standalone master and worker started on localhost from
 * Spark's Maven jars (a {@code SPARK_HOME} whose {@code jars/} links them — Maven Central has no Spark
 * distribution), two executors of one core each launched by the worker, and the driver here, shipping
 * {@code target/ferrite-spark-job.jar} with {@code spark.jars}. The executors load Ferrite from that jar (the
 * CPU provider found by ServiceLoader, JNA's native library for affinity, the native LAPACK tier), open held
 * sessions and return results — the check's reports and a TRG sweep equal to this JVM's.
 */
class SparkStandaloneIT {
    private static final Pattern MASTER_URL = Pattern.compile("Starting Spark master at (spark://[^\\s]+)");
    private static final long START_SECONDS = 120;

    private static final List<Process> PROCESSES = new ArrayList<>();
    private static JavaSparkContext sc;

    @BeforeAll
    static void startCluster() throws IOException, InterruptedException {
        Path work = Path.of(System.getProperty("ferrite.spark.work"));
        Path home = sparkHome(work);
        Path masterLog = work.resolve("master.log");
        PROCESSES.add(start(home, masterLog, "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                "0", "--webui-port", "0"));
        String url = awaitLine(masterLog, MASTER_URL).group(1);
        Path workerLog = work.resolve("worker.log");
        PROCESSES.add(start(home, workerLog, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                "--cores", "2", "--memory", "2g", "--webui-port", "0", "--work-dir",
                work.resolve("worker").toString(), url));
        awaitLine(workerLog, Pattern.compile("Successfully registered with master"));
        SparkConf conf = new SparkConf().setMaster(url).setAppName("ferrite-standalone-it")
                .set("spark.jars", System.getProperty("ferrite.spark.jobJar"))
                .set("spark.executor.cores", "1")
                .set("spark.cores.max", "2")
                .set("spark.executor.memory", "512m")
                .set("spark.executor.extraJavaOptions", System.getProperty("ferrite.spark.javaOptions"))
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.ui.enabled", "false")
                .set("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
                .set("spark.kryo.registrator", FerriteKryoRegistrator.class.getName())
                .set("spark.plugins", "org.ferrite.spark.FerritePlugin");
        sc = new JavaSparkContext(conf);
    }

    @AfterAll
    static void stopCluster() throws InterruptedException {
        if (sc != null) {
            sc.stop();
        }
        for (int i = PROCESSES.size() - 1; i >= 0; i--) {
            Process process = PROCESSES.get(i);
            List<ProcessHandle> children = process.descendants().toList();
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void executorsInTheirOwnJvmsLoadFerriteOpenHeldSessionsAndReturnResults() {
        List<ClusterCheck.Report> reports = ClusterCheck.run(sc, BackendSpec.of("cpu"), 6);

        long self = ManagementFactory.getRuntimeMXBean().getPid();
        assertThat(reports).hasSize(6);
        assertThat(reports).allSatisfy(r -> {
            assertThat(r.pid()).as("an executor JVM, not this one").isNotEqualTo(self);
            assertThat(r.executorId()).isNotEqualTo("driver");
            assertThat(r.backend()).isEqualTo("cpu");
            assertThat(r.svdResidual()).isLessThan(1e-12);
        });
        assertThat(reports.stream().map(ClusterCheck.Report::pid).distinct().count()).as("two executor JVMs")
                .isEqualTo(2);
        try (Backend here = Backends.create("cpu", Map.of("threads", "1"))) {
            Map<String, String> mine = here.capabilities().details().entrySet().stream()
                    .collect(Collectors.toMap(e -> e.getKey().name(), e -> String.valueOf(e.getValue())));
            for (String key : List.of("cpu.affinity.supported", "cpu.linalg.lapack.available")) {
                assertThat(reports).allSatisfy(r -> assertThat(r.details()).containsEntry(key, mine.get(key)));
            }
        }
    }

    @Test
    void theSweepOnTheClusterEqualsTheSameRunsInThisJvm() {
        TrgSweep.Options options = new TrgSweep.Options(4, 8, 1.9, 2.6, 8, 0.02, 4, 2);
        List<TrgSweep.Point> points = TrgSweep.run(sc, BackendSpec.of("cpu"), options);

        assertThat(points).hasSize(8);
        assertThat(points.stream().map(TrgSweep.Point::executor).distinct().count()).isGreaterThanOrEqualTo(2);
        try (Backend here = Backends.create("cpu", Map.of("threads", "1", "pinCaller", "false"))) {
            IsingTrg trg = new IsingTrg(here);
            for (TrgSweep.Point p : points) {
                assertThat(p.freeEnergy()).as("f(%s)", p.temperature())
                        .isEqualTo(trg.freeEnergy(p.temperature(), 4, 8).freeEnergy());
            }
        }
    }

    /** @return a Spark home whose {@code jars/} links Spark's Maven jars */
    private static Path sparkHome(Path work) throws IOException {
        Path jars = work.resolve("spark-home/jars");
        Files.createDirectories(jars);
        Path classpath = Path.of(System.getProperty("ferrite.spark.classpathFile"));
        for (String jar : Files.readString(classpath).trim().split(java.io.File.pathSeparator)) {
            Path link = jars.resolve(Path.of(jar).getFileName());
            if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(link, Path.of(jar));
            }
        }
        return work.resolve("spark-home");
    }

    private static Process start(Path home, Path log, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        command.addAll(Arrays.asList(System.getProperty("ferrite.spark.javaOptions").trim().split("\\s+")));
        command.add("-cp");
        command.add(home.resolve("jars").toString() + "/*");
        command.add(mainClass);
        command.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("SPARK_HOME", home.toString());
        builder.environment().put("SPARK_SCALA_VERSION", "2.13");
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        return builder.start();
    }

    /** Waits, bounded, for a line of a log; fails with the log's text. */
    private static Matcher awaitLine(Path log, Pattern line) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (System.nanoTime() < deadline) {
            String text = Files.exists(log) ? Files.readString(log) : "";
            Matcher m = line.matcher(text);
            if (m.find()) {
                return m;
            }
            for (Process p : PROCESSES) {
                if (!p.isAlive()) {
                    throw new AssertionError("a Spark daemon exited (" + p.exitValue() + "):\n" + text);
                }
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        throw new AssertionError("no '" + line + "' within " + START_SECONDS + " s in " + log + ":\n"
                + Files.readString(log));
    }
}
