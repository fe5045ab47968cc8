package org.ferrite.cpu.internal.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The gate through which child executions enter under a session's admission: open for one session
 * lifetime (an epoch), closed when the session ends, and the end waits for children still inside so
 * that no child runs after its parent released its permit.
 *
 * <p>Thread-safe: {@link #open}, {@link #issue} and {@link #close} are called by the session's
 * owner (or, for {@code close}, the cleaner of a leaked session); {@link #enter} and {@link #exit} by
 * any thread. Lifetime: that of the engine resources it belongs to; reused across sessions.
 *
 * <pre>
 * Implementation notes.
 * state = epoch in bits 32..63, CLOSED in bit 31, children inside in bits 0..30; updated by CAS.
 * A handle remembers the epoch it was issued in, so a handle of an earlier session can never enter a
 * later one. issued (owner-thread only) records whether any handle exists for the current epoch; if
 * none does, close() has nothing to do (the next open() bumps the epoch anyway), which keeps a scoped
 * entry without children free of atomic operations here.
 * closer is written before CLOSED is set, so the child that takes the count to zero after seeing
 * CLOSED also sees whom to unpark.
 * </pre>
 */
public final class ChildGate {
    private static final long CLOSED = 1L << 31;
    private static final long COUNT = CLOSED - 1;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ChildGate.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long state = CLOSED;
    private volatile Thread closer;
    private boolean issued;

    /** Owner: starts the lifetime of a new session. */
    public void open() {
        long epoch = (state >>> 32) + 1;
        STATE.setRelease(this, epoch << 32);
        issued = false;
    }

    /**
     * Owner: a child handle is being created.
     *
     * @return the epoch the handle is bound to
     */
    public long issue() {
        issued = true;
        return state >>> 32;
    }

    /**
     * Enters as a child of the session of {@code epoch}, if it is still open.
     *
     * @param epoch the epoch the handle was issued in
     * @return false if that session has ended
     */
    public boolean enter(long epoch) {
        for (;;) {
            long s = state;
            if ((s >>> 32) != epoch || (s & CLOSED) != 0) {
                return false;
            }
            if (STATE.compareAndSet(this, s, s + 1)) {
                return true;
            }
        }
    }

    /** Leaves after {@link #enter} returned true; wakes a closer waiting for the last child. */
    public void exit() {
        long s = (long) STATE.getAndAdd(this, -1L) - 1;
        if ((s & CLOSED) != 0 && (s & COUNT) == 0) {
            Thread waiting = closer;
            if (waiting != null) {
                LockSupport.unpark(waiting);
            }
        }
    }

    /**
     * Ends the session's lifetime: no child enters any more, and this waits (uninterruptibly; the
     * interrupt status is kept) for children still inside.
     *
     * @param always close even if no handle was issued (for a thread other than the owner)
     */
    public void close(boolean always) {
        if (!issued && !always) {
            return;
        }
        closer = Thread.currentThread();
        long s = (long) STATE.getAndBitwiseOr(this, CLOSED);
        if ((s & COUNT) != 0) {
            boolean interrupted = false;
            while ((state & COUNT) != 0) {
                LockSupport.park(this);
                interrupted |= Thread.interrupted();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        closer = null;
    }
}
