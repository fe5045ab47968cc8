package org.ferrite.testkit.oracle;

import java.util.function.Consumer;

/**
 * The kit's own enumeration of a shape's indices, independent of every provider: linear positions
 * {@code 0 … size-1} in column-major order, each decoded into its multi-index (the first axis varies
 * fastest), so the oracle and the providers it checks never share a loop.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Indices {
    private Indices() {
    }

    /**
     * Calls {@code body} once per index of {@code shape} in column-major order: never for a shape with an
     * extent 0, once (with an empty index) for rank 0. Each call receives a fresh array the body may keep.
     *
     * @param shape the extents
     * @param body what to do at each index
     */
    public static void forEach(long[] shape, Consumer<long[]> body) {
        long size = 1;
        for (long extent : shape) {
            size *= extent;
        }
        for (long linear = 0; linear < size; linear++) {
            long[] index = new long[shape.length];
            long rest = linear;
            for (int a = 0; a < shape.length; a++) {
                index[a] = rest % shape[a];
                rest /= shape[a];
            }
            body.accept(index);
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
