package org.ferrite.cpu.internal.events;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import org.ferrite.cpu.SessionCounters;

/**
 * The session counters of one backend. Thread-safe. Lifetime: the backend's; the counts are cumulative.
 *
 * <pre>
 * Implementation notes.
 * held and scoped are incremented only by the holder of the backend's admission permit; the backend's
 * sessions exclude each other (its CPU set overlaps itself), so those increments are serialised by the
 * permit and need no atomic read-modify-write: a plain read and a release store (free on x86) keep
 * the uncontended entry path free of extra atomics. The other counters change on rare or concurrent
 * paths and use AtomicLong.
 * </pre>
 */
public final class EntryCounters {
    private static final VarHandle HELD;
    private static final VarHandle SCOPED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HELD = lookup.findVarHandle(EntryCounters.class, "held", long.class);
            SCOPED = lookup.findVarHandle(EntryCounters.class, "scoped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long held;
    private long scoped;
    private final AtomicLong children = new AtomicLong();
    private final AtomicLong waits = new AtomicLong();
    private final AtomicLong contended = new AtomicLong();
    private final AtomicLong reentered = new AtomicLong();
    private final AtomicLong leaked = new AtomicLong();

    /** A held session was opened; call while holding the permit. */
    public void heldOpened() {
        HELD.setRelease(this, held + 1);
    }

    /** A scoped entry was admitted; call while holding the permit. */
    public void scopedEntered() {
        SCOPED.setRelease(this, scoped + 1);
    }

    /** A child execution was entered. */
    public void childEntered() {
        children.incrementAndGet();
    }

    /** An entry waited in the queue before admission. */
    public void waited() {
        waits.incrementAndGet();
    }

    /** An entry was refused as contended. */
    public void contended() {
        contended.incrementAndGet();
    }

    /** An entry was refused as reentered. */
    public void reentryRejected() {
        reentered.incrementAndGet();
    }

    /** A leaked held session was released by the cleaner. */
    public void leaked() {
        leaked.incrementAndGet();
    }

    /** @return a snapshot */
    public SessionCounters snapshot() {
        return new SessionCounters((long) HELD.getAcquire(this), (long) SCOPED.getAcquire(this), children.get(),
                waits.get(), contended.get(), reentered.get(), leaked.get());
    }
}
