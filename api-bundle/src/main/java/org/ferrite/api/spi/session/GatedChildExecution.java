package org.ferrite.api.spi.session;

import java.util.Objects;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.SessionFunction;

/**
 * The child execution of {@link SessionLifecycle}: runs work on the calling thread under its root
 * session's admission, without waiting, with a view and a session state of its own
 * ({@link SessionRole#CHILD}), ended (and a failure of its work reported) when its {@code withSession}
 * returns.
 *
 * <p>Thread-safe: usable from any thread not already inside a session of the backend. Lifetime: valid
 * while its root session is open; afterwards every entry throws
 * {@link SessionEntryException.IncompatibleContext}.
 */
final class GatedChildExecution<S> implements ChildExecution {
    private static final String OP = "childExecution.withSession";

    private final SessionLifecycle<S> lifecycle;
    private final ChildGate gate;

    GatedChildExecution(SessionLifecycle<S> lifecycle, ChildGate gate) {
        this.lifecycle = lifecycle;
        this.gate = gate;
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        Thread thread = Thread.currentThread();
        lifecycle.requireOutside(OP, thread);
        if (!gate.enter()) {
            throw new SessionEntryException.IncompatibleContext(OP, "the parent session of this child execution"
                    + " has ended; a child handle is valid only while its parent is open");
        }
        lifecycle.markInside(thread);
        S state;
        try {
            state = lifecycle.beginChild();
        } catch (Throwable t) {
            lifecycle.markOutside(thread);
            gate.exit();
            throw t;
        }
        ViewGuard guard = new ViewGuard(thread, lifecycle, gate, ViewGuard.newLocals());
        R result;
        try {
            result = work.apply(lifecycle.view(guard, state));
        } catch (Throwable t) {
            end(thread, guard, state, t);
            throw t;
        }
        end(thread, guard, state, null);
        return result;
    }

    private void end(Thread thread, ViewGuard guard, S state, Throwable thrown) {
        guard.end();
        RuntimeException failure = null;
        try {
            lifecycle.endChild(state);
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            lifecycle.markOutside(thread);
            gate.exit();
        }
        SessionLifecycle.report(failure, thrown);
    }
}
