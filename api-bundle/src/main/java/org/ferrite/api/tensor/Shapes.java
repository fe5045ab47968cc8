package org.ferrite.api.tensor;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;

/**
 * Overflow-checked shape arithmetic and compact stride computation. Tensor metadata is {@code long}
 * (extents, strides, offsets, element counts), so a device tensor of more than 2<sup>31</sup>−1
 * elements is described exactly; host storage is one Java array, so a host tensor holds at most
 * {@link #MAX_HOST_SCALARS} scalars ({@link #hostStorageLength}). Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class Shapes {
    /**
     * The most scalars one host storage array holds: {@code Integer.MAX_VALUE - 8}, the bound below
     * which every JDK allocates an array (some reserve header words above it). A complex element takes
     * two scalars, so a host C128 tensor holds at most half as many elements.
     */
    public static final int MAX_HOST_SCALARS = Integer.MAX_VALUE - 8;

    private Shapes() {
    }

    /**
     * Checks a shape (every extent {@code >= 0}) and returns its element count.
     *
     * @param op the operation, for error messages
     * @param argument the argument name, for error messages
     * @param shape the shape
     * @return the product of the extents (1 for rank 0)
     * @throws ValidationException (INVALID_ARGUMENT) if an extent is negative (naming its axis) or the
     *     product of the non-zero extents exceeds {@link Long#MAX_VALUE}
     */
    public static long elementCount(String op, String argument, long[] shape) {
        // Every extent is checked first, so a zero extent never hides a negative one. The product of the
        // non-zero extents must fit a long even when some extent is 0 (as NumPy requires): then every
        // stride of a compact layout of the shape fits a long too, whatever the order of the axes.
        for (int axis = 0; axis < shape.length; axis++) {
            if (shape[axis] < 0) {
                throw ValidationException.invalidAxisArgument(op, argument, axis, "an extent >= 0",
                        String.valueOf(shape[axis]));
            }
        }
        long nonZero = 1;
        boolean empty = false;
        for (long extent : shape) {
            if (extent == 0) {
                empty = true;
                continue;
            }
            // both factors are positive: the product fits a long iff its high word is 0 and its sign bit
            // clear (a multiply, not a 64-bit division: this runs for every tensor and view made)
            long product = nonZero * extent;
            if (Math.multiplyHigh(nonZero, extent) != 0 || product < 0) {
                throw ValidationException.invalidArgument(op, argument, "at most " + Long.MAX_VALUE
                        + " elements (product of the non-zero extents)", "shape " + Arrays.toString(shape)
                                + " (the product overflows a long)", null);
            }
            nonZero = product;
        }
        return empty ? 0 : nonZero;
    }

    /**
     * Checks that compact host storage for {@code shape} fits one Java array, and returns its length:
     * the product of the non-zero extents times {@link DType#scalarsPerElement()} must not exceed
     * {@link #MAX_HOST_SCALARS} (so every stride of a compact layout of the shape fits an {@code int}
     * as well).
     *
     * @param op the operation, for error messages
     * @param dtype the dtype
     * @param shape the shape
     * @return the storage length in scalars ({@code size · dtype.scalarsPerElement()})
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code shape}) naming the shape and the
     *     scalar count, if it does not fit or the shape is invalid
     */
    public static int hostStorageLength(String op, DType dtype, long[] shape) {
        long size = elementCount(op, "shape", shape);
        long nonZero = 1;
        for (long extent : shape) {
            nonZero *= Math.max(extent, 1); // cannot overflow: checked by elementCount
        }
        long lanes = dtype.scalarsPerElement();
        if (nonZero > (lanes == 1 ? MAX_HOST_SCALARS : MAX_HOST_SCALARS / 2)) { // constant divisions only
            throw ValidationException.invalidArgument(op, "shape", "at most " + MAX_HOST_SCALARS
                    + " scalars in one host array", "shape " + Arrays.toString(shape) + " of " + dtype + ": "
                            + (size == 0 ? "a non-zero extent product of " + nonZero : size + " elements") + " = "
                            + multiplyClamped(nonZero, lanes) + " scalars",
                    "host tensors are backed by one Java array; split the tensor, or use a device provider");
        }
        return (int) (size * lanes);
    }

    private static String multiplyClamped(long a, long b) {
        return a > Long.MAX_VALUE / b ? "more than " + Long.MAX_VALUE : String.valueOf(a * b);
    }

    /**
     * @param shape a valid shape
     * @return the compact column-major strides (in elements): {@code s[0] = 1, s[a] = s[a-1]·shape[a-1]}
     *     (an extent 0 counts as 1, so the strides stay those of the non-empty shape)
     */
    public static long[] columnMajorStrides(long[] shape) {
        long[] strides = new long[shape.length];
        long s = 1;
        for (int axis = 0; axis < shape.length; axis++) {
            strides[axis] = s;
            s *= Math.max(shape[axis], 1);
        }
        return strides;
    }

    /**
     * @param shape a valid shape
     * @return the compact row-major strides (in elements)
     */
    public static long[] rowMajorStrides(long[] shape) {
        long[] strides = new long[shape.length];
        long s = 1;
        for (int axis = shape.length - 1; axis >= 0; axis--) {
            strides[axis] = s;
            s *= Math.max(shape[axis], 1);
        }
        return strides;
    }

    /**
     * Normalises an axis that may be negative (counted from the end, as in NumPy).
     *
     * @param op the operation, for error messages
     * @param argument the argument name, for error messages
     * @param axis the axis, in {@code [-rank, rank)}
     * @param rank the rank
     * @return the axis in {@code [0, rank)}
     * @throws ValidationException if out of bounds
     */
    public static int normalizeAxis(String op, String argument, int axis, int rank) {
        int a = axis < 0 ? axis + rank : axis;
        if (a < 0 || a >= rank) {
            throw ValidationException.axisOutOfBounds(op, argument, axis, rank);
        }
        return a;
    }

    /**
     * Whether {@link TensorRead#reshapeRowMajor t.reshapeRowMajor(shape)} has a view (strides that express
     * the reshape in row-major order) — the test that method applies, without the exception.
     *
     * @param t a tensor or view
     * @param shape the new shape
     * @return true if the element counts agree and a view exists; false otherwise (a session's
     *     {@code reshapeRowMajor} then copies)
     */
    public static boolean hasRowMajorView(TensorRead t, long... shape) {
        long count = 1;
        for (long extent : shape) {
            if (extent < 0) {
                return false;
            }
            count = Math.multiplyHigh(count, extent) != 0 ? -1 : count * extent;
            if (count < 0) {
                return false;
            }
        }
        if (count != t.size()) {
            return false;
        }
        int rank = t.rank();
        long[] oldShape = new long[rank];
        long[] oldStrides = new long[rank];
        for (int a = 0; a < rank; a++) {
            oldShape[a] = t.dim(rank - 1 - a);
            oldStrides[a] = t.stride(rank - 1 - a);
        }
        long[] reversed = new long[shape.length];
        for (int a = 0; a < shape.length; a++) {
            reversed[a] = shape[shape.length - 1 - a];
        }
        return ReshapeStrides.compute(oldShape, oldStrides, reversed) != null;
    }

    /**
     * Normalises axes that may be negative (counted from the end, as in NumPy: {@code -1} is the last);
     * allocates only when one is negative. Does not check for repeats (the operation does, with its own
     * rule).
     *
     * @param op the operation, for error messages
     * @param argument the argument name, for error messages
     * @param axes the axes, each in {@code [-rank, rank)}
     * @param rank the rank
     * @return {@code axes} itself if none is negative, else a copy with {@code rank} added to each negative
     *     one
     * @throws ValidationException (AXIS_OUT_OF_BOUNDS) naming the first axis out of bounds
     */
    public static int[] normalizeAxes(String op, String argument, int[] axes, int rank) {
        int[] out = axes;
        for (int k = 0; k < axes.length; k++) {
            int axis = axes[k];
            if (axis < 0 || axis >= rank) {
                int a = normalizeAxis(op, argument, axis, rank);
                if (out == axes) {
                    out = axes.clone();
                }
                out[k] = a;
            }
        }
        return out;
    }

    /**
     * Normalises an index along an axis of extent {@code extent} that may be negative (counted from the
     * end, as NumPy's {@code a[-1]}).
     *
     * @param op the operation, for error messages
     * @param argument the argument name, for error messages
     * @param axis the axis the index is on, for error messages
     * @param index the index, in {@code [-extent, extent)}
     * @param extent the axis' extent
     * @return the index in {@code [0, extent)}
     * @throws ValidationException (INVALID_ARGUMENT, naming the axis) if out of bounds
     */
    public static long normalizeIndex(String op, String argument, int axis, long index, long extent) {
        long i = index < 0 ? index + extent : index;
        if (i < 0 || i >= extent) {
            throw ValidationException.invalidAxisArgument(op, argument, axis, "an index in [" + -extent + ", "
                    + extent + ")", String.valueOf(index));
        }
        return i;
    }

    /**
     * Checks that {@code perm} is a permutation of {@code 0 .. rank-1}.
     *
     * @param op the operation, for error messages
     * @param argument the argument name, for error messages
     * @param perm the candidate permutation
     * @param rank the rank
     * @throws ValidationException naming the first offending axis
     */
    public static void checkPermutation(String op, String argument, int[] perm, int rank) {
        if (perm.length != rank) {
            throw ValidationException.invalidArgument(op, argument, "a permutation of " + rank + " axes",
                    Arrays.toString(perm), null);
        }
        boolean[] seen = new boolean[rank];
        for (int axis : perm) {
            if (axis < 0 || axis >= rank) {
                throw ValidationException.axisOutOfBounds(op, argument, axis, rank);
            }
            if (seen[axis]) {
                throw ValidationException.invalidAxisArgument(op, argument, axis, "each axis once",
                        "axis " + axis + " repeated in " + Arrays.toString(perm));
            }
            seen[axis] = true;
        }
    }

    /**
     * NumPy broadcasting of two shapes: axes are aligned at the <em>end</em>; extents must be equal or
     * one of them 1.
     *
     * @param op the operation, for error messages
     * @param a one shape (argument {@code "lhs"})
     * @param b another shape (argument {@code "rhs"})
     * @return the broadcast shape
     * @throws ValidationException (SHAPE_MISMATCH) naming the first incompatible axis of {@code rhs}
     */
    public static long[] broadcast(String op, long[] a, long[] b) {
        int rank = Math.max(a.length, b.length);
        long[] out = new long[rank];
        for (int i = 1; i <= rank; i++) {
            long ea = i <= a.length ? a[a.length - i] : 1;
            long eb = i <= b.length ? b[b.length - i] : 1;
            if (ea != eb && ea != 1 && eb != 1) {
                throw ValidationException.extentMismatch(op, "rhs", b.length - i, ea, eb,
                        "shapes " + Arrays.toString(a) + " and " + Arrays.toString(b)
                                + " do not broadcast (NumPy rule: trailing axes aligned, extents equal or 1)");
            }
            out[rank - i] = ea == 1 ? eb : ea;
        }
        return out;
    }
}
