package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.HeldSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Admission survives a {@link StackOverflowError} raised inside entry and exit code: recursive user
 * code that catches the error and carries on enters and leaves sessions at every stack depth near the
 * limit, so the error strikes every call of the entry and release paths. Afterwards no permit, lock,
 * resource or owner mark is left behind, and {@code tryOpenSession} on another thread never waits.
 */
class StackExhaustionTest {
    private final TestBackends backends = new TestBackends();
    private final ExecutorService other = Executors.newSingleThreadExecutor();

    @AfterEach
    void closeAll() {
        other.shutdownNow();
        backends.close();
    }

    @Test
    void admissionSurvivesStackOverflowAroundEntryAndExit() throws Exception {
        CpuBackend backend = backends.add(backends.builder("50-51").threads(1).build());
        Tensor x = Tensor.of(new double[] {1, 2}, 2);
        // first at a shallow depth: links the dive's lambda call sites and initialises every class on its
        // paths with stack to spare (an overflow inside a JDK class's static initialiser would poison
        // that class for the whole JVM — a hazard of the JDK, not of Ferrite's entry and exit)
        dive(backend, x, false);
        for (int round = 0; round < 30; round++) {
            int index = round;
            Thread diver = new Thread(null, () -> dive(backend, x, true), "diver-" + index, 256 << 10);
            diver.start();
            // the diver may wait in openSession for a session of its own whose close() overflowed before
            // the release was even recorded: the cleaner releases it once the collector finds its handle
            // unreachable, so collect while waiting (the waiting thread allocates nothing to cause it)
            Await.until(() -> {
                try {
                    diver.join(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted while joining " + diver.getName(), e);
                }
                System.gc();
                return !diver.isAlive();
            }, () -> diver.getName() + " did not finish; stack: " + java.util.Arrays.toString(diver.getStackTrace()));
            // nothing stays held after the thread left: another thread's tryOpenSession never waits, and is
            // admitted once a session whose close() call itself overflowed is released by the cleaner
            Await.until(() -> {
                System.gc();
                long start = System.nanoTime();
                Optional<HeldSession> probe = Await.result(other.submit(backend::tryOpenSession));
                assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(2_000);
                probe.ifPresent(held -> Await.result(other.submit(() -> {
                    held.close();
                    return null;
                })));
                return probe.isPresent();
            }, () -> "a permit or the arbiter's monitor was left held after a stack overflow");
        }
        assertThat(TestBackends.arbiter().heldCpus().overlaps(CpuMask.range(50, 51))).isFalse();
        assertThat(backend.withSession(s -> s.add(x, x)).f64Data()).containsExactly(2, 4);
        assertThat(backend.bufferPoolStats()).isNotNull(); // the resources are back in their slot
        assertThat(ExecutionOwner.currentThreadIsIdle()).isTrue();
    }

    /**
     * Recurses until the stack overflows (if {@code deeper}), then enters and leaves sessions at every
     * depth on the way up.
     */
    private static void dive(CpuBackend backend, Tensor x, boolean deeper) {
        if (deeper) {
            try {
                dive(backend, x, true);
            } catch (StackOverflowError expected) {
                // carry on one frame up, with a little more stack
            }
        }
        try {
            backend.withSession(s -> s.add(x, x));
        } catch (StackOverflowError expected) {
            // cut somewhere in entry, callback or exit
        }
        try (CpuHeldSession held = backend.openSession()) {
            held.withSession(s -> s.zeros(DType.F64, 2));
        } catch (StackOverflowError expected) {
            // cut somewhere in open, callback or close
        }
    }
}
