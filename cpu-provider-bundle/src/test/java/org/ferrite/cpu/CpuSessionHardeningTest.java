package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.internal.contract.ContractionContext;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The rules the session-engine hardening restored, one test each, named after the rule: a session
 * whose callback runs is never released as leaked, affinity restores in any close order, no
 * hold-and-wait, backend close, warm children, and a child handle never enters a later session.
 */
class CpuSessionHardeningTest {
    private final TestBackends backends = new TestBackends();
    private final ExecutorService other = Executors.newSingleThreadExecutor();

    @AfterEach
    void closeAll() {
        other.shutdownNow();
        backends.close();
    }

    // ------------------------------------------------------------------ reachability

    @Test
    void aHeldSessionWhoseCallbackRunsIsNeverReleasedAsLeaked() throws Exception {
        CpuBackend backend = backends.on("9");
        CpuBackend canary = backends.on("10");
        for (int i = 0; i < 20_000; i++) { // warm withSession up, so that the JIT may treat a dropped handle as dead
            try (CpuHeldSession held = backend.openSession()) {
                held.withSession(s -> null);
            }
        }
        AtomicReference<Optional<HeldSession>> intruder = new AtomicReference<>();
        long leakedBefore = backend.sessionCounters().leaked();
        Thread dropper = new Thread(() -> backend.openSession().withSession(s -> { // the handle is dropped:
            dropAndCollect(canary); // only the running call holds it; a collection and a cleaner pass follow
            intruder.set(Await.result(other.submit(backend::tryOpenSession)));
            return null;
        }), "dropper");
        dropper.start();
        Await.joined(dropper); // the thread ends with its session leaked: the cleaner may release it now
        assertThat(intruder.get()).as("a second thread was admitted on the running session's CPUs").isEmpty();
        Await.until(() -> {
            System.gc();
            return backend.sessionCounters().leaked() == leakedBefore + 1;
        }, () -> "the cleaner to release the session once its callback had returned");
    }

    /** Leaks a session of {@code canary} on another thread and waits until the cleaner released it. */
    private void dropAndCollect(CpuBackend canary) {
        long before = canary.sessionCounters().leaked();
        Await.result(other.submit(() -> {
            canary.openSession();
            return null;
        }));
        Await.until(() -> {
            System.gc();
            return canary.sessionCounters().leaked() > before;
        }, () -> "the cleaner to release the canary session");
    }

    // ------------------------------------------------------------------ affinity

    @Test
    void affinityIsRestoredWhenSessionsCloseLastInFirstOut() {
        CpuMask original = backends.affinity.currentThreadCpus();
        CpuBackend zero = backends.on("0");
        CpuBackend one = backends.on("1");
        CpuHeldSession h0 = zero.openSession();
        CpuHeldSession h1 = one.openSession();
        assertThat(cpus()).isEqualTo(CpuMask.of(1));
        h1.close();
        assertThat(cpus()).isEqualTo(CpuMask.of(0));
        h0.close();
        assertThat(cpus()).isEqualTo(original);
    }

    @Test
    void affinityIsRestoredWhenSessionsCloseFirstInFirstOut() {
        CpuMask original = backends.affinity.currentThreadCpus();
        CpuHeldSession h0 = backends.on("0").openSession();
        CpuHeldSession h1 = backends.on("1").openSession();
        h0.close();
        assertThat(cpus()).as("h1 is still open").isEqualTo(CpuMask.of(1));
        h1.close();
        assertThat(cpus()).isEqualTo(original);
    }

    @Test
    void affinityIsRestoredWhenSessionsCloseInterleaved() {
        CpuMask original = backends.affinity.currentThreadCpus();
        CpuHeldSession h0 = backends.on("0").openSession();
        CpuHeldSession h1 = backends.on("1").openSession();
        h1.close();
        CpuHeldSession h2 = backends.on("2").openSession();
        assertThat(cpus()).isEqualTo(CpuMask.of(2));
        h0.close();
        assertThat(cpus()).isEqualTo(CpuMask.of(2));
        CpuHeldSession h3 = backends.on("3").openSession();
        h2.close();
        assertThat(cpus()).isEqualTo(CpuMask.of(3));
        h3.close();
        assertThat(cpus()).isEqualTo(original);
    }

    @Test
    void aSessionOpenedInsideAnothersCallbackKeepsItsDomainAfterTheOuterEnds() {
        CpuMask original = backends.affinity.currentThreadCpus();
        CpuBackend one = backends.on("1");
        CpuHeldSession h = backends.on("0").withSession(s -> one.openSession());
        assertThat(cpus()).as("the thread runs inside h's domain while h is open").isEqualTo(CpuMask.of(1));
        h.close();
        assertThat(cpus()).isEqualTo(original);
    }

    private CpuMask cpus() {
        return backends.affinity.currentThreadCpus();
    }

    // ------------------------------------------------------------------ no hold-and-wait

    @Test
    void aThreadHoldingAPermitNeverWaitsForAnother() throws Exception {
        CpuBackend left = backends.on("20");
        CpuBackend right = backends.on("21");
        CountDownLatch rightHeld = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Future<?> holder = other.submit(() -> {
            try (CpuHeldSession held = right.openSession()) {
                assertThat(held.isOpen()).isTrue();
                rightHeld.countDown();
                done.await();
            }
            return null;
        });
        rightHeld.await();
        try (CpuHeldSession held = left.openSession()) {
            assertThat(held.isOpen()).isTrue();
            assertThatThrownBy(() -> right.withSession(s -> null)).isInstanceOf(SessionEntryException.Contended.class)
                    .hasMessageContaining("no hold-and-wait");
            assertThatThrownBy(right::openSession).isInstanceOf(SessionEntryException.Contended.class);
            assertThat(right.tryOpenSession()).isEmpty();
            assertThat(TestBackends.arbiter().queuedThreads()).doesNotContain(Thread.currentThread());
        } finally {
            done.countDown();
            Await.result(holder);
        }
        try (CpuHeldSession held = left.openSession()) { // free now: admitted, nested
            assertThat(held.isOpen()).isTrue();
            assertThat(right.<String>withSession(s -> "in")).isEqualTo("in");
        }
    }

    // ------------------------------------------------------------------ backend close

    @Test
    void closeIsIdempotent() {
        CpuBackend backend = backends.on("30-31");
        backend.withSession(s -> null);
        backend.close();
        backend.close();
        assertThatThrownBy(() -> backend.withSession(s -> null)).isExactlyInstanceOf(RuntimeStateException.class);
        backend.close();
    }

    @Test
    void entryAfterBackendCloseFailsTyped() {
        CpuBackend backend = backends.on("30-31");
        backend.close();
        for (Throwable refused : new Throwable[] {catchThrowable(() -> backend.withSession(s -> null)),
                catchThrowable(backend::openSession), catchThrowable(() -> backend.openSession(Duration.ZERO)),
                catchThrowable(backend::tryOpenSession)}) {
            assertThat(refused).isExactlyInstanceOf(RuntimeStateException.class)
                    .hasMessageContaining("cpu backend on CPUs 30-31").hasMessageContaining("is closed");
        }
    }

    @Test
    void heldSessionOpenAtBackendCloseFailsOnNextUse() {
        CpuBackend backend = backends.on("30-31");
        CpuHeldSession held = backend.openSession();
        backend.close();
        assertThatThrownBy(() -> held.withSession(s -> null)).isExactlyInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("was closed");
        assertThat(held.isOpen()).isTrue();
        held.close();
        assertThat(held.isOpen()).isFalse();
        assertThat(TestBackends.arbiter().heldCpus().overlaps(CpuMask.range(30, 31))).isFalse();
        assertThat(backend.engine().isRetiredForTests()).isTrue();
    }

    @Test
    void aCallbackRunningAtBackendCloseFinishesWithThePool() throws Exception {
        CpuBackend backend = backends.add(backends.builder("30-31").threads(2).build());
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        Tensor x = Tensor.random(DType.F64, 3, 64, 64);
        Future<Tensor> running = other.submit(() -> backend.withSession(s -> {
            inside.countDown();
            PhaseFixtures.await(closed);
            return s.dotGeneral(x, x, DotGeneralConfig.MATMUL);
        }));
        inside.await();
        backend.close();
        assertThatThrownBy(() -> backend.withSession(s -> null)).isExactlyInstanceOf(RuntimeStateException.class);
        closed.countDown();
        Tensor product = Await.result(running);
        Tensor expected = CpuBackend.builder().affinityControl(backends.affinity).cpus(CpuDomain.parse("32"))
                .threads(1).build().withSession(s -> s.dotGeneral(x, x, DotGeneralConfig.MATMUL));
        assertThat(Tensor.allClose(product, expected, 1e-12, 1e-12)).isTrue();
        Await.until(() -> backend.engine().isRetiredForTests(), () -> "the last session to retire the backend");
    }

    @Test
    void anEntryWaitingAtBackendCloseIsRefusedWhenItWouldBeAdmitted() throws Exception {
        CpuBackend backend = backends.on("30-31");
        CpuHeldSession held = backend.openSession();
        Future<Throwable> waiter = other.submit(() -> catchThrowable(() -> backend.withSession(s -> "ran")));
        Await.until(() -> TestBackends.arbiter().queueLength() > 0, () -> "the entry to queue");
        backend.close();
        held.close();
        assertThat(Await.result(waiter)).isExactlyInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("is closed");
    }

    // ------------------------------------------------------------------ children

    @Test
    void childrenOfAHeldSessionReuseWarmPlanCaches() throws Exception {
        CpuBackend backend = backends.on("34-35");
        Tensor a = Tensor.random(DType.F64, 5, 8, 8);
        Tensor out = Tensor.zeros(DType.F64, 8, 8);
        try (CpuHeldSession held = backend.openSession()) {
            ChildExecution child = held.withSession(s -> s.childExecution());
            long[] hits = new long[2];
            for (int round = 0; round < 2; round++) {
                int index = round;
                hits[index] = held.withSession(s -> {
                    ChildExecution c = s.childExecution();
                    return Await.result(other.submit(() -> c.withSession(cs -> {
                        cs.dotGeneralInto(a, a, DotGeneralConfig.MATMUL, out);
                        return ((ContractionContext) cs).contractionPlans().stats().hits();
                    })));
                });
            }
            assertThat(hits[1]).as("the second child's plan cache is warm").isGreaterThan(hits[0]);
            String stillOpen = Await.result(other.submit(() -> child.<String>withSession(cs -> "still open")));
            assertThat(stillOpen).isEqualTo("still open");
        }
    }

    @Test
    void aChildHandleOfAnEarlierSessionNeverEntersALaterOne() throws Exception {
        CpuBackend backend = backends.on("36");
        AtomicReference<ChildExecution> stale = new AtomicReference<>();
        backend.withSession(s -> {
            stale.set(s.childExecution());
            return null;
        });
        for (int i = 0; i < 1000; i++) {
            backend.withSession(s -> {
                s.childExecution();
                return null;
            });
        }
        AtomicBoolean ran = new AtomicBoolean();
        backend.withSession(s -> {
            Throwable refused = catchThrowable(() -> CompletableFuture.supplyAsync(
                    () -> stale.get().withSession(c -> ran.getAndSet(true)), other).join());
            assertThat(refused).hasCauseInstanceOf(SessionEntryException.IncompatibleContext.class);
            return null;
        });
        assertThat(ran).isFalse();
        assertThat(ExecutionOwner.currentThreadIsIdle()).isTrue();
    }
}
