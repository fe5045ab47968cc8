package org.ferrite.cpu.internal.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.kernel.stride.LayoutScratch;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;
import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * A {@link KernelContext} for kernel tests without a session: allocation with {@link Tensor#zeros},
 * fresh caches, and one of three runners — serial, "split inline" (reports a parallelism but runs the
 * chunks one after another on the caller, so chunking is exercised deterministically), or a real
 * thread pool. Not thread-safe; close the pooled variant after use.
 */
final class TestKernelContext implements KernelContext, AutoCloseable {
    private final LayoutScratch layouts = new LayoutScratch();
    private final IndexedPlanCache indexed;
    private final ParallelRunner runner;
    private final ExecutorService pool;

    private TestKernelContext(ParallelRunner runner, ExecutorService pool, IndexedPlanCache indexed) {
        this.runner = runner;
        this.pool = pool;
        this.indexed = indexed;
    }

    /** @return a context whose runner has parallelism 1 */
    static TestKernelContext serial() {
        return new TestKernelContext(new InlineRunner(1), null, new IndexedPlanCache(256, 8L << 20));
    }

    /**
     * @param maxEntries plan cache entry limit
     * @param maxBytes plan cache byte limit
     * @return a serial context with the given plan cache limits
     */
    static TestKernelContext withPlanCache(int maxEntries, long maxBytes) {
        return new TestKernelContext(new InlineRunner(1), null, new IndexedPlanCache(maxEntries, maxBytes));
    }

    /**
     * @param parallelism the reported parallelism
     * @return a context that splits work into chunks but runs them inline, in order
     */
    static TestKernelContext splitInline(int parallelism) {
        return new TestKernelContext(new InlineRunner(parallelism), null, new IndexedPlanCache(256, 8L << 20));
    }

    /**
     * @param threads worker threads
     * @return a context running chunks on a real pool
     */
    static TestKernelContext pooled(int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        return new TestKernelContext(new PoolRunner(pool, threads), pool, new IndexedPlanCache(256, 8L << 20));
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        return Tensor.zeros(dtype, shape);
    }

    @Override
    public IndexedPlanCache indexedPlans() {
        return indexed;
    }

    @Override
    public ParallelRunner parallel() {
        return runner;
    }

    @Override
    public GemmRoute gemmRoute() {
        return GemmRoute.AUTO;
    }

    @Override
    public LayoutScratch layouts() {
        return layouts;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    /** Runs chunks on the caller in index order; counts the calls that split. */
    static final class InlineRunner implements ParallelRunner {
        private final int parallelism;
        int splitCalls;

        InlineRunner(int parallelism) {
            this.parallelism = parallelism;
        }

        @Override
        public int parallelism() {
            return parallelism;
        }

        @Override
        public void run(int tasks, IntConsumer task) {
            splitCalls++;
            for (int i = 0; i < tasks; i++) {
                task.accept(i);
            }
        }
    }

    private static final class PoolRunner implements ParallelRunner {
        private final ExecutorService pool;
        private final int parallelism;

        PoolRunner(ExecutorService pool, int parallelism) {
            this.pool = pool;
            this.parallelism = parallelism;
        }

        @Override
        public int parallelism() {
            return parallelism;
        }

        @Override
        public void run(int tasks, IntConsumer task) {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < tasks; i++) {
                int chunk = i;
                futures.add(pool.submit(() -> task.accept(chunk)));
            }
            RuntimeException first = null;
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause()
                                : new IllegalStateException(e.getCause());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            if (first != null) {
                throw first;
            }
        }
    }
}
