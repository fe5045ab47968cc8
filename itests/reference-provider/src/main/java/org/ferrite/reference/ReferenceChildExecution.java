package org.ferrite.reference;

import java.util.Objects;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.SessionFunction;

/**
 * The reference provider's child execution: runs work on the calling thread under the admission of the
 * root session that created it, with a view of its own, without waiting for the backend's permit.
 *
 * <p>Thread-safe: it may be used from any thread that does not already run inside a session of the
 * same backend. Lifetime: valid while its root session is open; afterwards every entry throws
 * {@link SessionEntryException.IncompatibleContext}.
 */
final class ReferenceChildExecution implements ChildExecution {
    private final ReferenceBackend backend;
    private final SessionScope scope;

    ReferenceChildExecution(ReferenceBackend backend, SessionScope scope) {
        this.backend = backend;
        this.scope = scope;
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        Thread thread = Thread.currentThread();
        backend.requireOutside("childExecution.withSession", thread);
        if (!scope.enterChild()) {
            throw new SessionEntryException.IncompatibleContext("childExecution.withSession", "the parent session of"
                    + " this child execution has ended; a child handle is valid only while its parent is open");
        }
        backend.markInside(thread);
        ReferenceSession view = new ReferenceSession(thread, backend, scope, ReferenceSession.newLocals());
        try {
            return work.apply(view);
        } finally {
            view.end();
            backend.markOutside(thread);
            scope.exitChild();
        }
    }
}
