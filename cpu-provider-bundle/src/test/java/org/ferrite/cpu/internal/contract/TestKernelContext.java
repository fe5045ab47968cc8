package org.ferrite.cpu.internal.contract;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.SequentialParallelRunner;
import org.ferrite.cpu.internal.worker.ParallelRunner;
import org.ferrite.cpu.internal.kernel.stride.LayoutScratch;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;

/**
 * A session stand-in for kernel tests: allocates with {@link Tensor#zeros}, owns a contraction plan
 * cache, runs parallel chunks through a given runner, and reports a chosen GEMM route. Not
 * thread-safe; test use only.
 */
final class TestKernelContext implements ContractionContext {
    private final LayoutScratch layouts = new LayoutScratch();
    private final GemmRoute route;
    private final ParallelRunner parallel;
    private final ContractionPlanCache plans;

    TestKernelContext(GemmRoute route) {
        this(route, new SequentialParallelRunner(1), new ContractionPlanCache());
    }

    TestKernelContext(GemmRoute route, ParallelRunner parallel, ContractionPlanCache plans) {
        this.route = route;
        this.parallel = parallel;
        this.plans = plans;
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        return Tensor.zeros(dtype, shape);
    }

    @Override
    public IndexedPlanCache indexedPlans() {
        throw new UnsupportedOperationException("contraction kernels do not use the indexed-plan cache");
    }

    @Override
    public ContractionPlanCache contractionPlans() {
        return plans;
    }

    @Override
    public ParallelRunner parallel() {
        return parallel;
    }

    @Override
    public GemmRoute gemmRoute() {
        return route;
    }

    @Override
    public LayoutScratch layouts() {
        return layouts;
    }
}
