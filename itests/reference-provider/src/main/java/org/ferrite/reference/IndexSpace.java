package org.ferrite.reference;

import java.util.function.Consumer;

/**
 * Iteration over every index of a shape in column-major order (the first axis varies fastest), the
 * loop every naive kernel of the reference provider is written with.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class IndexSpace {
    private IndexSpace() {
    }

    /**
     * Calls {@code body} once per index of {@code shape}, in column-major order: never for a shape with
     * an extent 0, exactly once (with an empty index) for rank 0. Each call receives a fresh array that
     * the body may keep.
     *
     * @param shape the extents
     * @param body what to do at each index
     */
    public static void forEach(long[] shape, Consumer<long[]> body) {
        for (long extent : shape) {
            if (extent == 0) {
                return;
            }
        }
        long[] index = new long[shape.length];
        while (true) {
            body.accept(index.clone());
            int a = 0;
            while (a < shape.length && ++index[a] == shape[a]) {
                index[a] = 0;
                a++;
            }
            if (a == shape.length) {
                return;
            }
        }
    }

    /**
     * @param values an axis list
     * @param v an axis
     * @return the position of {@code v} in {@code values}, or -1
     */
    public static int indexOf(int[] values, int v) {
        for (int k = 0; k < values.length; k++) {
            if (values[k] == v) {
                return k;
            }
        }
        return -1;
    }
}
