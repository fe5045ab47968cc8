package org.ferrite.cpu.internal.worker;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import org.ferrite.cpu.internal.affinity.AffinityControl;
import org.ferrite.cpu.internal.affinity.AffinityException;

/**
 * A backend's own worker pool: {@code size} daemon threads named {@code ferrite-cpu-<cpus>-<n>},
 * pinned to the backend's CPU set when affinity is supported and the set is narrower than the
 * process's. It has two run modes, one at a time:
 * <ul>
 * <li>{@link #run} — the chunks of one kernel: the session thread takes chunks too, and at most
 * {@code size - 1} workers join it, so no more than {@code size} threads compute at once;</li>
 * <li>{@link #broadcast} — phase lanes: exactly one call per worker, worker {@code i} running lane
 * {@code i}, while the calling thread only waits.</li>
 * </ul>
 *
 * <p>Thread-safe for its documented use: {@link #run} and {@link #broadcast} are called by the thread
 * holding the backend's admission permit (one at a time); a nested {@code run} from a worker runs
 * inline, a {@code broadcast} from a worker of this pool is refused. Lifetime: created lazily by the
 * backend, stopped by {@link #shutdown()} when the backend closes; a {@code run} after shutdown runs
 * inline, and a {@code broadcast} reports the lanes that no worker started.
 *
 * <pre>
 * Implementation notes.
 * job (volatile) is the work being run (a Job or a Broadcast), or null. Each call publishes a fresh
 * object, so a worker that wakes late can never mix the counters of one call with the body of another;
 * a worker remembers the last work it joined and joins each at most once.
 * Job: chunks are claimed from Job.next; pending counts unfinished chunks and the thread finishing the
 * last one unparks the caller. Job.seats bounds the workers that may join (a worker that starts late or
 * wakes spuriously finds no seat), so the caller plus the seated workers never exceed the budget.
 * Broadcast: lane i belongs to worker i; lanes[i] goes OPEN -> CLAIMED (by worker i, which then runs
 * it) or OPEN -> ABANDONED (by the caller, only after it saw the pool shut down), by CAS, so a lane runs
 * at most once and the caller never waits for a lane no worker will run.
 * Shutdown: a worker exits only between calls, and only after it read shutdown == true and then found
 * no unjoined work. The caller publishes job and then reads shutdown (both volatile): if a worker
 * missed the job on its way out, the caller sees shutdown and abandons that worker's lane.
 * </pre>
 */
public final class WorkerPool implements ParallelRunner {
    private final CpuWorkerThread[] workers;
    private final long[] pinMask;
    private final AffinityControl affinity;
    private final AtomicReference<String> pinFailure = new AtomicReference<>();
    private volatile Work job;
    private volatile boolean shutdown;

    /**
     * Starts the workers.
     *
     * @param cpusLabel the CPU set in list form, for thread names
     * @param size the thread budget, at least 2
     * @param pinMask the mask to pin workers to, or {@code null} for no pinning
     * @param affinity the affinity control that pins them
     */
    public WorkerPool(String cpusLabel, int size, long[] pinMask, AffinityControl affinity) {
        this.pinMask = pinMask;
        this.affinity = affinity;
        this.workers = new CpuWorkerThread[size];
        for (int i = 0; i < size; i++) {
            workers[i] = new CpuWorkerThread(this, i, "ferrite-cpu-" + cpusLabel + "-" + i);
        }
        for (CpuWorkerThread worker : workers) {
            worker.start();
        }
    }

    @Override
    public int parallelism() {
        return workers.length;
    }

    @Override
    public void run(int tasks, IntConsumer task) {
        if (tasks <= 1 || shutdown || Thread.currentThread() instanceof CpuWorkerThread) {
            InlineRunner.runAll(tasks, task);
            return;
        }
        int wake = Math.min(tasks, workers.length) - 1;
        Job current = new Job(task, tasks, wake, Thread.currentThread());
        job = current;
        for (int i = 0; i < wake; i++) {
            LockSupport.unpark(workers[i]);
        }
        current.work();
        current.awaitDone();
        job = null;
        Throwable failure = current.failure.get();
        if (failure != null) {
            rethrow(failure);
        }
    }

    /**
     * Runs {@code lane.accept(i)} exactly once on worker {@code i}, for every worker {@code i} at once,
     * and returns when every lane has finished; the calling thread runs no lane. It waits without
     * spinning long and uninterruptibly: an interrupt neither ends the wait nor reaches the lanes, and
     * the caller's interrupt status is set again on return. A worker's interrupt status is cleared after
     * its lane, so a lane cannot leave its worker interrupted.
     *
     * <p>If the pool is (or becomes) shut down before some worker started its lane, that lane never
     * runs: {@code notStarted.accept(i)} is called for it on the calling thread, after every started
     * lane finished. The first exception a lane throws is rethrown after every lane finished (a phase's
     * lanes catch their own, so none escapes here).
     *
     * @param lane the lane body, called on worker {@code i} with {@code i}
     * @param notStarted called on the caller for each lane that was not started, in index order
     * @throws IllegalStateException if called from a worker of this pool (its own lane could never run)
     */
    public void broadcast(IntConsumer lane, IntConsumer notStarted) {
        Thread caller = Thread.currentThread();
        if (caller instanceof CpuWorkerThread && ((CpuWorkerThread) caller).pool() == this) {
            throw new IllegalStateException("a worker of this pool cannot broadcast to it: its own lane could"
                    + " never run");
        }
        Broadcast current = new Broadcast(lane, workers.length, caller);
        if (!shutdown) {
            job = current;
            for (CpuWorkerThread worker : workers) {
                LockSupport.unpark(worker);
            }
        }
        if (shutdown) {
            current.abandonUnclaimed();
        }
        current.awaitDone();
        job = null;
        for (int i = 0; i < workers.length; i++) {
            if (current.lanes.get(i) == Broadcast.ABANDONED) {
                notStarted.accept(i);
            }
        }
        Throwable failure = current.failure.get();
        if (failure != null) {
            rethrow(failure);
        }
    }

    /** Stops the workers after the work they run (if any); later {@link #run} calls run inline. */
    public void shutdown() {
        shutdown = true;
        for (CpuWorkerThread worker : workers) {
            LockSupport.unpark(worker);
        }
    }

    /** @return the worker threads (for tests and diagnostics) */
    public Thread[] threads() {
        return workers.clone();
    }

    /** @return why pinning a worker failed, or {@code null} */
    public String pinFailure() {
        return pinFailure.get();
    }

    void workLoop(CpuWorkerThread self) {
        if (pinMask != null) {
            try {
                affinity.write(pinMask);
            } catch (AffinityException e) {
                pinFailure.compareAndSet(null, self.getName() + ": " + e.getMessage());
            }
        }
        Work last = null;
        for (;;) {
            Work current = job;
            if (current != null && current != last) {
                last = current;
                current.join(self);
            } else if (shutdown) {
                Work again = job; // read after shutdown: work published before it is still joined
                if (again == null || again == last) {
                    return;
                }
            } else {
                LockSupport.park(this);
            }
        }
    }

    static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        throw new IllegalStateException("a parallel kernel chunk failed", failure);
    }

    /** One call's work: what a worker does when it joins, the completion count and the first failure. */
    private abstract static class Work {
        final Thread caller;
        final AtomicInteger pending;
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        Work(Thread caller, int pending) {
            this.caller = caller;
            this.pending = new AtomicInteger(pending);
        }

        /** Called at most once per worker. */
        abstract void join(CpuWorkerThread worker);

        final void fail(Throwable t) {
            if (!failure.compareAndSet(null, t) && failure.get() != t) {
                failure.get().addSuppressed(t);
            }
        }

        final void finishOne() {
            if (pending.decrementAndGet() == 0) {
                LockSupport.unpark(caller);
            }
        }

        final void awaitDone() {
            boolean interrupted = false;
            for (int spins = 0; pending.get() != 0; spins++) {
                if (spins < 256) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                    interrupted |= Thread.interrupted();
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One kernel run: its body and chunk counter. */
    private static final class Job extends Work {
        final IntConsumer task;
        final int tasks;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger seats;

        Job(IntConsumer task, int tasks, int workerSeats, Thread caller) {
            super(caller, tasks);
            this.task = task;
            this.tasks = tasks;
            this.seats = new AtomicInteger(workerSeats);
        }

        @Override
        void join(CpuWorkerThread worker) {
            if (seats.getAndDecrement() > 0) {
                work();
            }
        }

        void work() {
            for (int i = next.getAndIncrement(); i < tasks; i = next.getAndIncrement()) {
                try {
                    task.accept(i);
                } catch (Throwable t) {
                    fail(t);
                } finally {
                    finishOne();
                }
            }
        }
    }

    /** One lane per worker: lane i runs on worker i. */
    private static final class Broadcast extends Work {
        static final int OPEN = 0;
        static final int CLAIMED = 1;
        static final int ABANDONED = 2;
        final IntConsumer lane;
        final AtomicIntegerArray lanes;

        Broadcast(IntConsumer lane, int size, Thread caller) {
            super(caller, size);
            this.lane = lane;
            this.lanes = new AtomicIntegerArray(size);
        }

        @Override
        void join(CpuWorkerThread worker) {
            int index = worker.index();
            if (!lanes.compareAndSet(index, OPEN, CLAIMED)) {
                return;
            }
            try {
                lane.accept(index);
            } catch (Throwable t) {
                fail(t);
            } finally {
                Thread.interrupted(); // a lane must not leave its worker interrupted (its park would spin)
                finishOne();
            }
        }

        /** Caller, after it saw the pool shut down: lanes no worker claimed will never run. */
        void abandonUnclaimed() {
            for (int i = 0; i < lanes.length(); i++) {
                if (lanes.compareAndSet(i, OPEN, ABANDONED)) {
                    finishOne();
                }
            }
        }
    }
}
