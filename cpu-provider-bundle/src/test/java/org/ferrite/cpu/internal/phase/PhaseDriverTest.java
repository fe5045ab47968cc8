package org.ferrite.cpu.internal.phase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuDomain;
import org.ferrite.cpu.PhaseRunException;
import org.ferrite.cpu.TestEngines;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.affinity.FakeAffinity;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.internal.session.HeldState;
import org.ferrite.cpu.internal.session.SessionEngine;
import org.ferrite.cpu.internal.worker.CpuWorkerThread;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The driver's session-failure paths, which a real held session cannot be made to take on demand:
 * lanes run on a real engine's pool under a real held session (on a private arbiter), and the lane
 * entry of one chosen lane fails.
 */
class PhaseDriverTest {
    private SessionEngine engine;
    private HeldState held;

    @BeforeEach
    void open() {
        engine = TestEngines.engine(CpuBackend.builder().cpus(CpuDomain.parse("40-41")).threads(2)
                .bufferPoolLimitBytes(1 << 20).indexedPlanCacheLimits(16, 1 << 20).leakDetection(false),
                new AdmissionArbiter(), new FakeAffinity(CpuMask.range(0, 127)));
        held = engine.openHeld("openSession", Long.MAX_VALUE, false, opening -> opening.stateFor(this));
    }

    @AfterEach
    void close() {
        held.closeOnOwner();
        engine.close();
    }

    /** The real entry, except that lane {@code failing} fails to enter once {@code when} is reached. */
    private LaneEntry failingEntry(int failing, CountDownLatch when, RuntimeException failure) {
        LaneEntry real = LaneEntry.of(held);
        return new LaneEntry() {
            @Override
            public long admit() {
                return real.admit();
            }

            @Override
            public void enter(long ticket, SessionFunction<Void> lane) {
                if (((CpuWorkerThread) Thread.currentThread()).index() == failing) {
                    await(when);
                    throw failure;
                }
                real.enter(ticket, lane);
            }
        };
    }

    private PhaseDriver driver(LaneEntry entry) {
        return new PhaseDriver(entry, engine.workerPool(), Thread.currentThread());
    }

    @Test
    void aSessionFailureCancelsPeersStillActiveAndTakesPrecedenceOverALaneError() {
        CountDownLatch laneZeroInside = new CountDownLatch(1);
        SessionEntryException.ResourcePoisoned injected = new SessionEntryException.ResourcePoisoned("phase.lane",
                "injected", null);
        IOException laneError = new IOException("lane zero failed after the cancel");
        AtomicBoolean peerSawCancel = new AtomicBoolean();
        PhaseDriver driver = driver(failingEntry(1, laneZeroInside, injected));
        Throwable failure = catchThrowable(() -> driver.run((index, lane) -> {
            laneZeroInside.countDown();
            Await.until(lane::cancelled, () -> "the session failure to cancel the run");
            peerSawCancel.set(true);
            throw laneError;
        }));
        assertThat(peerSawCancel).isTrue();
        assertThat(failure).isInstanceOf(PhaseRunException.SessionFailed.class).hasCause(injected)
                .hasMessageContaining("session failed in lane 1");
        assertThat(((PhaseRunException) failure).laneIndex()).isEqualTo(1);
        assertThat(failure.getSuppressed()).hasSize(1);
        assertThat(failure.getSuppressed()[0]).isInstanceOf(PhaseRunException.LaneFailed.class)
                .hasCause(laneError);
    }

    @Test
    void aSessionFailureTakesPrecedenceOverAnUncheckedLaneThrow() {
        CountDownLatch laneZeroInside = new CountDownLatch(1);
        SessionEntryException.ResourcePoisoned injected = new SessionEntryException.ResourcePoisoned("phase.lane",
                "injected", null);
        IllegalStateException thrown = new IllegalStateException("lane zero threw");
        PhaseDriver driver = driver(failingEntry(1, laneZeroInside, injected));
        Throwable failure = catchThrowable(() -> driver.run((index, lane) -> {
            laneZeroInside.countDown();
            Await.until(lane::cancelled, () -> "the session failure to cancel the run");
            throw thrown;
        }));
        assertThat(failure).isInstanceOf(PhaseRunException.SessionFailed.class).hasCause(injected);
        assertThat(failure.getSuppressed()).containsExactly(thrown);
    }

    @Test
    void aFailureLeavingTheSessionIsASessionFailureEvenIfTheLaneSucceeded() {
        LaneEntry real = LaneEntry.of(held);
        IllegalStateException cleanup = new IllegalStateException("could not leave");
        AtomicInteger lanesRun = new AtomicInteger();
        AtomicBoolean failOnce = new AtomicBoolean(true);
        PhaseDriver driver = driver(new LaneEntry() {
            @Override
            public long admit() {
                return real.admit();
            }

            @Override
            public void enter(long ticket, SessionFunction<Void> lane) {
                real.enter(ticket, lane);
                if (((CpuWorkerThread) Thread.currentThread()).index() == 0 && failOnce.compareAndSet(true, false)) {
                    throw cleanup;
                }
            }
        });
        CountDownLatch bothInside = new CountDownLatch(2);
        Throwable failure = catchThrowable(() -> driver.run((index, lane) -> {
            bothInside.countDown();
            await(bothInside); // both lanes run before either leaves
            lanesRun.incrementAndGet();
        }));
        assertThat(lanesRun).hasValue(2);
        assertThat(failure).isInstanceOf(PhaseRunException.SessionFailed.class).hasCause(cleanup);
        driver.run((index, lane) -> {
            assertThat(lane.cancelled()).isFalse(); // the next run starts fresh
            lanesRun.incrementAndGet();
        });
        assertThat(lanesRun).hasValue(4);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
