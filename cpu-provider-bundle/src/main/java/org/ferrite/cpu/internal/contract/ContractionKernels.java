package org.ferrite.cpu.internal.contract;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.DotGeneralShapes;
import org.ferrite.api.session.OperandChecks;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.NativeBlas;
import org.ferrite.cpu.internal.kernel.KernelChecks;
import org.ferrite.cpu.internal.kernel.KernelContext;

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
     * <p>Everything is validated before the first write ({@link DotGeneralShapes#checkAccumulate}, plus
     * host placement); on failure {@code out} is untouched. A call with the same config object, dtypes,
     * shapes and strides as the previous one skips analysis and shape validation (they are implied by
     * the cached plan) and allocates nothing.
     *
     * @param ctx the session
     * @param lhs left operand (F32, F64, C64 or C128)
     * @param rhs right operand, same dtype
     * @param config contraction axes
     * @param acc alpha, beta, conjugation; imaginary parts must be 0 for real dtypes
     * @param out output, shape {@link DotGeneralShapes#outputShape}
     * @throws ValidationException for bad dtypes, axes, shapes, scalars, non-host or aliasing tensors
     */
    public static void dotGeneralAccumulate(KernelContext ctx, TensorRead lhs, TensorRead rhs,
            DotGeneralConfig config, Accumulation acc, TensorWrite out) {
        Objects.requireNonNull(lhs, "lhs");
        Objects.requireNonNull(rhs, "rhs");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(acc, "accumulation");
        Objects.requireNonNull(out, "out");
        ContractionPlanCache cache = ctx.contractionPlans();
        GemmRoute route = ctx.gemmRoute();
        ContractionPlan plan = cache.find(lhs, rhs, config, out, route);
        if (plan == null) {
            DotGeneralShapes.checkAccumulate(lhs, rhs, config, acc, out);
            KernelChecks.requireHost(OP, "lhs", lhs);
            plan = ContractionPlanner.compile(lhs, rhs, config, out, route, NativeBlas.get().available());
            cache.add(plan);
        } else {
            // Dtypes, shapes, strides (hence writability) are those the plan was validated for; what
            // depends on storage, placement or the scalars is checked again.
            KernelChecks.requireHost(OP, "lhs", lhs);
            KernelChecks.requireHost(OP, "rhs", rhs);
            KernelChecks.requireHost(OP, "out", out);
            OperandChecks.requireNoAlias(OP, out, lhs, "lhs");
            OperandChecks.requireNoAlias(OP, out, rhs, "rhs");
            if (!plan.complex && !acc.isReal()) {
                DotGeneralShapes.checkAccumulate(lhs, rhs, config, acc, out); // throws the shared error
            }
        }
        DirectProduct direct = plan.direct;
        if (direct != null && acc.alphaRe() != 0) {
            if (plan.doubleStorage) {
                direct.f64((double[]) lhs.storage(), lhs.offset(), (double[]) rhs.storage(), rhs.offset(),
                        (double[]) out.storage(), out.offset(), acc.alphaRe(), acc.betaRe());
            } else {
                direct.f32((float[]) lhs.storage(), lhs.offset(), (float[]) rhs.storage(), rhs.offset(),
                        (float[]) out.storage(), out.offset(), (float) acc.alphaRe(), (float) acc.betaRe());
            }
        } else if (plan.doubleStorage) {
            DoubleContraction.execute(plan, lhs, rhs, acc, out, cache.doubles(), ctx.parallel());
        } else {
            FloatContraction.execute(plan, lhs, rhs, acc, out, cache.floats(), ctx.parallel());
        }
    }
}
