package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/** Entry points of the elementwise and analytic kernels. */
public final class ElementwiseKernels {
    private ElementwiseKernels() {
    }

    /** @param ctx session @param op op @param lhs lhs @param rhs rhs @param out out */
    public static void binaryInto(KernelContext ctx, BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        throw new UnsupportedOpException(op.name(), null, "SCAFFOLD: kernels land with issue 5");
    }

    /** @param ctx session @param op op @param x operand @param out out */
    public static void unaryInto(KernelContext ctx, UnaryOp op, TensorRead x, TensorWrite out) {
        throw new UnsupportedOpException(op.name(), null, "SCAFFOLD: kernels land with issue 5");
    }

    /** @param ctx session @param op op @param lhs lhs @param rhs rhs @param out out */
    public static void compareInto(KernelContext ctx, CompareOp op, TensorRead lhs, TensorRead rhs,
            TensorWrite out) {
        throw new UnsupportedOpException(op.name(), null, "SCAFFOLD: kernels land with issue 5");
    }

    /** @param ctx session @param p predicate @param t on true @param f on false @param out out */
    public static void selectInto(KernelContext ctx, TensorRead p, TensorRead t, TensorRead f, TensorWrite out) {
        throw new UnsupportedOpException("select", null, "SCAFFOLD: kernels land with issue 5");
    }
}
