package org.ferrite.einsum;

import java.util.Arrays;

/**
 * A contraction order in static-single-assignment ids: operands are {@code 0 .. n-1}, the result of
 * step {@code s} is {@code n + s}. Optionally ends with a {@code remainder}: SSA ids contracted together
 * in one step (a memory limit left no pairwise order). Converts to and from the contraction-list
 * ("linear") convention of {@link EinsumOptions}. Thread-safe (immutable).
 */
final class SsaPath {
    final int[][] pairs;
    final int[] remainder;

    SsaPath(int[][] pairs, int[] remainder) {
        this.pairs = pairs;
        this.remainder = remainder;
    }

    /**
     * The live operand list is always in id order (operands first, each result appended with the next
     * id), so an id's position is the number of live ids below it: a Fenwick tree over the ids answers
     * that in O(log n), and the whole conversion takes O(n log n).
     *
     * @return the pairs as a list of positions in the current operand list (each result appended)
     */
    int[][] linear(int n) {
        int[][] out = new int[pairs.length + (remainder == null ? 0 : 1)][];
        int[] tree = new int[n + out.length + 1]; // Fenwick tree of live ids (index id + 1)
        for (int id = 0; id < n; id++) {
            add(tree, id, 1);
        }
        int next = n;
        for (int s = 0; s < out.length; s++) {
            int[] step = s < pairs.length ? pairs[s] : remainder;
            int[] positions = new int[step.length];
            for (int k = 0; k < step.length; k++) {
                positions[k] = livesBelow(tree, step[k]);
            }
            for (int id : step) {
                add(tree, id, -1);
            }
            Arrays.sort(positions);
            add(tree, next++, 1);
            out[s] = positions;
        }
        return out;
    }

    private static void add(int[] tree, int id, int delta) {
        for (int i = id + 1; i < tree.length; i += i & -i) {
            tree[i] += delta;
        }
    }

    /** @return how many live ids are below {@code id} */
    private static int livesBelow(int[] tree, int id) {
        int count = 0;
        for (int i = id; i > 0; i -= i & -i) {
            count += tree[i];
        }
        return count;
    }

    /**
     * @param n the operand count
     * @param linear pairs of positions (already checked to be two distinct non-negative numbers)
     * @return the SSA form
     * @throws org.ferrite.api.error.ValidationException (INVALID_ARGUMENT, argument {@code "path"}) for a
     *     position beyond the current list or a path that does not end with one operand
     */
    static SsaPath fromLinear(int n, int[][] linear) {
        if (linear.length != n - 1) {
            throw org.ferrite.api.error.ValidationException.invalidArgument(SubscriptErrors.OP, "path",
                    (n - 1) + " steps (one fewer than the " + n + " operands)", linear.length + " steps",
                    "each step contracts two operands into one");
        }
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
        }
        int count = n;
        int[][] pairs = new int[linear.length][];
        for (int s = 0; s < linear.length; s++) {
            int a = linear[s][0];
            int b = linear[s][1];
            if (a >= count || b >= count) {
                throw org.ferrite.api.error.ValidationException.invalidArgument(SubscriptErrors.OP, "path",
                        "positions below " + count + " (the operands left before step " + s + ")", "step " + s
                                + " = " + Arrays.toString(linear[s]), "results are appended at the end of the list");
            }
            pairs[s] = new int[] {ids[a], ids[b]};
            int hi = Math.max(a, b);
            int lo = Math.min(a, b);
            System.arraycopy(ids, hi + 1, ids, hi, count - hi - 1);
            System.arraycopy(ids, lo + 1, ids, lo, count - lo - 2);
            count -= 2;
            ids[count++] = n + s;
        }
        return new SsaPath(pairs, null);
    }

    /** @return {@code ((0·1)·2)·3 …} */
    static SsaPath leftToRight(int n) {
        int[][] pairs = new int[Math.max(0, n - 1)][];
        for (int s = 0; s < pairs.length; s++) {
            pairs[s] = new int[] {s == 0 ? 0 : n + s - 1, s + 1};
        }
        return new SsaPath(pairs, null);
    }
}
