package org.ferrite.api;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DeviceKind;

/**
 * The shared face of a backend: forwards every call to the backend it wraps, except {@link #close()},
 * which does nothing. It is what {@link Backends#get()} hands out and what a provider registers as its
 * OSGi service object — a backend many callers use, so that none of them can close it for the others
 * ({@link Backend}, "Lifecycle"). The owner keeps the wrapped backend and closes that one.
 *
 * <pre>{@code
 * CpuBackend owned = CpuBackend.create();
 * library.use(new SharedBackend(owned));   // the library may close its Backend: nothing happens
 * owned.close();                           // the owner's close is the real one
 * }</pre>
 *
 * <p>A DS component that registers itself as the service may extend this class. Thread-safe (as the
 * wrapped backend is). Lifetime: a view of the wrapped backend, valid until its owner closes it; after
 * that every entry fails as the wrapped backend's do.
 */
public class SharedBackend implements Backend {
    private final Backend backend;

    /**
     * @param backend the owned backend to share
     * @throws NullPointerException if {@code backend} is {@code null}
     */
    public SharedBackend(Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** @return the owned backend behind this face, for its owner (who closes it) */
    protected Backend owned() {
        return backend;
    }

    @Override
    public String name() {
        return backend.name();
    }

    @Override
    public DeviceKind device() {
        return backend.device();
    }

    @Override
    public BackendCapabilities capabilities() {
        return backend.capabilities();
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        return backend.withSession(work);
    }

    @Override
    public HeldSession openSession() {
        return backend.openSession();
    }

    @Override
    public HeldSession openSession(Duration maxWait) {
        return backend.openSession(maxWait);
    }

    @Override
    public Optional<HeldSession> tryOpenSession() {
        return backend.tryOpenSession();
    }

    /** Does nothing: a shared backend is closed by its owner, through the wrapped backend. */
    @Override
    public final void close() {
        // a no-op by the Backend contract for shared instances
    }

    @Override
    public String toString() {
        return "shared " + backend;
    }
}
