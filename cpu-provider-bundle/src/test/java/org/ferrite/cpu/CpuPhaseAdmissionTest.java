package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ferrite.cpu.PhaseFixtures.await;
import static org.ferrite.cpu.PhaseFixtures.onNewThread;
import static org.ferrite.cpu.PhaseFixtures.onWorkerOf;
import static org.ferrite.cpu.PhaseFixtures.poolOf;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.worker.CpuWorkerThread;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The admission contract points of {@link CpuHeldSession#phase}: who may drive a phase, what other
 * threads and the lanes themselves get while one runs, and the refusals of misuse.
 */
class CpuPhaseAdmissionTest {
    private final TestBackends backends = new TestBackends();

    @AfterEach
    void closeAll() {
        backends.close();
    }

    private CpuBackend backend(String cpus, int threads) {
        return backends.add(backends.builder(cpus).threads(threads).build());
    }

    // ------------------------------------------------------------------ who may drive a phase

    @Test
    void aPhaseFromAWorkerOfItsOwnTargetPoolIsReenteredBeforeAnyWait() {
        CpuBackend backend = backend("40-41", 2);
        AtomicBoolean driven = new AtomicBoolean();
        Throwable refused = onWorkerOf(backend, () -> {
            try (CpuHeldSession held = backend.openSession()) { // the CPUs are free: admitted at once
                Throwable t = catchThrowable(() -> held.phase(phase -> {
                    driven.set(true);
                    return null;
                }));
                String usable = held.withSession(s -> "still usable");
                assertThat(usable).isEqualTo("still usable");
                return t;
            }
        });
        assertThat(refused).isInstanceOf(SessionEntryException.Reentered.class)
                .hasMessageContaining("is a worker of the pool this phase would run its lanes on");
        assertThat(driven).isFalse();
    }

    @Test
    void aWorkerOfAnotherPoolMayDriveAPhase() {
        CpuBackend backend = backend("40-41", 2);
        CpuBackend other = backend("44-45", 2);
        Map<Integer, Thread> laneThreads = new ConcurrentHashMap<>();
        Thread driver = onWorkerOf(other, () -> {
            try (CpuHeldSession held = backend.openSession()) {
                held.phase(phase -> {
                    phase.run((index, lane) -> laneThreads.put(index, Thread.currentThread()));
                    return null;
                });
            }
            return Thread.currentThread();
        });
        assertThat(driver).isInstanceOf(CpuWorkerThread.class);
        assertThat(((CpuWorkerThread) driver).pool()).isSameAs(poolOf(other));
        Thread[] workers = poolOf(backend).threads();
        assertThat(laneThreads).containsOnly(Map.entry(0, workers[0]), Map.entry(1, workers[1]));
    }

    // ------------------------------------------------------------------ other threads while a phase runs

    @Test
    void whileLanesRunAMustNotWaitOwnerIsContendedAWaitingOneQueuesAndTheLanesComplete() {
        CpuBackend backend = backend("40-41", 2);
        CpuBackend overlapping = backend("41-42", 1);
        CpuBackend foreign = backend("44-45", 2);
        CountDownLatch lanesInside = new CountDownLatch(2);
        AtomicReference<CompletableFuture<Throwable>> probe = new AtomicReference<>();
        AtomicReference<CompletableFuture<String>> waiter = new AtomicReference<>();
        CountDownLatch probed = new CountDownLatch(1);
        AtomicInteger lanesDone = new AtomicInteger();
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                phase.run((index, lane) -> {
                    lanesInside.countDown();
                    if (index == 0) {
                        await(lanesInside); // both lanes are running now
                        // a worker of a foreign Ferrite pool must not wait: refused at once
                        probe.set(onNewThread("probe", () -> onWorkerOf(foreign,
                                () -> catchThrowable(overlapping::openSession))));
                        assertThat(Await.result(probe.get())).isNotNull();
                        // an ordinary thread waits, FIFO
                        waiter.set(onNewThread("waiter", () -> overlapping.withSession(s -> "admitted")));
                        Await.until(() -> TestBackends.arbiter().queueLength() == 1, () -> "the waiter to queue");
                        probed.countDown();
                    } else {
                        await(probed);
                    }
                    assertThat(lane.cancelled()).isFalse();
                    lanesDone.incrementAndGet();
                });
                return null;
            });
            assertThat(lanesDone).hasValue(2);
            assertThat(Await.result(probe.get())).isInstanceOf(SessionEntryException.Contended.class)
                    .hasMessageContaining("must not wait");
            assertThat(waiter.get()).isNotDone(); // the session still holds the CPUs after the phase
        }
        assertThat(Await.result(waiter.get())).isEqualTo("admitted");
    }

    // ------------------------------------------------------------------ the lanes' own entries

    @Test
    void aWorkerLaneIsReenteredOnItsCpuSetAndContendedOnABusyDisjointOne() throws Exception {
        CpuBackend backend = backend("40-41", 2);
        CpuBackend overlapping = backend("41-42", 1);
        CpuBackend disjoint = backend("46", 1);
        Map<String, Throwable> refusals = new ConcurrentHashMap<>();
        AutoCloseable busy = PhaseFixtures.holdOnAnotherThread(disjoint);
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                phase.run((index, lane) -> {
                    if (index == 0) {
                        refusals.put("own", catchThrowable(() -> backend.withSession(s -> null)));
                        refusals.put("overlapping", catchThrowable(overlapping::openSession));
                        refusals.put("held", catchThrowable(() -> held.withSession(s -> null)));
                        refusals.put("disjoint", catchThrowable(() -> disjoint.withSession(s -> null)));
                    }
                });
                return null;
            });
        } finally {
            busy.close();
        }
        assertThat(refusals.get("own")).isInstanceOf(SessionEntryException.Reentered.class)
                .hasMessageContaining("already runs inside a child execution");
        assertThat(refusals.get("overlapping")).isInstanceOf(SessionEntryException.Reentered.class);
        assertThat(refusals.get("held")).isInstanceOf(SessionEntryException.IncompatibleContext.class);
        assertThat(refusals.get("disjoint")).isInstanceOf(SessionEntryException.Contended.class)
                .hasMessageContaining("must not wait");
        // the lanes left their workers clean
        assertThat(onWorkerOf(backend, () -> ExecutionOwner.currentThreadIsIdle()
                && !ExecutionOwner.forbiddenToWait())).isTrue();
    }

    @Test
    void theInlineLaneIsReenteredOnItsCpuSetAndMustNotWaitForAnother() throws Exception {
        CpuBackend backend = backend("40", 1);
        CpuBackend disjoint = backend("46", 1);
        Map<String, Throwable> refusals = new ConcurrentHashMap<>();
        AutoCloseable busy = PhaseFixtures.holdOnAnotherThread(disjoint);
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                phase.run((index, lane) -> {
                    refusals.put("own", catchThrowable(backend::openSession));
                    refusals.put("held", catchThrowable(() -> held.withSession(s -> null)));
                    refusals.put("phase", catchThrowable(() -> held.phase(p -> null)));
                    refusals.put("run", catchThrowable(() -> phase.run((i, l) -> { })));
                    refusals.put("disjoint", catchThrowable(() -> disjoint.withSession(s -> null)));
                });
                return null;
            });
            assertThat(ExecutionOwner.forbiddenToWait()).isFalse(); // the mark ends with the lane
        } finally {
            busy.close();
        }
        assertThat(refusals.get("own")).isInstanceOf(SessionEntryException.Reentered.class);
        assertThat(refusals.get("held")).isInstanceOf(SessionEntryException.Reentered.class)
                .hasMessageContaining("while a phase of this held session runs");
        assertThat(refusals.get("phase")).isInstanceOf(SessionEntryException.Reentered.class);
        assertThat(refusals.get("run")).isInstanceOf(SessionEntryException.Reentered.class)
                .hasMessageContaining("inside a lane of this phase");
        assertThat(refusals.get("disjoint")).isInstanceOf(SessionEntryException.Contended.class)
                .hasMessageContaining("must not wait");
    }

    // ------------------------------------------------------------------ misuse

    @Test
    void theHeldSessionIsParkedWhileItsPhaseRuns() {
        CpuBackend backend = backend("40-41", 2);
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                assertThatThrownBy(() -> held.withSession(s -> null))
                        .isInstanceOf(SessionEntryException.Reentered.class)
                        .hasMessageContaining("parks the session's own execution");
                assertThatThrownBy(held::close).isInstanceOf(RuntimeStateException.class)
                        .hasMessageContaining("after phase returns");
                assertThatThrownBy(() -> held.phase(p -> null)).isInstanceOf(SessionEntryException.Reentered.class);
                return null;
            });
            assertThatThrownBy(() -> held.withSession(s -> held.phase(p -> null)))
                    .isInstanceOf(SessionEntryException.Reentered.class).hasMessageContaining("own callback");
            String usable = held.withSession(s -> "usable");
            assertThat(usable).isEqualTo("usable");
        }
    }

    @Test
    void aPhaseOrLaneUsedOutsideItsLifetimeOrFromTheWrongThreadIsRefused() {
        CpuBackend backend = backend("40-41", 2);
        AtomicReference<PhaseLane> escapedLane = new AtomicReference<>();
        AtomicReference<BackendSession> escapedSession = new AtomicReference<>();
        Map<String, Throwable> refusals = new ConcurrentHashMap<>();
        List<Integer> lanesRun = new CopyOnWriteArrayList<>();
        CpuHeldSession held = backend.openSession();
        CpuPhase escapedPhase = held.phase(phase -> {
            phase.run((index, lane) -> {
                lanesRun.add(index);
                if (index == 0) {
                    escapedLane.set(lane);
                    escapedSession.set(lane.session());
                    refusals.put("run from a worker lane", catchThrowable(() -> phase.run((i, l) -> { })));
                }
            });
            refusals.put("run from another thread", Await.result(onNewThread("stranger",
                    () -> catchThrowable(() -> phase.run((i, l) -> { })))));
            refusals.put("lane from another thread", catchThrowable(() -> escapedLane.get().session()));
            return phase;
        });
        assertThat(lanesRun).containsExactlyInAnyOrder(0, 1);
        for (String misuse : List.of("run from a worker lane", "run from another thread", "lane from another thread")) {
            assertThat(refusals.get(misuse)).as(misuse).isInstanceOf(SessionEntryException.IncompatibleContext.class);
        }
        assertThatThrownBy(() -> escapedPhase.run((i, l) -> { })).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("after the phase(f) call that created it returned");
        assertThatThrownBy(() -> escapedSession.get().zeros(DType.F64, 2)).isInstanceOf(RuntimeStateException.class);
        assertThat(Await.result(onNewThread("stranger", () -> catchThrowable(() -> held.phase(p -> null)))))
                .isInstanceOf(SessionEntryException.IncompatibleContext.class);
        held.close();
        assertThatThrownBy(() -> held.phase(p -> null)).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("closed");

        // on its own thread too, a lane is dead once its function returned (the inline lane shows it)
        CpuBackend single = backend("42", 1);
        try (CpuHeldSession inline = single.openSession()) {
            inline.phase(phase -> {
                phase.run((index, lane) -> escapedLane.set(lane));
                assertThatThrownBy(() -> escapedLane.get().session()).isInstanceOf(RuntimeStateException.class)
                        .hasMessageContaining("has finished");
                return null;
            });
        }
    }
}
