package org.ferrite.cpu.internal.pool;

import java.util.Arrays;
import org.ferrite.api.tensor.Tensor;

/**
 * The retained tensors of one storage type, grouped by the exact length of their storage arrays,
 * groups sorted by length. The tensor is kept, not only its array, so that a request of the same
 * dtype and shape gets the very object back ({@link BufferPool#allocate}): no wrapper is made, and no
 * new object is stored into the long-lived structures that cache it.
 * Lookup is a binary search over the distinct lengths; taking from or adding to a group is a stack
 * operation. A group that empties stays (with its stack), so steady traffic over a few shapes neither
 * allocates nor shifts the group arrays; empty groups are dropped only when a new group needs room.
 * Not thread-safe (owned by one {@link BufferPool}).
 *
 * <pre>
 * Implementation notes.
 * lengths[0 .. groups) strictly ascending; stacks[g][0 .. counts[g]) the tensors whose storage arrays
 * have length lengths[g], stacks[g][counts[g] ..] null; counts[g] >= 0 (a group may be empty).
 * </pre>
 */
final class RetainedTensors {
    /**
     * Most tensors retained per length: bounds the double-reclaim scan of {@link #contains} (a linear
     * search of one group) to a few dozen comparisons, however many tensors of one size are handed back.
     */
    static final int MAX_PER_LENGTH = 64;

    final int scalarBytes;
    private int[] lengths = new int[4];
    private Tensor[][] stacks = new Tensor[4][];
    private int[] counts = new int[4];
    private int groups;

    RetainedTensors(int scalarBytes) {
        this.scalarBytes = scalarBytes;
    }

    /** @return a retained tensor whose array has exactly {@code length} scalars, removed from the pool, or null */
    Tensor take(int length) {
        int g = Arrays.binarySearch(lengths, 0, groups, length);
        if (g < 0 || counts[g] == 0) {
            return null;
        }
        return pop(g);
    }

    private Tensor pop(int g) {
        int top = --counts[g];
        Tensor tensor = stacks[g][top];
        stacks[g][top] = null;
        return tensor;
    }

    /** @return true if a retained tensor has this very storage array */
    boolean contains(Object array, int length) {
        int g = Arrays.binarySearch(lengths, 0, groups, length);
        if (g < 0) {
            return false;
        }
        for (int i = 0; i < counts[g]; i++) {
            if (stacks[g][i].storage() == array) {
                return true;
            }
        }
        return false;
    }

    /** @return true if a tensor of {@code length} scalars may be retained ({@link #MAX_PER_LENGTH}) */
    boolean hasRoom(int length) {
        int g = Arrays.binarySearch(lengths, 0, groups, length);
        return g < 0 || counts[g] < MAX_PER_LENGTH;
    }

    /** Retains {@code tensor}, whose storage array has {@code length} scalars; requires {@link #hasRoom}. */
    void add(Tensor tensor, int length) {
        int g = Arrays.binarySearch(lengths, 0, groups, length);
        if (g < 0) {
            g = insertGroup(length);
        }
        if (counts[g] == stacks[g].length) {
            stacks[g] = Arrays.copyOf(stacks[g], counts[g] * 2);
        }
        stacks[g][counts[g]++] = tensor;
    }

    /** @return the byte size of the smallest retained array, or {@code Long.MAX_VALUE} if none */
    long smallestBytes() {
        int g = smallestNonEmpty();
        return g < 0 ? Long.MAX_VALUE : (long) lengths[g] * scalarBytes;
    }

    /** Drops one smallest array; there must be one. @return its byte size */
    long evictSmallest() {
        int g = smallestNonEmpty();
        pop(g);
        return (long) lengths[g] * scalarBytes;
    }

    private int smallestNonEmpty() {
        for (int g = 0; g < groups; g++) {
            if (counts[g] > 0) {
                return g;
            }
        }
        return -1;
    }

    /** @return the number of retained arrays */
    int size() {
        int n = 0;
        for (int g = 0; g < groups; g++) {
            n += counts[g];
        }
        return n;
    }

    /** @return the number of groups, empty ones included (for tests of the bound) */
    int groups() {
        return groups;
    }

    /** @return the exact retained bytes, recomputed from the arrays (for invariant checks) */
    long recomputeBytes() {
        long bytes = 0;
        for (int g = 0; g < groups; g++) {
            for (int i = 0; i < counts[g]; i++) {
                bytes += (long) java.lang.reflect.Array.getLength(stacks[g][i].storage()) * scalarBytes;
            }
        }
        return bytes;
    }

    void clear() {
        lengths = new int[4];
        stacks = new Tensor[4][];
        counts = new int[4];
        groups = 0;
    }

    /**
     * Makes an empty group of {@code length} (none exists yet), dropping empty groups or growing for room.
     *
     * @return its index
     */
    private int insertGroup(int length) {
        if (groups == lengths.length) {
            dropEmptyGroups();
        }
        if (groups == lengths.length) {
            lengths = Arrays.copyOf(lengths, groups * 2);
            stacks = Arrays.copyOf(stacks, groups * 2);
            counts = Arrays.copyOf(counts, groups * 2);
        }
        int g = -Arrays.binarySearch(lengths, 0, groups, length) - 1;
        System.arraycopy(lengths, g, lengths, g + 1, groups - g);
        System.arraycopy(stacks, g, stacks, g + 1, groups - g);
        System.arraycopy(counts, g, counts, g + 1, groups - g);
        lengths[g] = length;
        stacks[g] = new Tensor[2];
        counts[g] = 0;
        groups++;
        return g;
    }

    private void dropEmptyGroups() {
        int kept = 0;
        for (int g = 0; g < groups; g++) {
            if (counts[g] > 0) {
                lengths[kept] = lengths[g];
                stacks[kept] = stacks[g];
                counts[kept] = counts[g];
                kept++;
            }
        }
        for (int g = kept; g < groups; g++) {
            stacks[g] = null;
        }
        groups = kept;
    }
}
