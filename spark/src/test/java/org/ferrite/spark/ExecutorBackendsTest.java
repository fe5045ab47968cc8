package org.ferrite.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.SessionCounters;
import org.junit.jupiter.api.Test;

/**
 * Task slots in {@code local[2]}: two tasks running at once in one executor never wait for each other's
 * admission. The evidence is counted, not timed: the CPU provider's own {@link SessionCounters} (read through
 * its public {@code org.ferrite.cpu} API — this test is about that provider's admission) and the holder's
 * {@link ExecutorBackendStats#admissionWaits()}; a rendezvous inside both open sessions proves they were open
 * together. A control with {@link TaskSlots#SHARED} shows the same counters do see a task find its backend
 * busy (the provider's {@code contended}, the holder's {@code admissionWaits}).
 */
class ExecutorBackendsTest {
    /** Both tasks count down here inside their open sessions, then wait (bounded) for the other. */
    private static volatile CountDownLatch bothOpen;

    @Test
    void twoConcurrentTasksNeverWaitForEachOthersAdmission() {
        // A setting of no consequence makes this test's spec, and so its holder, its own.
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60001");
        bothOpen = new CountDownLatch(2);
        JavaRDD<Integer> two = SparkForTests.context().parallelize(List.of(0, 1), 2);
        List<long[]> tasks = FerriteSpark.mapPartitionsWithSession(two, spec, 8, (s, batch) -> {
            bothOpen.countDown();
            boolean together = await(bothOpen);
            TaskSession task = TaskSession.current(spec);
            return List.of(new long[] {TaskContext.getPartitionId(), task.slot(), together ? 1 : 0});
        }).collect();

        assertThat(tasks).hasSize(2);
        assertThat(tasks).allSatisfy(t -> assertThat(t[2]).as("both sessions open at once").isEqualTo(1));
        assertThat(tasks.stream().map(t -> t[1]).distinct()).as("one slot each").hasSize(2);
        ExecutorBackends holder = ExecutorBackends.of(spec);
        ExecutorBackendStats stats = holder.stats();
        assertThat(stats.slots()).isEqualTo(TaskSlots.DISJOINT_CPUS);
        assertThat(stats.sessionsOpened()).isEqualTo(2);
        assertThat(stats.sessionsClosed()).isEqualTo(2);
        assertThat(stats.admissionWaits()).isZero();
        Map<Integer, Backend> backends = holder.backends();
        assertThat(backends).hasSize(2);
        for (Backend backend : backends.values()) {
            SessionCounters counters = ((CpuBackend) backend).sessionCounters();
            assertThat(counters.heldOpened()).isEqualTo(1);
            assertThat(counters.waits()).as("admission waits of " + backend).isZero();
            assertThat(counters.contended()).isZero();
            assertThat(counters.reentered()).isZero();
        }
        CpuBackend slot0 = (CpuBackend) backends.get(0);
        CpuBackend slot1 = (CpuBackend) backends.get(1);
        assertThat(slot0.domain().overlaps(slot1.domain())).as("disjoint CPU sets").isFalse();
        assertThat(slot0.threads()).isEqualTo(1);
        holder.close();
    }

    @Test
    void theCountersSeeAWaitWhenTasksShareOneBackend() {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60002")
                .withSlots(TaskSlots.SHARED);
        ExecutorBackends holder = ExecutorBackends.of(spec);
        JavaRDD<Integer> two = SparkForTests.context().parallelize(List.of(0, 1), 2);
        List<Long> waits = FerriteSpark.mapPartitionsWithSession(two, spec, 8, (s, batch) -> {
            // whichever task got the backend first keeps it until the other is seen queued
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (ExecutorBackends.of(spec).stats().admissionWaits() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            return List.of(ExecutorBackends.of(spec).stats().admissionWaits());
        }).collect();

        assertThat(waits).containsExactly(1L, 1L);
        assertThat(holder.stats().admissionWaits()).isEqualTo(1);
        assertThat(holder.backends()).hasSize(1);
        // the provider counts the refused tryOpenSession as contended; whether the fallback openSession then
        // queued (waits) depends on whether the other task had closed by then, so that one is not asserted
        SessionCounters counters = ((CpuBackend) holder.backends().get(0)).sessionCounters();
        assertThat(counters.contended()).isEqualTo(1);
        assertThat(counters.heldOpened()).isEqualTo(2);
        holder.close();
    }

    @Test
    void moreSlotsThanCpusShareCpusAndSaySo() {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60003");
        ExecutorBackends holder = ExecutorBackends.of(spec);
        int cpus = Runtime.getRuntime().availableProcessors();
        holder.prepare(cpus + 1);
        ExecutorBackendStats stats = holder.stats();
        assertThat(stats.slotCount()).isEqualTo(cpus + 1);
        assertThat(stats.sharedCpuSlots()).isEqualTo(1);
        CpuBackend first = (CpuBackend) holder.backends().get(0);
        CpuBackend extra = (CpuBackend) holder.backends().get(cpus);
        assertThat(extra.domain()).isEqualTo(first.domain());
        holder.close();
    }

    @Test
    void aClosedHolderClosesItsBackendsAndTheNextOneIsFresh() {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("longWaitWarningMillis", "60004");
        ExecutorBackends holder = ExecutorBackends.of(spec);
        holder.prepare(1);
        Backend backend = holder.backends().get(0);
        holder.close();
        holder.close();
        org.assertj.core.api.Assertions.assertThatThrownBy(backend::openSession)
                .isInstanceOf(org.ferrite.api.error.RuntimeStateException.class);
        ExecutorBackends fresh = ExecutorBackends.of(spec);
        assertThat(fresh).isNotSameAs(holder);
        fresh.prepare(1);
        try (HeldSession held = fresh.backends().get(0).openSession()) {
            assertThat(held.isOpen()).isTrue();
        }
        fresh.close();
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
