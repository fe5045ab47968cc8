package org.ferrite.cpu.internal.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.ferrite.cpu.internal.affinity.FakeAffinity;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link WorkerPool#broadcast}, the run mode of phase lanes: one lane per worker. */
class WorkerPoolBroadcastTest {
    private static final int ROUNDS = Integer.getInteger("phase.raceRounds", 100);
    private WorkerPool pool;

    @AfterEach
    void stop() {
        if (pool != null) {
            pool.shutdown();
        }
    }

    private static WorkerPool newPool(int size) {
        return new WorkerPool("0-" + (size - 1), size, null, new FakeAffinity(CpuMask.range(0, size - 1)));
    }

    @Test
    void eachWorkerRunsItsOwnLaneExactlyOnceWhileTheCallerRunsNone() {
        pool = newPool(3);
        for (int round = 0; round < 20; round++) {
            AtomicReferenceArray<Thread> ranOn = new AtomicReferenceArray<>(3);
            AtomicIntegerArray runs = new AtomicIntegerArray(3);
            CountDownLatch allInside = new CountDownLatch(3);
            List<Integer> notStarted = new CopyOnWriteArrayList<>();
            pool.broadcast(lane -> {
                runs.incrementAndGet(lane);
                ranOn.set(lane, Thread.currentThread());
                allInside.countDown();
                await(allInside); // the three lanes run at once
            }, notStarted::add);
            for (int lane = 0; lane < 3; lane++) {
                assertThat(runs.get(lane)).as("runs of lane %d in round %d", lane, round).isEqualTo(1);
                assertThat(ranOn.get(lane)).isSameAs(pool.threads()[lane]);
            }
            assertThat(notStarted).isEmpty();
        }
    }

    @Test
    void kernelRunsAndBroadcastsAlternateWithoutMixingUp() {
        pool = newPool(2);
        for (int round = 0; round < 50; round++) {
            AtomicIntegerArray chunks = new AtomicIntegerArray(17);
            pool.run(17, chunks::incrementAndGet);
            AtomicIntegerArray lanes = new AtomicIntegerArray(2);
            pool.broadcast(lanes::incrementAndGet, lane -> {
                throw new AssertionError("lane " + lane + " not started");
            });
            for (int i = 0; i < 17; i++) {
                assertThat(chunks.get(i)).isEqualTo(1);
            }
            assertThat(lanes.get(0)).isEqualTo(1);
            assertThat(lanes.get(1)).isEqualTo(1);
        }
    }

    @Test
    void aBroadcastAfterShutdownStartsNoLaneAndReportsEachAsNotStarted() throws Exception {
        pool = newPool(2);
        pool.shutdown();
        for (Thread worker : pool.threads()) {
            worker.join(Await.BOUND.toMillis());
            assertThat(worker.isAlive()).isFalse();
        }
        List<Integer> started = new CopyOnWriteArrayList<>();
        List<Integer> notStarted = new CopyOnWriteArrayList<>();
        Await.result(onNewThread(() -> pool.broadcast(started::add, notStarted::add))); // bounded
        assertThat(started).isEmpty();
        assertThat(notStarted).containsExactly(0, 1);
    }

    @Test
    void lanesAlreadyRunningFinishWhenThePoolShutsDown() {
        pool = newPool(2);
        CountDownLatch bothInside = new CountDownLatch(2);
        CountDownLatch finish = new CountDownLatch(1);
        AtomicIntegerArray finished = new AtomicIntegerArray(2);
        List<Integer> notStarted = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> shutdown = onNewThread(() -> {
            await(bothInside);
            pool.shutdown();
            finish.countDown();
        });
        pool.broadcast(lane -> {
            bothInside.countDown();
            await(finish);
            finished.incrementAndGet(lane);
        }, notStarted::add);
        Await.result(shutdown);
        assertThat(finished.get(0)).isEqualTo(1);
        assertThat(finished.get(1)).isEqualTo(1);
        assertThat(notStarted).isEmpty();
        for (Thread worker : pool.threads()) {
            Await.joined(worker);
        }
    }

    @Test
    void aShutdownRacingABroadcastNeverStrandsTheCallerNorRunsALaneTwice() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            WorkerPool racing = newPool(2);
            AtomicIntegerArray outcomes = new AtomicIntegerArray(2);
            CyclicBarrier start = new CyclicBarrier(2);
            CompletableFuture<Void> closer = onNewThread(() -> {
                awaitBarrier(start);
                racing.shutdown();
            });
            Await.result(onNewThread(() -> {
                awaitBarrier(start);
                racing.broadcast(outcomes::incrementAndGet, outcomes::incrementAndGet);
            })); // returns in time: the caller is never stranded
            Await.result(closer);
            assertThat(outcomes.get(0)).as("lane 0 ran or was reported, once (round %d)", round).isEqualTo(1);
            assertThat(outcomes.get(1)).as("lane 1 ran or was reported, once (round %d)", round).isEqualTo(1);
            for (Thread worker : racing.threads()) {
                Await.joined(worker);
            }
        }
    }

    @Test
    void aBroadcastFromAWorkerOfThePoolIsRefused() {
        pool = newPool(2);
        AtomicReference<Throwable> fromWorker = new AtomicReference<>();
        CountDownLatch both = new CountDownLatch(2);
        pool.run(2, chunk -> {
            both.countDown();
            await(both);
            if (Thread.currentThread() instanceof CpuWorkerThread) {
                fromWorker.set(catchThrowable(() -> pool.broadcast(lane -> { }, lane -> { })));
            }
        });
        assertThat(fromWorker.get()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("its own lane could never run");
    }

    @Test
    void aLaneCannotLeaveItsWorkerInterrupted() {
        pool = newPool(2);
        pool.broadcast(lane -> Thread.currentThread().interrupt(), lane -> { });
        AtomicIntegerArray interrupted = new AtomicIntegerArray(2);
        pool.broadcast(lane -> interrupted.set(lane, Thread.currentThread().isInterrupted() ? 1 : 0), lane -> { });
        assertThat(interrupted.get(0)).isZero();
        assertThat(interrupted.get(1)).isZero();
    }

    @Test
    void anExceptionEscapingALaneIsRethrownAfterEveryLaneFinished() {
        pool = newPool(2);
        CountDownLatch bothInside = new CountDownLatch(2);
        AtomicIntegerArray finished = new AtomicIntegerArray(2);
        assertThatThrownBy(() -> pool.broadcast(lane -> {
            bothInside.countDown();
            await(bothInside);
            if (lane == 0) {
                throw new IllegalStateException("lane 0");
            }
            finished.incrementAndGet(lane);
        }, lane -> { })).isInstanceOf(IllegalStateException.class).hasMessage("lane 0");
        assertThat(finished.get(1)).isEqualTo(1);
    }

    /** Runs {@code body} on a new daemon thread (never a shared pool, whose size depends on the machine). */
    private static CompletableFuture<Void> onNewThread(Runnable body) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                body.run();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        thread.setDaemon(true);
        thread.start();
        return done;
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void awaitBarrier(CyclicBarrier barrier) {
        try {
            barrier.await(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
