package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.ProviderConformance;
import org.junit.jupiter.api.Test;

/**
 * Conformance of the session contract of {@link org.ferrite.api.Backend} and {@link HeldSession}: what
 * passes through an entry, reentry refused before blocking, escaped views, closed and foreign-thread
 * use, bounded and non-waiting entries, FIFO admission, interruption, child executions, and
 * per-session state. The work inside sessions uses only {@code allocate} and transfers, so a provider
 * (host or device) can run this suite before its kernels exist.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method; every test leaves
 * the backend idle.
 */
public abstract class SessionConformance extends ProviderConformance {
    /** For subclasses. */
    protected SessionConformance() {
    }

    /**
     * Work that uses the session on any placement: allocates a small tensor there, transfers
     * {@code [1, 2, 3]} into it and returns the sum of its host copy.
     */
    private static double touch(BackendSession s) {
        Tensor t = s.allocate(DType.F64, 3);
        s.transferInto(Tensor.of(new double[] {1, 2, 3}, 3), t);
        double[] back = s.toHost(t).f64Data();
        return back[0] + back[1] + back[2];
    }

    @Test
    void sessionLocalReturnsAValueItsCreateMadeAndRejectsNulls() {
        Object key = new Object();
        List<Object> made = new CopyOnWriteArrayList<>();
        try (HeldSession held = backend().openSession()) {
            for (int i = 0; i < 3; i++) {
                Object value = held.withSession(s -> s.sessionLocal(key, () -> {
                    Object v = new Object();
                    made.add(v);
                    return v;
                }));
                assertThat(made).as("a cached value is one that create made").contains(value);
            }
            held.withSession(s -> {
                assertThatThrownBy(() -> s.sessionLocal(null, Object::new)).isInstanceOf(NullPointerException.class);
                assertThatThrownBy(() -> s.sessionLocal(new Object(), null)).isInstanceOf(NullPointerException.class);
                assertThatThrownBy(() -> s.sessionLocal(new Object(), () -> null))
                        .isInstanceOf(NullPointerException.class);
                return null;
            });
        }
    }

    @Test
    void scopedEntryPassesResultsAndExceptionsThroughUnchanged() {
        assertThat((double) inSession(SessionConformance::touch)).isEqualTo(6);
        IllegalStateException thrown = new IllegalStateException("from the work");
        assertThatThrownBy(() -> inSession(s -> {
            throw thrown;
        })).isSameAs(thrown);
        assertThat((double) inSession(SessionConformance::touch)).isEqualTo(6);
    }

    @Test
    void heldSessionRunsManyCallbacksAndStaysUsableAfterOneThrows() {
        try (HeldSession held = backend().openSession()) {
            for (int i = 0; i < 50; i++) {
                assertThat((double) held.withSession(SessionConformance::touch)).isEqualTo(6);
            }
            ArithmeticException thrown = new ArithmeticException("from the work");
            assertThatThrownBy(() -> held.withSession(s -> {
                throw thrown;
            })).isSameAs(thrown);
            assertThat(held.isOpen()).isTrue();
            assertThat((double) held.withSession(SessionConformance::touch)).isEqualTo(6);
        }
    }

    @Test
    void runTakesWorkThatReturnsNothing() {
        Tensor x = Tensor.of(new double[] {1, 2}, 2);
        AtomicReference<Tensor> seen = new AtomicReference<>();
        try (HeldSession held = backend().openSession()) {
            for (int i = 0; i < 3; i++) {
                held.run(s -> seen.set(s.toHost(s.add(s.to(x, s.placement()), 1.0))));
            }
        }
        assertThat(seen.get().f64Data()).containsExactly(2, 3);
        backend().run(s -> seen.set(s.toHost(s.mul(s.to(x, s.placement()), 2.0))));
        assertThat(seen.get().f64Data()).containsExactly(2, 4);
    }

    @Test
    void computeReturnsATensorThatPrintsWithoutACast() {
        Tensor x = Tensor.of(new double[] {1, 2}, 2);
        // the call is an argument of an overloaded method (String.valueOf(char[]) / (Object)), as println's
        String printed = String.valueOf(backend().compute(s -> s.toHost(s.add(s.to(x, s.placement()), 1.0))));
        assertThat(printed).isEqualTo("Tensor(F64, shape=[2])\n[2.0, 3.0]");
        try (HeldSession held = backend().openSession()) {
            assertThat(String.valueOf(held.compute(s -> s.toHost(s.neg(s.to(x, s.placement()))))))
                    .isEqualTo("Tensor(F64, shape=[2])\n[-1.0, -2.0]");
        }
    }

    @Test
    void everyNestedEntryOnTheSameThreadIsReenteredAndTheOuterSessionStaysUsable() {
        inSession(s -> {
            assertThatThrownBy(() -> backend().withSession(inner -> null))
                    .isInstanceOf(SessionEntryException.Reentered.class);
            assertThatThrownBy(() -> backend().openSession()).isInstanceOf(SessionEntryException.Reentered.class);
            return touch(s);
        });
        try (HeldSession held = backend().openSession()) {
            assertThatThrownBy(() -> backend().withSession(inner -> null))
                    .isInstanceOf(SessionEntryException.Reentered.class);
            assertThatThrownBy(() -> backend().openSession()).isInstanceOf(SessionEntryException.Reentered.class);
            assertThatThrownBy(() -> backend().openSession(Duration.ofSeconds(5)))
                    .isInstanceOf(SessionEntryException.Reentered.class);
            assertThatThrownBy(() -> backend().tryOpenSession()).isInstanceOf(SessionEntryException.Reentered.class);
            held.withSession(s -> {
                assertThatThrownBy(() -> held.withSession(inner -> null))
                        .isInstanceOf(SessionEntryException.Reentered.class);
                return null;
            });
            assertThat((double) held.withSession(SessionConformance::touch)).isEqualTo(6);
        }
        assertThat((double) inSession(SessionConformance::touch)).isEqualTo(6);
    }

    @Test
    void aViewUsedAfterItsCallbackReturnedThrowsRuntimeState() {
        BackendSession escapedScoped = inSession(s -> s);
        assertThatThrownBy(() -> escapedScoped.allocate(DType.F64, 2)).isInstanceOfSatisfying(
                RuntimeStateException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.RUNTIME_STATE));
        BackendSession escapedHeld;
        try (HeldSession held = backend().openSession()) {
            escapedHeld = held.withSession(s -> s);
        }
        assertThatThrownBy(() -> escapedHeld.allocate(DType.F64, 2)).isInstanceOf(RuntimeStateException.class);
    }

    @Test
    void anEscapedViewIsRefusedInsideALaterSessionOnTheSameThread() {
        BackendSession escapedScoped = inSession(s -> s);
        assertThat(this.<Throwable>inSession(s -> catching(() -> escapedScoped.zeros(DType.F64, 2))))
                .as("a scoped view used inside a later scoped session").isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("escaped");
        BackendSession escapedHeld;
        try (HeldSession held = backend().openSession()) {
            escapedHeld = held.withSession(s -> s);
        }
        try (HeldSession later = backend().openSession()) {
            assertThat(later.<Throwable>withSession(s -> catching(() -> escapedHeld.allocate(DType.F64, 2))))
                    .as("a held view used inside a later held session").isInstanceOf(RuntimeStateException.class)
                    .hasMessageContaining("escaped");
            assertThat(later.<Throwable>withSession(s -> catching(() -> escapedScoped.allocate(DType.F64, 2))))
                    .as("a scoped view used inside a later held session").isInstanceOf(RuntimeStateException.class);
            assertThat((double) later.withSession(SessionConformance::touch)).isEqualTo(6);
        }
    }

    @Test
    void aClosedHeldSessionRefusesWorkAndClosingTwiceDoesNothing() {
        HeldSession held = backend().openSession();
        held.close();
        assertThat(held.isOpen()).isFalse();
        assertThatThrownBy(() -> held.withSession(s -> null)).isInstanceOf(RuntimeStateException.class);
        held.close();
        assertThat((double) inSession(SessionConformance::touch)).isEqualTo(6);
    }

    @Test
    @SuppressWarnings("try") // closing from another thread on purpose, inside the try-with-resources
    void aHeldSessionIsConfinedToTheThreadThatOpenedIt() throws Throwable {
        try (HeldSession held = backend().openSession()) {
            Throwable fromWork = OtherThread.call(() -> catching(() -> held.withSession(s -> null)));
            assertThat(fromWork).isInstanceOf(SessionEntryException.IncompatibleContext.class);
            Throwable fromClose = OtherThread.call(() -> catching(() -> {
                held.close();
                return null;
            }));
            assertThat(fromClose).isInstanceOf(SessionEntryException.IncompatibleContext.class);
            assertThat(held.isOpen()).isTrue();
            assertThat((double) held.withSession(SessionConformance::touch)).isEqualTo(6);
        }
    }

    private static Throwable catching(java.util.concurrent.Callable<?> body) {
        try {
            body.call();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    @Test
    void entriesThatMayNotWaitFailFastWhileAnotherThreadHoldsTheBackend() throws Throwable {
        try (HeldSession held = backend().openSession()) {
            assertThat(held.isOpen()).isTrue();
            Optional<HeldSession> tried = OtherThread.call(() -> backend().tryOpenSession());
            assertThat(tried).isEmpty();
            Throwable zero = OtherThread.call(() -> catching(() -> backend().openSession(Duration.ZERO)));
            assertThat(zero).isInstanceOf(SessionEntryException.Contended.class);
            Throwable bounded = OtherThread.call(() -> catching(() -> backend().openSession(Duration.ofMillis(20))));
            assertThat(bounded).isInstanceOf(SessionEntryException.Contended.class);
        }
        Optional<HeldSession> afterClose = backend().tryOpenSession();
        assertThat(afterClose).isPresent();
        afterClose.get().close();
    }

    @Test
    void queuedEntriesAreAdmittedInArrivalOrderWhenTheHolderCloses() throws Throwable {
        List<String> order = new CopyOnWriteArrayList<>();
        OtherThread.Handle<Void> first;
        OtherThread.Handle<Void> second;
        try (HeldSession held = backend().openSession()) {
            first = OtherThread.start("first-waiter", () -> {
                try (HeldSession h = backend().openSession()) {
                    order.add("first");
                    h.withSession(SessionConformance::touch);
                }
                return null;
            });
            first.awaitBlocked();
            second = OtherThread.start("second-waiter", () -> {
                backend().withSession(s -> order.add("second"));
                return null;
            });
            second.awaitBlocked();
            assertThat(order).isEmpty();
            assertThat(held.isOpen()).isTrue();
        }
        first.join();
        second.join();
        assertThat(order).containsExactly("first", "second");
    }

    @Test
    void anInterruptedWaiterLeavesTheQueueWithContendedAndItsInterruptStatusSet() throws Throwable {
        OtherThread.Handle<Object[]> waiter;
        try (HeldSession held = backend().openSession()) {
            waiter = OtherThread.start("interrupted-waiter", () -> {
                Throwable t = catching(() -> backend().openSession());
                return new Object[] {t, Thread.currentThread().isInterrupted()};
            });
            waiter.awaitBlocked();
            waiter.thread().interrupt();
            Object[] outcome = waiter.join();
            assertThat((Throwable) outcome[0]).isInstanceOf(SessionEntryException.Contended.class)
                    .hasCauseInstanceOf(InterruptedException.class);
            assertThat((Boolean) outcome[1]).isTrue();
            assertThat(held.isOpen()).isTrue();
        }
        Optional<HeldSession> next = OtherThread.call(() -> {
            Optional<HeldSession> h = backend().tryOpenSession();
            h.ifPresent(HeldSession::close);
            return h;
        });
        assertThat(next).as("nothing was left queued").isPresent();
    }

    @Test
    void aChildRunsOnAnotherThreadUnderTheParentsAdmission() throws Throwable {
        ChildExecution[] kept = new ChildExecution[1];
        try (HeldSession held = backend().openSession()) {
            held.withSession(s -> {
                ChildExecution child = s.childExecution();
                kept[0] = child;
                Object[] outcome = call(() -> new Object[] {
                    child.withSession(SessionConformance::touch),
                    backend().tryOpenSession().map(h -> {
                        h.close();
                        return "admitted";
                    }).orElse("busy"),
                    catching(() -> child.withSession(c -> backend().openSession()))});
                assertThat((double) outcome[0]).isEqualTo(6);
                assertThat(outcome[1]).as("the parent still holds the backend").isEqualTo("busy");
                assertThat((Throwable) outcome[2]).isInstanceOf(SessionEntryException.Reentered.class);
                assertThatThrownBy(() -> child.withSession(c -> null)).as("on the parent's own thread")
                        .isInstanceOf(SessionEntryException.Reentered.class);
                return null;
            });
        }
        Throwable afterClose = OtherThread.call(() -> catching(() -> kept[0].withSession(c -> null)));
        assertThat(afterClose).isInstanceOf(SessionEntryException.IncompatibleContext.class);
    }

    @Test
    void aWorkerOfAnotherForkJoinPoolWaitsThroughManagedBlockInsteadOfFailing() throws Throwable {
        ForkJoinPool pool = new ForkJoinPool(1);
        try {
            AtomicReference<Thread> worker = new AtomicReference<>();
            ForkJoinTask<Double> task;
            try (HeldSession held = backend().openSession()) {
                task = pool.submit(() -> {
                    worker.set(Thread.currentThread());
                    return backend().withSession(SessionConformance::touch);
                });
                awaitParked(worker, task);
                assertThat(task.isDone()).as("the worker waits while the backend is held").isFalse();
                // managedBlock takes the worker out of the pool's active count (a compensating spare may be
                // active for a moment while it starts and goes idle): wait, bounded, for zero
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (pool.getActiveThreadCount() != 0 && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                    Thread.yield();
                }
                assertThat(pool.getActiveThreadCount()).as("the worker blocks through ForkJoinPool.managedBlock,"
                        + " so that the pool may compensate").isZero();
                assertThat(held.isOpen()).isTrue();
            }
            assertThat(task.get(OtherThread.BOUND.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS))
                    .isEqualTo(6);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Waits, bounded, until the task's worker thread is parked or the task is done. */
    private static void awaitParked(AtomicReference<Thread> worker,
            ForkJoinTask<?> task) {
        long deadline = System.nanoTime() + OtherThread.BOUND.toNanos();
        while (!task.isDone() && System.nanoTime() < deadline) {
            Thread t = worker.get();
            if (t != null && (t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING)) {
                return;
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    @Test
    void rootSessionsOfOneBackendNeverRunAtTheSameTime() throws Throwable {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger entered = new AtomicInteger();
        List<OtherThread.Handle<Void>> threads = new java.util.ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int seed = t;
            threads.add(OtherThread.start("admission-" + t, () -> {
                java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
                for (int i = 0; i < 150; i++) {
                    SessionFunctionCheck check = s -> {
                        if (inside.incrementAndGet() != 1) {
                            overlaps.incrementAndGet();
                        }
                        touch(s);
                        inside.decrementAndGet();
                        entered.incrementAndGet();
                        return null;
                    };
                    switch (rnd.nextInt(3)) {
                        case 0:
                            backend().withSession(check::apply);
                            break;
                        case 1:
                            try (HeldSession held = backend().openSession()) {
                                held.withSession(check::apply);
                                held.withSession(check::apply);
                            }
                            break;
                        default:
                            Optional<HeldSession> maybe = backend().tryOpenSession();
                            if (maybe.isPresent()) {
                                try (HeldSession held = maybe.get()) {
                                    held.withSession(check::apply);
                                }
                            }
                    }
                }
                return null;
            }));
        }
        for (OtherThread.Handle<Void> thread : threads) {
            thread.join();
        }
        assertThat(overlaps.get()).as("callbacks of two root sessions overlapped").isZero();
        assertThat(entered.get()).isGreaterThanOrEqualTo(4 * 150 / 3);
        Optional<HeldSession> after = backend().tryOpenSession();
        assertThat(after).as("nothing leaked: the backend is free afterwards").isPresent();
        after.get().close();
    }

    /** A session callback for the admission test. */
    @FunctionalInterface
    private interface SessionFunctionCheck {
        Object apply(BackendSession s);
    }

    private static <T> T call(java.util.concurrent.Callable<T> body) {
        try {
            return OtherThread.call(body);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
