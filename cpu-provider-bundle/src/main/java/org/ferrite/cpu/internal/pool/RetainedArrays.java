package org.ferrite.cpu.internal.pool;

import java.util.Arrays;

/**
 * The retained arrays of one storage type, grouped by exact length, groups sorted by length.
 * Lookup is a binary search over the distinct lengths; taking from or adding to a group is a stack
 * operation. Not thread-safe (owned by one {@link BufferPool}).
 *
 * <pre>
 * Implementation notes.
 * lengths[0 .. groups) strictly ascending; stacks[g][0 .. counts[g]) the arrays of length lengths[g];
 * counts[g] is positive for every group g (an emptied group is removed).
 * </pre>
 */
final class RetainedArrays {
    final int scalarBytes;
    private int[] lengths = new int[4];
    private Object[][] stacks = new Object[4][];
    private int[] counts = new int[4];
    private int groups;

    RetainedArrays(int scalarBytes) {
        this.scalarBytes = scalarBytes;
    }

    /** @return a retained array of exactly {@code length} scalars, removed from the pool, or null */
    Object take(int length) {
        int g = Arrays.binarySearch(lengths, 0, groups, length);
        if (g < 0) {
            return null;
        }
        Object array = stacks[g][--counts[g]];
        stacks[g][counts[g]] = null;
        if (counts[g] == 0) {
            removeGroup(g);
        }
        return array;
    }

    /** @return true if this very array is retained */
    boolean contains(Object array, int length) {
        int g = Arrays.binarySearch(lengths, 0, groups, length);
        if (g < 0) {
            return false;
        }
        for (int i = 0; i < counts[g]; i++) {
            if (stacks[g][i] == array) {
                return true;
            }
        }
        return false;
    }

    void add(Object array, int length) {
        int g = Arrays.binarySearch(lengths, 0, groups, length);
        if (g < 0) {
            g = -g - 1;
            insertGroup(g, length);
        }
        if (counts[g] == stacks[g].length) {
            stacks[g] = Arrays.copyOf(stacks[g], counts[g] * 2);
        }
        stacks[g][counts[g]++] = array;
    }

    /** @return the byte size of the smallest retained array, or {@code Long.MAX_VALUE} if none */
    long smallestBytes() {
        return groups == 0 ? Long.MAX_VALUE : (long) lengths[0] * scalarBytes;
    }

    /** Drops one smallest array. @return its byte size */
    long evictSmallest() {
        long bytes = (long) lengths[0] * scalarBytes;
        take(lengths[0]);
        return bytes;
    }

    /** @return the number of retained arrays */
    int size() {
        int n = 0;
        for (int g = 0; g < groups; g++) {
            n += counts[g];
        }
        return n;
    }

    /** @return the exact retained bytes, recomputed from the arrays (for invariant checks) */
    long recomputeBytes() {
        long bytes = 0;
        for (int g = 0; g < groups; g++) {
            for (int i = 0; i < counts[g]; i++) {
                bytes += (long) java.lang.reflect.Array.getLength(stacks[g][i]) * scalarBytes;
            }
        }
        return bytes;
    }

    void clear() {
        lengths = new int[4];
        stacks = new Object[4][];
        counts = new int[4];
        groups = 0;
    }

    private void insertGroup(int g, int length) {
        if (groups == lengths.length) {
            lengths = Arrays.copyOf(lengths, groups * 2);
            stacks = Arrays.copyOf(stacks, groups * 2);
            counts = Arrays.copyOf(counts, groups * 2);
        }
        System.arraycopy(lengths, g, lengths, g + 1, groups - g);
        System.arraycopy(stacks, g, stacks, g + 1, groups - g);
        System.arraycopy(counts, g, counts, g + 1, groups - g);
        lengths[g] = length;
        stacks[g] = new Object[2];
        counts[g] = 0;
        groups++;
    }

    private void removeGroup(int g) {
        System.arraycopy(lengths, g + 1, lengths, g, groups - g - 1);
        System.arraycopy(stacks, g + 1, stacks, g, groups - g - 1);
        System.arraycopy(counts, g + 1, counts, g, groups - g - 1);
        groups--;
        stacks[groups] = null;
    }
}
