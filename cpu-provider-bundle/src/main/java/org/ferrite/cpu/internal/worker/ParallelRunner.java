package org.ferrite.cpu.internal.worker;

import java.util.function.IntConsumer;

/**
 * Runs independent chunks of one kernel on the backend's own worker pool and joins them. With a
 * thread budget of 1 it runs them inline on the caller. Results must not depend on how chunks are
 * scheduled. Confined to the session's thread (the caller); tasks run on workers.
 */
public interface ParallelRunner {
    /** @return how many chunks can run at once (the thread budget, at least 1) */
    int parallelism();

    /**
     * Runs {@code task.accept(i)} for every {@code i} in {@code [0, tasks)} and returns when all have
     * finished. The first exception thrown by a task is rethrown after all have finished.
     *
     * @param tasks the number of chunks
     * @param task the chunk body
     */
    void run(int tasks, IntConsumer task);
}
