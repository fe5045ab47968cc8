package org.ferrite.reference;

import java.time.Duration;
import java.util.Optional;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.spi.session.FifoAdmission;
import org.ferrite.api.spi.session.SessionLifecycle;
import org.ferrite.api.spi.session.SessionRole;
import org.ferrite.api.spi.session.ViewGuard;
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
 * <h2>Admission and lifecycle</h2>
 * The execution domain is the backend instance: one root session (held, or one scoped entry) at a time,
 * waiters served FIFO ({@link FifoAdmission}). Everything else about sessions — reentry refused before any
 * blocking step, bounded and non-waiting entries, held sessions confined to their opener, escaped views,
 * child executions, the leak backstop, close — is the API's provider-support layer
 * ({@link SessionLifecycle}); this class supplies only its view ({@link ReferenceSession}). The reference
 * provider has no worker pool, one extension ({@link LinalgKernels}, naive kernels) and no CPU affinity;
 * it computes on the host, synchronously, so every call returns complete and a session holds nothing.
 *
 * <p>An owned backend: {@link #close()} is idempotent; once it began, every new entry fails with
 * {@code RuntimeStateException}, a held session open at that moment fails its next {@code withSession}
 * the same way (its {@code close()} still works), and a callback already running finishes. There is
 * nothing else to release; host tensors stay valid.
 *
 * <p>Thread-safe. Lifetime: until {@link #close()}.
 */
public final class ReferenceBackend implements Backend, AutoCloseable {
    /** The backend's name. */
    public static final String NAME = "reference";

    private final FifoAdmission admission = new FifoAdmission("the reference backend");
    private final Lifecycle sessions = new Lifecycle(admission);
    private final BackendCapabilities capabilities = BackendCapabilities.builder(DeviceKind.CPU)
            .placement(Placement.HOST).dtypes(DType.values()).threadBudget(1).extension(LinalgKernels.class).build();

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
     * Refuses later entries with {@code RuntimeStateException}; a held session open now fails its next
     * {@code withSession} the same way and can still be closed. Idempotent.
     */
    @Override
    public void close() {
        sessions.close();
    }

    /** @return true once {@link #close()} began (a snapshot) */
    public boolean isClosed() {
        return sessions.isClosed();
    }

    /**
     * @return true if no root session holds the permit and nobody waits for it (a snapshot, for tests and
     *     diagnostics; not for control flow)
     */
    public boolean isIdle() {
        return sessions.isIdle();
    }

    /** @return how many threads wait for admission now (a snapshot, for tests and diagnostics) */
    public int queueLength() {
        return admission.queueLength();
    }

    @Override
    public String toString() {
        return "ReferenceBackend[" + (isClosed() ? "closed" : isIdle() ? "idle" : "busy") + "]";
    }

    /** The reference provider's part of the lifecycle: a session holds nothing; its view is naive. */
    private static final class Lifecycle extends SessionLifecycle<Void> {
        Lifecycle(FifoAdmission admission) {
            super(NAME, admission);
        }

        @Override
        protected Void begin(SessionRole role) {
            return null;
        }

        @Override
        protected BackendSession newView(ViewGuard guard, Void state) {
            return new ReferenceSession(guard);
        }
    }
}
