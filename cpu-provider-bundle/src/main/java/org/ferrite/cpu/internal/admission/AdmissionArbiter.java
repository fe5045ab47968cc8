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
 * never active together; permits over disjoint sets are. Its state, queue included, is shared by every
 * copy of the CPU provider in the process ({@link SharedAdmissionState}), so an updated bundle's new
 * revision never admits on CPUs that a session of the old revision still holds, and the old revision's
 * release admits the new revision's waiter at once.
 *
 * <p><b>Fairness.</b> Waiters are served in FIFO order among overlapping requests, across all copies: a
 * request is granted only if its CPUs are free <em>and</em> no earlier waiter wants any of them. A
 * request that overlaps no queued waiter and finds its CPUs free is granted at once, even while
 * disjoint waiters queue. {@link #tryAcquire} never barges past an overlapping waiter.
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
 * <p><b>Long waits.</b> A waiter may be given a notice, run once on its own thread, outside every
 * critical section, when it has waited a given time; it then keeps waiting in its place.
 *
 * <p><b>Release</b> may happen on any thread (a leaked session's permit is released by a cleaner).
 *
 * <p>Thread-safe. Lifetime: {@link #process()} lives as long as the class; other instances exist
 * only for tests.
 *
 * <pre>
 * Implementation notes.
 *
 * State: see SharedAdmissionState (JDK types only, so every copy reads the same queue). The state
 * array is the one monitor of every critical section of every copy.
 *
 * The uncontended path for a mask within CPUs 0..62 is one CAS to acquire and one to release, both
 * only while QUEUED is clear; while anyone queues, every change of the word happens inside the
 * monitor, so inside it the word is stable except for CPUs nobody waits for.
 *
 * No lost wake-up, by construction: a waiter links itself and sets QUEUED in one critical section;
 * a release then cannot take the fast path, so it enters the monitor and runs a settle pass, which
 * grants every waiter the release unblocks. A waiter reads its status only inside the monitor, so it
 * cannot see "waiting" after a grant, and the grant's unpark comes before the grant's commit, so it
 * cannot be consumed too early either (LockSupport keeps one permit).
 *
 * A settle pass (release, cancellation, periodic re-check) has three phases: decide (calls allowed,
 * nothing changes; decisions go into each node's MARK slot), wake (unpark every node to be granted),
 * commit (one CAS of the word, then plain writes only: high words, unlinking, statuses).
 *
 * StackOverflowError discipline: such an error is thrown only where a method is called. Every state
 * change has one commit (a CAS that either happened or not, or the first of a run of plain writes)
 * and everything after it is call-free, written out inline. So an error leaves the state as before
 * the operation, or as after it.
 *
 * Why a periodic re-check remains (waiters park at most recheckNanos, then run a settle pass and the
 * session layer's rescue hook): it is needed only after a StackOverflowError. (1) A release that an
 * error cut short is left undone, and the session layer keeps it as stranded; the next entry of that
 * copy completes it, but if no entry comes the waiters behind it would wait for ever: the hook lets
 * a waiter complete it. (2) A waiter that an error cut short leaves the queue without a settle pass
 * (that could fail again and leave a dead node blocking others for ever); waiters it blocked are
 * granted by the next settle pass — the next release or cancellation, or their own re-check.
 * Without an error the re-check never grants anything: STATS counts the grants it made, and tests
 * assert the count stays zero.
 *
 * Why a monitor and no ReentrantLock: lock() of ReentrantLock can throw a delayed StackOverflowError
 * after it acquired the lock (its reserved-stack critical section ends with the throw), before the
 * caller's try block — the lock then stays held for ever. A synchronized block's monitor is released
 * by the exception table on any throw, and monitorenter/monitorexit call no Java method.
 * </pre>
 */
public final class AdmissionArbiter {
    /** The longest a waiter of the process-wide arbiter parks before it re-checks (see the notes). */
    public static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** {@link #acquire} result: not admitted (the time elapsed, or no wait was allowed). */
    public static final int NOT_ADMITTED = 0;
    /** {@link #acquire} result: admitted without waiting. */
    public static final int ADMITTED = 1;
    /** {@link #acquire} result: admitted after waiting in the queue. */
    public static final int ADMITTED_AFTER_WAIT = 2;

    private static final AdmissionArbiter PROCESS = new AdmissionArbiter(SharedAdmissionState.processWide(),
            RECHECK_NANOS);
    private static final long QUEUED = SharedAdmissionState.QUEUED;
    private static final Boolean GRANTED = SharedAdmissionState.GRANTED;
    private static final Boolean CANCELLED = SharedAdmissionState.CANCELLED;
    private static final int PREV = SharedAdmissionState.PREV;
    private static final int NEXT = SharedAdmissionState.NEXT;
    private static final int STATUS = SharedAdmissionState.STATUS;
    private static final int HEAD = SharedAdmissionState.HEAD;
    private static final int TAIL = SharedAdmissionState.TAIL;

    private final SharedAdmissionState shared;
    private final Object[] state;
    private final AtomicLong word;
    private final long[] high;
    private final long[] stats;
    private final long recheckNanos;

    /**
     * A new arbiter with state of its own and no periodic re-check (production code uses
     * {@link #process()}): a test that passes with it does not depend on the re-check.
     */
    public AdmissionArbiter() {
        this(SharedAdmissionState.local(), Long.MAX_VALUE);
    }

    AdmissionArbiter(SharedAdmissionState shared, long recheckNanos) {
        this.shared = shared;
        this.state = shared.array();
        this.word = (AtomicLong) state[SharedAdmissionState.WORD];
        this.high = (long[]) state[SharedAdmissionState.HIGH];
        this.stats = (long[]) state[SharedAdmissionState.STATS];
        this.recheckNanos = recheckNanos;
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
        synchronized (state) {
            return shared.takeOrEnqueueLocked(cpus, null);
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
     * @param recheck run at each periodic re-check while waiting (the session layer completes releases
     *     that a stack overflow cut short); may be {@code null}
     * @return {@link #ADMITTED}, {@link #ADMITTED_AFTER_WAIT}, or {@link #NOT_ADMITTED} if the time
     *     elapsed (at once for a timeout of zero or less)
     * @throws InterruptedException if interrupted on entry to the wait or while waiting; the thread
     *     is no longer queued
     */
    public int acquire(CpuMask cpus, long timeoutNanos, boolean managed, Runnable recheck)
            throws InterruptedException {
        return acquire(cpus, timeoutNanos, managed, recheck, Long.MAX_VALUE, null);
    }

    /**
     * {@link #acquire(CpuMask, long, boolean, Runnable)} that also runs {@code notice} once, on the waiting
     * thread and outside every critical section, when the wait has lasted {@code noticeNanos} (the session
     * layer logs who holds the CPUs). The wait goes on afterwards, in its place in the queue.
     *
     * @param cpus the CPU set
     * @param timeoutNanos the longest wait; {@link Long#MAX_VALUE} waits without bound; zero or less
     *     never waits
     * @param managed wait through {@link ForkJoinPool#managedBlock}
     * @param recheck run at each periodic re-check while waiting; may be {@code null}
     * @param noticeNanos how long a wait lasts before {@code notice} runs
     * @param notice run once after {@code noticeNanos} of waiting; may be {@code null}; what it throws
     *     ends the wait as any failure of the waiting thread does (it leaves the queue)
     * @return {@link #ADMITTED}, {@link #ADMITTED_AFTER_WAIT}, or {@link #NOT_ADMITTED} if the time
     *     elapsed (at once for a timeout of zero or less)
     * @throws InterruptedException if interrupted on entry to the wait or while waiting; the thread
     *     is no longer queued
     */
    public int acquire(CpuMask cpus, long timeoutNanos, boolean managed, Runnable recheck, long noticeNanos,
            Runnable notice) throws InterruptedException {
        if (tryAcquire(cpus)) {
            return ADMITTED;
        }
        if (timeoutNanos <= 0) {
            return NOT_ADMITTED;
        }
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted before waiting for CPUs " + cpus);
        }
        Object[] node = new Object[SharedAdmissionState.NODE_SLOTS];
        node[SharedAdmissionState.THREAD] = Thread.currentThread();
        node[SharedAdmissionState.CPUS] = cpus.toWords();
        Waiter waiter = new Waiter(node, cpus, timeoutNanos, recheck, noticeNanos, notice);
        boolean queued = false;
        try {
            synchronized (state) {
                if (shared.takeOrEnqueueLocked(cpus, node)) {
                    return ADMITTED; // freed in the meantime
                }
                queued = true;
            }
            return await(waiter, managed) ? ADMITTED_AFTER_WAIT : NOT_ADMITTED;
        } catch (Throwable t) {
            if (!queued || t instanceof InterruptedException) {
                throw t;
            }
            // Cut short by an error (a StackOverflowError): leave the queue without a call (see notes).
            synchronized (state) {
                if (node[STATUS] == null) {
                    Object[] prev = (Object[]) node[PREV];
                    Object[] next = (Object[]) node[NEXT];
                    if (prev == null) {
                        state[HEAD] = next;
                    } else {
                        prev[NEXT] = next;
                    }
                    if (next == null) {
                        state[TAIL] = prev;
                    } else {
                        next[PREV] = prev;
                    }
                    node[PREV] = null;
                    node[NEXT] = null;
                    node[STATUS] = CANCELLED;
                }
                if (node[STATUS] == GRANTED) {
                    return ADMITTED_AFTER_WAIT; // the grant stands: the caller holds the permit
                }
            }
            throw t;
        }
    }

    /**
     * {@link #acquire(CpuMask, long, boolean, Runnable)} without a re-check hook.
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

    private boolean await(Waiter waiter, boolean managed) throws InterruptedException {
        try {
            if (managed) {
                ForkJoinPool.managedBlock(waiter);
            } else {
                waiter.block();
            }
        } catch (InterruptedException e) {
            if (cancel(waiter.node)) {
                Thread.currentThread().interrupt();
                return true;
            }
            throw e;
        }
        return cancel(waiter.node); // elapsed, unless granted in the meantime
    }

    /** @return true if the node was granted before it could be cancelled */
    private boolean cancel(Object[] node) {
        synchronized (state) {
            if (node[STATUS] == null) {
                shared.settleLocked(null, node); // later waiters may have been blocked only by this one
            }
            return node[STATUS] == GRANTED;
        }
    }

    /**
     * Releases a permit taken by {@link #tryAcquire} or {@link #acquire}, from any thread, and admits
     * the waiters it unblocks. Failure-atomic: if this throws, the permit was not released and nobody
     * was admitted.
     *
     * @param cpus the permit's CPU set
     */
    public void release(CpuMask cpus) {
        if (cpus.isLowOnly()) {
            long bits = cpus.low();
            for (;;) {
                long current = word.get();
                if ((current & QUEUED) != 0) {
                    break;
                }
                if (word.compareAndSet(current, current & ~bits)) {
                    return;
                }
            }
        }
        synchronized (state) {
            shared.settleLocked(cpus, null);
        }
    }

    /** @return the number of queued waiters of every copy (a snapshot, for tests and monitoring) */
    public int queueLength() {
        synchronized (state) {
            int n = 0;
            for (Object[] node = (Object[]) state[HEAD]; node != null; node = (Object[]) node[NEXT]) {
                n++;
            }
            return n;
        }
    }

    /** @return the queued threads of every copy, head first (a snapshot, for tests and monitoring) */
    public List<Thread> queuedThreads() {
        synchronized (state) {
            List<Thread> out = new ArrayList<>();
            for (Object[] node = (Object[]) state[HEAD]; node != null; node = (Object[]) node[NEXT]) {
                out.add((Thread) node[SharedAdmissionState.THREAD]);
            }
            return out;
        }
    }

    /** @return the CPUs held by active permits (a snapshot, for tests and monitoring) */
    public CpuMask heldCpus() {
        synchronized (state) {
            long[] words = high.clone();
            words[0] |= word.get() & ~QUEUED;
            return CpuMask.fromWords(words);
        }
    }

    /**
     * @return how many waiters a periodic re-check has granted (zero unless a stack overflow cut a
     *     release or a waiter short; a snapshot, for tests and monitoring)
     */
    public long grantsByRecheck() {
        synchronized (state) {
            return stats[0];
        }
    }

    /** A periodic re-check of a waiter (see the notes): the rescue hook, then a settle pass. */
    private void recheck(Object[] node, Runnable hook) {
        if (hook != null) {
            hook.run();
        }
        synchronized (state) {
            if (node[STATUS] == null) {
                stats[0] += shared.settleLocked(null, null);
            }
        }
    }

    private boolean isDecided(Object[] node) {
        synchronized (state) {
            return node[STATUS] != null;
        }
    }

    /** A queued request of this copy; its own thread parks on it. Confined to that thread. */
    private final class Waiter implements ForkJoinPool.ManagedBlocker {
        final Object[] node;
        final CpuMask cpus;
        final Runnable hook;
        final boolean timed;
        final long deadline;
        /** Run once when the wait reaches noticeAt; null once run (or if none). */
        Runnable notice;
        final long noticeAt;

        Waiter(Object[] node, CpuMask cpus, long timeoutNanos, Runnable hook, long noticeNanos, Runnable notice) {
            this.node = node;
            this.cpus = cpus;
            this.hook = hook;
            // Beyond ~146 years a wait is unbounded in practice (and nanoTime would overflow).
            this.timed = timeoutNanos < Long.MAX_VALUE / 2;
            long now = System.nanoTime();
            this.deadline = timed ? now + timeoutNanos : 0;
            this.notice = noticeNanos < Long.MAX_VALUE / 2 ? notice : null;
            this.noticeAt = now + Math.max(0, Math.min(noticeNanos, Long.MAX_VALUE / 2));
        }

        @Override
        public boolean isReleasable() {
            return node[STATUS] != null || (timed && deadline - System.nanoTime() <= 0); // a hint; block() decides
        }

        @Override
        public boolean block() throws InterruptedException {
            boolean rechecks = recheckNanos < Long.MAX_VALUE / 2;
            long nextRecheck = rechecks ? System.nanoTime() + recheckNanos : 0;
            while (!isDecided(node)) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("interrupted while waiting for CPUs " + cpus);
                }
                long now = System.nanoTime();
                long park = Long.MAX_VALUE;
                if (timed) {
                    park = deadline - now;
                    if (park <= 0) {
                        return true;
                    }
                }
                if (notice != null) {
                    if (noticeAt - now <= 0) {
                        Runnable once = notice;
                        notice = null;
                        once.run(); // outside every monitor: the session layer logs here
                        continue;
                    }
                    park = Math.min(park, noticeAt - now);
                }
                if (rechecks) {
                    if (nextRecheck - now <= 0) {
                        recheck(node, hook);
                        nextRecheck = now + recheckNanos;
                        continue;
                    }
                    park = Math.min(park, nextRecheck - now);
                }
                if (park == Long.MAX_VALUE) {
                    LockSupport.park(this);
                } else {
                    LockSupport.parkNanos(this, park);
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return "admission waiter for CPUs " + cpus;
        }
    }
}
