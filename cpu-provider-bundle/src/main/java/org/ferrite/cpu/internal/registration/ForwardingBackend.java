package org.ferrite.cpu.internal.registration;

import org.ferrite.api.Backend;
import org.ferrite.api.SharedBackend;
import org.ferrite.cpu.CpuBackend;

/**
 * A {@link Backend} service object: the {@link SharedBackend} face of the {@link CpuBackend} its
 * component created. The service is shared by every bundle that looks it up, so its {@code close()} is a
 * no-op (the {@code Backend} contract for shared instances); Declarative Services owns the backend and
 * the component closes it on deactivation.
 *
 * <p>Thread-safe. Lifetime: its component's; the component closes the backend on deactivation.
 */
abstract class ForwardingBackend extends SharedBackend {
    final CpuBackend backend;

    ForwardingBackend(CpuBackend backend) {
        super(backend);
        this.backend = backend;
    }

    @Override
    public String toString() {
        return backend.toString();
    }
}
