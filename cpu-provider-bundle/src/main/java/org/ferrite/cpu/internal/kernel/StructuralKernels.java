package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.stride.ParallelSplit;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;
import org.ferrite.cpu.internal.kernel.typed.NarrowStorage;
import org.ferrite.cpu.internal.kernel.typed.TypedDispatch;

/**
 * Entry points of the structural kernels: the {@code StructuralOps} hooks.
 *
 * <ul>
 *   <li>{@link #copyInto}: {@code out[i] = src[i]} for any source and destination strides (a
 *       zero-stride broadcast source included), same dtype and shape, no allocation.
 *   <li>{@link #castInto}: {@code out[i] = (out.dtype) src[i]} for every dtype pair, with the
 *       {@code StructuralOps.castInto} rules: floating to integer truncates toward zero, maps NaN to 0
 *       and saturates; I64 to I32 keeps the low 32 bits; complex to real keeps the real part; anything
 *       to BOOL is {@code != 0} (a complex value is nonzero if either part is); BOOL to numeric is 0/1.
 *   <li>{@link #transferInto}: {@code out[i] = src[i]} between the placements a CPU session reaches —
 *       host and host — so a copy, validated by the shared transfer rule; it returns complete.
 * </ul>
 *
 * <p>{@code out} must be writable and must not overlap {@code src} (compared in storage scalars when
 * the dtypes differ in lanes but share an array). Every check runs before the first write.
 * Thread-safe (stateless; the context is the caller's); it has no
 * instances and holds no resources.
 */
public final class StructuralKernels {
    private StructuralKernels() {
    }

    /**
     * @param ctx the running session
     * @param src the source, dtype and shape of {@code out}
     * @param out the destination
     */
    public static void copyInto(KernelContext ctx, TensorRead src, TensorWrite out) {
        String name = "copyInto";
        OperandChecks.requireOutput(name, out, src.dtype(), src);
        KernelChecks.requireHost(name, "src", src);
        KernelChecks.requireHost(name, "out", out);
        OperandChecks.requireNoAlias(name, out, src, "src");
        StridedCopy.copy(ctx, src, out);
    }

    /**
     * The CPU provider's {@code transferInto}: every placement it reaches is the host, so a transfer is
     * a strided copy, complete when it returns.
     *
     * @param ctx the running session
     * @param src the source, dtype and shape of {@code out}, on the host
     * @param out the destination, on the host
     */
    public static void transferInto(KernelContext ctx, TensorRead src, TensorWrite out) {
        OperandChecks.requireTransfer("transferInto", src, out, Placement.HOST);
        StridedCopy.copy(ctx, src, out);
    }

    /**
     * @param ctx the running session
     * @param src the source, shape of {@code out}, any dtype
     * @param out the destination, any dtype
     */
    public static void castInto(KernelContext ctx, TensorRead src, TensorWrite out) {
        String name = "castInto";
        OperandChecks.requireSameShape(name, "out", src, out);
        OperandChecks.requireWritable(name, out);
        KernelChecks.requireHost(name, "src", src);
        KernelChecks.requireHost(name, "out", out);
        OperandChecks.requireNoAlias(name, out, src, "src");
        DType from = src.dtype();
        DType to = out.dtype();
        if (from == to) {
            StridedCopy.copy(ctx, src, out);
            return;
        }
        if (NarrowStorage.isNarrow(from) || NarrowStorage.isNarrow(to)) {
            NarrowStaging.cast(ctx, src, out);
            return;
        }
        StridedLayout l = ctx.layouts().primary().begin(out, 2).operand(0, out, to.scalarsPerElement())
                .operand(1, src, from.scalarsPerElement());
        if (!l.finish(0)) {
            return;
        }
        Object o = out.storage();
        Object s = src.storage();
        int chunks = ParallelSplit.chunks(ctx.parallel(), l);
        if (chunks == 1) {
            TypedDispatch.cast(from, to, l, o, s);
        } else {
            ctx.parallel().run(chunks, c -> TypedDispatch.cast(from, to, ParallelSplit.chunk(l, c, chunks), o, s));
        }
    }
}
