package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ferrite.cpu.PhaseFixtures.await;
import static org.ferrite.cpu.PhaseFixtures.awaitCancelled;
import static org.ferrite.cpu.PhaseFixtures.poolOf;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.DoubleAdder;
import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.internal.worker.CpuWorkerThread;
import org.ferrite.cpu.testing.Await;
import org.ferrite.testkit.oracle.SeededCases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract points of {@link CpuPhase} and {@link CpuHeldSession#phase}: lanes, join, cancellation,
 * the reported failure, recovery and results (admission and misuse: {@link CpuPhaseAdmissionTest}).
 */
class CpuPhaseTest {
    private final TestBackends backends = new TestBackends();

    @AfterEach
    void closeAll() {
        backends.close();
    }

    private CpuBackend backend(String cpus, int threads) {
        return backends.add(backends.builder(cpus).threads(threads).build());
    }

    // ------------------------------------------------------------------ the runnable example

    @Test
    void heldSessionDoublesThenPhaseDrainsQueueExactlyOnce() {
        CpuBackend backend = backend("40-41", 2);
        Tensor x = Tensor.of(new double[] {1, 2, 3, 4}, 4);
        Tensor unit = Tensor.of(new double[] {1, 1, 2, 3}, 4); // one work unit sums to 7
        AtomicInteger queue = new AtomicInteger(8);
        AtomicInteger unitsRun = new AtomicInteger();
        List<Double> partials = new CopyOnWriteArrayList<>();
        DoubleAdder total = new DoubleAdder();
        try (CpuHeldSession held = backend.openSession()) {
            for (int i = 0; i < 4; i++) {
                held.withSession(s -> {
                    s.addInto(x, x, x);
                    return null;
                });
            }
            assertThat(x.f64Data()).containsExactly(16, 32, 48, 64);
            int lanes = held.phase(phase -> {
                phase.run((index, lane) -> {
                    double partial = 0;
                    while (!lane.cancelled() && queue.getAndDecrement() > 0) {
                        partial += lane.session().sumAll(unit).f64Data()[0];
                        unitsRun.incrementAndGet();
                    }
                    partials.add(partial);
                    total.add(partial);
                });
                return phase.lanes();
            });
            assertThat(lanes).isEqualTo(2);
        }
        assertThat(partials).hasSize(2); // one per lane
        assertThat(unitsRun).hasValue(8);
        assertThat(total.sum()).isEqualTo(8 * 7.0);
        assertThat(backend.bufferPoolLength()).isZero(); // the root's resources came back
    }

    // ------------------------------------------------------------------ lanes

    @Test
    void everyMultiLaneLaneRunsOnItsOwnWorkerOfTheBackendsPool() {
        CpuBackend backend = backend("40-41", 2);
        Tensor x = Tensor.of(new double[] {3}, 1);
        Map<Integer, Thread> laneThreads = new ConcurrentHashMap<>();
        Map<Integer, Double> results = new ConcurrentHashMap<>();
        CountDownLatch bothInside = new CountDownLatch(2);
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                assertThat(phase.lanes()).isEqualTo(2);
                phase.run((index, lane) -> {
                    laneThreads.put(index, Thread.currentThread());
                    bothInside.countDown();
                    await(bothInside); // the lanes run at once
                    results.put(index, lane.session().add(x, x).f64Data()[0]);
                });
                return null;
            });
        }
        assertThat(results).containsOnly(Map.entry(0, 6.0), Map.entry(1, 6.0));
        Thread[] workers = poolOf(backend).threads();
        assertThat(laneThreads).containsOnly(Map.entry(0, workers[0]), Map.entry(1, workers[1]));
        assertThat(laneThreads.values()).allSatisfy(t -> assertThat(t).isInstanceOf(CpuWorkerThread.class)
                .isNotSameAs(Thread.currentThread()));
    }

    @Test
    void theBudgetOneLaneRunsInlineOnTheCallerWithoutAPoolOrASecondAdmission() {
        CpuBackend backend = backend("40", 1);
        Tensor x = Tensor.of(new double[] {4}, 1);
        AtomicInteger calls = new AtomicInteger();
        SessionCounters before = backend.sessionCounters();
        Thread caller = Thread.currentThread();
        try (CpuHeldSession held = backend.openSession()) {
            BackendSession root = held.withSession(s -> s);
            held.phase(phase -> {
                assertThat(phase.lanes()).isEqualTo(1);
                phase.run((index, lane) -> {
                    calls.incrementAndGet();
                    assertThat(index).isZero();
                    assertThat(Thread.currentThread()).isSameAs(caller);
                    assertThat(lane.session()).isNotSameAs(root); // private scratch
                    assertThat(lane.session().add(x, x).f64Data()).containsExactly(8);
                });
                return null;
            });
        }
        assertThat(calls).hasValue(1);
        assertThat(backend.engine().workerPoolIfStarted()).isNull();
        SessionCounters after = backend.sessionCounters();
        assertThat(after.heldOpened() - before.heldOpened()).isEqualTo(1);
        assertThat(after.scopedEntries()).isEqualTo(before.scopedEntries());
        assertThat(after.waits()).isEqualTo(before.waits());
        assertThat(after.childEntries() - before.childEntries()).isEqualTo(1);
        assertThat(backend.bufferPoolLength()).isZero();
    }

    @Test
    void aLaneKeepsOneSessionWithPrivateScratchAcrossItsWorkItems() {
        CpuBackend backend = backend("40-41", 2);
        Map<Integer, Object> storages = new ConcurrentHashMap<>();
        Map<Integer, BackendSession> sessions = new ConcurrentHashMap<>();
        CountDownLatch bothInside = new CountDownLatch(2);
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                phase.run((index, lane) -> {
                    bothInside.countDown();
                    await(bothInside);
                    BackendSession s = lane.session();
                    Object first = null;
                    for (int item = 0; item < 5; item++) {
                        assertThat(lane.session()).isSameAs(s);
                        Tensor scratch = s.allocate(DType.F64, 256);
                        if (first == null) {
                            first = scratch.storage();
                        } else {
                            assertThat(scratch.storage()).isSameAs(first); // reused from the lane's pool
                        }
                        s.reclaim(scratch);
                    }
                    storages.put(index, first);
                    sessions.put(index, s);
                });
                return null;
            });
        }
        assertThat(storages.get(0)).isNotSameAs(storages.get(1));
        assertThat(sessions.get(0)).isNotSameAs(sessions.get(1));
        assertThat(backend.bufferPoolLength()).isZero(); // lane scratch never reaches the root's pool
    }

    @Test
    void moreLanesThanWorkItemsLeavesTheExtraLanesIdle() {
        CpuBackend backend = backend("40-43", 4);
        AtomicIntegerArray runs = new AtomicIntegerArray(2);
        AtomicInteger next = new AtomicInteger();
        AtomicInteger lanesCalled = new AtomicInteger();
        List<Integer> idleLanes = new CopyOnWriteArrayList<>();
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                assertThat(phase.lanes()).isEqualTo(4);
                phase.run((index, lane) -> {
                    lanesCalled.incrementAndGet();
                    boolean worked = false;
                    for (int unit = next.getAndIncrement(); unit < 2; unit = next.getAndIncrement()) {
                        lane.session().add(Tensor.scalar(unit), Tensor.scalar(1));
                        runs.incrementAndGet(unit);
                        worked = true;
                    }
                    if (!worked) {
                        idleLanes.add(index);
                    }
                });
                return null;
            });
        }
        assertThat(lanesCalled).hasValue(4);
        assertThat(runs.get(0)).isEqualTo(1);
        assertThat(runs.get(1)).isEqualTo(1);
        assertThat(idleLanes).hasSizeGreaterThanOrEqualTo(2);
    }

    @ParameterizedTest(name = "threads = {0}")
    @ValueSource(ints = {1, 2})
    void anEmptyQueueRunsEveryLaneOnceAndReturns(int threads) {
        CpuBackend backend = backend(threads == 1 ? "40" : "40-41", threads);
        AtomicInteger queue = new AtomicInteger(0);
        AtomicInteger lanesCalled = new AtomicInteger();
        AtomicInteger unitsRun = new AtomicInteger();
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                phase.run((index, lane) -> {
                    lanesCalled.incrementAndGet();
                    while (queue.getAndDecrement() > 0) {
                        unitsRun.incrementAndGet();
                    }
                });
                return null;
            });
        }
        assertThat(lanesCalled).hasValue(threads);
        assertThat(unitsRun).hasValue(0);
    }

    @Test
    void skewedWorkIsDrainedExactlyOnceWhileOneLaneIsStuckOnALongUnit() {
        CpuBackend backend = backend("40-41", 2);
        int units = 40;
        Tensor big = Tensor.random(DType.F64, 7, 4096);
        Tensor small = Tensor.random(DType.F64, 8, 3);
        double bigSum = backend.withSession(s -> s.sumAll(big)).f64Data()[0];
        double smallSum = backend.withSession(s -> s.sumAll(small)).f64Data()[0];
        AtomicInteger next = new AtomicInteger();
        AtomicIntegerArray runs = new AtomicIntegerArray(units);
        double[] results = new double[units];
        CountDownLatch othersDone = new CountDownLatch(units - 1);
        Map<Integer, Integer> unitsPerLane = new ConcurrentHashMap<>();
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                phase.run((index, lane) -> {
                    int taken = 0;
                    for (int unit = next.getAndIncrement(); unit < units; unit = next.getAndIncrement()) {
                        taken++;
                        runs.incrementAndGet(unit);
                        if (unit == 0) { // the long unit: done only after every other unit
                            await(othersDone);
                            results[unit] = lane.session().sumAll(big).f64Data()[0];
                        } else {
                            results[unit] = lane.session().sumAll(small).f64Data()[0];
                            othersDone.countDown();
                        }
                    }
                    unitsPerLane.put(index, taken);
                });
                return null;
            });
        }
        for (int unit = 0; unit < units; unit++) {
            assertThat(runs.get(unit)).as("runs of unit %d", unit).isEqualTo(1);
            assertThat(results[unit]).isEqualTo(unit == 0 ? bigSum : smallSum);
        }
        assertThat(unitsPerLane.values()).containsExactlyInAnyOrder(1, units - 1);
    }

    // ------------------------------------------------------------------ join, cancellation, errors

    @Test
    void aLaneErrorCancelsItsStillActivePeersAndIsReportedAfterTheJoin() {
        CpuBackend backend = backend("40-41", 2);
        CountDownLatch bothInside = new CountDownLatch(2);
        AtomicBoolean peerSawCancel = new AtomicBoolean();
        AtomicBoolean peerFinished = new AtomicBoolean();
        IOException laneError = new IOException("lane zero failed");
        try (CpuHeldSession held = backend.openSession()) {
            Throwable failure = held.phase(phase -> catchThrowable(() -> phase.run((index, lane) -> {
                bothInside.countDown();
                await(bothInside);
                if (index == 0) {
                    throw laneError;
                }
                awaitCancelled(lane);
                peerSawCancel.set(true);
                peerFinished.set(true);
            })));
            assertThat(peerFinished).as("the peer finished before run reported").isTrue();
            assertThat(failure).isInstanceOf(PhaseRunException.LaneFailed.class).hasCause(laneError)
                    .hasMessageContaining("lane 0 failed").hasMessageContaining("lane zero failed");
            assertThat(((PhaseRunException) failure).laneIndex()).isZero();
            assertThat(((PhaseRunException) failure).kind()).isEqualTo(ErrorKind.RUNTIME_STATE);
            assertThat(failure.getSuppressed()).isEmpty();
        }
        assertThat(peerSawCancel).isTrue();
    }

    @Test
    void aThrownLaneExceptionIsRethrownUnchangedOnlyAfterTheSurvivingLaneFinished() {
        CpuBackend backend = backend("40-41", 2);
        CountDownLatch bothInside = new CountDownLatch(2);
        AtomicBoolean survivorFinished = new AtomicBoolean();
        IllegalStateException thrown = new IllegalStateException("lane zero threw");
        try (CpuHeldSession held = backend.openSession()) {
            Throwable failure = held.phase(phase -> catchThrowable(() -> phase.run((index, lane) -> {
                bothInside.countDown();
                await(bothInside);
                if (index == 0) {
                    throw thrown;
                }
                awaitCancelled(lane);
                survivorFinished.set(true);
            })));
            assertThat(failure).isSameAs(thrown);
            assertThat(survivorFinished).isTrue();
        }
    }

    @Test
    void aLanesTensorExceptionIsRethrownUnchanged() {
        CpuBackend backend = backend("40-41", 2);
        Tensor a = Tensor.zeros(DType.F64, 2);
        Tensor b = Tensor.zeros(DType.F64, 3);
        try (CpuHeldSession held = backend.openSession()) {
            Throwable failure = held.phase(phase -> catchThrowable(() -> phase.run((index, lane) -> {
                if (index == 1) {
                    lane.session().addInto(a, a, b); // shape mismatch
                }
            })));
            assertThat(failure).isInstanceOf(org.ferrite.api.error.ValidationException.class);
        }
    }

    @Test
    void exactlyOneFailureIsReportedAndTheOthersAreSuppressed() {
        CpuBackend backend = backend("40-43", 4);
        CountDownLatch allInside = new CountDownLatch(4);
        try (CpuHeldSession held = backend.openSession()) {
            Throwable failure = held.phase(phase -> catchThrowable(() -> phase.run((index, lane) -> {
                allInside.countDown();
                await(allInside);
                if (index == 0) {
                    throw new IOException("checked from lane 0");
                }
                if (index == 2 || index == 3) {
                    throw new IllegalArgumentException("unchecked from lane " + index);
                }
            })));
            // an unchecked throw outranks a checked lane error; the lowest such lane wins
            assertThat(failure).isInstanceOf(IllegalArgumentException.class).hasMessage("unchecked from lane 2");
            assertThat(failure.getSuppressed()).hasSize(2);
            assertThat(failure.getSuppressed()[0]).isInstanceOf(PhaseRunException.LaneFailed.class)
                    .hasMessageContaining("checked from lane 0");
            assertThat(failure.getSuppressed()[1]).hasMessage("unchecked from lane 3");
        }
    }

    @ParameterizedTest(name = "threads = {0}")
    @ValueSource(ints = {1, 2})
    void aFailedRunLeavesTheSessionUsableAndAFreshRunOrPhaseStartsUncancelled(int threads) {
        CpuBackend backend = backend(threads == 1 ? "40" : "40-41", threads);
        Tensor x = Tensor.of(new double[] {5}, 1);
        List<Boolean> cancelledAtStart = Collections.synchronizedList(new ArrayList<>());
        try (CpuHeldSession held = backend.openSession()) {
            held.phase(phase -> {
                Throwable failure = catchThrowable(() -> phase.run((index, lane) -> {
                    throw new IOException("lane failed");
                }));
                assertThat(failure).isInstanceOf(PhaseRunException.LaneFailed.class);
                phase.run((index, lane) -> cancelledAtStart.add(lane.cancelled())); // same phase, fresh run
                return null;
            });
            assertThat(held.withSession(s -> s.add(x, x)).f64Data()).containsExactly(10);
            held.phase(phase -> {
                phase.run((index, lane) -> {
                    cancelledAtStart.add(lane.cancelled());
                    assertThat(lane.session().add(x, x).f64Data()).containsExactly(10);
                });
                return null;
            });
        }
        assertThat(cancelledAtStart).hasSize(2 * threads).containsOnly(false);
    }

    @Test
    void aBackendClosedDuringAPhaseLetsItsRunFinishAndRefusesTheNextPhase() {
        CpuBackend backend = backend("40-41", 2);
        AtomicInteger calls = new AtomicInteger();
        CpuHeldSession held = backend.openSession();
        held.phase(phase -> {
            backend.close();
            phase.run((index, lane) -> calls.incrementAndGet()); // the running phase keeps the pool
            return null;
        });
        assertThat(calls).hasValue(2);
        assertThatThrownBy(() -> held.phase(phase -> null)).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("was closed");
        held.close();
        assertThat(backend.engine().workerPoolIfStarted().threads()).allSatisfy(t -> Await.joined(t));
    }

    // ------------------------------------------------------------------ threading

    @Test
    void anInterruptOfTheCallerNeitherEndsTheWaitNorReachesTheLanes() {
        CpuBackend backend = backend("40-41", 2);
        Thread caller = Thread.currentThread();
        List<Boolean> laneInterrupted = new CopyOnWriteArrayList<>();
        try (CpuHeldSession held = backend.openSession()) {
            boolean statusAfterRun = held.phase(phase -> {
                caller.interrupt();
                phase.run((index, lane) -> {
                    org.ferrite.cpu.testing.Await.parked(caller); // the caller waits despite its interrupt
                    laneInterrupted.add(Thread.currentThread().isInterrupted());
                });
                return Thread.interrupted(); // read and clear
            });
            assertThat(statusAfterRun).as("the interrupt status is set again on return").isTrue();
        }
        assertThat(laneInterrupted).containsExactly(false, false);
    }

    // ------------------------------------------------------------------ results

    @Test
    void lanesGiveTheSameResultsAsASingleThreadedSession() {
        SeededCases.forEach(4, this::lanesMatchASingleThreadedSession);
    }

    private void lanesMatchASingleThreadedSession(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        DType[] dtypes = {DType.F64, DType.F32, DType.C128};
        int units = 12;
        Tensor[] a = new Tensor[units];
        Tensor[] b = new Tensor[units];
        for (int u = 0; u < units; u++) {
            long[] shape = new long[rnd.nextInt(1, 4)];
            for (int axis = 0; axis < shape.length; axis++) {
                shape[axis] = rnd.nextInt(0, 7);
            }
            DType dtype = dtypes[rnd.nextInt(dtypes.length)];
            a[u] = Tensor.random(dtype, rnd.nextLong(), shape);
            b[u] = Tensor.random(dtype, rnd.nextLong(), shape);
        }
        CpuBackend single = backend("40", 1);
        Tensor[] expected = new Tensor[units];
        for (int u = 0; u < units; u++) {
            int unit = u;
            expected[u] = single.withSession(s -> compute(s, a[unit], b[unit]));
        }
        for (int threads : new int[] {2, 4}) {
            CpuBackend parallel = backend(threads == 2 ? "44-45" : "48-51", threads);
            Tensor[] actual = new Tensor[units];
            AtomicInteger next = new AtomicInteger();
            try (CpuHeldSession held = parallel.openSession()) {
                held.phase(phase -> {
                    phase.run((index, lane) -> {
                        for (int u = next.getAndIncrement(); u < units; u = next.getAndIncrement()) {
                            actual[u] = compute(lane.session(), a[u], b[u]);
                        }
                    });
                    return null;
                });
            }
            for (int u = 0; u < units; u++) {
                assertThat(Tensor.contentEquals(actual[u], expected[u])).as("unit %d on %d lanes", u, threads)
                        .isTrue();
            }
        }
    }

    /** One work unit: sum over axis 0 of (a + b) * a. */
    private static Tensor compute(BackendSession s, Tensor a, Tensor b) {
        return s.sum(s.mul(s.add(a, b), a), 0);
    }
}
