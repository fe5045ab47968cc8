package org.ferrite.cpu.internal.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;

/**
 * The gate through which child executions enter under a session's admission: open for one session
 * lifetime (an epoch), closed when the session ends, and the end waits for children still inside so
 * that no child runs after its parent released its permit.
 *
 * <p>Thread-safe: {@link #open} and {@link #issue} are called by the session's owner; {@link #close}
 * by whoever releases the session (its owner, the cleaner of a leaked session, or a thread completing
 * a release that a stack overflow cut short); {@link #enter}, {@link #isEpoch} and {@link #exit} by any
 * thread. Lifetime: that of the engine resources it belongs to; reused across sessions.
 *
 * <pre>
 * Implementation notes.
 * epoch (64 bits, written by the owner only while no child can be inside) numbers the session
 * lifetimes; at a million sessions a second it would wrap after 290,000 years, so a handle of an
 * earlier session can never enter a later one. state = CLOSED in bit 63, children inside in bits
 * 0..62, updated by CAS. enter() first compares the epoch, then CASes the count up while the gate is
 * not closed; a handle that raced a close and the next opening may have counted itself into the next
 * session, so the caller checks isEpoch() after entering and leaves (exit) if it moved.
 * The gate opens lazily: open() only clears issued (owner-thread only), and the first issue() of a
 * session bumps the epoch and opens the state. A session that never issues a handle leaves the gate
 * closed, and close() has nothing to do, which keeps an entry without children free of atomic
 * operations and fences here.
 * closer is written before CLOSED is set, so the child that takes the count to zero after seeing
 * CLOSED also sees whom to unpark; a lost unpark (a stack overflow in exit) costs the closer one
 * AdmissionArbiter.RECHECK_NANOS, since it parks in slices.
 * Every method is failure-atomic: its commit is one CAS or atomic add, and what follows calls
 * nothing that matters (a failed unpark is repaired as above).
 * </pre>
 */
public final class ChildGate {
    private static final long CLOSED = 1L << 63;
    private static final long COUNT = CLOSED - 1;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ChildGate.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long epoch;
    private volatile long state = CLOSED;
    private volatile Thread closer;
    private boolean issued;

    /**
     * Owner: starts the lifetime of a new session (no child can be inside: the gate is closed). The
     * gate stays closed until the session issues its first handle.
     */
    public void open() {
        issued = false;
    }

    /**
     * Owner: a child handle is being created; the first one of a session opens the gate in a new epoch.
     *
     * @return the epoch the handle is bound to
     */
    public long issue() {
        if (!issued) {
            epoch = epoch + 1; // first: a handle of an earlier epoch must not find the gate open
            STATE.setRelease(this, 0L);
            issued = true; // last, call-free: a cut-short opening is redone by the next issue()
        }
        return epoch;
    }

    /**
     * Enters as a child of the session of {@code expected}, if it is still open. After a true result
     * the caller is counted inside and must {@link #exit()}; it must also check {@link #isEpoch}.
     *
     * @param expected the epoch the handle was issued in
     * @return false if that session has ended (nothing was counted)
     */
    public boolean enter(long expected) {
        if (epoch != expected) {
            return false;
        }
        for (;;) {
            long s = state;
            if ((s & CLOSED) != 0) {
                return false;
            }
            if (STATE.compareAndSet(this, s, s + 1)) {
                return true;
            }
        }
    }

    /**
     * @param expected an epoch
     * @return true if the gate is still in that epoch (checked after {@link #enter})
     */
    public boolean isEpoch(long expected) {
        return epoch == expected;
    }

    /** Leaves after {@link #enter} returned true; wakes a closer waiting for the last child. */
    public void exit() {
        long s = (long) STATE.getAndAdd(this, -1L) - 1;
        if ((s & CLOSED) != 0 && (s & COUNT) == 0) {
            try {
                Thread waiting = closer;
                if (waiting != null) {
                    LockSupport.unpark(waiting);
                }
            } catch (Throwable afterCommit) {
                // Counted out; the closer notices within one slice.
            }
        }
    }

    /** @return true if no child is inside (a snapshot) */
    public boolean isEmpty() {
        return (state & COUNT) == 0;
    }

    /**
     * Ends the session's lifetime: no child enters any more; then waits (uninterruptibly; the interrupt
     * status is kept) for children still inside, unless {@code mayWait} is false. Idempotent.
     *
     * @param always close even if no handle was issued (for a thread other than the owner)
     * @param mayWait wait for children still inside
     * @param recheck run between the waiting slices (completes stranded releases), may be {@code null}
     * @return true if no child is inside any more
     */
    public boolean close(boolean always, boolean mayWait, Runnable recheck) {
        return !issued && !always || closeOpened(mayWait, recheck);
    }

    private boolean closeOpened(boolean mayWait, Runnable recheck) {
        closer = Thread.currentThread();
        long s = (long) STATE.getAndBitwiseOr(this, CLOSED);
        if ((s & COUNT) == 0) {
            return true;
        }
        if (!mayWait) {
            return false;
        }
        boolean interrupted = false;
        while ((state & COUNT) != 0) {
            LockSupport.parkNanos(this, AdmissionArbiter.RECHECK_NANOS);
            interrupted |= Thread.interrupted();
            if (recheck != null && (state & COUNT) != 0) {
                recheck.run();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return true;
    }
}
