package org.ferrite.cpu.internal.session;

import java.util.Objects;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.SessionFunction;

/**
 * A child execution: lets another thread (a worker of an enclosing pool) run work under its parent
 * session's admission, with pooled private resources (warm plan caches) and no arbiter wait.
 *
 * <p>Thread-safe: any number of threads may use one handle at once; each entry checks out its own
 * resources. Lifetime: usable while the parent session that created it is open; the parent's end
 * waits for children still inside, and afterwards every entry fails with
 * {@link SessionEntryException.IncompatibleContext}.
 *
 * <p>While a child runs, its thread carries an owner marker for the parent's CPU set, so a nested
 * entry there — including {@code openSession} — is rejected as reentered.
 */
final class ChildHandle implements ChildExecution {
    private final SessionEngine engine;
    private final ChildGate parentGate;
    private final long epoch;

    ChildHandle(SessionEngine engine, ChildGate parentGate, long epoch) {
        this.engine = engine;
        this.parentGate = parentGate;
        this.epoch = epoch;
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        Objects.requireNonNull(work, "work");
        return Entry.runChild(engine, parentGate, epoch, false, "child.withSession", work);
    }

    @Override
    public String toString() {
        return "ChildExecution[" + engine.describe() + "]";
    }
}
