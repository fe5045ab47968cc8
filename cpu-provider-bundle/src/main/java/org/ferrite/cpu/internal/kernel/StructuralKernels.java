package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/** Entry points of the structural kernels (strided copy and cast). */
public final class StructuralKernels {
    private StructuralKernels() {
    }

    /** @param ctx session @param src source @param out destination */
    public static void copyInto(KernelContext ctx, TensorRead src, TensorWrite out) {
        throw new UnsupportedOpException("copyInto", null, "SCAFFOLD: kernels land with issue 5");
    }

    /** @param ctx session @param src source @param out destination */
    public static void castInto(KernelContext ctx, TensorRead src, TensorWrite out) {
        throw new UnsupportedOpException("castInto", null, "SCAFFOLD: kernels land with issue 5");
    }
}
