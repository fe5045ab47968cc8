package org.ferrite.testkit.oracle;

import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;

/**
 * The memory layouts every operation is checked over: the same logical contents stored compactly, as a
 * transposed (permuted) view, with negative strides, and as a strided slice with an offset. Each
 * {@link #of} returns a fresh writable tensor or view whose elements equal the given tensor's.
 *
 * <p>Thread-safe (an enum). Lifetime: constants.
 */
public enum Layout {
    /** Compact column-major: a {@link Tensor}. */
    COMPACT,
    /** A view whose axes are reversed in memory: strides decrease along the axes. */
    TRANSPOSED,
    /** Every axis reversed: negative strides, offset at the far end. */
    NEGATIVE_STRIDES,
    /** Every other element of a larger tensor, starting at 1: strides 2×, non-zero offset. */
    STRIDED;

    /**
     * @param values the logical contents
     * @return a writable tensor or view of this layout holding a copy of {@code values}
     */
    public TensorView of(TensorRead values) {
        long[] shape = values.shape();
        int rank = shape.length;
        TensorView view;
        switch (this) {
            case COMPACT:
                view = TensorView.of(Tensor.zeros(values.dtype(), shape));
                break;
            case TRANSPOSED: {
                long[] reversed = new long[rank];
                int[] perm = new int[rank];
                for (int a = 0; a < rank; a++) {
                    reversed[a] = shape[rank - 1 - a];
                    perm[a] = rank - 1 - a;
                }
                view = Tensor.zeros(values.dtype(), reversed).permute(perm);
                break;
            }
            case NEGATIVE_STRIDES: {
                int[] all = new int[rank];
                for (int a = 0; a < rank; a++) {
                    all[a] = a;
                }
                view = Tensor.zeros(values.dtype(), shape).reverse(all);
                break;
            }
            default: {
                long[] big = new long[rank];
                for (int a = 0; a < rank; a++) {
                    big[a] = 2 * shape[a] + 1;
                }
                view = TensorView.of(Tensor.zeros(values.dtype(), big));
                for (int a = 0; a < rank; a++) {
                    view = view.slice(a, 1, 1 + 2 * shape[a], 2);
                }
            }
        }
        TensorView target = view;
        Indices.forEach(shape, i -> Values.copy(values, i, target, i));
        return target;
    }
}
