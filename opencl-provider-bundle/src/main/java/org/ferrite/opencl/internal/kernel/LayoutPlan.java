package org.ferrite.opencl.internal.kernel;

import java.util.Arrays;

/**
 * The layout plans the {@code _s} kernels read (see {@link KernelSource}): several operands over one
 * iteration shape, each with its element offset and strides. Before encoding, axes of extent 1 are
 * dropped and neighbouring axes merged where every operand steps through them as through one
 * ({@code stride[a + 1] == stride[a] · extent[a]} for all), so that a compact or uniformly strided
 * operation indexes one axis; {@link #isCompact()} then says that the {@code _c} kernel applies.
 *
 * <p>Not thread-safe (built and read by one session thread). Lifetime: one launch.
 */
public final class LayoutPlan {
    private final long[] extents;
    private final long[][] strides;
    private final long[] offsets;

    private LayoutPlan(long[] extents, long[][] strides, long[] offsets) {
        this.extents = extents;
        this.strides = strides;
        this.offsets = offsets;
    }

    /**
     * @param shape the iteration shape
     * @param strides each operand's strides over it (zero for a broadcast axis)
     * @param offsets each operand's element offset (in its buffer)
     * @return the plan, its axes simplified
     */
    public static LayoutPlan of(long[] shape, long[][] strides, long[] offsets) {
        int k = strides.length;
        long[] e = new long[shape.length];
        long[][] s = new long[k][shape.length];
        int r = 0;
        for (int a = 0; a < shape.length; a++) {
            if (shape[a] == 1) {
                continue;
            }
            boolean merge = r > 0;
            for (int j = 0; j < k && merge; j++) {
                merge = strides[j][a] == s[j][r - 1] * e[r - 1];
            }
            if (merge) {
                e[r - 1] *= shape[a];
                continue;
            }
            e[r] = shape[a];
            for (int j = 0; j < k; j++) {
                s[j][r] = strides[j][a];
            }
            r++;
        }
        long[][] trimmed = new long[k][];
        for (int j = 0; j < k; j++) {
            trimmed[j] = Arrays.copyOf(s[j], r);
        }
        return new LayoutPlan(Arrays.copyOf(e, r), trimmed, offsets.clone());
    }

    /** @return true if every operand is compact over the (simplified) shape: one axis of stride 1, or none */
    public boolean isCompact() {
        if (extents.length > 1) {
            return false;
        }
        for (long[] s : strides) {
            if (extents.length == 1 && s[0] != 1) {
                return false;
            }
        }
        return true;
    }

    /** @return operand {@code k}'s element offset */
    public long offset(int k) {
        return offsets[k];
    }

    /** @return {@code [rank, extents…, then per operand: offset, strides…]} */
    public long[] encode() {
        int r = extents.length;
        long[] p = new long[1 + r + strides.length * (r + 1)];
        p[0] = r;
        System.arraycopy(extents, 0, p, 1, r);
        for (int j = 0; j < strides.length; j++) {
            p[1 + r + j * (r + 1)] = offsets[j];
            System.arraycopy(strides[j], 0, p, 2 + r + j * (r + 1), r);
        }
        return p;
    }

    /**
     * An outer plan followed by an inner block: {@code [outer…, rank, extents…, strides of each inner
     * operand…]} (reductions and contractions; the inner axes are kept as given, extent 1 included).
     *
     * @param outer the outer plan
     * @param innerShape the summed axes' extents
     * @param innerStrides each summed operand's strides over them
     * @return the encoded plan
     */
    public static long[] nested(LayoutPlan outer, long[] innerShape, long[][] innerStrides) {
        long[] head = outer.encode();
        int r = innerShape.length;
        long[] p = Arrays.copyOf(head, head.length + 1 + r + innerStrides.length * r);
        int at = head.length;
        p[at++] = r;
        System.arraycopy(innerShape, 0, p, at, r);
        at += r;
        for (long[] s : innerStrides) {
            System.arraycopy(s, 0, p, at, r);
            at += r;
        }
        return p;
    }

    @Override
    public String toString() {
        return "LayoutPlan" + Arrays.toString(encode());
    }
}
