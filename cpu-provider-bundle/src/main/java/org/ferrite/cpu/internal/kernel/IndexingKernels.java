package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.IndexingShapes;
import org.ferrite.api.session.OperandChecks;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.index.GatherPlan;
import org.ferrite.cpu.internal.kernel.index.ScatterPlan;
import org.ferrite.cpu.internal.plan.IndexedPlan;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;
import org.ferrite.cpu.internal.plan.PlanKey;

/**
 * Entry points of gather and scatter: the {@code IndexingOps} hooks, with StableHLO semantics
 * including batching dimensions (see {@link GatherPlan} and {@link ScatterPlan} for the maths).
 * Gather clamps start indices so each slice lies inside the operand; scatter skips any update whose
 * window would leave the operand. Every dtype is supported for gather and REPLACE scatter; the other
 * scatter modes follow the dtype domain of the matching {@code BinaryOp} (ADD, MUL; MAXIMUM and
 * MINIMUM for MAX and MIN).
 *
 * <p>Plans are cached in the session's {@link IndexedPlanCache} under (family, dtypes, extents and
 * strides of every operand, config); a hit skips shape validation (its verdict is part of the key) and
 * compilation and allocates nothing. Placement and aliasing are checked on every call, before the first
 * write: a gather output must not overlap its inputs; a scatter output may be exactly the operand (in
 * place) but must not otherwise overlap it, nor the indices or updates. Thread-safe (stateless; the
 * context and its cache are the caller's). It has no instances and holds no resources.
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
            int[] shape = IndexingShapes.gatherShape(operand, indices, config);
            OperandChecks.requireDtype(name, "out", out, operand.dtype());
            OperandChecks.requireShape(name, "out", shape, out);
            OperandChecks.requireWritable(name, out);
            plan = GatherPlan.compile(operand, indices, config, out);
            cache.put(key, plan);
        }
        KernelChecks.requireHost(name, "operand", operand);
        KernelChecks.requireHost(name, "startIndices", indices);
        KernelChecks.requireHost(name, "out", out);
        OperandChecks.requireNoAlias(name, out, operand, "operand");
        OperandChecks.requireNoAlias(name, out, indices, "startIndices");
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
        BinaryOp combine = ScatterPlan.combineOp(config.mode());
        if (combine != null && !TypedDispatch.supports(combine, dtype)) {
            throw KernelChecks.unsupported(name, "scatter mode " + config.mode(), dtype,
                    d -> TypedDispatch.supports(combine, d));
        }
        IndexedPlanCache cache = ctx.indexedPlans();
        PlanKey key = cache.probe().reset(ScatterPlan.FAMILY, config).addTensor(operand).addTensor(indices)
                .addTensor(updates).addTensor(out);
        IndexedPlan plan = cache.get(key);
        if (plan == null) {
            ScatterShapes.validate(operand, indices, updates, config);
            OperandChecks.requireOutput(name, out, dtype, operand);
            plan = ScatterPlan.compile(indices, updates, config, out);
            cache.put(key, plan);
        }
        KernelChecks.requireHost(name, "operand", operand);
        KernelChecks.requireHost(name, "scatterIndices", indices);
        KernelChecks.requireHost(name, "updates", updates);
        KernelChecks.requireHost(name, "out", out);
        OperandChecks.requireNoPartialAlias(name, out, operand, "operand");
        OperandChecks.requireNoAlias(name, out, indices, "scatterIndices");
        OperandChecks.requireNoAlias(name, out, updates, "updates");
        if (!OperandChecks.identicalLayout(out, operand)) {
            StridedCopy.copy(ctx, operand, out);
        }
        ((ScatterPlan) plan).execute(indices, updates, out);
    }
}
