package org.ferrite.einsum;

import java.util.Arrays;

/** A growable list of {@code int}s for building label and axis arrays. Not thread-safe. */
final class IntList {
    private int[] values;
    private int size;

    IntList() {
        this(8);
    }

    IntList(int capacity) {
        values = new int[Math.max(1, capacity)];
    }

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        values[size++] = value;
    }

    int get(int i) {
        return values[i];
    }

    int size() {
        return size;
    }

    boolean contains(int value) {
        return indexOf(value) >= 0;
    }

    int indexOf(int value) {
        for (int i = 0; i < size; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }

    void removeAt(int index) {
        System.arraycopy(values, index + 1, values, index, size - index - 1);
        size--;
    }

    void clear() {
        size = 0;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
