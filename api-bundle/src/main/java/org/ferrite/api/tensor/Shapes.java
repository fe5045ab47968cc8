package org.ferrite.api.tensor;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;

/**
 * Overflow-checked shape arithmetic and column-major stride computation. Element counts are
 * {@code int}: host storage is a Java array, so a tensor holds at most {@link Integer#MAX_VALUE}
 * scalars (half that many complex elements). Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class Shapes {
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
     *     product of the non-zero extents exceeds {@link Integer#MAX_VALUE}
     */
    public static int elementCount(String op, String argument, int[] shape) {
        // Every extent is checked first, so a zero extent never hides a negative one. The product of the
        // non-zero extents must fit an int even when some extent is 0 (as NumPy requires): then every
        // stride of a compact layout of the shape fits an int too, whatever the order of the axes.
        for (int axis = 0; axis < shape.length; axis++) {
            if (shape[axis] < 0) {
                throw ValidationException.invalidAxisArgument(op, argument, axis, "an extent >= 0",
                        String.valueOf(shape[axis]));
            }
        }
        long nonZero = 1;
        boolean empty = false;
        for (int extent : shape) {
            if (extent == 0) {
                empty = true;
                continue;
            }
            nonZero *= extent;
            if (nonZero > Integer.MAX_VALUE) {
                throw ValidationException.invalidArgument(op, argument, "at most " + Integer.MAX_VALUE
                        + " elements (product of the non-zero extents)", "shape " + Arrays.toString(shape)
                                + " (more than 2^31-1 elements)", "host tensors are backed by one Java array");
            }
        }
        return empty ? 0 : (int) nonZero;
    }

    /**
     * Checks that a dtype's storage for {@code elements} elements fits one Java array.
     *
     * @param op the operation, for error messages
     * @param dtype the dtype
     * @param elements the element count
     * @return the storage length in scalars ({@code elements * dtype.scalarsPerElement()})
     * @throws ValidationException if it does not fit
     */
    public static int storageLength(String op, DType dtype, int elements) {
        long scalars = (long) elements * dtype.scalarsPerElement();
        if (scalars > Integer.MAX_VALUE - 8) {
            throw ValidationException.invalidArgument(op, "shape", "at most " + (Integer.MAX_VALUE - 8) + " scalars",
                    scalars + " scalars of " + dtype, "host tensors are backed by one Java array");
        }
        return (int) scalars;
    }

    /**
     * @param shape a valid shape
     * @return the compact column-major strides (in elements): {@code s[0] = 1, s[a] = s[a-1]·shape[a-1]}
     */
    public static int[] columnMajorStrides(int[] shape) {
        int[] strides = new int[shape.length];
        int s = 1;
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
    public static int[] rowMajorStrides(int[] shape) {
        int[] strides = new int[shape.length];
        int s = 1;
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
    public static int[] broadcast(String op, int[] a, int[] b) {
        int rank = Math.max(a.length, b.length);
        int[] out = new int[rank];
        for (int i = 1; i <= rank; i++) {
            int ea = i <= a.length ? a[a.length - i] : 1;
            int eb = i <= b.length ? b[b.length - i] : 1;
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
