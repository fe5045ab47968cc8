package org.ferrite.cpu.internal.session;

import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.cpu.internal.admission.OwnerClaim;

/** The messages of refused entries, in one place so that they stay consistent. Thread-safe. */
final class EntryErrors {
    private EntryErrors() {
    }

    static SessionEntryException.Reentered reentered(String op, OwnerClaim inside) {
        return new SessionEntryException.Reentered(op, "thread '" + Thread.currentThread().getName()
                + "' already runs inside " + inside.describe() + "; a thread enters a CPU set at most once."
                + " Pass the entered session down instead of entering again (or hand childExecution() to"
                + " another thread)");
    }

    static RuntimeStateException backendClosed(String op, SessionEngine engine) {
        return new RuntimeStateException(op, "the " + engine.describe() + " is closed; build a new backend");
    }

    static SessionEntryException.ResourcePoisoned poisoned(String op, SessionEngine engine) {
        return new SessionEntryException.ResourcePoisoned(op, "the engine resources of the " + engine.describe()
                + " are missing although this entry holds the permit; the backend is unusable, build a new one",
                null);
    }

    static SessionEntryException.IncompatibleContext parentEnded(String op, SessionEngine engine) {
        return new SessionEntryException.IncompatibleContext(op, "the parent session on CPUs " + engine.cpus()
                + " has ended; a child execution (or phase lane) runs only while the session that created it is"
                + " open");
    }
}
