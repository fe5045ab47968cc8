package org.ferrite.offheap;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.SessionEntryException;

/**
 * Admission to one off-heap backend, whose execution domain is its device (one stream): one root session
 * at a time, waiters served in FIFO order by a fair semaphore of one permit; a thread already inside a
 * session of the backend (its root, or a child) is refused with {@link SessionEntryException.Reentered}
 * before any blocking step. A non-waiting entry never barges past a queued waiter. A bounded wait gives up
 * with {@link SessionEntryException.Contended}; so does an interrupted wait, with the interrupt status set
 * again (it is consulted only when the entry has to wait). A worker of a {@link ForkJoinPool} waits
 * through {@link ForkJoinPool#managedBlock}, so that its pool can compensate.
 *
 * <p>Thread-safe. Lifetime: the backend's.
 *
 * <pre>
 * Implementation notes.
 * permit: one permit, fair; a root session holds it from admission to release.
 * inside: the threads now inside a session of the backend (a root's owner while its session is open,
 *   every thread running a child callback); consulted for reentry before the permit is touched.
 * </pre>
 */
final class Admission {
    private final Semaphore permit = new Semaphore(1, true);
    private final Set<Thread> inside = ConcurrentHashMap.newKeySet();

    /**
     * @param op the entry, for errors
     * @param nanos the longest wait; {@link Long#MAX_VALUE} waits without bound, 0 or less not at all
     * @param tryOnly true for an entry that returns false instead of waiting
     * @return true once admitted (the caller is marked inside); false only for {@code tryOnly}
     */
    boolean admit(String op, long nanos, boolean tryOnly) {
        Thread thread = Thread.currentThread();
        requireOutside(op, thread);
        if (permit.hasQueuedThreads() || !permit.tryAcquire()) {
            if (tryOnly) {
                return false;
            }
            await(op, thread, nanos);
        }
        inside.add(thread);
        return true;
    }

    private void await(String op, Thread thread, long nanos) {
        if (nanos <= 0) {
            throw new SessionEntryException.Contended(op, "the off-heap backend is busy and the wait bound is zero;"
                    + " retry later, or wait with openSession() or a positive bound", null);
        }
        boolean acquired;
        try {
            if (thread instanceof ForkJoinWorkerThread) {
                PermitWait wait = new PermitWait(permit, nanos);
                ForkJoinPool.managedBlock(wait);
                acquired = wait.acquired;
            } else if (nanos == Long.MAX_VALUE) {
                permit.acquire();
                acquired = true;
            } else {
                acquired = permit.tryAcquire(nanos, TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            thread.interrupt();
            throw new SessionEntryException.Contended(op, "interrupted while waiting for admission; the wait was"
                    + " abandoned and nothing was left queued", e);
        }
        if (!acquired) {
            throw new SessionEntryException.Contended(op, "not admitted within " + Duration.ofNanos(nanos)
                    + "; another session held the off-heap backend", null);
        }
    }

    /** Releases a root session: its owner leaves, then the permit goes to the next waiter. */
    void release(Thread owner) {
        inside.remove(owner);
        permit.release();
    }

    void requireOutside(String op, Thread thread) {
        if (inside.contains(thread)) {
            throw new SessionEntryException.Reentered(op, "thread '" + thread.getName() + "' already runs inside a"
                    + " session of this off-heap backend; pass that session (or its view) down instead of entering"
                    + " again");
        }
    }

    void enterChild(Thread thread) {
        inside.add(thread);
    }

    void exitChild(Thread thread) {
        inside.remove(thread);
    }

    /** @return true if no session holds or waits for the permit (a snapshot, for tests) */
    boolean isIdle() {
        return permit.availablePermits() == 1 && !permit.hasQueuedThreads() && inside.isEmpty();
    }

    /** A wait for the permit inside {@link ForkJoinPool#managedBlock}. */
    private static final class PermitWait implements ForkJoinPool.ManagedBlocker {
        private final Semaphore permit;
        private final long deadline;
        private final boolean unbounded;
        private boolean acquired;

        PermitWait(Semaphore permit, long nanos) {
            this.permit = permit;
            this.unbounded = nanos == Long.MAX_VALUE;
            this.deadline = unbounded ? 0 : System.nanoTime() + nanos;
        }

        @Override
        public boolean block() throws InterruptedException {
            if (unbounded) {
                permit.acquire();
                acquired = true;
            } else {
                long left = deadline - System.nanoTime();
                acquired = left > 0 && permit.tryAcquire(left, TimeUnit.NANOSECONDS);
            }
            return true;
        }

        @Override
        public boolean isReleasable() {
            return acquired;
        }
    }
}
