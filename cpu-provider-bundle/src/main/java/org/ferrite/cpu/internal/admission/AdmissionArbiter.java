package org.ferrite.cpu.internal.admission;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * The process-wide arbiter of execution permits over CPU sets: two permits whose CPU sets overlap are
 * never active together; permits over disjoint sets are. Its state is shared by every copy of the CPU
 * provider in the process ({@link SharedAdmissionState}), so an updated bundle's new revision never
 * admits on CPUs that a session of the old revision still holds.
 *
 * <p><b>Fairness.</b> Waiters are served in FIFO order among overlapping requests: a request is
 * granted only if its CPUs are free <em>and</em> no earlier waiter wants any of them. A request that
 * overlaps no queued waiter and finds its CPUs free is granted at once, even while disjoint waiters
 * queue. {@link #tryAcquire} never barges past an overlapping waiter. Across copies of the provider
 * (during a bundle update) exclusion holds, and FIFO holds among the waiters of each copy; a waiter
 * notices CPUs freed by another copy within {@link #RECHECK_NANOS}.
 *
 * <p><b>Interruption.</b> {@link #acquire} consults the interrupt status only when it has to wait:
 * if the status is set on entry to the wait or the thread is interrupted while waiting, the waiter
 * leaves the queue and {@link InterruptedException} is thrown with the status cleared. If the grant
 * and the interrupt race and the grant wins, {@code acquire} returns admitted with the interrupt
 * status set. A timeout of zero or less never waits.
 *
 * <p><b>Failure atomicity.</b> Every operation either happens completely or not at all, even when a
 * {@link StackOverflowError} (or another error) cuts it short: {@link #release} throws only before
 * the permit is released, {@link #tryAcquire} and {@link #acquire} only while no permit is taken and
 * the caller is not queued.
 *
 * <p><b>Release</b> may happen on any thread (a leaked session's permit is released by a cleaner).
 *
 * <p>Thread-safe. Lifetime: {@link #process()} lives as long as the class; other instances exist
 * only for tests.
 *
 * <pre>
 * Implementation notes.
 *
 * Shared state (SharedAdmissionState, JDK types): word (AtomicLong): bits 0..62 are CPUs 0..62 held
 * by active permits, bit 63 (QUEUED) is set while any copy's queue is non-empty; queuedCount (long[1])
 * counts the waiters of all copies; high (long[]) holds CPUs 63 and up. The state array is the monitor
 * of every critical section; queuedCount and high are read and written only inside it. The queue
 * (head, tail, size, scratch) is this copy's own, also guarded by that monitor.
 *
 * The uncontended path for a mask within CPUs 0..62 is one CAS to acquire and one atomic AND to
 * release: a CAS from a value without QUEUED fails as soon as anyone queues, so the fast path never
 * barges past a waiter. No lost wake-up: a waiter sets QUEUED inside the monitor and then runs the
 * grant pass itself, which sees every release that happened before.
 *
 * Why a monitor and no ReentrantLock: lock() of ReentrantLock can throw a delayed StackOverflowError
 * after it acquired the lock (its reserved-stack critical section ends with the throw), before the
 * caller's try block — the lock then stays held for ever. A synchronized block's monitor is released
 * by the exception table on any throw, and monitorenter/monitorexit call no Java method.
 *
 * StackOverflowError discipline: such an error is thrown only where a method is called. Each state
 * change has one commit (the CAS on word, or a plain write inside the monitor), and everything that
 * must go with the commit follows it without any call (written out inline, not in helper methods).
 * Helper calls happen only where the state is consistent. A wake-up or a grant pass cut short is
 * repaired by the waiters themselves: a waiter parks at most RECHECK_NANOS at a time and then runs a
 * grant pass (which also repairs QUEUED from queuedCount).
 *
 * A waiter's status moves WAITING -> GRANTED (by a grant pass, inside the monitor, CPUs already
 * taken for it) or WAITING -> CANCELLED (by its own thread, inside the monitor); never both.
 * </pre>
 */
public final class AdmissionArbiter {
    private static final AdmissionArbiter PROCESS = new AdmissionArbiter(SharedAdmissionState.processWide());

    /** The longest a waiter parks before it checks the state itself. */
    public static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** {@link #acquire} result: not admitted (the time elapsed, or no wait was allowed). */
    public static final int NOT_ADMITTED = 0;
    /** {@link #acquire} result: admitted without waiting. */
    public static final int ADMITTED = 1;
    /** {@link #acquire} result: admitted after waiting in the queue. */
    public static final int ADMITTED_AFTER_WAIT = 2;

    private static final long QUEUED = 1L << 63;
    private static final int WAITING = 0;
    private static final int GRANTED = 1;
    private static final int CANCELLED = 2;

    private final SharedAdmissionState shared;
    private final Object lock;
    private final AtomicLong word;
    private final long[] queuedCount;
    private final long[] high;
    // Guarded by lock.
    private Waiter head;
    private Waiter tail;
    private int size;
    private final long[] earlier = new long[SharedAdmissionState.HIGH_WORDS];

    /** A new arbiter with state of its own; production code uses {@link #process()}. */
    public AdmissionArbiter() {
        this(SharedAdmissionState.local());
    }

    AdmissionArbiter(SharedAdmissionState shared) {
        this.shared = shared;
        Object[] state = shared.array();
        this.lock = state;
        this.word = (AtomicLong) state[SharedAdmissionState.WORD];
        this.queuedCount = (long[]) state[SharedAdmissionState.QUEUED_COUNT];
        this.high = (long[]) state[SharedAdmissionState.HIGH];
    }

    /** @return the process-wide arbiter every {@code CpuBackend} shares */
    public static AdmissionArbiter process() {
        return PROCESS;
    }

    /** @return true if the state is shared by every copy of the provider in the process */
    public boolean isProcessWide() {
        return shared.isProcessWide();
    }

    /**
     * The uncontended path alone: one CAS if {@code cpus} lies within CPUs 0–62, they are free and
     * nobody is queued; no lock. A false result means only "take the full path".
     *
     * @param cpus the CPU set
     * @return true if the permit was taken
     */
    public boolean tryAcquireFast(CpuMask cpus) {
        if (cpus.isLowOnly()) {
            long current = word.get();
            long bits = cpus.low();
            return (current & (QUEUED | bits)) == 0 && word.compareAndSet(current, current | bits);
        }
        return false;
    }

    /**
     * Takes a permit over {@code cpus} if it is free now and no overlapping waiter is queued.
     * Never waits for admission (it takes the monitor only for bookkeeping).
     *
     * @param cpus the CPU set
     * @return true if the permit was taken
     */
    public boolean tryAcquire(CpuMask cpus) {
        if (tryAcquireFast(cpus)) {
            return true;
        }
        synchronized (lock) {
            return !overlapsQueuedLocked(cpus) && takeLocked(cpus);
        }
    }

    /**
     * {@link #acquire(CpuMask, long, boolean, Runnable)} without a recheck hook.
     *
     * @param cpus the CPU set
     * @param timeoutNanos the longest wait
     * @param managed wait through {@link ForkJoinPool#managedBlock}
     * @return the outcome
     * @throws InterruptedException if interrupted while waiting
     */
    public int acquire(CpuMask cpus, long timeoutNanos, boolean managed) throws InterruptedException {
        return acquire(cpus, timeoutNanos, managed, null);
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
     * @param recheck run before each periodic check while waiting (the session layer completes
     *     releases that a stack overflow cut short); may be {@code null}
     * @return {@link #ADMITTED}, {@link #ADMITTED_AFTER_WAIT}, or {@link #NOT_ADMITTED} if the time
     *     elapsed (at once for a timeout of zero or less)
     * @throws InterruptedException if interrupted on entry to the wait or while waiting; the thread
     *     is no longer queued
     */
    public int acquire(CpuMask cpus, long timeoutNanos, boolean managed, Runnable recheck)
            throws InterruptedException {
        if (tryAcquire(cpus)) {
            return ADMITTED;
        }
        if (timeoutNanos <= 0) {
            return NOT_ADMITTED;
        }
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before waiting for CPUs " + cpus);
        }
        Waiter waiter = new Waiter(Thread.currentThread(), cpus, timeoutNanos, this, recheck);
        boolean queued = false;
        try {
            synchronized (lock) {
                setQueued();
                // Inline, call-free: the waiter is linked completely or not at all.
                if (tail == null) {
                    head = waiter;
                } else {
                    tail.next = waiter;
                    waiter.prev = tail;
                }
                tail = waiter;
                size++;
                queuedCount[0]++;
                queued = true;
                grantPassLocked();
            }
            return await(waiter, managed) ? ADMITTED_AFTER_WAIT : NOT_ADMITTED;
        } catch (Throwable t) {
            if (!queued || t instanceof InterruptedException) {
                throw t;
            }
            // Cut short by an error (a StackOverflowError): leave the queue without a call.
            synchronized (lock) {
                if (waiter.status == WAITING) {
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
                    size--;
                    queuedCount[0]--;
                    waiter.status = CANCELLED;
                }
            }
            if (waiter.status == GRANTED) {
                return ADMITTED_AFTER_WAIT; // the grant stands: the caller holds the permit
            }
            throw t;
        }
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
        synchronized (lock) {
            if (waiter.status == GRANTED) {
                return true;
            }
            unlinkLocked(waiter);
            queuedCount[0]--;
            waiter.status = CANCELLED;
            grantPassLocked(); // later waiters may have been blocked only by this one
            return false;
        }
    }

    /**
     * Releases a permit taken by {@link #tryAcquire} or {@link #acquire}, from any thread, and admits
     * the waiters it unblocks. Failure-atomic: if this throws, the permit was not released; once it
     * is released nothing is thrown (a grant pass cut short is repaired by the waiters).
     *
     * @param cpus the permit's CPU set
     */
    public void release(CpuMask cpus) {
        long previous;
        if (cpus.isLowOnly()) {
            long bits = cpus.low();
            do {
                previous = word.get();
            } while (!word.compareAndSet(previous, previous & ~bits)); // the commit
            if ((previous & QUEUED) == 0) {
                return;
            }
            try {
                synchronized (lock) {
                    grantPassLocked();
                }
            } catch (Throwable afterCommit) {
                // Released; the waiters run the grant pass again within RECHECK_NANOS.
            }
            return;
        }
        releaseHigh(cpus);
    }

    private void releaseHigh(CpuMask cpus) {
        synchronized (lock) {
            long bits = cpus.low();
            if (bits != 0) {
                long previous;
                do {
                    previous = word.get();
                } while (!word.compareAndSet(previous, previous & ~bits)); // the commit
            }
            long[] mine = cpus.highWords();
            for (int i = 0; i < mine.length; i++) {
                high[i] &= ~mine[i];
            }
            try {
                grantPassLocked();
            } catch (Throwable afterCommit) {
                // Released; the waiters run the grant pass again within RECHECK_NANOS.
            }
        }
    }

    /** @return the number of queued waiters of this copy (a snapshot, for tests and monitoring) */
    public int queueLength() {
        synchronized (lock) {
            return size;
        }
    }

    /** @return the number of queued waiters of every copy (a snapshot, for tests and monitoring) */
    public long queueLengthOfAllCopies() {
        synchronized (lock) {
            return queuedCount[0];
        }
    }

    /** @return the queued threads of this copy, head first (a snapshot, for tests and monitoring) */
    public List<Thread> queuedThreads() {
        synchronized (lock) {
            List<Thread> out = new ArrayList<>(size);
            for (Waiter w = head; w != null; w = w.next) {
                out.add(w.thread);
            }
            return out;
        }
    }

    /** @return the CPUs held by active permits (a snapshot, for tests and monitoring) */
    public CpuMask heldCpus() {
        synchronized (lock) {
            long[] words = high.clone();
            words[0] |= word.get() & ~QUEUED;
            return CpuMask.fromWords(words);
        }
    }

    // ------------------------------------------------------------------ inside the monitor

    private boolean overlapsQueuedLocked(CpuMask cpus) {
        for (Waiter w = head; w != null; w = w.next) {
            if (w.cpus.overlaps(cpus)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Takes the CPUs if all are free. The commit is the CAS on the word (or, for a mask with no CPU
     * below 63, the writes to high); what follows it calls nothing, and returning is no call either.
     */
    private boolean takeLocked(CpuMask cpus) {
        long[] mine = cpus.highWords();
        for (int i = 0; i < mine.length; i++) {
            if ((high[i] & mine[i]) != 0) {
                return false;
            }
        }
        long bits = cpus.low();
        if (bits != 0) {
            long current;
            do {
                current = word.get();
                if ((current & bits) != 0) {
                    return false;
                }
            } while (!word.compareAndSet(current, current | bits));
        }
        for (int i = 0; i < mine.length; i++) {
            high[i] |= mine[i];
        }
        return true;
    }

    /** Call-free: unlinks a queued waiter (the caller updates the counts and status). */
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
    private void grantPassLocked() {
        long[] blocked = earlier;
        for (int i = 0; i < blocked.length; i++) {
            blocked[i] = 0;
        }
        for (Waiter w = head; w != null;) {
            Waiter next = w.next;
            if (!overlapsWords(blocked, w.cpus) && takeLocked(w.cpus)) {
                // Committed: the rest calls nothing until the waiter is granted.
                if (w.prev == null) {
                    head = w.next;
                } else {
                    w.prev.next = w.next;
                }
                if (w.next == null) {
                    tail = w.prev;
                } else {
                    w.next.prev = w.prev;
                }
                w.prev = null;
                w.next = null;
                size--;
                queuedCount[0]--;
                w.status = GRANTED;
                LockSupport.unpark(w.thread); // a lost wake-up costs the waiter one RECHECK_NANOS
            } else {
                addWords(blocked, w.cpus);
            }
            w = next;
        }
        if (queuedCount[0] == 0) {
            clearQueued();
        } else {
            setQueued();
        }
    }

    private void setQueued() {
        long current;
        do {
            current = word.get();
        } while ((current & QUEUED) == 0 && !word.compareAndSet(current, current | QUEUED));
    }

    private void clearQueued() {
        long current;
        do {
            current = word.get();
        } while ((current & QUEUED) != 0 && !word.compareAndSet(current, current & ~QUEUED));
    }

    private static boolean overlapsWords(long[] words, CpuMask cpus) {
        int n = Math.min(words.length, cpus.wordCount());
        for (int i = 0; i < n; i++) {
            if ((words[i] & cpus.word(i)) != 0) {
                return true;
            }
        }
        return false;
    }

    private static void addWords(long[] words, CpuMask cpus) {
        int n = Math.min(words.length, cpus.wordCount());
        for (int i = 0; i < n; i++) {
            words[i] |= cpus.word(i);
        }
    }

    /** Runs a grant pass for a waiter that woke up by itself (a lost wake-up or a freed CPU elsewhere). */
    private void recheck(Runnable hook) {
        if (hook != null) {
            hook.run();
        }
        synchronized (lock) {
            grantPassLocked();
        }
    }

    /** A queued request; its own thread parks on it. */
    private static final class Waiter implements ForkJoinPool.ManagedBlocker {
        final Thread thread;
        final CpuMask cpus;
        final boolean timed;
        final long deadline;
        final AdmissionArbiter arbiter;
        final Runnable hook;
        volatile int status = WAITING;
        // Guarded by the arbiter's monitor.
        Waiter prev;
        Waiter next;

        Waiter(Thread thread, CpuMask cpus, long timeoutNanos, AdmissionArbiter arbiter, Runnable hook) {
            this.thread = thread;
            this.cpus = cpus;
            this.arbiter = arbiter;
            this.hook = hook;
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
                long slice = RECHECK_NANOS;
                if (timed) {
                    long remaining = deadline - System.nanoTime();
                    if (remaining <= 0) {
                        return true;
                    }
                    slice = Math.min(slice, remaining);
                }
                LockSupport.parkNanos(this, slice);
                if (status == WAITING) {
                    arbiter.recheck(hook);
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return "admission waiter for CPUs " + cpus + " (" + (status == WAITING ? "waiting" : "done") + ")";
        }
    }
}
