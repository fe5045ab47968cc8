package org.ferrite.reference;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.linalg.LinalgKernels;

/**
 * The reference backend: a complete provider written only against the public SPI, with naive kernels
 * ({@link ReferenceSession}) and the simplest admission that meets the {@link Backend} contract. It is
 * the example for provider authors and the second provider of the integration tests; it is slow on
 * purpose (one element at a time) and must never be used for real work.
 *
 * <pre>{@code
 * ReferenceBackend backend = new ReferenceBackend();
 * Tensor c = backend.withSession(s -> s.add(a, b));
 * try (HeldSession held = backend.openSession()) {
 *     held.withSession(s -> { s.matmulInto(m, x, y); return null; });
 * }
 * }</pre>
 *
 * <h2>Admission</h2>
 * The execution domain is the backend instance: one root session (held, or one scoped entry) at a time,
 * waiters served FIFO by a fair {@link Semaphore} of one permit. Entry steps, in order: closed check →
 * reentry check → permit → owner marked; every refusal is thrown before the callback runs:
 * <ul>
 * <li>{@link SessionEntryException.Reentered}, before any blocking step, when the calling thread already
 * runs inside a session of this backend (its held session, a scoped callback, or a child).</li>
 * <li>{@link SessionEntryException.Contended} from {@link #openSession(Duration)} when the bound elapses
 * (a zero or negative bound does not wait), or when a wait is interrupted (the cause is the
 * {@link InterruptedException}; the interrupt status is set again). {@link #tryOpenSession()} returns
 * empty instead and never barges past a queued waiter. The interrupt status is consulted only when an
 * entry has to wait. A worker of a {@link ForkJoinPool} waits through
 * {@link ForkJoinPool#managedBlock} so that its pool can compensate.</li>
 * </ul>
 * No lock is held while a callback runs. The reference provider has no worker pool, one extension
 * ({@link LinalgKernels}, naive kernels) and
 * no CPU affinity; it computes on the host, synchronously, so every call returns complete.
 *
 * <h2>Lifecycle</h2>
 * An owned backend: {@link #close()} is idempotent; once it began, every new entry fails with
 * {@link RuntimeStateException}, a held session open at that moment fails its next
 * {@code withSession} with {@link RuntimeStateException} (its {@code close()} still works), and a
 * callback already running finishes. There is nothing else to release; host tensors stay valid.
 *
 * <p>Thread-safe. Lifetime: until {@link #close()}.
 *
 * <pre>
 * Implementation notes.
 * permit: one permit, fair. A root session holds it from admission to release.
 * inside: the threads that run inside a session of this backend now — the owner of the root session
 *   (for the whole held session, or during a scoped callback) and every thread running a child
 *   callback. Entry checks it for reentry before touching the permit.
 * Release order: the scope closes (waits for children) → owner unmarked → permit released.
 * </pre>
 */
public final class ReferenceBackend implements Backend, AutoCloseable {
    /** The backend's name. */
    public static final String NAME = "reference";

    private final Semaphore permit = new Semaphore(1, true);
    private final Set<Thread> inside = ConcurrentHashMap.newKeySet();
    private final BackendCapabilities capabilities = BackendCapabilities.builder(DeviceKind.CPU)
            .placement(Placement.HOST).dtypes(DType.values()).threadBudget(1).extension(LinalgKernels.class).build();
    private volatile boolean closed;

    /** Creates an open backend. */
    public ReferenceBackend() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public DeviceKind device() {
        return DeviceKind.CPU;
    }

    @Override
    public BackendCapabilities capabilities() {
        return capabilities;
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        admit("withSession", Long.MAX_VALUE, false);
        Thread thread = Thread.currentThread();
        SessionScope scope = new SessionScope();
        ReferenceSession view = new ReferenceSession(thread, this, scope, ReferenceSession.newLocals());
        try {
            return work.apply(view);
        } finally {
            view.end();
            release(thread, scope);
        }
    }

    @Override
    public HeldSession openSession() {
        admit("openSession", Long.MAX_VALUE, false);
        return new ReferenceHeldSession(this, Thread.currentThread());
    }

    @Override
    public HeldSession openSession(Duration maxWait) {
        Objects.requireNonNull(maxWait, "maxWait");
        long nanos;
        try {
            nanos = maxWait.toNanos();
        } catch (ArithmeticException e) {
            nanos = maxWait.isNegative() ? 0 : Long.MAX_VALUE;
        }
        admit("openSession", nanos, false);
        return new ReferenceHeldSession(this, Thread.currentThread());
    }

    @Override
    public Optional<HeldSession> tryOpenSession() {
        return admit("tryOpenSession", 0, true) ? Optional.of(new ReferenceHeldSession(this,
                Thread.currentThread())) : Optional.empty();
    }

    /**
     * Refuses later entries with {@link RuntimeStateException}; a held session open now fails its next
     * {@code withSession} the same way and can still be closed. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
    }

    /** @return true once {@link #close()} began (a snapshot) */
    public boolean isClosed() {
        return closed;
    }

    /**
     * @return true if no root session holds the permit and nobody waits for it (a snapshot, for tests and
     *     diagnostics; not for control flow)
     */
    public boolean isIdle() {
        return permit.availablePermits() == 1 && !permit.hasQueuedThreads() && inside.isEmpty();
    }

    /** @return how many threads wait for admission now (a snapshot, for tests and diagnostics) */
    public int queueLength() {
        return permit.getQueueLength();
    }

    @Override
    public String toString() {
        return "ReferenceBackend[" + (closed ? "closed" : isIdle() ? "idle" : "busy") + "]";
    }

    // ------------------------------------------------------------------ admission

    /**
     * @return true when admitted; false only for {@code tryOnly} when the permit is taken or queued for
     * @throws SessionEntryException or {@link RuntimeStateException} for every refusal
     */
    private boolean admit(String op, long nanos, boolean tryOnly) {
        if (closed) {
            throw new RuntimeStateException(op, "this reference backend (" + NAME + ") is closed; obtain a new"
                    + " backend");
        }
        Thread thread = Thread.currentThread();
        requireOutside(op, thread);
        if (!permit.hasQueuedThreads() && permit.tryAcquire()) {
            return admitted(op, thread); // uncontended: never consults the interrupt status
        }
        if (tryOnly) {
            return false;
        }
        if (nanos <= 0) {
            throw new SessionEntryException.Contended(op, "the reference backend is busy and the wait bound is "
                    + "zero; retry later, or wait with openSession() or a positive bound", null);
        }
        boolean acquired;
        try {
            acquired = thread instanceof ForkJoinWorkerThread ? PermitBlocker.acquire(permit, nanos)
                    : nanos == Long.MAX_VALUE ? acquireWithoutBound()
                            : permit.tryAcquire(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            thread.interrupt();
            throw new SessionEntryException.Contended(op, "interrupted while waiting for admission; the wait was"
                    + " abandoned and nothing was left queued", e);
        }
        if (!acquired) {
            throw new SessionEntryException.Contended(op, "not admitted within " + Duration.ofNanos(nanos)
                    + "; another session held the reference backend", null);
        }
        return admitted(op, thread);
    }

    private boolean acquireWithoutBound() throws InterruptedException {
        permit.acquire();
        return true;
    }

    private boolean admitted(String op, Thread thread) {
        if (closed) {
            permit.release();
            throw new RuntimeStateException(op, "this reference backend was closed while the entry waited");
        }
        inside.add(thread);
        return true;
    }

    /** Ends a root session: children first, then the owner marker, then the permit. */
    void release(Thread owner, SessionScope scope) {
        try {
            scope.close();
        } finally {
            inside.remove(owner);
            permit.release();
        }
    }

    void requireOutside(String op, Thread thread) {
        if (inside.contains(thread)) {
            throw new SessionEntryException.Reentered(op, "thread '" + thread.getName() + "' already runs inside a"
                    + " session of this reference backend; pass that session (or its view) down instead of"
                    + " entering again");
        }
    }

    void markInside(Thread thread) {
        inside.add(thread);
    }

    void markOutside(Thread thread) {
        inside.remove(thread);
    }

    /** Waits for the permit inside {@link ForkJoinPool#managedBlock}, so that the pool may compensate. */
    private static final class PermitBlocker implements ForkJoinPool.ManagedBlocker {
        private final Semaphore permit;
        private final long deadline;
        private final boolean unbounded;
        private boolean acquired;

        private PermitBlocker(Semaphore permit, long nanos) {
            this.permit = permit;
            this.unbounded = nanos == Long.MAX_VALUE;
            this.deadline = unbounded ? 0 : System.nanoTime() + nanos;
        }

        static boolean acquire(Semaphore permit, long nanos) throws InterruptedException {
            PermitBlocker blocker = new PermitBlocker(permit, nanos);
            ForkJoinPool.managedBlock(blocker);
            return blocker.acquired;
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
