package org.ferrite.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The per-task held session in {@code local[2,3]}: closed by the task's completion listener — after a
 * {@code take(n)} that stopped reading early, after a failure (the slot is free again and the retry opens a
 * fresh session) — and shared by the chained stages of one task.
 */
class TaskSessionTest {
    @Test
    void takeStopsEarlyAndTheListenerStillClosesTheSession() {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60011");
        JavaRDD<Long> rows = SparkForTests.context().parallelize(LongStream.range(0, 1000).boxed().toList(), 1);
        List<Double> first = FerriteSpark.mapPartitionsWithSession(rows, spec, 10,
                (s, batch) -> batch.stream().map(x -> s.sum(Tensor.full(org.ferrite.api.tensor.DType.F64, x, 2))
                        .getDouble()).toList()).take(5);

        assertThat(first).containsExactly(0.0, 2.0, 4.0, 6.0, 8.0);
        ExecutorBackendStats stats = ExecutorBackends.of(spec).stats();
        assertThat(stats.batches()).as("only the first batch was read").isEqualTo(1);
        assertThat(stats.sessionsOpened()).isEqualTo(1);
        assertThat(stats.sessionsClosed()).isEqualTo(1);
        assertThat(TaskSession.openCount()).isZero();
        ExecutorBackends.of(spec).close();
    }

    @Test
    void aFailingTaskReleasesItsSessionAndItsRetrySucceeds() {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60012");
        JavaRDD<Long> rows = SparkForTests.context().parallelize(LongStream.range(0, 40).boxed().toList(), 2);
        List<Long> doubled = FerriteSpark.mapPartitionsWithSession(rows, spec, 4, (s, batch) -> {
            TaskContext task = TaskContext.get();
            if (task.partitionId() == 0 && task.attemptNumber() == 0 && batch.get(0) >= 8) {
                throw new IllegalStateException("injected failure in the third batch of partition 0");
            }
            return batch.stream().map(x -> 2 * x).toList();
        }).collect();

        assertThat(doubled).isEqualTo(LongStream.range(0, 40).map(x -> 2 * x).boxed().collect(Collectors.toList()));
        ExecutorBackends holder = ExecutorBackends.of(spec);
        ExecutorBackendStats stats = holder.stats();
        assertThat(stats.sessionsOpened()).as("two tasks and one retry").isEqualTo(3);
        assertThat(stats.sessionsClosed()).isEqualTo(3);
        assertThat(TaskSession.openCount()).isZero();
        for (Backend backend : holder.backends().values()) {
            try (HeldSession free = backend.tryOpenSession().orElseThrow()) {
                assertThat(free.isOpen()).as("slot free again: " + backend).isTrue();
            }
        }
        holder.close();
    }

    @Test
    void chainedStagesOfOneTaskShareItsSession() {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60013");
        JavaRDD<Long> rows = SparkForTests.context().parallelize(LongStream.range(0, 30).boxed().toList(), 3);
        JavaRDD<Long> once = FerriteSpark.mapPartitionsWithSession(rows, spec, 4,
                (s, batch) -> batch.stream().map(x -> x + 1).toList());
        List<Long> twice = FerriteSpark.mapPartitionsWithSession(once, spec, 7,
                (s, batch) -> batch.stream().map(x -> x * 10).toList()).collect();

        assertThat(twice).isEqualTo(LongStream.range(0, 30).map(x -> (x + 1) * 10).boxed().toList());
        ExecutorBackendStats stats = ExecutorBackends.of(spec).stats();
        assertThat(stats.sessionsOpened()).as("one session per task, not per stage").isEqualTo(3);
        assertThat(stats.sessionsClosed()).isEqualTo(3);
        assertThat(stats.rows()).isEqualTo(60);
        ExecutorBackends.of(spec).close();
    }

    @Test
    void aPlainMapReusesTheTasksSessionThroughCurrent() {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60014");
        JavaRDD<Long> rows = SparkForTests.context().parallelize(LongStream.range(0, 20).boxed().toList(), 2);
        List<Double> sums = rows.map(x -> TaskSession.current(spec)
                .withSession(s -> s.sum(Tensor.full(org.ferrite.api.tensor.DType.F64, x, 3)).getDouble())).collect();

        assertThat(sums).hasSize(20).element(3).isEqualTo(9.0);
        assertThat(ExecutorBackends.of(spec).stats().sessionsOpened()).isEqualTo(2);
        assertThat(ExecutorBackends.of(spec).stats().sessionsClosed()).isEqualTo(2);
        ExecutorBackends.of(spec).close();
    }

    @Test
    void currentOutsideATaskSaysWhatToDo() {
        assertThatThrownBy(() -> TaskSession.current(BackendSpec.of("cpu")))
                .isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("runs no Spark task")
                .hasMessageContaining("Backends.get().openSession()");
    }
}
