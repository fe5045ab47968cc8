package org.ferrite.spark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.examples.IsingTrg;
import org.ferrite.examples.exact.Onsager;
import org.ferrite.spark.BackendSpec;
import org.ferrite.spark.ExecutorBackends;
import org.ferrite.spark.SparkForTests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distributed sweep in {@code local[2]}, small: every f(T) is the same number as {@link IsingTrg} gives in
 * one JVM, within the TRG's accuracy of Onsager at each temperature; c(T) follows Onsager's away from the
 * peak; the report's CSV and plot are written.
 */
class TrgSweepTest {
    /** χ = 8, 12 steps: the largest relative error over [1.6, 3.2] is below this (measured 1.6e-4). */
    private static final double TRG_ACCURACY = 3e-4;

    @Test
    void theSweepReproducesOnsagerAndTheSingleJvmRuns(@TempDir Path out) throws IOException {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60031");
        TrgSweep.Options options = new TrgSweep.Options(8, 12, 1.8, 2.8, 24, 0.02, 4, 3);
        List<TrgSweep.Point> points = TrgSweep.run(SparkForTests.context(), spec, options);
        ExecutorBackends.of(spec).close();

        assertThat(points).hasSize(24);
        assertThat(points.get(0).temperature()).isEqualTo(1.8);
        assertThat(points.get(23).temperature()).isEqualTo(2.8);
        assertThat(points.stream().map(TrgSweep.Point::executor).distinct().count()).as("both task slots")
                .isEqualTo(2);
        try (Backend here = Backends.create("cpu", Map.of("threads", "1", "pinCaller", "false"))) {
            IsingTrg trg = new IsingTrg(here);
            for (TrgSweep.Point p : points) {
                double t = p.temperature();
                assertThat(p.freeEnergy()).as("f(%s) as in one JVM", t).isEqualTo(trg.freeEnergy(t, 8, 12).freeEnergy());
                assertThat(p.failure()).as("failure at T = %s", t).isEmpty();
                assertThat(p.relativeError()).as("|f/f_exact - 1| at T = %s", t).isLessThan(TRG_ACCURACY);
                if (Math.abs(t - Onsager.CRITICAL_TEMPERATURE) > 0.3) {
                    assertThat(p.specificHeat(0.02)).as("c(%s)", t)
                            .isCloseTo(Onsager.specificHeat(t, 0.02), within(0.05));
                }
            }
        }
        SweepReport.writeCsv(out.resolve("trg-sweep.csv"), points, 0.02);
        SweepReport.plot(out.resolve("trg-sweep.png"), points, options, "test");
        assertThat(Files.readAllLines(out.resolve("trg-sweep.csv"))).hasSize(25);
        assertThat(Files.size(out.resolve("trg-sweep.png"))).isGreaterThan(10_000);
    }
}
