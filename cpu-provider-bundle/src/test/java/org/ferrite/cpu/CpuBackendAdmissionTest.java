package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.internal.kernel.KernelContext;
import org.ferrite.cpu.internal.worker.CpuWorkerThread;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The admission contract of {@link CpuBackend}: queued entries, FIFO, the threads that must not wait,
 * foreign pools, bounded and interrupted waits, and CPU-set overlap. "Is blocked" is always observed
 * on the arbiter's queue, never by timing.
 */
class CpuBackendAdmissionTest {
    private final TestBackends backends = new TestBackends();

    @AfterEach
    void closeAll() {
        backends.close();
        assertThat(TestBackends.arbiter().queueLength()).as("nothing stays queued").isZero();
    }

    @Test
    void aQueuedScopedEntryRunsAfterTheHeldSessionClosesAndFindsTheResources() {
        CpuBackend backend = backends.on("0-1");
        Object warm = backend.withSession(s -> {
            Tensor t = s.allocate(DType.F64, 1024);
            s.reclaim(t);
            return t.storage();
        });
        CpuHeldSession held = backend.openSession();
        CompletableFuture<Object> queued = onNewThread("queued scoped entry", () -> backend.withSession(s -> {
            Tensor t = s.allocate(DType.F64, 32, 32);
            t.set(42, 31, 31);
            return t.storage() == warm ? t.f64Data()[1023] : "the slot was empty or the pool lost its buffer";
        }));
        Await.until(() -> TestBackends.arbiter().queueLength() == 1, () -> "the scoped entry to queue");
        assertThat(queued).isNotDone();

        held.close();

        assertThat(Await.result(queued)).isEqualTo(42.0);
        assertThat(backend.sessionCounters().waits()).isEqualTo(1);
    }

    @Test
    void severalQueuedWaitersAreAdmittedInFifoOrder() {
        CpuBackend backend = backends.on("0-1");
        CpuBackend overlapping = backends.on("1-2");
        CpuHeldSession held = backend.openSession();
        List<String> order = new CopyOnWriteArrayList<>();
        List<CompletableFuture<Object>> waiters = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String name = "waiter-" + i;
            CpuBackend target = i % 2 == 0 ? backend : overlapping;
            boolean heldEntry = i == 3;
            waiters.add(onNewThread(name, () -> {
                if (heldEntry) {
                    try (HeldSession next = target.openSession()) {
                        order.add(next.isOpen() ? name : "closed?");
                    }
                    return null;
                }
                return target.withSession(s -> order.add(name));
            }));
            int queued = i + 1;
            Await.until(() -> TestBackends.arbiter().queueLength() == queued, () -> name + " to queue");
        }
        held.close();
        waiters.forEach(Await::result);
        assertThat(order).containsExactly("waiter-0", "waiter-1", "waiter-2", "waiter-3");
    }

    @Test
    void aWorkerOfTheBackendsOwnPoolGetsContendedInsteadOfWaiting() {
        CpuBackend backend = backends.add(backends.builder("0-1").threads(2).build());
        AtomicReference<Throwable> fromWorker = new AtomicReference<>();
        try (CpuHeldSession held = backend.openSession()) {
            held.withSession(s -> {
                CountDownLatch both = new CountDownLatch(2);
                ((KernelContext) s).parallel().run(2, chunk -> {
                    if (Thread.currentThread() instanceof CpuWorkerThread) {
                        fromWorker.set(catchThrowable(() -> backend.withSession(t -> null)));
                    }
                    both.countDown();
                    await(both);
                });
                return null;
            });
        }
        assertThat(fromWorker.get()).isInstanceOf(SessionEntryException.Contended.class)
                .hasMessageContaining("must not wait").hasNoCause();
        assertThat(backend.sessionCounters().contended()).isEqualTo(1);
    }

    @Test
    void aPhaseLaneThreadGetsContendedInsteadOfWaiting() {
        CpuBackend backend = backends.on("0-1");
        try (CpuHeldSession held = backend.openSession()) {
            Throwable refused = Await.result(onNewThread("lane", () -> {
                ExecutionOwner.forbidWaiting();
                try {
                    return catchThrowable(backend::openSession);
                } finally {
                    ExecutionOwner.allowWaiting();
                }
            }));
            assertThat(refused).isInstanceOf(SessionEntryException.Contended.class)
                    .hasMessageContaining("must not wait");
            assertThat(held.isOpen()).isTrue();
        }
    }

    @Test
    void aWorkerOfAForeignForkJoinPoolWaitsThroughManagedBlockAndSucceedsAfterTheHolderCloses() {
        CpuBackend backend = backends.on("0-1");
        ForkJoinPool foreign = new ForkJoinPool(1);
        try {
            CpuHeldSession held = backend.openSession();
            AtomicReference<Thread> waiter = new AtomicReference<>();
            ForkJoinTask<String> task = foreign.submit(() -> {
                waiter.set(Thread.currentThread());
                return backend.withSession(s -> "admitted");
            });
            Await.until(() -> TestBackends.arbiter().queueLength() == 1, () -> "the pool worker to queue");
            assertThat(waiter.get()).isInstanceOf(ForkJoinWorkerThread.class);
            assertThat(waiter.get().getStackTrace()).anySatisfy(frame ->
                    assertThat(frame.getClassName() + "." + frame.getMethodName())
                            .isEqualTo("java.util.concurrent.ForkJoinPool.managedBlock"));
            // the pool compensates for its blocked worker: other tasks still run
            assertThat(Await.result(foreign.submit(() -> 7))).isEqualTo(7);
            assertThat(task).isNotDone();

            held.close();

            assertThat(Await.result(task)).isEqualTo("admitted");
        } finally {
            foreign.shutdownNow();
        }
    }

    @Test
    void tryOpenSessionReturnsEmptyWhileBusyAndNeverBargesPastAWaiter() {
        CpuBackend backend = backends.on("0-1");
        CpuBackend left = backends.on("0");
        CpuBackend right = backends.on("1");
        try (CpuHeldSession held = backend.openSession()) {
            assertThat(Await.result(onNewThread("try", backend::tryOpenSession))).isEmpty();
            assertThat(held.isOpen()).isTrue();
        }
        CpuHeldSession leftHeld = left.openSession();
        CompletableFuture<Object> wide = onNewThread("wide waiter", () -> backend.withSession(s -> "wide"));
        Await.until(() -> TestBackends.arbiter().queueLength() == 1, () -> "the wide entry to queue");
        // CPU 1 is free, but the queued entry wants it: no barging
        Optional<HeldSession> barging = Await.result(onNewThread("barger", right::tryOpenSession));
        assertThat(barging).isEmpty();
        leftHeld.close();
        assertThat(Await.result(wide)).isEqualTo("wide");
        Optional<HeldSession> free = right.tryOpenSession();
        assertThat(free).isPresent();
        free.get().close();
        assertThat(backend.sessionCounters().contended()).isEqualTo(1);
        assertThat(right.sessionCounters().contended()).isEqualTo(1);
    }

    @Test
    void aBoundedOpenTimesOutAsContended() {
        CpuBackend backend = backends.on("0-1");
        try (CpuHeldSession held = backend.openSession()) {
            List<Throwable> refusals = Await.result(onNewThread("bounded", () -> List.of(
                    catchThrowable(() -> backend.openSession(Duration.ofMillis(30))),
                    catchThrowable(() -> backend.openSession(Duration.ZERO)),
                    catchThrowable(() -> backend.openSession(Duration.ofSeconds(-1))))));
            assertThat(refusals).allSatisfy(t -> assertThat(t).isInstanceOf(SessionEntryException.Contended.class)
                    .hasMessageContaining("were not admitted within"));
            assertThat(held.isOpen()).isTrue();
        }
        try (CpuHeldSession free = backend.openSession(Duration.ZERO)) {
            assertThat(free.isOpen()).isTrue();
        }
    }

    @Test
    void anInterruptedWaiterLeavesTheQueueWithItsInterruptStatusSet() {
        CpuBackend backend = backends.on("0-1");
        CpuHeldSession held = backend.openSession();
        AtomicReference<Boolean> interruptedAfter = new AtomicReference<>();
        AtomicReference<Thread> waiter = new AtomicReference<>();
        CompletableFuture<Throwable> refused = onNewThread("interrupted waiter", () -> {
            waiter.set(Thread.currentThread());
            Throwable t = catchThrowable(backend::openSession);
            interruptedAfter.set(Thread.currentThread().isInterrupted());
            return t;
        });
        Await.until(() -> TestBackends.arbiter().queueLength() == 1, () -> "the opener to queue");

        waiter.get().interrupt();

        assertThat(Await.result(refused)).isInstanceOf(SessionEntryException.Contended.class)
                .hasMessageContaining("interrupted").hasCauseInstanceOf(InterruptedException.class);
        assertThat(interruptedAfter.get()).isTrue();
        assertThat(TestBackends.arbiter().queueLength()).isZero();
        held.close();
        try (CpuHeldSession next = backend.openSession()) {
            assertThat(next.isOpen()).isTrue();
        }
    }

    @Test
    void backendsOnDisjointCpuSetsRunSessionsConcurrently() {
        CpuBackend left = backends.on("0");
        CpuBackend right = backends.on("1");
        CyclicBarrier together = new CyclicBarrier(2);
        CompletableFuture<Object> a = onNewThread("left", () -> left.withSession(s -> awaitBarrier(together)));
        CompletableFuture<Object> b = onNewThread("right", () -> right.withSession(s -> awaitBarrier(together)));
        // each callback returns only once the other is inside too
        assertThat(Await.result(a)).isEqualTo("met");
        assertThat(Await.result(b)).isEqualTo("met");
    }

    @Test
    void backendsOnOverlappingCpuSetsExcludeEachOther() {
        CpuBackend left = backends.on("0-1");
        CpuBackend right = backends.on("1-2");
        CpuHeldSession held = left.openSession();
        CompletableFuture<Object> blocked = onNewThread("right", () -> right.withSession(
                s -> TestBackends.arbiter().heldCpus().toString()));
        Await.until(() -> TestBackends.arbiter().queueLength() == 1, () -> "the overlapping entry to queue");
        assertThat(blocked).isNotDone();
        assertThat(Await.result(onNewThread("try left", left::tryOpenSession))).isEmpty();
        held.close();
        assertThat(Await.result(blocked)).isEqualTo("1-2");
        assertThat(TestBackends.arbiter().heldCpus().overlaps(CpuMask.range(0, 2))).isFalse();
    }

    private static Object awaitBarrier(CyclicBarrier barrier) {
        try {
            barrier.await(10, TimeUnit.SECONDS);
            return "met";
        } catch (Exception e) {
            throw new AssertionError("the other session never came in", e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static <T> CompletableFuture<T> onNewThread(String name, java.util.function.Supplier<T> body) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(body.get());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return result;
    }
}
