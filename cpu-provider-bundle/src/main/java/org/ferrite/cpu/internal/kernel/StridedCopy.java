package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.stride.ParallelSplit;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;
import org.ferrite.cpu.internal.kernel.typed.NarrowStorage;
import org.ferrite.cpu.internal.kernel.typed.TypedDispatch;

/**
 * The copy kernel behind {@code copyInto}, {@code castInto} of equal dtypes, identity reductions and
 * the operand copy of an out-of-place scatter: {@code out[i] = src[i]} for already validated operands
 * of one dtype and shape. Compact pairs copy with {@link System#arraycopy}; others walk a coalesced
 * layout in which a complex element is an extra axis of two lanes, so complex copies run as real ones.
 * When the source runs across the destination's order (a transpose), the two leading axes are copied
 * in {@value #TILE}×{@value #TILE} tiles so that both sides stay in cache. Allocates nothing on serial
 * paths. Thread-safe (stateless); it has no instances and holds no resources.
 */
final class StridedCopy {
    /** Tile side for transposing copies: 32×32 doubles of source and destination fit in L1. */
    static final int TILE = 32;
    /** Copies smaller than this are not tiled. */
    private static final long MIN_TILED = 4096;

    private StridedCopy() {
    }

    static void copy(KernelContext ctx, TensorRead src, TensorWrite out) {
        long size = out.size();
        if (size == 0) {
            return;
        }
        int lanes = src.dtype().scalarsPerElement();
        if (out.isColumnMajorContiguous() && src.isColumnMajorContiguous()) {
            // int narrowing: src has the shape of the writable host output (see StridedLayout)
            System.arraycopy(src.storage(), (int) src.offset() * lanes, out.storage(), (int) out.offset() * lanes,
                    (int) size * lanes);
            return;
        }
        StridedLayout l = ctx.layouts().primary().begin(out, 2).operand(0, out, lanes).operand(1, src, lanes);
        if (lanes == 2) {
            int axis = l.appendAxis(2);
            l.stride(0, axis, 1).stride(1, axis, 1);
        }
        l.finish(0);
        Object o = out.storage();
        Object s = src.storage();
        int chunks = ParallelSplit.chunks(ctx.parallel(), l);
        if (chunks == 1) {
            copy(src.dtype(), l, o, s, ctx.layouts().aux());
        } else {
            ctx.parallel().run(chunks, c -> copy(src.dtype(), ParallelSplit.chunk(l, c, chunks), o, s,
                    new StridedLayout()));
        }
    }

    /** Copies over a finished layout, in tiles when it is a transpose (see the class comment). */
    private static void copy(DType dtype, StridedLayout l, Object o, Object s, StridedLayout tile) {
        if (NarrowStorage.isNarrow(dtype)) {
            NarrowStorage.copy(l, o, s);
            return;
        }
        int a = l.rank() > 2 && l.extent(0) == 2 && l.strideOf(0, 0) == 1 && l.strideOf(1, 0) == 1 ? 1 : 0;
        int b = a + 1;
        if (l.size() < MIN_TILED || b >= l.rank() || l.extent(a) < TILE || l.extent(b) < TILE
                || Math.abs((long) l.strideOf(1, a)) <= Math.abs((long) l.strideOf(1, b))) {
            TypedDispatch.copy(dtype, l, o, s);
            return;
        }
        int na = l.extent(a);
        int nb = l.extent(b);
        for (int jb = 0; jb < nb; jb += TILE) {
            for (int ja = 0; ja < na; ja += TILE) {
                l.window(tile, a, ja, Math.min(na, ja + TILE), b, jb, Math.min(nb, jb + TILE));
                TypedDispatch.copy(dtype, tile, o, s);
            }
        }
    }
}
