package org.ferrite.api.spi.session;

import java.time.Duration;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.SessionEntryException;

/**
 * One root session at a time, waiters served first-in-first-out: the admission of a provider whose
 * execution domain is one device or one stream. An uncontended entry never consults the interrupt status;
 * a non-waiting entry ({@code tryOnly}) never barges past a queued waiter; a bounded wait gives up with
 * {@link SessionEntryException.Contended}, as does a wait interrupted (the interrupt status is set again,
 * nothing stays queued); a zero or negative bound does not wait. A worker of a {@link ForkJoinPool} waits
 * through {@link ForkJoinPool#managedBlock}, so that its pool can compensate.
 *
 * <pre>{@code
 * Admission admission = new FifoAdmission("the off-heap backend");
 * }</pre>
 *
 * <p>Thread-safe. Lifetime: the backend's.
 *
 * <pre>
 * Implementation notes.
 * permit: one permit of a fair Semaphore; a root session holds it from acquire to release.
 * </pre>
 */
public final class FifoAdmission implements Admission {
    private final Semaphore permit = new Semaphore(1, true);
    private final String domain;

    /**
     * @param domain what is admitted to, for messages, e.g. {@code "the off-heap backend"}
     */
    public FifoAdmission(String domain) {
        this.domain = domain;
    }

    @Override
    public boolean acquire(String op, long nanos, boolean tryOnly) {
        if (!permit.hasQueuedThreads() && permit.tryAcquire()) {
            return true; // uncontended: never consults the interrupt status
        }
        if (tryOnly) {
            return false;
        }
        if (nanos <= 0) {
            throw new SessionEntryException.Contended(op, domain + " is busy and the wait bound is zero; retry"
                    + " later, or wait with openSession() or a positive bound", null);
        }
        Thread thread = Thread.currentThread();
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
                    + "; another session held " + domain, null);
        }
        return true;
    }

    @Override
    public void release() {
        permit.release();
    }

    @Override
    public boolean isIdle() {
        return permit.availablePermits() == 1 && !permit.hasQueuedThreads();
    }

    /** @return how many threads wait for admission now (a snapshot, for tests and diagnostics) */
    public int queueLength() {
        return permit.getQueueLength();
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
