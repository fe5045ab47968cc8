package org.ferrite.cpu.internal.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.Test;

class AdmissionArbiterTest {
    private static final long UNBOUNDED = Long.MAX_VALUE;

    private final AdmissionArbiter arbiter = new AdmissionArbiter();

    @Test
    void overlappingPermitsExcludeEachOtherAndDisjointOnesCoexist() {
        assertThat(arbiter.tryAcquire(CpuMask.of(0, 1))).isTrue();
        assertThat(arbiter.tryAcquire(CpuMask.of(1, 2))).isFalse();
        assertThat(arbiter.tryAcquire(CpuMask.of(2, 3))).isTrue();
        assertThat(arbiter.heldCpus()).isEqualTo(CpuMask.range(0, 3));
        arbiter.release(CpuMask.of(0, 1));
        assertThat(arbiter.tryAcquire(CpuMask.of(1))).isTrue();
        arbiter.release(CpuMask.of(1));
        arbiter.release(CpuMask.of(2, 3));
        assertThat(arbiter.heldCpus().isEmpty()).isTrue();
    }

    @Test
    void waitersAreAdmittedInFifoOrder() throws Exception {
        CpuMask cpus = CpuMask.of(0);
        assertThat(arbiter.tryAcquire(cpus)).isTrue();
        List<Integer> order = new CopyOnWriteArrayList<>();
        FutureTask<?>[] tasks = new FutureTask<?>[4];
        Thread[] threads = new Thread[4];
        for (int i = 0; i < tasks.length; i++) {
            int id = i;
            tasks[i] = new FutureTask<>(() -> {
                arbiter.acquire(cpus, UNBOUNDED, false);
                order.add(id);
                arbiter.release(cpus);
                return null;
            });
            threads[i] = start("waiter-" + i, tasks[i]);
            int queued = i + 1;
            Await.until(() -> arbiter.queueLength() == queued, () -> "waiter " + id + " queued");
        }
        assertThat(arbiter.queuedThreads()).containsExactly(threads);

        arbiter.release(cpus);

        for (FutureTask<?> task : tasks) {
            task.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
        }
        assertThat(order).containsExactly(0, 1, 2, 3);
        assertThat(arbiter.queueLength()).isZero();
        assertThat(arbiter.heldCpus().isEmpty()).isTrue();
    }

    @Test
    void aDisjointRequestIsAdmittedWhileOthersQueueButAnOverlappingOneWaitsItsTurn() throws Exception {
        assertThat(arbiter.tryAcquire(CpuMask.of(0))).isTrue();
        FutureTask<Integer> first = new FutureTask<>(() -> admitThenRelease(CpuMask.of(0, 1)));
        start("first", first);
        Await.until(() -> arbiter.queueLength() == 1, () -> "first queued");

        // CPU 2 is wanted by nobody: admitted at once, no barging concern.
        assertThat(arbiter.acquire(CpuMask.of(2), UNBOUNDED, false)).isEqualTo(AdmissionArbiter.ADMITTED);
        // CPU 1 is free but wanted by the earlier waiter: FIFO among overlapping requests.
        assertThat(arbiter.tryAcquire(CpuMask.of(1))).isFalse();
        FutureTask<Integer> second = new FutureTask<>(() -> admitThenRelease(CpuMask.of(1)));
        Thread secondThread = start("second", second);
        Await.until(() -> arbiter.queueLength() == 2, () -> "second queued behind first");
        assertThat(arbiter.queuedThreads()).endsWith(secondThread);

        arbiter.release(CpuMask.of(0));
        assertThat(first.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(AdmissionArbiter.ADMITTED_AFTER_WAIT);
        assertThat(second.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(AdmissionArbiter.ADMITTED_AFTER_WAIT);
        arbiter.release(CpuMask.of(2));
        assertThat(arbiter.heldCpus().isEmpty()).isTrue();
    }

    @Test
    void tryAcquireNeverBargesPastAnOverlappingWaiter() throws Exception {
        assertThat(arbiter.tryAcquire(CpuMask.of(0))).isTrue();
        FutureTask<Integer> waiter = new FutureTask<>(() -> admitThenRelease(CpuMask.of(0, 1)));
        start("waiter", waiter);
        Await.until(() -> arbiter.queueLength() == 1, () -> "waiter queued");

        assertThat(arbiter.tryAcquire(CpuMask.of(1))).isFalse();
        assertThat(arbiter.tryAcquireFast(CpuMask.of(3))).isFalse(); // anyone queued: no fast path
        assertThat(arbiter.tryAcquire(CpuMask.of(3))).isTrue(); // disjoint from every waiter
        arbiter.release(CpuMask.of(3));
        arbiter.release(CpuMask.of(0));
        waiter.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Test
    void anElapsedWaitLeavesTheQueueAndAZeroWaitNeverQueues() throws Exception {
        CpuMask cpus = CpuMask.of(5);
        assertThat(arbiter.tryAcquire(cpus)).isTrue();
        assertThat(arbiter.acquire(cpus, 0, false)).isEqualTo(AdmissionArbiter.NOT_ADMITTED);
        assertThat(arbiter.acquire(cpus, -1, false)).isEqualTo(AdmissionArbiter.NOT_ADMITTED);
        assertThat(arbiter.acquire(cpus, TimeUnit.MILLISECONDS.toNanos(20), false))
                .isEqualTo(AdmissionArbiter.NOT_ADMITTED);
        assertThat(arbiter.queueLength()).isZero();
        arbiter.release(cpus);
        assertThat(arbiter.acquire(cpus, 0, false)).isEqualTo(AdmissionArbiter.ADMITTED);
        arbiter.release(cpus);
    }

    @Test
    void anInterruptedWaiterLeavesTheQueueAndLaterWaitersAreStillServed() throws Exception {
        CpuMask cpus = CpuMask.of(0);
        assertThat(arbiter.tryAcquire(cpus)).isTrue();
        FutureTask<Integer> interrupted = new FutureTask<>(() -> arbiter.acquire(cpus, UNBOUNDED, false));
        Thread interruptedThread = start("interrupted", interrupted);
        Await.until(() -> arbiter.queueLength() == 1, () -> "first waiter queued");
        FutureTask<Integer> patient = new FutureTask<>(() -> admitThenRelease(cpus));
        start("patient", patient);
        Await.until(() -> arbiter.queueLength() == 2, () -> "second waiter queued");

        interruptedThread.interrupt();

        assertThatThrownBy(() -> interrupted.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(InterruptedException.class);
        assertThat(arbiter.queuedThreads()).doesNotContain(interruptedThread).hasSize(1);
        arbiter.release(cpus);
        assertThat(patient.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(AdmissionArbiter.ADMITTED_AFTER_WAIT);
        assertThat(arbiter.heldCpus().isEmpty()).isTrue();
    }

    @Test
    void theInterruptStatusIsConsultedOnlyWhenTheCallerMustWait() throws Exception {
        CpuMask cpus = CpuMask.of(7);
        Thread.currentThread().interrupt();
        try {
            assertThat(arbiter.acquire(cpus, UNBOUNDED, false)).isEqualTo(AdmissionArbiter.ADMITTED);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
            assertThatThrownBy(() -> arbiter.acquire(cpus, UNBOUNDED, false))
                    .isInstanceOf(InterruptedException.class);
            assertThat(arbiter.queueLength()).isZero();
        } finally {
            Thread.interrupted();
            arbiter.release(cpus);
        }
    }

    @Test
    void aPermitMayBeReleasedByAnotherThread() throws Exception {
        CpuMask cpus = CpuMask.of(3);
        assertThat(arbiter.tryAcquire(cpus)).isTrue();
        FutureTask<Object> releaser = new FutureTask<>(() -> {
            arbiter.release(cpus);
            return null;
        });
        start("releaser", releaser).join();
        assertThat(arbiter.tryAcquire(cpus)).isTrue();
        arbiter.release(cpus);
    }

    @Test
    void cpusAbove62FollowTheSameRulesOnTheLockedPath() throws Exception {
        CpuMask wide = CpuMask.of(0, 63, 100);
        assertThat(wide.isLowOnly()).isFalse();
        assertThat(arbiter.tryAcquire(wide)).isTrue();
        assertThat(arbiter.tryAcquire(CpuMask.of(100))).isFalse();
        assertThat(arbiter.tryAcquire(CpuMask.of(63))).isFalse();
        assertThat(arbiter.tryAcquire(CpuMask.of(0))).isFalse();
        assertThat(arbiter.tryAcquire(CpuMask.of(64, 101))).isTrue();
        assertThat(arbiter.heldCpus()).isEqualTo(CpuMask.of(0, 63, 64, 100, 101));

        FutureTask<Integer> waiter = new FutureTask<>(() -> admitThenRelease(CpuMask.of(100)));
        start("high waiter", waiter);
        Await.until(() -> arbiter.queueLength() == 1, () -> "high waiter queued");
        arbiter.release(wide);
        assertThat(waiter.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(AdmissionArbiter.ADMITTED_AFTER_WAIT);
        arbiter.release(CpuMask.of(64, 101));
        assertThat(arbiter.heldCpus().isEmpty()).isTrue();
        assertThat(arbiter.queueLength()).isZero();
    }

    private int admitThenRelease(CpuMask cpus) throws InterruptedException {
        int outcome = arbiter.acquire(cpus, UNBOUNDED, false);
        arbiter.release(cpus);
        return outcome;
    }

    private static Thread start(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
