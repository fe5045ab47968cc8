package org.ferrite.offheap;

import java.util.Objects;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.offheap.device.DeviceScope;

/**
 * The off-heap provider's child execution: runs work on the calling thread under its root session's
 * admission, without waiting for the permit, with a view and a device scope of its own — the child's
 * device memory is freed, and a failure of its queued work reported, when its {@code withSession}
 * returns. Its work shares the backend's stream, in submission order with the root's.
 *
 * <p>Thread-safe: usable from any thread not already inside a session of the backend. Lifetime: valid
 * while its root session is open; afterwards every entry throws
 * {@link SessionEntryException.IncompatibleContext}.
 */
final class OffHeapChildExecution implements ChildExecution {
    private final OffHeapBackend backend;
    private final ChildGate gate;

    OffHeapChildExecution(OffHeapBackend backend, ChildGate gate) {
        this.backend = backend;
        this.gate = gate;
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        Thread thread = Thread.currentThread();
        backend.admission().requireOutside("childExecution.withSession", thread);
        if (!gate.enter()) {
            throw new SessionEntryException.IncompatibleContext("childExecution.withSession", "the parent session of"
                    + " this child execution has ended; a child handle is valid only while its parent is open");
        }
        backend.admission().enterChild(thread);
        DeviceScope scope = backend.deviceContext().newScope();
        OffHeapSession view = new OffHeapSession(thread, backend, scope, gate, OffHeapSession.newLocals());
        R result;
        try {
            result = work.apply(view);
        } catch (RuntimeException | Error e) {
            end(thread, view, scope, e);
            throw e;
        }
        end(thread, view, scope, null);
        return result;
    }

    private void end(Thread thread, OffHeapSession view, DeviceScope scope, Throwable thrown) {
        view.end();
        try {
            scope.end("childExecution.withSession");
        } catch (TensorException failure) {
            if (thrown == null) {
                throw failure;
            }
            thrown.addSuppressed(failure);
        } finally {
            backend.admission().exitChild(thread);
            gate.exit();
        }
    }
}
