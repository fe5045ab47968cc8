package org.ferrite.cpu.internal.worker;

/**
 * A worker thread of a backend's own pool. Admission recognises these threads by type: they must not
 * wait for a session (their waiting could deadlock the work they serve), so they are refused as
 * contended instead. Thread-safe (a thread). Lifetime: its {@link WorkerPool}'s; it exits when the pool
 * shuts down.
 */
public final class CpuWorkerThread extends Thread {
    private final WorkerPool pool;
    private final int index;

    CpuWorkerThread(WorkerPool pool, int index, String name) {
        super(name);
        this.pool = pool;
        this.index = index;
        setDaemon(true);
    }

    /** @return the pool this thread works for */
    public WorkerPool pool() {
        return pool;
    }

    /** @return its index in the pool, {@code 0 … size-1} */
    public int index() {
        return index;
    }

    @Override
    public void run() {
        pool.workLoop(this);
    }
}
