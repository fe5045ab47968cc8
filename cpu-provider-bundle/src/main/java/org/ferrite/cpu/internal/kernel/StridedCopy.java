package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.stride.ParallelSplit;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * The copy kernel behind {@code copyInto}, {@code castInto} of equal dtypes, identity reductions and
 * the operand copy of an out-of-place scatter: {@code out[i] = src[i]} for already validated operands
 * of one dtype and shape. Compact pairs copy with {@link System#arraycopy}; others walk a coalesced
 * layout in which a complex element is an extra axis of two lanes, so complex copies run as real ones.
 * Allocates nothing on serial paths. Thread-safe (stateless).
 */
final class StridedCopy {
    private StridedCopy() {
    }

    static void copy(KernelContext ctx, TensorRead src, TensorWrite out) {
        int size = out.size();
        if (size == 0) {
            return;
        }
        int lanes = src.dtype().scalarsPerElement();
        if (out.isColumnMajorContiguous() && src.isColumnMajorContiguous()) {
            System.arraycopy(src.storage(), src.offset() * lanes, out.storage(), out.offset() * lanes, size * lanes);
            return;
        }
        StridedLayout l = StridedLayout.perThread().begin(out, 2).operand(0, out, lanes).operand(1, src, lanes);
        if (lanes == 2) {
            int axis = l.appendAxis(2);
            l.stride(0, axis, 1).stride(1, axis, 1);
        }
        l.finish(0);
        Object o = out.storage();
        Object s = src.storage();
        int chunks = ParallelSplit.chunks(ctx.parallel(), l);
        if (chunks == 1) {
            TypedDispatch.copy(src.dtype(), l, o, s);
        } else {
            ctx.parallel().run(chunks, c -> TypedDispatch.copy(src.dtype(), ParallelSplit.chunk(l, c, chunks), o, s));
        }
    }
}
