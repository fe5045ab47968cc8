package org.ferrite.cpu.internal.contract;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.ContractionOps;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.spi.DotGeneralLayouts;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.spi.PortablePreparedContraction;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.NativeBlas;
import org.ferrite.cpu.internal.kernel.KernelChecks;
import org.ferrite.cpu.internal.kernel.NarrowStaging;
import org.ferrite.cpu.internal.kernel.StructuralKernels;
import org.ferrite.cpu.internal.kernel.typed.NarrowStorage;
import org.ferrite.cpu.internal.pool.BufferPool;

/**
 * Entry point of the contraction kernels: the CPU implementation of {@code dotGeneralAccumulate}.
 * Thread-safe (stateless; it has no instances and holds no resources); the context is the calling
 * session's.
 */
public final class ContractionKernels {
    private static final String OP = "dotGeneral";

    private ContractionKernels() {
    }

    /**
     * {@code out[l, r, b] = alpha · Σ_c op(lhs)[l, c, b] · op(rhs)[r, c, b] + beta · out[l, r, b]} per
     * {@link org.ferrite.api.session.ContractionOps}: output axes {@code [lhs free…, rhs free…, batch…]},
     * {@code op} conjugating when the accumulation's flag is set (complex dtypes). Reads {@code lhs}
     * and {@code rhs}; writes every element of {@code out}, reading it only when
     * {@code beta != 0}. With {@code alpha == 0} or an empty contraction, the operands are not read.
     * {@code out} must not overlap the operands.
     *
     * <p>Everything is validated before the first write, with the shared split of
     * {@link DotGeneralShapes}: on a plan-cache miss the cacheable half ({@link DotGeneralShapes#checkShapes},
     * plus the {@code int} index space of the operands), and on every call, hit or miss, the per-call half
     * ({@link DotGeneralShapes#checkCall}: host placement, aliasing, scalars). On failure {@code out} is
     * untouched. A hit — the same config, dtypes, extents and strides as a cached plan — skips exactly
     * what the plan's key proves, runs no analysis and allocates nothing.
     *
     * @param ctx the session
     * @param lhs left operand (F32, F64, C64 or C128; I32 and I64 run {@link IntegerContraction})
     * @param rhs right operand, same dtype
     * @param config contraction axes
     * @param acc alpha, beta, conjugation; imaginary parts must be 0 for real dtypes
     * @param out output, shape {@link DotGeneralShapes#outputShape}
     * @throws ValidationException for bad dtypes, axes, shapes, scalars, non-host or aliasing tensors
     */
    public static void dotGeneralAccumulate(ContractionContext ctx, TensorRead lhs, TensorRead rhs,
            DotGeneralConfig config, Accumulation acc, TensorWrite out) {
        Objects.requireNonNull(lhs, "lhs");
        Objects.requireNonNull(rhs, "rhs");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(acc, "accumulation");
        Objects.requireNonNull(out, "out");
        ContractionPlanCache cache = ctx.contractionPlans();
        ContractionPlan plan = cache.find(lhs, rhs, config, out, ctx.gemmRoute());
        if (plan == null && NarrowStorage.isNarrow(lhs.dtype())) { // never cached: a hit costs nothing here
            accumulateStaged(ctx, lhs, rhs, config, acc, out);
            return;
        }
        if (plan == null && lhs.dtype().isInteger()) {
            IntegerContraction.accumulate(lhs, rhs, config, acc, out); // exact; never cached, never a hit
            return;
        }
        if (plan == null) { // a miss: the cacheable checks, the per-call checks, then a new plan
            DotGeneralShapes.checkShapes(lhs, rhs, config, out);
            DotGeneralShapes.checkCall(Placement.HOST, lhs, rhs, acc, out);
            plan = compile(ctx, lhs, rhs, config, out);
            cache.add(plan);
        } else { // a hit: the key proved dtypes, extents and strides; this call's storage, placement, scalars
            DotGeneralShapes.checkCall(Placement.HOST, lhs, rhs, acc, out);
        }
        execute(ctx, cache, plan, lhs, rhs, acc, out);
    }

    /**
     * A narrow dtype's contraction, checked here, runs in its compute type: F16 and BF16 accumulate in F32,
     * I8 and U8 in I32 (wrapping), and the result is stored back rounded (wrapped) once per element.
     */
    private static void accumulateStaged(ContractionContext ctx, TensorRead lhs, TensorRead rhs,
            DotGeneralConfig config, Accumulation acc, TensorWrite out) {
        DotGeneralShapes.checkShapes(lhs, rhs, config, out);
        DotGeneralShapes.checkCall(Placement.HOST, lhs, rhs, acc, out);
        Tensor wide = acc.betaRe() == 0 && acc.betaIm() == 0 ? NarrowStaging.scratch(out)
                : NarrowStaging.widen(ctx, out);
        dotGeneralAccumulate(ctx, NarrowStaging.widen(ctx, lhs), NarrowStaging.widen(ctx, rhs), config, acc, wide);
        StructuralKernels.castInto(ctx, wide, out);
    }

    /**
     * The allocating form {@code dotGeneral}: a new compact tensor of shape
     * {@link DotGeneralShapes#outputShape}, storage from {@code buffers}, holding
     * {@code Σ_c lhs[l, c, b] · rhs[r, c, b]}. Validated like {@link ContractionOps#dotGeneral}'s default
     * (operands, then the accumulate checks). A cached plan for these operands with a compact output
     * proves the output's shape: the call then costs the storage array, one tensor object, the per-call
     * checks and the product.
     *
     * @param ctx the session
     * @param buffers the session's buffer pool
     * @param lhs left operand
     * @param rhs right operand
     * @param config contraction axes
     * @return the result
     * @throws ValidationException for bad dtypes, axes, shapes or non-host operands
     */
    public static Tensor dotGeneral(ContractionContext ctx, BufferPool buffers, TensorRead lhs, TensorRead rhs,
            DotGeneralConfig config) {
        Objects.requireNonNull(lhs, "lhs");
        Objects.requireNonNull(rhs, "rhs");
        Objects.requireNonNull(config, "config");
        ContractionPlanCache cache = ctx.contractionPlans();
        ContractionPlan plan = cache.findForCompactOutput(lhs, rhs, config, ctx.gemmRoute());
        if (plan == null) {
            DotGeneralShapes.checkOperands(lhs, rhs, config);
            Tensor out = ctx.allocate(lhs.dtype(), DotGeneralShapes.outputShape(lhs, rhs, config));
            dotGeneralAccumulate(ctx, lhs, rhs, config, Accumulation.OVERWRITE, out);
            return out;
        }
        Tensor out = plan.allocateOutput(buffers);
        DotGeneralShapes.checkCall(Placement.HOST, lhs, rhs, Accumulation.OVERWRITE, out);
        execute(ctx, cache, plan, lhs, rhs, Accumulation.OVERWRITE, out);
        return out;
    }

    /**
     * A prepared contraction for the layouts of example tensors (checked as a {@code dotGeneralInto} call
     * would check them): a plan compiled now, with the kernel tier this session's GEMM route chooses, that
     * any CPU session runs ({@link CpuPreparedContraction}). Integer and narrow dtypes, which have no plan (exact
     * {@link IntegerContraction}), get the portable form.
     *
     * @param ctx the preparing session
     * @param lhs an example left operand
     * @param rhs an example right operand
     * @param config contraction axes
     * @param out an example output
     * @return the prepared contraction
     * @throws ValidationException for bad dtypes, axes, shapes, non-host or too large examples
     */
    public static PreparedContraction prepare(ContractionContext ctx, TensorRead lhs, TensorRead rhs,
            DotGeneralConfig config, TensorWrite out) {
        DotGeneralLayouts layouts = DotGeneralLayouts.of(Placement.HOST, lhs, rhs, config, out);
        if (lhs.dtype().isInteger() || NarrowStorage.isNarrow(lhs.dtype())) {
            return new PortablePreparedContraction(layouts);
        }
        return new CpuPreparedContraction(compile(ctx, lhs, rhs, config, out), layouts);
    }

    /**
     * Runs a prepared plan in a CPU session: the per-call layout check (the plan's key), the per-call
     * checks, the kernel. See {@link CpuPreparedContraction}.
     */
    static void runPrepared(ContractionContext ctx, ContractionPlan plan, DotGeneralLayouts layouts, TensorRead lhs,
            TensorRead rhs, Accumulation acc, TensorWrite out) {
        ContractionPlanCache cache = ctx.contractionPlans();
        if (!plan.matchesLayouts(lhs, rhs, out)) {
            layouts.requireMatch(lhs, rhs, out); // throws the precise error (or NullPointerException)
        }
        DotGeneralShapes.checkCall(Placement.HOST, lhs, rhs, Objects.requireNonNull(acc, "accumulation"), out);
        execute(ctx, cache, plan, lhs, rhs, acc, out);
    }

    /** Runs a plan whose checks passed. */
    private static void execute(ContractionContext ctx, ContractionPlanCache cache, ContractionPlan plan, TensorRead lhs,
            TensorRead rhs, Accumulation acc, TensorRead out) {
        DirectProduct direct = plan.direct;
        if (direct != null && acc.alphaRe() != 0) {
            direct(ctx, cache, plan, direct, lhs, rhs, acc, out);
        } else if (plan.doubleStorage) {
            DoubleContraction.execute(plan, lhs, rhs, acc, out, cache, ctx.parallel());
        } else {
            FloatContraction.execute(plan, lhs, rhs, acc, out, cache, ctx.parallel());
        }
    }

    /** A new plan for a call whose shapes were checked ({@link DotGeneralShapes#checkShapes}). */
    private static ContractionPlan compile(ContractionContext ctx, TensorRead lhs, TensorRead rhs,
            DotGeneralConfig config, TensorWrite out) {
        KernelChecks.requireIndexSpace(OP, "lhs", lhs); // a key-proved property, like checkShapes
        KernelChecks.requireIndexSpace(OP, "rhs", rhs);
        return ContractionPlanner.compile(lhs, rhs, config, out, ctx.gemmRoute(), NativeBlas.get().available());
    }

    /** The plan's direct product, split over the session's threads when its batch is large. */
    private static void direct(ContractionContext ctx, ContractionPlanCache cache, ContractionPlan plan,
            DirectProduct direct, TensorRead lhs, TensorRead rhs, Accumulation acc, TensorRead out) {
        // offsets of non-empty host operands fit an int (see ContractionPlanner)
        int lo = (int) lhs.offset();
        int ro = (int) rhs.offset();
        int co = (int) out.offset();
        int tasks = direct.work < BatchSplit.PARALLEL_MIN_WORK ? 1 : BatchSplit.tasks(direct,
                ctx.parallel().parallelism());
        if (plan.doubleStorage) {
            double[] l = (double[]) lhs.storage();
            double[] r = (double[]) rhs.storage();
            double[] c = (double[]) out.storage();
            if (tasks <= 1) {
                direct.f64(l, lo, r, ro, c, co, acc.alphaRe(), acc.betaRe());
            } else {
                cache.batchSplit().runF64(ctx.parallel(), tasks, direct, l, lo, r, ro, c, co, acc.alphaRe(),
                        acc.betaRe());
            }
        } else {
            float[] l = (float[]) lhs.storage();
            float[] r = (float[]) rhs.storage();
            float[] c = (float[]) out.storage();
            if (tasks <= 1) {
                direct.f32(l, lo, r, ro, c, co, (float) acc.alphaRe(), (float) acc.betaRe());
            } else {
                cache.batchSplit().runF32(ctx.parallel(), tasks, direct, l, lo, r, ro, c, co, (float) acc.alphaRe(),
                        (float) acc.betaRe());
            }
        }
    }
}
