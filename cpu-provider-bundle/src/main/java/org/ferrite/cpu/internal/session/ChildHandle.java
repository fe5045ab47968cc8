package org.ferrite.cpu.internal.session;

import java.util.Objects;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.internal.admission.ExecutionOwner;
import org.ferrite.cpu.internal.admission.OwnerClaim;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * A child execution: lets another thread (a worker of an enclosing pool) run work under its parent
 * session's admission, with private resources and no arbiter wait.
 *
 * <p>Thread-safe: any number of threads may use one handle at once; each entry gets its own
 * resources. Lifetime: usable while the parent session that created it is open; the parent's end
 * waits for children still inside, and afterwards every entry fails with
 * {@link SessionEntryException.IncompatibleContext}.
 *
 * <p>While a child runs, its thread carries an owner marker for the parent's CPU set (this handle is
 * the claim), so a nested entry there — including {@code openSession} — is rejected as reentered.
 */
final class ChildHandle implements ChildExecution, OwnerClaim {
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
        ExecutionOwner owner = ExecutionOwner.current();
        OwnerClaim inside = owner.overlapping(engine.cpus());
        if (inside != null) {
            engine.counters().reentryRejected();
            throw EntryErrors.reentered("child.withSession", inside);
        }
        if (!parentGate.enter(epoch)) {
            throw new SessionEntryException.IncompatibleContext("child.withSession",
                    "the parent session on CPUs " + engine.cpus() + " has ended; a child execution is valid only"
                            + " while the session that created it is open");
        }
        try {
            EngineResources resources = engine.newChildResources();
            owner.push(this);
            resources.gate.open();
            engine.counters().childEntered();
            try {
                return resources.view.run(work);
            } finally {
                resources.gate.close(false);
                owner.remove(this);
            }
        } finally {
            parentGate.exit();
        }
    }

    @Override
    public CpuMask cpus() {
        return engine.cpus();
    }

    @Override
    public boolean isReleased() {
        return false;
    }

    @Override
    public String describe() {
        return "a child execution of a session on CPUs " + engine.cpus();
    }

    @Override
    public String toString() {
        return "ChildExecution[" + engine.describe() + "]";
    }
}
