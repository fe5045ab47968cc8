package org.ferrite.cpu.internal.worker;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import org.ferrite.cpu.internal.affinity.AffinityControl;
import org.ferrite.cpu.internal.affinity.AffinityException;
import org.ferrite.cpu.internal.kernel.ParallelRunner;

/**
 * A backend's own worker pool: {@code size} daemon threads named {@code ferrite-cpu-<cpus>-<n>},
 * pinned to the backend's CPU set when affinity is supported and the set is narrower than the
 * process's. It runs the chunks of one kernel at a time: the session thread takes chunks too, and at
 * most {@code size - 1} workers join it, so no more than {@code size} threads compute at once.
 *
 * <p>Thread-safe for its documented use: {@link #run} is called by the thread holding the backend's
 * admission permit (one at a time); a nested {@code run} from a worker runs inline. Lifetime: created
 * lazily by the backend, stopped by {@link #shutdown()} when the backend closes; a {@code run} after
 * shutdown runs inline.
 *
 * <pre>
 * Implementation notes.
 * job (volatile) is the kernel being run, or null. Each run() publishes a fresh Job, so a worker that
 * wakes late can never mix the chunk counter of one job with the body of another. Chunks are claimed
 * from Job.next; Job.pending counts unfinished chunks and the thread finishing the last one unparks
 * the caller. Job.seats bounds the workers that may join (a worker that starts late or wakes
 * spuriously finds no seat), so the caller plus the seated workers never exceed the budget. Workers
 * exit only between jobs; chunks they did not claim are claimed by the caller.
 * </pre>
 */
public final class WorkerPool implements ParallelRunner {
    private final CpuWorkerThread[] workers;
    private final long[] pinMask;
    private final AffinityControl affinity;
    private final AtomicReference<String> pinFailure = new AtomicReference<>();
    private volatile Job job;
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

    /** Stops the workers after the job they run (if any); later {@link #run} calls run inline. */
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
        Job last = null;
        while (!shutdown) {
            Job current = job;
            if (current == null || current == last) {
                LockSupport.park(this);
                continue;
            }
            last = current;
            if (current.seats.getAndDecrement() > 0) {
                current.work();
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

    /** One kernel run: its body, chunk counter, completion count and first failure. */
    private static final class Job {
        final IntConsumer task;
        final int tasks;
        final Thread caller;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger seats;
        final AtomicInteger pending;
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        Job(IntConsumer task, int tasks, int workerSeats, Thread caller) {
            this.task = task;
            this.tasks = tasks;
            this.caller = caller;
            this.seats = new AtomicInteger(workerSeats);
            this.pending = new AtomicInteger(tasks);
        }

        void work() {
            for (int i = next.getAndIncrement(); i < tasks; i = next.getAndIncrement()) {
                try {
                    task.accept(i);
                } catch (Throwable t) {
                    if (!failure.compareAndSet(null, t) && failure.get() != t) {
                        failure.get().addSuppressed(t);
                    }
                } finally {
                    if (pending.decrementAndGet() == 0) {
                        LockSupport.unpark(caller);
                    }
                }
            }
        }

        void awaitDone() {
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
}
