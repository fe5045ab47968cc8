package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.spi.IndexingShapes;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.spi.ScatterShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.index.GatherPlan;
import org.ferrite.cpu.internal.kernel.index.ScatterPlan;
import org.ferrite.cpu.internal.kernel.typed.NarrowStorage;
import org.ferrite.cpu.internal.plan.IndexedPlan;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;
import org.ferrite.cpu.internal.plan.PlanKey;

/**
 * Entry points of gather and scatter: the {@code IndexingOps} hooks, with StableHLO semantics
 * including batching dimensions (see {@link GatherPlan} and {@link ScatterPlan} for the maths).
 * Gather clamps start indices so each slice lies inside the operand; scatter skips any update whose
 * window would leave the operand. Which dtypes each scatter mode accepts is its row of the API's
 * operation table ({@code OpTable.of(mode)}: every dtype for REPLACE, ADD and MUL, the real ones for MAX
 * and MIN), checked first.
 *
 * <p>Plans are cached in the session's {@link IndexedPlanCache} under (family, dtypes, extents and
 * strides of every operand, config). Validation is the shared split of {@code org.ferrite.api.spi}: the
 * cacheable half ({@link IndexingShapes#checkGather}, {@link ScatterShapes#checkScatter}, plus the
 * {@code int} index space of the inputs) runs on a miss only — its verdict is part of the key — and the
 * per-call half ({@link IndexingShapes#checkGatherCall}, {@link ScatterShapes#checkScatterCall}:
 * placement and aliasing) runs on every call, hit or miss, before the first write. A gather output must
 * not overlap its inputs; a scatter output may be exactly the operand (in place) but must not otherwise
 * overlap it, nor the indices or updates. A hit allocates nothing. Thread-safe (stateless; the context
 * and its cache are the caller's). It has no instances and holds no resources.
 */
public final class IndexingKernels {
    private IndexingKernels() {
    }

    /**
     * @param ctx the running session
     * @param operand the operand
     * @param indices I32/I64 start indices
     * @param config the dimension numbers and slice sizes
     * @param out shape {@code IndexingShapes.gatherShape}, dtype of {@code operand}
     */
    public static void gatherInto(KernelContext ctx, TensorRead operand, TensorRead indices, GatherConfig config,
            TensorWrite out) {
        String name = "gather";
        IndexedPlanCache cache = ctx.indexedPlans();
        PlanKey key = cache.probe().reset(GatherPlan.FAMILY, config).addTensor(operand).addTensor(indices)
                .addTensor(out);
        IndexedPlan plan = cache.get(key);
        if (plan == null) {
            IndexingShapes.checkGather(operand, indices, config, out);
        }
        IndexingShapes.checkGatherCall(Placement.HOST, operand, indices, out);
        if (NarrowStorage.isNarrow(operand.dtype())) {
            NarrowStaging.gather(ctx, operand, indices, config, out);
            return;
        }
        if (plan == null) {
            KernelChecks.requireIndexSpace(name, "operand", operand);
            KernelChecks.requireIndexSpace(name, "startIndices", indices);
            plan = GatherPlan.compile(operand, indices, config, out);
            cache.put(key, plan);
        }
        ((GatherPlan) plan).execute(operand, indices, out);
    }

    /**
     * @param ctx the running session
     * @param operand the operand
     * @param indices I32/I64 scatter indices
     * @param updates the updates, dtype of {@code operand}
     * @param config the dimension numbers and mode
     * @param out shape and dtype of {@code operand}; may be exactly {@code operand}
     */
    public static void scatterInto(KernelContext ctx, TensorRead operand, TensorRead indices, TensorRead updates,
            ScatterConfig config, TensorWrite out) {
        String name = "scatter";
        DType dtype = operand.dtype();
        OpChecks.requireDefined(config.mode(), dtype);
        IndexedPlanCache cache = ctx.indexedPlans();
        PlanKey key = cache.probe().reset(ScatterPlan.FAMILY, config).addTensor(operand).addTensor(indices)
                .addTensor(updates).addTensor(out);
        IndexedPlan plan = cache.get(key);
        if (plan == null) {
            ScatterShapes.checkScatter(operand, indices, updates, config, out);
        }
        ScatterShapes.checkScatterCall(Placement.HOST, operand, indices, updates, out);
        if (NarrowStorage.isNarrow(dtype)) {
            NarrowStaging.scatter(ctx, operand, indices, updates, config, out);
            return;
        }
        if (plan == null) {
            KernelChecks.requireIndexSpace(name, "scatterIndices", indices);
            KernelChecks.requireIndexSpace(name, "updates", updates);
            plan = ScatterPlan.compile(indices, updates, config, out);
            cache.put(key, plan);
        }
        if (!Overlap.identicalLayout(out, operand)) {
            StridedCopy.copy(ctx, operand, out);
        }
        ((ScatterPlan) plan).execute(indices, updates, out);
    }
}
