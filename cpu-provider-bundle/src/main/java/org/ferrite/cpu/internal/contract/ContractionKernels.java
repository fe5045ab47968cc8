package org.ferrite.cpu.internal.contract;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.KernelContext;

/** Entry point of the contraction kernels: the CPU implementation of {@code dotGeneralAccumulate}. */
public final class ContractionKernels {
    private ContractionKernels() {
    }

    /**
     * {@code out = alpha · lhs·rhs + beta · out} per {@link org.ferrite.api.session.ContractionOps}.
     *
     * @param ctx the session
     * @param lhs left operand
     * @param rhs right operand
     * @param config contraction axes
     * @param acc alpha, beta, conjugation
     * @param out output
     */
    public static void dotGeneralAccumulate(KernelContext ctx, TensorRead lhs, TensorRead rhs,
            DotGeneralConfig config, Accumulation acc, TensorWrite out) {
        throw new UnsupportedOpException("dotGeneral", null, "SCAFFOLD: contraction kernels land with issue 6");
    }
}
