package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/** Entry points of gather and scatter. */
public final class IndexingKernels {
    private IndexingKernels() {
    }

    /** @param ctx session @param operand operand @param indices indices @param config cfg @param out out */
    public static void gatherInto(KernelContext ctx, TensorRead operand, TensorRead indices, GatherConfig config,
            TensorWrite out) {
        throw new UnsupportedOpException("gather", null, "SCAFFOLD: kernels land with issue 5");
    }

    /**
     * @param ctx session @param operand operand @param indices indices @param updates updates
     * @param config cfg @param out out
     */
    public static void scatterInto(KernelContext ctx, TensorRead operand, TensorRead indices, TensorRead updates,
            ScatterConfig config, TensorWrite out) {
        throw new UnsupportedOpException("scatter", null, "SCAFFOLD: kernels land with issue 5");
    }
}
