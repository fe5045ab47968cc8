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

    static SessionEntryException.IncompatibleContext wrongThread(String op, Thread owner) {
        return new SessionEntryException.IncompatibleContext(op, "this held session is confined to thread '"
                + owner.getName() + "' that opened it, but was called from thread '"
                + Thread.currentThread().getName() + "'; use it on its opener thread, or give other threads a"
                + " childExecution()");
    }

    static RuntimeStateException closed(String op) {
        return new RuntimeStateException(op, "this held session is closed; open a new one");
    }
}
