package org.ferrite.cpu.internal.contract;

import java.util.Objects;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.spi.DotGeneralLayouts;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The CPU provider's {@link PreparedContraction}: a {@link ContractionPlan} compiled once, when the
 * session prepared it, and run directly — no cache lookup, no analysis; per call only the layout check
 * (the plan's key against the tensors), the per-call checks of {@code dotGeneralAccumulate} (placement,
 * aliasing, scalars) and the kernel, in the scratch of the session that runs it. Allocation-free.
 *
 * <p>Any session of a CPU backend runs the plan natively — with the kernel tier the preparing session's
 * GEMM route chose; a session of another provider runs it as its own {@code dotGeneralAccumulate} after
 * the same layout check.
 *
 * <p>Thread-safe (immutable; the plan is immutable and execution's scratch is the running session's).
 * Lifetime: as long as it is referenced; it holds no tensor and no session resource.
 */
final class CpuPreparedContraction implements PreparedContraction {
    private final ContractionPlan plan;
    /** The same layouts as the plan's key, for {@link #outputShape()} and the precise layout errors. */
    private final DotGeneralLayouts layouts;

    CpuPreparedContraction(ContractionPlan plan, DotGeneralLayouts layouts) {
        this.plan = plan;
        this.layouts = layouts;
    }

    @Override
    public DotGeneralConfig config() {
        return plan.config;
    }

    @Override
    public DType dtype() {
        return plan.dtype;
    }

    @Override
    public long[] outputShape() {
        return plan.outShape.clone();
    }

    @Override
    public boolean accepts(TensorRead lhs, TensorRead rhs, TensorRead out) {
        return plan.matchesLayouts(lhs, rhs, out);
    }

    @Override
    public void runAccumulate(BackendSession s, TensorRead lhs, TensorRead rhs, Accumulation accumulation,
            TensorWrite out) {
        if (s instanceof ContractionContext) {
            runIn((ContractionContext) s, lhs, rhs, accumulation, out);
            return;
        }
        Objects.requireNonNull(s, "session");
        Objects.requireNonNull(accumulation, "accumulation");
        layouts.requireMatch(lhs, rhs, out);
        s.dotGeneralAccumulate(lhs, rhs, plan.config, accumulation, out);
    }

    /**
     * The native run in a CPU session: the layout check (the plan's key), the per-call checks of
     * {@code dotGeneralAccumulate}, the kernel.
     */
    void runIn(ContractionContext ctx, TensorRead lhs, TensorRead rhs, Accumulation accumulation, TensorWrite out) {
        ContractionKernels.runPrepared(ctx, plan, layouts, lhs, rhs, accumulation, out);
    }

    @Override
    public String toString() {
        return "PreparedContraction[" + plan + "]";
    }
}
