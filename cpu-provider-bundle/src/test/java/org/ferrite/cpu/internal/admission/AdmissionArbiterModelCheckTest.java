package org.ferrite.cpu.internal.admission;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.jetbrains.lincheck.Lincheck;
import org.junit.jupiter.api.Test;

/**
 * Model checking of the admission arbiter with Lincheck: each scenario runs a few threads that
 * acquire (waiting, timed, or trying) and release permits over overlapping and disjoint CPU sets,
 * and Lincheck explores their interleavings — every switch point at a monitor, a CAS, a park or a
 * shared read — looking for a violated assertion, an exception, a deadlock or a thread that never
 * finishes (a lost wake-up shows up as the last). The arbiters are local ones with no periodic
 * re-check, so every waiter must be woken by a grant.
 *
 * <p>Invariants: two permits that share a CPU are never held at once (a per-CPU occupancy count,
 * checked inside each critical section); every thread finishes; afterwards no CPU is held and
 * nothing is queued (a try over every CPU is admitted). Each scenario is bounded by its invocation
 * count (a few seconds in all). The checks avoid the arbiter's monitoring snapshots, whose loops over
 * all 128 mask words Lincheck would take for a livelock.
 */
class AdmissionArbiterModelCheckTest {
    private static final int INVOCATIONS = 300;
    private static final CpuMask EVERY_CPU = CpuMask.of(0, 1, 2, 3, 62, 63, 64);

    @Test
    void overlappingPermitsNeverCoexistAndEveryWaiterIsWoken() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> {
            Scenario s = new Scenario();
            s.run(() -> s.hold(CpuMask.of(0, 1), Long.MAX_VALUE),
                    () -> s.hold(CpuMask.of(1, 2), Long.MAX_VALUE),
                    () -> s.hold(CpuMask.of(2, 3), 0),   // tryAcquire: admitted only if free and nobody queues
                    () -> s.hold(CpuMask.of(0, 3), Long.MAX_VALUE));
        });
    }

    @Test
    void aWaiterIsGrantedOnlyOnceEveryOneOfItsCpusIsFree() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> {
            Scenario s = new Scenario();
            CpuMask first = CpuMask.of(0);
            CpuMask kept = CpuMask.of(1);
            s.check(() -> s.arbiter.tryAcquire(first) && s.arbiter.tryAcquire(kept), "an idle arbiter refused");
            s.occupy(kept);
            // Permits may be released by any thread; Lincheck switches threads only at the main
            // thread's blocking points, so the releases run on a thread of their own.
            s.run(() -> s.hold(CpuMask.of(0, 1), Long.MAX_VALUE), () -> {
                s.arbiter.release(first); // must not grant the wide waiter: CPU 1 is still held
                s.vacate(kept);
                s.arbiter.release(kept);
            });
        });
    }

    @Test
    void aDisjointTryIsAdmittedWhileAnOverlappingWaiterQueues() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> {
            Scenario s = new Scenario();
            CpuMask held = CpuMask.of(0);
            s.check(() -> s.arbiter.tryAcquire(held), "an idle arbiter refused");
            Thread waiter = new Thread(() -> s.hold(CpuMask.of(0, 1), Long.MAX_VALUE));
            waiter.start();
            boolean[] admitted = new boolean[1];
            Thread disjoint = new Thread(() -> admitted[0] = s.hold(CpuMask.of(2), 0));
            disjoint.start();
            s.join(disjoint);
            s.check(() -> admitted[0], "a try on CPUs nobody holds or waits for was refused");
            s.arbiter.release(held);
            s.join(waiter);
            s.checkAfterwards();
        });
    }

    @Test
    void aWaiterWhoseTimeElapsesLeavesAndLaterWaitersAreStillServed() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> {
            Scenario s = new Scenario();
            s.run(() -> s.hold(CpuMask.of(0), Long.MAX_VALUE),
                    () -> s.hold(CpuMask.of(0, 1), TimeUnit.MICROSECONDS.toNanos(1)),
                    () -> s.hold(CpuMask.of(1), Long.MAX_VALUE));
        });
    }

    @Test
    void cpusAbove62FollowTheSameRules() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> {
            Scenario s = new Scenario();
            s.run(() -> s.hold(CpuMask.of(62, 63), Long.MAX_VALUE),
                    () -> s.hold(CpuMask.of(63, 64), Long.MAX_VALUE),
                    () -> s.hold(CpuMask.of(62), 0));
        });
    }

    /** One model-checked run: its threads, the occupancy of each CPU, and the first failure seen. */
    private static final class Scenario {
        final AdmissionArbiter arbiter = new AdmissionArbiter();
        final int[] inside = new int[65];
        final AtomicReference<String> failure = new AtomicReference<>();

        /**
         * Acquires {@code cpus} (waiting up to {@code timeoutNanos}), checks exclusion, releases.
         *
         * @return true if it was admitted
         */
        boolean hold(CpuMask cpus, long timeoutNanos) {
            int outcome;
            try {
                outcome = arbiter.acquire(cpus, timeoutNanos, false);
            } catch (InterruptedException e) {
                failure.compareAndSet(null, "interrupted");
                return false;
            }
            if (outcome == AdmissionArbiter.NOT_ADMITTED) {
                return false;
            }
            occupy(cpus);
            vacate(cpus);
            arbiter.release(cpus);
            return true;
        }

        /** Counts the holder of a permit into its CPUs; a CPU counted twice is a failure. */
        synchronized void occupy(CpuMask cpus) {
            for (int cpu : cpus.toArray()) {
                if (inside[cpu]++ != 0) {
                    failure.compareAndSet(null, "two permits hold CPU " + cpu);
                }
            }
        }

        synchronized void vacate(CpuMask cpus) {
            for (int cpu : cpus.toArray()) {
                inside[cpu]--;
            }
        }

        /** Runs each body on its own thread, joins them all, then checks what must hold afterwards. */
        void run(Runnable... bodies) {
            Thread[] threads = new Thread[bodies.length];
            for (int i = 0; i < bodies.length; i++) {
                threads[i] = new Thread(bodies[i]);
                threads[i].start();
            }
            for (Thread thread : threads) {
                join(thread);
            }
            checkAfterwards();
        }

        void join(Thread thread) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        void checkAfterwards() {
            check(() -> failure.get() == null, failure.get());
            // Nothing left held or queued: a try over every CPU of the scenarios is admitted.
            check(() -> arbiter.tryAcquire(EVERY_CPU), "CPUs left held or waiters left queued");
            arbiter.release(EVERY_CPU);
        }

        void check(java.util.function.BooleanSupplier condition, String what) {
            if (!condition.getAsBoolean()) {
                throw new AssertionError(what);
            }
        }
    }
}
