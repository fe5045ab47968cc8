package org.ferrite.cpu.internal.admission;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * The process-wide arbiter of execution permits over CPU sets: two permits whose CPU sets overlap are
 * never active together; permits over disjoint sets are.
 *
 * <p><b>Fairness.</b> Waiters are served in FIFO order among overlapping requests: a request is
 * granted only if its CPUs are free <em>and</em> no earlier waiter wants any of them. A request that
 * overlaps no queued waiter and finds its CPUs free is granted at once, even while disjoint waiters
 * queue. {@link #tryAcquire} never barges past an overlapping waiter.
 *
 * <p><b>Interruption.</b> {@link #acquire} consults the interrupt status only when it has to wait:
 * if the status is set on entry to the wait or the thread is interrupted while waiting, the waiter
 * leaves the queue and {@link InterruptedException} is thrown with the status cleared. If the grant
 * and the interrupt race and the grant wins, {@code acquire} returns {@code true} with the interrupt
 * status set. A timeout of zero or less never waits.
 *
 * <p><b>Release</b> may happen on any thread (a leaked session's permit is released by a cleaner).
 *
 * <p>Thread-safe. Lifetime: {@link #process()} lives as long as the class; other instances exist
 * only for tests.
 *
 * <pre>
 * Implementation notes.
 *
 * state (volatile long, CAS): bits 0..62 are CPUs 0..62 held by active permits; bit 63 (QUEUED) is
 * set exactly while the queue is non-empty. The uncontended path for a mask within CPUs 0..62 is one
 * CAS to acquire and one atomic AND to release, no lock: a CAS from a value without QUEUED fails as
 * soon as anyone queues, so the fast path can never barge past a waiter.
 *
 * lock (ReentrantLock) guards the queue (head, tail, size), highHeld (CPUs >= 63 held) and the
 * scratch array; it is held only for bookkeeping, never while anyone waits or works.
 *
 * No lost wake-up: a releaser that saw QUEUED clear did not look at the queue; but a waiter sets
 * QUEUED under the lock and then runs grantLocked() itself, which sees every release that happened
 * before, so it is granted if its CPUs are free.
 *
 * A waiter's status moves WAITING -> GRANTED (by grantLocked, under the lock, CPUs already taken
 * for it) or WAITING -> CANCELLED (by its own thread, under the lock); never both.
 * </pre>
 */
public final class AdmissionArbiter {
    private static final AdmissionArbiter PROCESS = new AdmissionArbiter();

    private static final long QUEUED = 1L << 63;
    private static final long CPU_63 = 1L << 63; // the bit of word 0 that is a CPU in masks
    private static final int WAITING = 0;
    private static final int GRANTED = 1;
    private static final int CANCELLED = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(AdmissionArbiter.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long state;

    private final ReentrantLock lock = new ReentrantLock();
    // Guarded by lock.
    private long[] highHeld = new long[0];
    private Waiter head;
    private Waiter tail;
    private int size;
    private long[] blocked = new long[1];

    /** A new arbiter; production code uses {@link #process()}. */
    public AdmissionArbiter() {
    }

    /** @return the process-wide arbiter every {@code CpuBackend} shares */
    public static AdmissionArbiter process() {
        return PROCESS;
    }

    /** {@link #acquire} result: not admitted (the time elapsed, or no wait was allowed). */
    public static final int NOT_ADMITTED = 0;
    /** {@link #acquire} result: admitted without waiting. */
    public static final int ADMITTED = 1;
    /** {@link #acquire} result: admitted after waiting in the queue. */
    public static final int ADMITTED_AFTER_WAIT = 2;

    /**
     * The uncontended path alone: one CAS if {@code cpus} lies within CPUs 0–62, they are free and
     * nobody is queued; no lock. A false result means only "take the full path".
     *
     * @param cpus the CPU set
     * @return true if the permit was taken
     */
    public boolean tryAcquireFast(CpuMask cpus) {
        if (cpus.isLowOnly()) {
            long current = state;
            long bits = cpus.low();
            return (current & (QUEUED | bits)) == 0 && STATE.compareAndSet(this, current, current | bits);
        }
        return false;
    }

    /**
     * Takes a permit over {@code cpus} if it is free now and no overlapping waiter is queued.
     * Never waits.
     *
     * @param cpus the CPU set
     * @return true if the permit was taken
     */
    public boolean tryAcquire(CpuMask cpus) {
        if (tryAcquireFast(cpus)) {
            return true;
        }
        lock.lock();
        try {
            return !overlapsQueuedLocked(cpus) && takeLocked(cpus);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes a permit over {@code cpus}, waiting FIFO behind overlapping requests for at most
     * {@code timeoutNanos}.
     *
     * @param cpus the CPU set
     * @param timeoutNanos the longest wait; {@link Long#MAX_VALUE} waits without bound; zero or less
     *     never waits
     * @param managed wait through {@link ForkJoinPool#managedBlock} (for a worker of a foreign
     *     {@code ForkJoinPool}, so that its pool can compensate)
     * @return {@link #ADMITTED}, {@link #ADMITTED_AFTER_WAIT}, or {@link #NOT_ADMITTED} if the time
     *     elapsed (at once for a timeout of zero or less)
     * @throws InterruptedException if interrupted on entry to the wait or while waiting; the thread
     *     is no longer queued
     */
    public int acquire(CpuMask cpus, long timeoutNanos, boolean managed) throws InterruptedException {
        if (tryAcquireFast(cpus)) {
            return ADMITTED;
        }
        Waiter waiter;
        lock.lock();
        try {
            if (!overlapsQueuedLocked(cpus) && takeLocked(cpus)) {
                return ADMITTED;
            }
            if (timeoutNanos <= 0) {
                return NOT_ADMITTED;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted before waiting for CPUs " + cpus);
            }
            waiter = new Waiter(Thread.currentThread(), cpus, timeoutNanos);
            enqueueLocked(waiter);
            grantLocked();
        } finally {
            lock.unlock();
        }
        if (waiter.status == GRANTED) {
            return ADMITTED;
        }
        return await(waiter, managed) ? ADMITTED_AFTER_WAIT : NOT_ADMITTED;
    }

    private boolean await(Waiter waiter, boolean managed) throws InterruptedException {
        try {
            if (managed) {
                ForkJoinPool.managedBlock(waiter);
            } else {
                waiter.block();
            }
        } catch (InterruptedException e) {
            if (cancel(waiter)) {
                Thread.currentThread().interrupt();
                return true;
            }
            throw e;
        }
        return waiter.status == GRANTED || cancel(waiter);
    }

    /** @return true if the waiter was granted before it could be cancelled */
    private boolean cancel(Waiter waiter) {
        lock.lock();
        try {
            if (waiter.status == GRANTED) {
                return true;
            }
            waiter.status = CANCELLED;
            unlinkLocked(waiter);
            grantLocked(); // later waiters may have been blocked only by this one
            return false;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Releases a permit taken by {@link #tryAcquire} or {@link #acquire}, from any thread, and admits
     * the waiters it unblocks.
     *
     * @param cpus the permit's CPU set
     */
    public void release(CpuMask cpus) {
        if (cpus.isLowOnly()) {
            long previous = (long) STATE.getAndBitwiseAnd(this, ~cpus.low());
            if ((previous & QUEUED) != 0) {
                lock.lock();
                try {
                    grantLocked();
                } finally {
                    lock.unlock();
                }
            }
            return;
        }
        lock.lock();
        try {
            for (int i = 0; i < highHeld.length; i++) {
                highHeld[i] &= ~highBits(cpus, i);
            }
            STATE.getAndBitwiseAnd(this, ~cpus.low());
            grantLocked();
        } finally {
            lock.unlock();
        }
    }

    /** @return the number of queued waiters (a snapshot, for tests and monitoring) */
    public int queueLength() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    /** @return the queued threads, head first (a snapshot, for tests and monitoring) */
    public List<Thread> queuedThreads() {
        lock.lock();
        try {
            List<Thread> out = new ArrayList<>(size);
            for (Waiter w = head; w != null; w = w.next) {
                out.add(w.thread);
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

    /** @return the CPUs held by active permits (a snapshot, for tests and monitoring) */
    public CpuMask heldCpus() {
        lock.lock();
        try {
            long[] words = Arrays.copyOf(highHeld, Math.max(1, highHeld.length));
            words[0] |= state & ~QUEUED;
            return CpuMask.fromWords(words);
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ under the lock

    private boolean overlapsQueuedLocked(CpuMask cpus) {
        for (Waiter w = head; w != null; w = w.next) {
            if (w.cpus.overlaps(cpus)) {
                return true;
            }
        }
        return false;
    }

    /** Takes the CPUs if all are free; atomically for the low word, under the lock for the rest. */
    private boolean takeLocked(CpuMask cpus) {
        if (!cpus.isLowOnly()) {
            for (int i = 0; i < highHeld.length; i++) {
                if ((highHeld[i] & highBits(cpus, i)) != 0) {
                    return false;
                }
            }
        }
        long bits = cpus.low();
        if (bits != 0) {
            long current;
            do {
                current = state;
                if ((current & bits) != 0) {
                    return false;
                }
            } while (!STATE.compareAndSet(this, current, current | bits));
        }
        if (!cpus.isLowOnly()) {
            if (highHeld.length < cpus.wordCount()) {
                highHeld = Arrays.copyOf(highHeld, cpus.wordCount());
            }
            for (int i = 0; i < cpus.wordCount(); i++) {
                highHeld[i] |= highBits(cpus, i);
            }
        }
        return true;
    }

    private static long highBits(CpuMask cpus, int word) {
        long w = cpus.word(word);
        return word == 0 ? w & CPU_63 : w;
    }

    private void enqueueLocked(Waiter waiter) {
        if (tail == null) {
            head = waiter;
        } else {
            tail.next = waiter;
            waiter.prev = tail;
        }
        tail = waiter;
        size++;
        STATE.getAndBitwiseOr(this, QUEUED);
    }

    private void unlinkLocked(Waiter waiter) {
        if (waiter.prev == null) {
            head = waiter.next;
        } else {
            waiter.prev.next = waiter.next;
        }
        if (waiter.next == null) {
            tail = waiter.prev;
        } else {
            waiter.next.prev = waiter.prev;
        }
        waiter.prev = null;
        waiter.next = null;
        size--;
    }

    /** Grants, head first, every waiter whose CPUs are free and wanted by no earlier waiter. */
    private void grantLocked() {
        long[] earlier = blocked;
        Arrays.fill(earlier, 0);
        for (Waiter w = head; w != null;) {
            Waiter next = w.next;
            if (!overlaps(earlier, w.cpus) && takeLocked(w.cpus)) {
                unlinkLocked(w);
                w.status = GRANTED;
                LockSupport.unpark(w.thread);
            } else {
                earlier = addTo(earlier, w.cpus);
            }
            w = next;
        }
        blocked = earlier;
        if (head == null) {
            STATE.getAndBitwiseAnd(this, ~QUEUED);
        }
    }

    private static boolean overlaps(long[] words, CpuMask cpus) {
        int n = Math.min(words.length, cpus.wordCount());
        for (int i = 0; i < n; i++) {
            if ((words[i] & cpus.word(i)) != 0) {
                return true;
            }
        }
        return false;
    }

    private static long[] addTo(long[] words, CpuMask cpus) {
        long[] out = words.length >= cpus.wordCount() ? words : Arrays.copyOf(words, cpus.wordCount());
        for (int i = 0; i < cpus.wordCount(); i++) {
            out[i] |= cpus.word(i);
        }
        return out;
    }

    /** A queued request; its own thread parks on it. */
    private static final class Waiter implements ForkJoinPool.ManagedBlocker {
        final Thread thread;
        final CpuMask cpus;
        final boolean timed;
        final long deadline;
        volatile int status = WAITING;
        // Guarded by the arbiter's lock.
        Waiter prev;
        Waiter next;

        Waiter(Thread thread, CpuMask cpus, long timeoutNanos) {
            this.thread = thread;
            this.cpus = cpus;
            // Beyond ~146 years a wait is unbounded in practice (and nanoTime would overflow).
            this.timed = timeoutNanos < Long.MAX_VALUE / 2;
            this.deadline = timed ? System.nanoTime() + timeoutNanos : 0;
        }

        @Override
        public boolean isReleasable() {
            return status != WAITING || (timed && deadline - System.nanoTime() <= 0);
        }

        @Override
        public boolean block() throws InterruptedException {
            while (status == WAITING) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("interrupted while waiting for CPUs " + cpus);
                }
                if (timed) {
                    long remaining = deadline - System.nanoTime();
                    if (remaining <= 0) {
                        return true;
                    }
                    LockSupport.parkNanos(this, remaining);
                } else {
                    LockSupport.park(this);
                }
            }
            return true;
        }
    }
}
