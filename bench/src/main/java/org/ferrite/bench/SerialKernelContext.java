package org.ferrite.bench;

import java.util.function.IntConsumer;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.contract.ContractionContext;
import org.ferrite.cpu.internal.contract.ContractionPlanCache;
import org.ferrite.cpu.internal.worker.ParallelRunner;
import org.ferrite.cpu.internal.kernel.stride.LayoutScratch;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;

/**
 * A kernel context without a session, for benchmarks that call kernel entry points directly: compact
 * allocation, fresh plan caches, route {@code AUTO}, and an inline runner (parallelism 1, tasks run in
 * order on the calling thread).
 *
 * <p>Not thread-safe: its caches are per-session state, so one benchmark thread uses one instance.
 * Lifetime: that of the benchmark state holding it.
 */
final class SerialKernelContext implements ContractionContext, ParallelRunner {
    private final LayoutScratch layouts = new LayoutScratch();
    /** Null when the benchmarked kernels must not touch the indexed-plan cache. */
    private final IndexedPlanCache indexedPlans;
    private final ContractionPlanCache contractionPlans = new ContractionPlanCache();

    private SerialKernelContext(IndexedPlanCache indexedPlans) {
        this.indexedPlans = indexedPlans;
    }

    /** @return a context with both plan caches */
    static SerialKernelContext withIndexedPlans() {
        return new SerialKernelContext(new IndexedPlanCache(256, 8L << 20));
    }

    /**
     * @return a context for {@code dotGeneral} alone, whose {@link #indexedPlans()} throws (so the
     *     benchmark cannot silently measure a cache it does not mean to)
     */
    static SerialKernelContext contractionOnly() {
        return new SerialKernelContext(null);
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        return Tensor.zeros(dtype, shape);
    }

    @Override
    public IndexedPlanCache indexedPlans() {
        if (indexedPlans == null) {
            throw new IllegalStateException("dotGeneral does not use the indexed-plan cache");
        }
        return indexedPlans;
    }

    @Override
    public ContractionPlanCache contractionPlans() {
        return contractionPlans;
    }

    @Override
    public ParallelRunner parallel() {
        return this;
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
    public int parallelism() {
        return 1;
    }

    @Override
    public void run(int tasks, IntConsumer task) {
        for (int t = 0; t < tasks; t++) {
            task.accept(t);
        }
    }
}
