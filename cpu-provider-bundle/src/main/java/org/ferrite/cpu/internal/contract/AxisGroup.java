package org.ferrite.cpu.internal.contract;

import java.util.Arrays;

/**
 * One role of a contraction's axes — the rows of the product (lhs free), its columns (rhs free), the
 * inner dimension (contracting) or the batch — as loop dimensions with one stride per tensor that
 * traverses them (0 where a tensor does not). Immutable after construction. Thread-safe.
 *
 * <p>Construction drops extent-1 axes, orders the rest by the magnitude of a chosen tensor's stride,
 * and merges neighbours {@code d, d+1} whenever every tensor has
 * {@code stride[d+1] == stride[d]·extent[d]} — so a compact (or compact-per-role) tensor collapses to
 * one dimension, which is what lets a contraction run as a single strided GEMM without copying.
 */
final class AxisGroup {
    static final AxisGroup EMPTY = new AxisGroup(new int[0], new int[0], new int[0], new int[0]);

    /** Extents, all {@code >= 2} (or a single 0). */
    final int[] extents;
    /** Strides in lhs, rhs and out, per dimension. */
    final int[] lhs;
    final int[] rhs;
    final int[] out;

    private AxisGroup(int[] extents, int[] lhs, int[] rhs, int[] out) {
        this.extents = extents;
        this.lhs = lhs;
        this.rhs = rhs;
        this.out = out;
    }

    /**
     * @param extents extents of the axes, in any order
     * @param lhs their lhs strides (zeros if lhs does not traverse them)
     * @param rhs their rhs strides
     * @param out their out strides
     * @param orderBy which stride array orders the dimensions (one of the three)
     * @return the simplified group
     */
    static AxisGroup of(int[] extents, int[] lhs, int[] rhs, int[] out, int[] orderBy) {
        int count = 0;
        long[] keyed = new long[extents.length];
        for (int d = 0; d < extents.length; d++) {
            if (extents[d] == 0) {
                return new AxisGroup(new int[] {0}, new int[] {0}, new int[] {0}, new int[] {0});
            }
            if (extents[d] != 1) {
                keyed[count++] = ((long) Math.abs(orderBy[d]) << 32) | d;
            }
        }
        Arrays.sort(keyed, 0, count);
        int[] e = new int[count];
        int[] l = new int[count];
        int[] r = new int[count];
        int[] o = new int[count];
        int merged = -1;
        for (int i = 0; i < count; i++) {
            int d = (int) keyed[i];
            if (merged >= 0 && continues(e[merged], l[merged], lhs[d]) && continues(e[merged], r[merged], rhs[d])
                    && continues(e[merged], o[merged], out[d])) {
                e[merged] *= extents[d];
                continue;
            }
            merged++;
            e[merged] = extents[d];
            l[merged] = lhs[d];
            r[merged] = rhs[d];
            o[merged] = out[d];
        }
        int dims = merged + 1;
        return new AxisGroup(Arrays.copyOf(e, dims), Arrays.copyOf(l, dims), Arrays.copyOf(r, dims),
                Arrays.copyOf(o, dims));
    }

    private static boolean continues(int extent, int stride, int next) {
        return (long) stride * extent == next;
    }

    /** @return the number of loop dimensions */
    int dims() {
        return extents.length;
    }

    /** @return the product of the extents (1 for no dimension) */
    int size() {
        int s = 1;
        for (int e : extents) {
            s *= e;
        }
        return s;
    }

    /**
     * @param strides one of {@link #lhs}, {@link #rhs}, {@link #out}
     * @return the single stride, or 0 when the group has no dimension
     */
    int stride(int[] strides) {
        return strides.length == 0 ? 0 : strides[0];
    }

    /** @return true if some extent is 0 */
    boolean isEmpty() {
        return extents.length == 1 && extents[0] == 0;
    }
}
