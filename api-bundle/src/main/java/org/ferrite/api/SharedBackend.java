package org.ferrite.api;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DeviceKind;

/**
 * The shared face of a backend that {@link Backends} owns: forwards every call to it, except
 * {@link #close()}, which does nothing — callers of {@link Backends#get()} share the backend, so none
 * of them may close it for the others. {@link Backends} closes the real backend at JVM exit.
 *
 * <p>Thread-safe (the backend it wraps is). Lifetime: that of the facade's shared table.
 */
final class SharedBackend implements Backend {
    private final Backend backend;

    SharedBackend(Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** @return the owned backend behind this shared face (closed only by {@link Backends}) */
    Backend owned() {
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

    /** Does nothing: a shared backend is closed by its owner, {@link Backends}, at JVM exit. */
    @Override
    public void close() {
        // a no-op by contract (Backend's class comment): other callers share this backend
    }

    @Override
    public String toString() {
        return "shared " + backend;
    }
}
