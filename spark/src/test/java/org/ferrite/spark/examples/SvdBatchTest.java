package org.ferrite.spark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.HeldSession;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.linalg.Linalg;
import org.ferrite.spark.BackendSpec;
import org.ferrite.spark.ExecutorBackends;
import org.ferrite.spark.SparkForTests;
import org.junit.jupiter.api.Test;

/**
 * The batched small problems: on Spark they give what the loop in one JVM gives, and each value is the
 * largest singular value of its matrix.
 */
class SvdBatchTest {
    @Test
    void sparkAndTheLoopAgreeAndTheValuesAreLargestSingularValues() {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60051");
        double spark = SvdBatch.onSpark(SparkForTests.context(), spec, 3000, 3, 256);
        ExecutorBackends.of(spec).close();
        try (Backend backend = Backends.create("cpu", Map.of("threads", "1"))) {
            double loop = SvdBatch.inOneJvm(backend, 3000, 256);
            assertThat(spark).isCloseTo(loop, within(1e-9 * loop));
            try (HeldSession held = backend.openSession()) {
                List<Double> batched = held.withSession(s -> SvdBatch.largest(s, List.of(0L, 1L, 2L)));
                for (long seed = 0; seed < 3; seed++) {
                    int k = (int) seed;
                    double[] one = new double[16];
                    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
                    for (int i = 0; i < 16; i++) {
                        one[i] = random.nextDouble(-1, 1);
                    }
                    double direct = held.withSession(s -> Linalg.svdvals(s, Tensor.of(one, 4, 4)).getDouble(0));
                    assertThat(batched.get(k)).as("seed %s", seed).isCloseTo(direct, within(1e-12 * direct));
                }
            }
        }
    }
}
