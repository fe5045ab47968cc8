package org.ferrite.cpu.internal.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.ferrite.cpu.internal.affinity.FakeAffinity;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WorkerPoolTest {
    private WorkerPool pool;

    @AfterEach
    void stop() {
        if (pool != null) {
            pool.shutdown();
        }
    }

    @Test
    void everyChunkRunsExactlyOnceAcrossTheCallerAndTheWorkers() {
        pool = new WorkerPool("0-2", 3, null, new FakeAffinity(CpuMask.range(0, 2)));
        for (int round = 0; round < 50; round++) {
            AtomicIntegerArray runs = new AtomicIntegerArray(97);
            pool.run(97, i -> runs.incrementAndGet(i));
            for (int i = 0; i < runs.length(); i++) {
                assertThat(runs.get(i)).as("chunk %d in round %d", i, round).isEqualTo(1);
            }
        }
    }

    @Test
    void workersAreNamedDaemonThreadsThatShareTheWork() throws Exception {
        pool = new WorkerPool("4-5", 2, null, new FakeAffinity(CpuMask.range(0, 7)));
        assertThat(pool.threads()).extracting(Thread::getName)
                .containsExactly("ferrite-cpu-4-5-0", "ferrite-cpu-4-5-1");
        assertThat(pool.threads()).allMatch(Thread::isDaemon);
        assertThat(pool.parallelism()).isEqualTo(2);

        // Two chunks that each wait for the other: they can only finish if they run concurrently.
        CountDownLatch both = new CountDownLatch(2);
        Set<Thread> runners = ConcurrentHashMap.newKeySet();
        pool.run(2, i -> {
            runners.add(Thread.currentThread());
            both.countDown();
            try {
                assertThat(both.await(10, TimeUnit.SECONDS)).isTrue();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        assertThat(runners).hasSize(2).contains(Thread.currentThread());
    }

    @Test
    void theFirstFailureIsRethrownAfterEveryChunkRan() {
        pool = new WorkerPool("0-1", 2, null, new FakeAffinity(CpuMask.range(0, 1)));
        AtomicIntegerArray runs = new AtomicIntegerArray(10);
        assertThatThrownBy(() -> pool.run(10, i -> {
            runs.incrementAndGet(i);
            if (i % 3 == 0) {
                throw new IllegalStateException("chunk " + i);
            }
        })).isInstanceOf(IllegalStateException.class).hasMessageStartingWith("chunk ");
        for (int i = 0; i < 10; i++) {
            assertThat(runs.get(i)).isEqualTo(1);
        }
    }

    @Test
    void aNestedRunFromAWorkerRunsInline() {
        pool = new WorkerPool("0-1", 2, null, new FakeAffinity(CpuMask.range(0, 1)));
        AtomicIntegerArray inner = new AtomicIntegerArray(4);
        pool.run(2, i -> pool.run(2, j -> inner.incrementAndGet(i * 2 + j)));
        for (int k = 0; k < 4; k++) {
            assertThat(inner.get(k)).isEqualTo(1);
        }
    }

    @Test
    void workersArePinnedToTheMaskTheyAreGiven() throws Exception {
        FakeAffinity affinity = new FakeAffinity(CpuMask.range(0, 7));
        long[] mask = affinity.newMaskBuffer();
        mask[0] = 0b1100;
        pool = new WorkerPool("2-3", 2, mask, affinity);
        Set<CpuMask> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch both = new CountDownLatch(2);
        pool.run(2, i -> {
            if (Thread.currentThread() instanceof CpuWorkerThread) {
                seen.add(affinity.currentThreadCpus());
            }
            both.countDown();
            try {
                assertThat(both.await(10, TimeUnit.SECONDS)).isTrue(); // forces a worker to take one chunk
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        assertThat(seen).containsExactly(CpuMask.of(2, 3));
        assertThat(pool.pinFailure()).isNull();
    }

    @Test
    void afterShutdownRunsInline() throws Exception {
        pool = new WorkerPool("0-1", 2, null, new FakeAffinity(CpuMask.range(0, 1)));
        pool.shutdown();
        for (Thread worker : pool.threads()) {
            worker.join(10_000);
            assertThat(worker.isAlive()).isFalse();
        }
        Set<Thread> runners = ConcurrentHashMap.newKeySet();
        pool.run(8, i -> runners.add(Thread.currentThread()));
        assertThat(runners).containsExactly(Thread.currentThread());
    }

    @Test
    void theInlineRunnerRunsEveryChunkInOrderOnTheCaller() {
        StringBuilder order = new StringBuilder();
        InlineRunner.INSTANCE.run(4, order::append);
        assertThat(order).hasToString("0123");
        assertThat(InlineRunner.INSTANCE.parallelism()).isEqualTo(1);
    }
}
