package org.ferrite.cpu.internal.gemm;

import java.util.function.IntConsumer;
import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * A test {@link ParallelRunner} that reports a chosen parallelism but runs the chunks one after another
 * on the caller, last chunk first — so a kernel that silently depended on chunk order or on chunks
 * running concurrently would show it. Not thread-safe; test use only.
 */
public final class SequentialParallelRunner implements ParallelRunner {
    private final int parallelism;
    private int runs;

    /** @param parallelism the parallelism to report, {@code >= 1} */
    public SequentialParallelRunner(int parallelism) {
        this.parallelism = parallelism;
    }

    @Override
    public int parallelism() {
        return parallelism;
    }

    @Override
    public void run(int tasks, IntConsumer task) {
        runs++;
        for (int t = tasks - 1; t >= 0; t--) {
            task.accept(t);
        }
    }

    /** @return how many times {@link #run} was called */
    public int runs() {
        return runs;
    }
}
