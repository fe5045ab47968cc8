package org.ferrite.cpu.internal.worker;

import java.util.function.IntConsumer;

/**
 * Runs every chunk on the calling thread, in index order: the runner of a backend with a thread
 * budget of 1 and of child executions. Thread-safe (stateless). Lifetime: unbounded; it holds nothing.
 */
public final class InlineRunner implements ParallelRunner {
    /** The instance. */
    public static final InlineRunner INSTANCE = new InlineRunner();

    private InlineRunner() {
    }

    @Override
    public int parallelism() {
        return 1;
    }

    @Override
    public void run(int tasks, IntConsumer task) {
        runAll(tasks, task);
    }

    /**
     * Runs {@code task} for {@code 0 … tasks-1} on the calling thread; after all ran, rethrows the
     * first failure (later ones are suppressed into it).
     *
     * @param tasks the number of chunks
     * @param task the chunk body
     */
    static void runAll(int tasks, IntConsumer task) {
        Throwable first = null;
        for (int i = 0; i < tasks; i++) {
            try {
                task.accept(i);
            } catch (Throwable t) {
                if (first == null) {
                    first = t;
                } else if (first != t) {
                    first.addSuppressed(t);
                }
            }
        }
        if (first != null) {
            WorkerPool.rethrow(first);
        }
    }
}
