package org.ferrite.api.tensor;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;

/**
 * A tensor an operation may write: an owned {@link Tensor} or a {@link #isWritable() writable}
 * {@link TensorView}. A write target is never resized: operations require its dtype and shape to match
 * exactly, and reject targets that are not writable or that overlap an input.
 *
 * <p>The element setters here are the slow, obviously-correct path for tests, examples and small
 * fix-ups; kernels write storage directly. They refuse a target that is not {@link #isWritable()
 * writable} (a broadcast view), since one slot would stand for several elements.
 *
 * <p>Not thread-safe (as {@link TensorRead}). Lifetime: valid while its storage is.
 */
public sealed interface TensorWrite extends TensorRead permits Tensor, TensorView {

    /**
     * @return true if every element has its own storage slot (no zero strides on extents above 1, no
     *     overlap between distinct indices), so writing through it is well defined
     */
    boolean isWritable();

    /**
     * Writes one element, converted to the dtype as {@link Tensor#full} converts (integers truncate
     * toward zero, saturating to the I32 or I64 range, and I8 and U8 then wrap as {@code castInto} does;
     * F16, BF16 and F32 round to nearest even; BOOL is {@code value != 0}; complex gets imaginary part 0).
     *
     * @param value the value
     * @param index one index per axis
     * @throws ValidationException for a bad index or a target that is not writable
     */
    default void set(double value, long... index) {
        ElementAccess.setReal(this, writableOffset("set", index), value);
    }

    /**
     * Writes one element of a C64 or C128 tensor.
     *
     * @param re the real part
     * @param im the imaginary part
     * @param index one index per axis
     * @throws ValidationException for a real dtype, a bad index or a target that is not writable
     */
    default void setComplex(double re, double im, long... index) {
        ElementAccess.setComplex(this, writableOffset("setComplex", index), re, im, "setComplex");
    }

    /**
     * Writes one element of an integer tensor (I32, I64, I8, U8) exactly (no rounding through
     * {@code double}).
     *
     * @param value the value; must fit the dtype (U8: 0 to 255)
     * @param index one index per axis
     * @throws ValidationException for another dtype, a value outside the dtype's range, a bad index or a
     *     target that is not writable
     */
    default void setLong(long value, long... index) {
        ElementAccess.setLong(this, writableOffset("setLong", index), value);
    }

    /**
     * Writes one element of a BOOL tensor.
     *
     * @param value the value
     * @param index one index per axis
     * @throws ValidationException for another dtype, a bad index or a target that is not writable
     */
    default void setBoolean(boolean value, long... index) {
        ElementAccess.setBoolean(this, writableOffset("setBoolean", index), value);
    }

    private long writableOffset(String op, long[] index) {
        if (!isWritable()) {
            throw ValidationException.invalidArgument(op, "this", "a writable tensor",
                    "a view with strides " + Arrays.toString(strides()) + " and shape " + Arrays.toString(shape()),
                    "write into the tensor the broadcast view was made from");
        }
        return elementOffset(index);
    }
}
