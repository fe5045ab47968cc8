package org.ferrite.reference;

/**
 * One root session of a {@link ReferenceBackend} (a held session, or one scoped entry) as its child
 * executions see it: open until the root ends, counting the children that run under it.
 *
 * <p>Thread-safe: children on any thread enter and leave it. Lifetime: that of its root session;
 * {@link #close()} refuses new children and waits for the running ones.
 *
 * <pre>
 * Implementation notes.
 * open and running are guarded by this object's monitor. The monitor is never held while a child's
 * callback runs: enterChild/exitChild bracket the callback, and close() waits on the monitor (releasing
 * it) until running is 0.
 * </pre>
 */
final class SessionScope {
    /** False once the root session ended. Guarded by this. */
    private boolean open = true;
    /** Children whose callback runs now. Guarded by this. */
    private int running;

    /** @return true if admitted (the root is open); the caller must then call {@link #exitChild()} */
    synchronized boolean enterChild() {
        if (!open) {
            return false;
        }
        running++;
        return true;
    }

    /** A child's callback returned. */
    synchronized void exitChild() {
        running--;
        notifyAll();
    }

    /**
     * Refuses new children and waits until the running ones returned. An interrupt while waiting does
     * not stop the wait (the root must not release its permit under a running child); the interrupt
     * status is restored afterwards.
     */
    synchronized void close() {
        open = false;
        boolean interrupted = false;
        while (running > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
