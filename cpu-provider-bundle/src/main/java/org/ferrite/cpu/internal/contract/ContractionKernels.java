package org.ferrite.cpu.internal.contract;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.NativeBlas;
import org.ferrite.cpu.internal.kernel.KernelChecks;

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
        GemmRoute route = ctx.gemmRoute();
        ContractionPlan plan = cache.find(lhs, rhs, config, out, route);
        if (plan == null && lhs.dtype().isInteger()) {
            IntegerContraction.accumulate(lhs, rhs, config, acc, out); // exact; never cached, never a hit
            return;
        }
        if (plan == null) {
            // a miss: what a cached plan's key would prove (dtypes, extents, strides)
            DotGeneralShapes.checkShapes(lhs, rhs, config, out);
        }
        // hit or miss: what depends on storage, placement and the scalars of this call
        DotGeneralShapes.checkCall(Placement.HOST, lhs, rhs, acc, out);
        if (plan == null) {
            KernelChecks.requireIndexSpace(OP, "lhs", lhs); // a key-proved property, like checkShapes
            KernelChecks.requireIndexSpace(OP, "rhs", rhs);
            plan = ContractionPlanner.compile(lhs, rhs, config, out, route, NativeBlas.get().available());
            cache.add(plan);
        }
        DirectProduct direct = plan.direct;
        if (direct != null && acc.alphaRe() != 0) {
            // offsets of non-empty host operands fit an int (see ContractionPlanner)
            if (plan.doubleStorage) {
                direct.f64((double[]) lhs.storage(), (int) lhs.offset(), (double[]) rhs.storage(),
                        (int) rhs.offset(), (double[]) out.storage(), (int) out.offset(), acc.alphaRe(),
                        acc.betaRe());
            } else {
                direct.f32((float[]) lhs.storage(), (int) lhs.offset(), (float[]) rhs.storage(),
                        (int) rhs.offset(), (float[]) out.storage(), (int) out.offset(), (float) acc.alphaRe(),
                        (float) acc.betaRe());
            }
        } else if (plan.doubleStorage) {
            DoubleContraction.execute(plan, lhs, rhs, acc, out, cache.doubles(), ctx.parallel());
        } else {
            FloatContraction.execute(plan, lhs, rhs, acc, out, cache.floats(), ctx.parallel());
        }
    }
}
