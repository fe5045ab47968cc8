package org.ferrite.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.linalg.Linalg;
import org.junit.jupiter.api.Test;

/**
 * {@link FerriteSpark#mapPartitionsWithSession} over RDDs and Datasets: batches of the requested size, one
 * batched linear-algebra call per batch, and the refusal of a function that captures what cannot travel.
 */
class FerriteSparkTest {
    private static final BackendSpec SPEC = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60021");

    @Test
    void eachBatchIsOneBatchedCallInTheTasksSession() {
        int n = 50;
        JavaRDD<Long> seeds = SparkForTests.context().parallelize(LongStream.range(0, n).boxed().toList(), 2);
        List<double[]> values = FerriteSpark.mapPartitionsWithSession(seeds, SPEC, 8, (s, batch) -> {
            Tensor stack = Tensor.zeros(DType.F64, 3, 3, batch.size());                // [m, n, b]
            for (int b = 0; b < batch.size(); b++) {
                for (int i = 0; i < 3; i++) {
                    stack.set(batch.get(b) + i + 1, i, i, b);                           // diag(x+1, x+2, x+3)
                }
            }
            Tensor singular = Linalg.svdvals(s, stack);                              // [3, b], one call
            List<double[]> out = new ArrayList<>();
            for (int b = 0; b < batch.size(); b++) {
                out.add(new double[] {singular.getDouble(0, b), singular.getDouble(2, b), batch.size()});
            }
            return out;
        }).collect();

        assertThat(values).hasSize(n);
        for (int x = 0; x < n; x++) {
            assertThat(values.get(x)[0]).isCloseTo(x + 3.0, within(1e-12 * (x + 3)));
            assertThat(values.get(x)[1]).isCloseTo(x + 1.0, within(1e-12 * (x + 3)));
            assertThat(values.get(x)[2]).isLessThanOrEqualTo(8);
        }
        ExecutorBackendStats stats = ExecutorBackends.of(SPEC).stats();
        assertThat(stats.rows()).isEqualTo(n);
        assertThat(stats.batches()).as("25 rows per partition in batches of 8").isEqualTo(8);
    }

    @Test
    void theDatasetFormRunsTheSameWay() {
        Dataset<Long> seeds = SparkForTests.session().range(0, 30).as(Encoders.LONG()).repartition(2);
        List<Double> norms = FerriteSpark.mapPartitionsWithSession(seeds, Encoders.DOUBLE(), SPEC, 5,
                (s, batch) -> batch.stream().map(x -> s.sumSquares(Tensor.full(DType.F64, x, 4)).getDouble()).toList())
                .collectAsList();

        assertThat(norms).hasSize(30).containsAll(List.of(0.0, 4.0, 4.0 * 29 * 29));
    }

    @Test
    void theConfigurationNamesTheSpecAndBatchSize() {
        org.apache.spark.SparkConf conf = new org.apache.spark.SparkConf().set(BackendSpec.CONF_BACKEND, "cpu")
                .set(BackendSpec.CONF_SETTING_PREFIX + "gemmRoute", "JAVA").set(BackendSpec.CONF_SLOTS, "SHARED");
        assertThat(BackendSpec.fromConf(conf)).isEqualTo(BackendSpec.of("cpu").withSetting("gemmRoute", "JAVA")
                .withSlots(TaskSlots.SHARED));
        assertThat(BackendSpec.fromConf(new org.apache.spark.SparkConf())).isEqualTo(BackendSpec.highestPriority());
        assertThatThrownBy(() -> BackendSpec.fromConf(conf.clone().set(BackendSpec.CONF_SLOTS, "ONE_EACH")))
                .isInstanceOf(ValidationException.class).hasMessageContaining("spark.ferrite.slots")
                .hasMessageContaining("\"ONE_EACH\"");
        JavaRDD<Long> rows = SparkForTests.context().parallelize(List.of(1L, 2L), 1);
        // the tests' Spark has no ferrite settings: the highest-priority provider, batches of 256
        assertThat(FerriteSpark.mapPartitionsWithSession(rows, (s, batch) -> List.of(batch.size())).collect())
                .containsExactly(2);
    }

    @Test
    void aFunctionThatCapturesABackendIsRefusedWithWhatToDo() {
        JavaRDD<Long> rows = SparkForTests.context().parallelize(List.of(1L), 1);
        try (Backend backend = Backends.create("cpu", Map.of("threads", "1"))) {
            assertThatThrownBy(() -> FerriteSpark.mapPartitionsWithSession(rows, SPEC, 1,
                    (s, batch) -> List.of(backend.name())))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("fn")
                    .hasMessageContaining("it captures a Backend (org.ferrite.cpu.CpuBackend)")
                    .hasMessageContaining("BackendSpec")
                    .hasMessageContaining("use the session passed to the function");
        }
    }

    @Test
    void aFunctionThatCapturesTheExecutorHolderIsRefused() {
        JavaRDD<Long> rows = SparkForTests.context().parallelize(List.of(1L), 1);
        ExecutorBackends holder = ExecutorBackends.of(SPEC);
        assertThatThrownBy(() -> FerriteSpark.mapPartitionsWithSession(rows, SPEC, 1,
                (s, batch) -> List.of(holder.stats().rows())))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("it captures an ExecutorBackends");
    }

    @Test
    void aFunctionThatCapturesATensorIsRefusedWithWhatToDo() {
        JavaRDD<Long> rows = SparkForTests.context().parallelize(List.of(1L), 1);
        Tensor weights = Tensor.of(new double[] {1, 2}, 2);
        assertThatThrownBy(() -> FerriteSpark.mapPartitionsWithSession(rows, SPEC, 1,
                (s, batch) -> List.of(weights.size())))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("it captures a Tensor")
                .hasMessageContaining("SerializableTensor");
        assertThatThrownBy(() -> FerriteSpark.checkClosure((org.apache.spark.api.java.function.Function<Long, Long>)
                x -> x + weights.size())).isInstanceOf(ValidationException.class).hasMessageContaining("closure");
    }

    @Test
    void aBatchSizeBelowOneIsRefused() {
        JavaRDD<Long> rows = SparkForTests.context().parallelize(List.of(1L), 1);
        assertThatThrownBy(() -> FerriteSpark.mapPartitionsWithSession(rows, SPEC, 0, (s, batch) -> batch))
                .isInstanceOf(ValidationException.class).hasMessageContaining("batchSize");
    }
}
