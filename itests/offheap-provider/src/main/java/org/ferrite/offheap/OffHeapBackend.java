package org.ferrite.offheap;

import java.time.Duration;
import java.util.Optional;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.spi.session.FifoAdmission;
import org.ferrite.api.spi.session.SessionLifecycle;
import org.ferrite.api.spi.session.SessionRole;
import org.ferrite.api.spi.session.ViewGuard;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.offheap.device.DeviceContext;
import org.ferrite.offheap.device.DeviceScope;

/**
 * The off-heap backend: a test-only <em>device</em> provider written only against the public SPI. Its
 * tensors live outside the Java heap, in direct buffers pooled by an arena (several handles are windows of
 * one allocation), on placement {@code other:N} — {@code N} the backend's device ordinal, 0 unless
 * configured; users reach their data only through transfers ({@code to}, {@code toHost},
 * {@code transferInto}). Every operation is validated on the caller's thread
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
 * {@link RuntimeStateException}. <b>Persistent</b> tensors ({@code allocatePersistent}, {@code toPersistent})
 * belong to the backend: every session of it uses them, {@code free} releases them stream-ordered, the
 * backend's close releases the rest, and a persistent tensor that becomes unreachable without {@code free}
 * is released by the API's leak backstop, with a warning. The memory is bounded
 * ({@link #DEFAULT_MEMORY_BYTES} unless configured); an allocation beyond it fails with
 * {@code MemoryExhaustedException}.
 *
 * <h2>Events and several devices</h2>
 * {@code recordEvent} queues a marker on the stream; {@code waitEvent} queues a device-side wait (the
 * stream blocks, the caller returns). Two backends with different ordinals are two devices of the
 * provider, each with its own stream, memory and admission, so their sessions run at the same time; a
 * session of one copies to and from the other's tensors with {@code transferInto} (device to device, on
 * its own stream), ordered against the other's work by events.
 *
 * <h2>Admission and lifecycle</h2>
 * The execution domain is the backend (its one stream): one root session at a time, FIFO
 * ({@link FifoAdmission}); everything else about sessions — reentry refused before blocking, held sessions
 * confined to their opener, escaped views, child executions under their root, the leak backstop, the order
 * of release — is the API's provider-support layer ({@link SessionLifecycle}): this class supplies what a
 * session holds (a {@link DeviceScope}: its memory and its deferred failures) and its view. An owned backend:
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
    /** Where the tensors of device 0 (the default) live. */
    public static final Placement PLACEMENT = new Placement(DeviceKind.OTHER, 0);
    /** The default device memory: 256 MiB. */
    public static final long DEFAULT_MEMORY_BYTES = 256L << 20;
    /** The size of a shared memory chunk: 1 MiB. */
    static final int CHUNK_BYTES = 1 << 20;

    private final DeviceContext device;
    private final Lifecycle sessions;

    /** A backend on device 0 with {@link #DEFAULT_MEMORY_BYTES} of device memory. */
    public OffHeapBackend() {
        this(DEFAULT_MEMORY_BYTES);
    }

    /**
     * A backend on device 0.
     *
     * @param memoryBytes the device memory, {@code > 0}
     * @throws IllegalArgumentException if {@code memoryBytes <= 0}
     */
    public OffHeapBackend(long memoryBytes) {
        this(0, memoryBytes);
    }

    /**
     * A backend on device {@code ordinal}: placement {@code other:ordinal}.
     *
     * @param ordinal the device's ordinal, {@code >= 0}
     * @param memoryBytes the device memory, {@code > 0}
     * @throws IllegalArgumentException if {@code ordinal < 0} or {@code memoryBytes <= 0}
     */
    public OffHeapBackend(int ordinal, long memoryBytes) {
        if (ordinal < 0) {
            throw new IllegalArgumentException("ordinal must be >= 0: " + ordinal);
        }
        if (memoryBytes <= 0) {
            throw new IllegalArgumentException("memoryBytes must be > 0: " + memoryBytes);
        }
        this.device = new DeviceContext(NAME, new Placement(DeviceKind.OTHER, ordinal), CHUNK_BYTES, memoryBytes);
        this.sessions = new Lifecycle(device);
    }

    /** @return where this backend's tensors live ({@code other:ordinal}) */
    public Placement placement() {
        return device.placement();
    }

    /** @return how many persistent tensors of this backend are live (a snapshot, for tests and diagnostics) */
    public int persistentCount() {
        return device.persistentCount();
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
        return BackendCapabilities.builder(DeviceKind.OTHER).placement(device.placement()).dtypes(DType.values())
                .threadBudget(1).memory(limit, limit - device.arena().usedBytes())
                .build();
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        return sessions.withSession(work);
    }

    @Override
    public HeldSession openSession() {
        return sessions.openSession();
    }

    @Override
    public HeldSession openSession(Duration maxWait) {
        return sessions.openSession(maxWait);
    }

    @Override
    public Optional<HeldSession> tryOpenSession() {
        return sessions.tryOpenSession();
    }

    /**
     * Refuses later entries; releases the stream and the memory once the last session has left (now, if
     * none is open). Idempotent.
     */
    @Override
    public void close() {
        sessions.close();
    }

    /** @return true once {@link #close()} began (a snapshot) */
    public boolean isClosed() {
        return sessions.isClosed();
    }

    /** @return true if no session holds or waits for the backend (a snapshot, for tests and diagnostics) */
    public boolean isIdle() {
        return sessions.isIdle();
    }

    @Override
    public String toString() {
        return "OffHeapBackend[" + device.placement() + ", " + (isClosed() ? "closed" : isIdle() ? "idle" : "busy") + "]";
    }

    /**
     * The off-heap provider's part of the lifecycle: a session holds a device scope, whose end waits for
     * the stream, frees the session's memory and throws a failure of its work not reported before; the
     * backend's close releases the device once the last session has left.
     */
    private static final class Lifecycle extends SessionLifecycle<DeviceScope> {
        private final DeviceContext device;

        Lifecycle(DeviceContext device) {
            super(NAME, new FifoAdmission("the " + NAME + " backend"));
            this.device = device;
        }

        @Override
        protected DeviceScope begin(SessionRole role) {
            return device.newScope();
        }

        @Override
        protected BackendSession newView(ViewGuard guard, DeviceScope scope) {
            return new OffHeapSession(guard, device, scope);
        }

        @Override
        protected void end(DeviceScope scope, SessionRole role) {
            scope.end(role == SessionRole.CHILD ? "childExecution.withSession" : "close");
        }

        @Override
        protected void closed() {
            device.release();
        }
    }
}
