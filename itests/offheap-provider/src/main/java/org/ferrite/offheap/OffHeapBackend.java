package org.ferrite.offheap;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.offheap.device.DeviceContext;
import org.ferrite.offheap.device.DeviceScope;

/**
 * The off-heap backend: a test-only <em>device</em> provider written only against the public SPI. Its
 * tensors live outside the Java heap, in direct buffers pooled by an arena (several handles are windows of
 * one allocation), on placement {@code other:0}; users reach their data only through transfers
 * ({@code to}, {@code toHost}, {@code transferInto}). Every operation is validated on the caller's thread
 * and then runs <b>asynchronously</b>, in submission order, on the backend's own single-thread stream —
 * the shape of a CUDA provider, without a GPU. Kernels are naive (one element at a time); it exists to
 * prove that a device provider fits the API unchanged, never for real work.
 *
 * <pre>{@code
 * try (OffHeapBackend device = new OffHeapBackend()) {
 *     Tensor sum = device.withSession(s -> s.toHost(s.add(s.to(a, s.placement()), s.to(b, s.placement()))));
 * }
 * }</pre>
 *
 * <h2>Completion and memory</h2>
 * As {@code BackendSession} specifies: work is stream-ordered; {@code toHost} and a transfer into a host
 * tensor return complete; {@code synchronize()} and a session's end (held {@code close()}, scoped return)
 * wait for the stream; a failure of queued work (integer division by zero, a negative integer exponent,
 * an internal failure) is reported once, typed, at the next synchronisation point of the session that
 * queued it. Device memory belongs to the session that allocated it: {@code reclaim} frees it
 * stream-ordered, the session's end frees the rest; a device tensor used afterwards fails with
 * {@link RuntimeStateException}. The memory is bounded ({@link #DEFAULT_MEMORY_BYTES} unless configured);
 * an allocation beyond it fails with {@code BackendFailureException}.
 *
 * <h2>Admission and lifecycle</h2>
 * The execution domain is the backend (its one stream): one root session at a time, FIFO, reentry refused
 * before blocking ({@link Admission}); child executions run under their root. An owned backend:
 * {@link #close()} is idempotent; once it began, every new entry fails with {@link RuntimeStateException}
 * naming the backend, a held session open then fails its next {@code withSession} and can still be
 * closed, a callback already running finishes; the stream and the memory are released when the last
 * session has left. Host tensors stay valid; device tensors of a closed backend fail typed.
 *
 * <p>Thread-safe. Lifetime: until {@link #close()} and the end of its last session.
 */
public final class OffHeapBackend implements Backend {
    /** The backend's name. */
    public static final String NAME = "offheap";
    /** Where its tensors live. */
    public static final Placement PLACEMENT = new Placement(DeviceKind.OTHER, 0);
    /** The default device memory: 256 MiB. */
    public static final long DEFAULT_MEMORY_BYTES = 256L << 20;
    /** The size of a shared memory chunk: 1 MiB. */
    static final int CHUNK_BYTES = 1 << 20;

    private final DeviceContext device;
    private final Admission admission = new Admission();
    /** Root sessions open now (held, or a scoped callback). */
    private final AtomicInteger sessions = new AtomicInteger();
    private volatile boolean closed;

    /** A backend with {@link #DEFAULT_MEMORY_BYTES} of device memory. */
    public OffHeapBackend() {
        this(DEFAULT_MEMORY_BYTES);
    }

    /**
     * @param memoryBytes the device memory, {@code > 0}
     * @throws IllegalArgumentException if {@code memoryBytes <= 0}
     */
    public OffHeapBackend(long memoryBytes) {
        if (memoryBytes <= 0) {
            throw new IllegalArgumentException("memoryBytes must be > 0: " + memoryBytes);
        }
        this.device = new DeviceContext(PLACEMENT, CHUNK_BYTES, memoryBytes);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public DeviceKind device() {
        return DeviceKind.OTHER;
    }

    /** @return the capabilities; the available memory is a snapshot taken now */
    @Override
    public BackendCapabilities capabilities() {
        long limit = device.arena().limitBytes();
        return BackendCapabilities.builder(DeviceKind.OTHER).placement(PLACEMENT).dtypes(DType.values())
                .threadBudget(1).memory(limit, limit - device.arena().usedBytes())
                .build();
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        enter("withSession", Long.MAX_VALUE, false);
        Thread thread = Thread.currentThread();
        ChildGate children = new ChildGate();
        DeviceScope scope = device.newScope();
        OffHeapSession view = new OffHeapSession(thread, this, scope, children, OffHeapSession.newLocals());
        R result;
        try {
            result = work.apply(view);
        } catch (RuntimeException | Error e) {
            view.end();
            leave(thread, children, scope, e);
            throw e;
        }
        view.end();
        leave(thread, children, scope, null);
        return result;
    }

    @Override
    public HeldSession openSession() {
        enter("openSession", Long.MAX_VALUE, false);
        return new OffHeapHeldSession(this, Thread.currentThread());
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
        enter("openSession", nanos, false);
        return new OffHeapHeldSession(this, Thread.currentThread());
    }

    @Override
    public Optional<HeldSession> tryOpenSession() {
        return enter("tryOpenSession", 0, true) ? Optional.of(new OffHeapHeldSession(this, Thread.currentThread()))
                : Optional.empty();
    }

    /**
     * Refuses later entries; releases the stream and the memory once the last session has left (now, if
     * none is open). Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        if (sessions.get() == 0) {
            device.release();
        }
    }

    /** @return true once {@link #close()} began (a snapshot) */
    public boolean isClosed() {
        return closed;
    }

    /** @return true if no session holds or waits for the backend (a snapshot, for tests and diagnostics) */
    public boolean isIdle() {
        return admission.isIdle();
    }

    @Override
    public String toString() {
        return "OffHeapBackend[" + PLACEMENT + ", " + (closed ? "closed" : isIdle() ? "idle" : "busy") + "]";
    }

    // ------------------------------------------------------------------ sessions

    /** Entry: closed check, admission, counted as open; refusals before anything else. */
    private boolean enter(String op, long nanos, boolean tryOnly) {
        requireOpen(op);
        if (!admission.admit(op, nanos, tryOnly)) {
            return false;
        }
        sessions.incrementAndGet();
        if (closed) {
            release(Thread.currentThread());
            throw new RuntimeStateException(op, "this " + NAME + " backend was closed while the entry waited");
        }
        return true;
    }

    void requireOpen(String op) {
        if (closed) {
            throw new RuntimeStateException(op, "this " + NAME + " backend is closed; obtain a new backend");
        }
    }

    /**
     * Ends a root session: children first, then its device scope (waits for the stream, frees its memory),
     * then the permit; a failure of its work not yet reported is thrown — or added to {@code thrown}, the
     * callback's own exception — after everything was released.
     */
    void leave(Thread owner, ChildGate children, DeviceScope scope, Throwable thrown) {
        TensorException failure = null;
        try {
            children.close();
            scope.end("close");
        } catch (TensorException e) {
            failure = e;
        } finally {
            release(owner);
        }
        if (failure != null) {
            if (thrown == null) {
                throw failure;
            }
            thrown.addSuppressed(failure);
        }
    }

    private void release(Thread owner) {
        admission.release(owner);
        if (sessions.decrementAndGet() == 0 && closed) {
            device.release();
        }
    }

    Admission admission() {
        return admission;
    }

    DeviceContext deviceContext() {
        return device;
    }
}
