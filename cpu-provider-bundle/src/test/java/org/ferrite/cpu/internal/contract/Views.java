package org.ferrite.cpu.internal.contract;

import java.util.SplittableRandom;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Random tensors of a given logical shape laid out in the ways a caller may pass them: compact,
 * permuted (transposed) storage, reversed axes (negative strides), every-other-element slices, and for
 * inputs zero-stride broadcasts. Test use only; thread-safe (stateless).
 */
final class Views {
    /** How a test tensor is laid out. */
    enum Layout {
        COMPACT, PERMUTED, REVERSED, STEPPED, BROADCAST, MIXED
    }

    private Views() {
    }

    /**
     * @param dtype element type
     * @param shape logical shape
     * @param layout layout
     * @param rnd randomness (values and layout choices)
     * @return an input tensor of that shape, values in [-1, 1)
     */
    static TensorRead input(DType dtype, long[] shape, Layout layout, SplittableRandom rnd) {
        if (layout == Layout.BROADCAST) {
            long[] base = shape.clone();
            for (int a = 0; a < base.length; a++) {
                if (rnd.nextBoolean() && base[a] > 0) {
                    base[a] = 1;
                }
            }
            return Tensor.random(dtype, rnd.nextLong(), base).broadcastTo(shape);
        }
        return arrange(dtype, shape, layout, rnd, false);
    }

    /**
     * @param dtype element type
     * @param shape logical shape
     * @param layout layout (broadcast is replaced by compact: outputs must be writable)
     * @param rnd randomness
     * @param nanFilled fill the whole storage (padding included) with NaN instead of random values
     * @return a writable output tensor of that shape
     */
    static TensorWrite output(DType dtype, long[] shape, Layout layout, SplittableRandom rnd, boolean nanFilled) {
        return (TensorWrite) arrange(dtype, shape, layout == Layout.BROADCAST ? Layout.COMPACT : layout, rnd,
                nanFilled);
    }

    private static TensorRead arrange(DType dtype, long[] shape, Layout layout, SplittableRandom rnd,
            boolean nanFilled) {
        Layout chosen = layout == Layout.MIXED ? Layout.values()[rnd.nextInt(4)] : layout;
        int rank = shape.length;
        switch (chosen) {
            case PERMUTED: {
                int[] perm = permutation(rank, rnd);
                long[] stored = new long[rank];
                for (int a = 0; a < rank; a++) {
                    stored[perm[a]] = shape[a];
                }
                return base(dtype, stored, rnd, nanFilled).permute(perm);
            }
            case REVERSED: {
                TensorView v = TensorView.of(base(dtype, shape, rnd, nanFilled));
                for (int a = 0; a < rank; a++) {
                    if (rnd.nextBoolean()) {
                        v = v.reverse(a);
                    }
                }
                return v;
            }
            case STEPPED: {
                long[] big = shape.clone();
                for (int a = 0; a < rank; a++) {
                    big[a] = shape[a] == 0 ? 0 : 2 * shape[a] - 1;
                }
                TensorView v = TensorView.of(base(dtype, big, rnd, nanFilled));
                for (int a = 0; a < rank; a++) {
                    v = v.slice(a, 0, big[a], 2);
                }
                return v;
            }
            default:
                return base(dtype, shape, rnd, nanFilled);
        }
    }

    private static Tensor base(DType dtype, long[] shape, SplittableRandom rnd, boolean nanFilled) {
        return nanFilled ? Tensor.full(dtype, Double.NaN, shape) : Tensor.random(dtype, rnd.nextLong(), shape);
    }

    static int[] permutation(int rank, SplittableRandom rnd) {
        int[] p = new int[rank];
        for (int i = 0; i < rank; i++) {
            p[i] = i;
        }
        for (int i = rank - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
