package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.kernel.stride.LayoutScratch;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;
import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * What a kernel may use from the session that runs it: pooled allocation, the session's plan cache,
 * its share of the worker pool and the configured GEMM route. Implemented by the session; confined to
 * the session's thread (kernels running on workers must not call back into it, except
 * {@link ParallelRunner}'s tasks reading their own slice of data).
 */
public interface KernelContext {
    /**
     * @param dtype element type
     * @param shape extents
     * @return a compact tensor from the session's buffer pool, contents unspecified
     */
    Tensor allocate(DType dtype, long... shape);

    /** @return the session's indexed-plan cache (gather/scatter/dynamic slices) */
    IndexedPlanCache indexedPlans();

    /** @return the worker pool share of this session (inline when the thread budget is 1) */
    ParallelRunner parallel();

    /** @return the GEMM route the backend was configured with */
    GemmRoute gemmRoute();

    /** @return the session's reusable traversal layouts (the calling thread's session only) */
    LayoutScratch layouts();
}
