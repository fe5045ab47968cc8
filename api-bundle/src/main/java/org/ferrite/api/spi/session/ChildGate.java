package org.ferrite.api.spi.session;

/**
 * The gate a root session's child executions pass: open while the root is open, counting the children
 * whose callback runs. The root's end {@link #close() closes} it — later children are refused — and
 * waits for the running ones, so that the root releases nothing (permit, memory) under a running child.
 *
 * <p>Thread-safe. Lifetime: that of its root session.
 *
 * <pre>
 * Implementation notes.
 * open, running: guarded by this object's monitor, which is never held while a child's callback runs
 * (enter/exit bracket it; close waits on the monitor, releasing it).
 * </pre>
 */
final class ChildGate {
    private boolean open = true;
    private int running;

    /** @return true if the child may run (the caller then calls {@link #exit()}) */
    synchronized boolean enter() {
        if (open) {
            running++;
        }
        return open;
    }

    synchronized void exit() {
        if (--running == 0) {
            notifyAll();
        }
    }

    /**
     * Refuses new children and waits until the running ones finished. Not interruptible (the root must
     * not release under a child); the interrupt status is set again afterwards if it was interrupted.
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
