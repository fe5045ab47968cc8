package org.ferrite.cpu.internal.registration;

import java.time.Duration;
import java.util.Optional;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.cpu.CpuBackend;

/**
 * A {@link Backend} service object that forwards to the {@link CpuBackend} its component created.
 * The service is shared by every bundle that looks it up, so its {@link #close()} is a no-op (the
 * {@code Backend} contract for shared instances); Declarative Services owns the backend and closes it
 * when the component deactivates.
 *
 * <p>Thread-safe. Lifetime: its component's; the component closes the backend on deactivation.
 */
abstract class ForwardingBackend implements Backend {
    final CpuBackend backend;

    ForwardingBackend(CpuBackend backend) {
        this.backend = backend;
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

    /**
     * Does nothing: this is a shared service object; the component closes the backend on deactivation.
     */
    @Override
    public void close() {
        // a no-op by the Backend contract for shared instances
    }

    @Override
    public String toString() {
        return backend.toString();
    }
}
