package org.ferrite.api.session;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The operand checks every provider and every default method uses, so that all backends accept and
 * reject exactly the same inputs with the same typed errors. None of them allocates on success.
 * Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class OperandChecks {
    private OperandChecks() {
    }

    /**
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @param expected the required dtype
     * @throws ValidationException (DTYPE_MISMATCH) if it differs
     */
    public static void requireDtype(String op, String argument, TensorRead t, DType expected) {
        if (t.dtype() != expected) {
            throw ValidationException.dtypeMismatch(op, argument, expected.name(), t.dtype().name());
        }
    }

    /**
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @param expectedRank the required rank
     * @throws ValidationException (RANK_MISMATCH) if it differs
     */
    public static void requireRank(String op, String argument, TensorRead t, int expectedRank) {
        if (t.rank() != expectedRank) {
            throw ValidationException.rankMismatch(op, argument, String.valueOf(expectedRank), t.rank());
        }
    }

    /**
     * Requires {@code actual} to have exactly the shape of {@code reference}.
     *
     * @param op the operation
     * @param argument the name of {@code actual}
     * @param reference the tensor whose shape is required
     * @param actual the tensor checked
     * @throws ValidationException (SHAPE_MISMATCH)
     */
    public static void requireSameShape(String op, String argument, TensorRead reference, TensorRead actual) {
        if (!sameShape(reference, actual)) {
            throw ValidationException.shapeMismatch(op, argument, reference.shape(), actual.shape());
        }
    }

    /**
     * @param op the operation
     * @param argument the argument name
     * @param expected the required shape
     * @param actual the tensor checked
     * @throws ValidationException (SHAPE_MISMATCH)
     */
    public static void requireShape(String op, String argument, int[] expected, TensorRead actual) {
        boolean same = expected.length == actual.rank();
        for (int a = 0; same && a < expected.length; a++) {
            same = expected[a] == actual.dim(a);
        }
        if (!same) {
            throw ValidationException.shapeMismatch(op, argument, expected, actual.shape());
        }
    }

    /**
     * @param a a tensor
     * @param b another tensor
     * @return true if their shapes are equal
     */
    public static boolean sameShape(TensorRead a, TensorRead b) {
        if (a.rank() != b.rank()) {
            return false;
        }
        for (int axis = 0; axis < a.rank(); axis++) {
            if (a.dim(axis) != b.dim(axis)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Checks an output: of the required dtype and shape, writable, and on the placement of
     * {@code shapeOf} (an input: no operation transfers between placements implicitly).
     *
     * @param op the operation
     * @param out the output
     * @param dtype its required dtype
     * @param shapeOf an input with the required shape
     * @throws ValidationException naming {@code out}
     */
    public static void requireOutput(String op, TensorWrite out, DType dtype, TensorRead shapeOf) {
        requireDtype(op, "out", out, dtype);
        requireSameShape(op, "out", shapeOf, out);
        requireWritable(op, out);
        requireSamePlacement(op, "out", shapeOf, out);
    }

    /**
     * No operation transfers between placements implicitly: every operand must live where the
     * reference operand lives.
     *
     * @param op the operation
     * @param argument the name of {@code actual}
     * @param reference an operand whose placement is required
     * @param actual the operand checked
     * @throws ValidationException (INVALID_ARGUMENT) naming {@code argument}
     */
    public static void requireSamePlacement(String op, String argument, TensorRead reference, TensorRead actual) {
        if (!reference.placement().equals(actual.placement())) {
            throw ValidationException.invalidArgument(op, argument, "placement " + reference.placement(),
                    "placement " + actual.placement(), "transfer explicitly; operations never move data between "
                            + "placements");
        }
    }

    /**
     * NumPy broadcasting of one operand to a target shape, with the error naming the operation and the
     * operand (rather than the view method): returns {@code t} itself when the shapes are equal, else a
     * read-only zero-stride view. Allocates nothing when the shapes are equal.
     *
     * @param op the operation
     * @param argument the operand's name
     * @param t the operand
     * @param shape the target shape
     * @return {@code t} or a broadcast view of it
     * @throws ValidationException (SHAPE_MISMATCH or RANK_MISMATCH) naming {@code argument}
     */
    public static TensorRead broadcastOperand(String op, String argument, TensorRead t, int[] shape) {
        int rank = t.rank();
        if (rank == shape.length) {
            boolean same = true;
            for (int a = 0; same && a < rank; a++) {
                same = t.dim(a) == shape[a];
            }
            if (same) {
                return t;
            }
        }
        if (rank > shape.length) {
            throw ValidationException.rankMismatch(op, argument, "<= " + shape.length + " (to broadcast to "
                    + Arrays.toString(shape) + ")", rank);
        }
        int lead = shape.length - rank;
        for (int a = 0; a < rank; a++) {
            if (t.dim(a) != shape[lead + a] && t.dim(a) != 1) {
                throw ValidationException.extentMismatch(op, argument, a, shape[lead + a], t.dim(a),
                        "shape " + Arrays.toString(t.shape()) + " does not broadcast to " + Arrays.toString(shape)
                                + " (NumPy rule: trailing axes aligned, extents equal or 1)");
            }
        }
        return t.broadcastTo(shape);
    }

    /**
     * @param op the operation
     * @param out the output
     * @throws ValidationException (INVALID_ARGUMENT) if {@code out} has zero strides or self-overlap
     */
    public static void requireWritable(String op, TensorWrite out) {
        if (!out.isWritable()) {
            throw ValidationException.invalidArgument(op, "out", "a writable tensor (no zero strides, no overlap)",
                    "a view with strides " + Arrays.toString(out.strides()) + " and shape "
                            + Arrays.toString(out.shape()),
                    "write into a Tensor or a slice of one, not a broadcast view");
        }
    }

    /**
     * The aliasing rule: an output must not overlap the storage of an input. Conservative: two tensors
     * on the same storage array overlap if their reachable element ranges intersect.
     *
     * @param op the operation
     * @param out the output
     * @param input an input
     * @param inputName its argument name
     * @throws ValidationException (INVALID_ARGUMENT) naming {@code out}
     */
    public static void requireNoAlias(String op, TensorWrite out, TensorRead input, String inputName) {
        if (overlaps(out, input)) {
            throw ValidationException.invalidArgument(op, "out", "storage disjoint from input '" + inputName + "'",
                    "an output overlapping '" + inputName + "'", "write into a separate tensor");
        }
    }

    /**
     * The in-place variant of the aliasing rule: the output may be exactly the input (same storage,
     * offset, shape and strides) but must not otherwise overlap it.
     *
     * @param op the operation
     * @param out the output
     * @param input an input
     * @param inputName its argument name
     * @throws ValidationException (INVALID_ARGUMENT) naming {@code out}
     */
    public static void requireNoPartialAlias(String op, TensorWrite out, TensorRead input, String inputName) {
        if (overlaps(out, input) && !identicalLayout(out, input)) {
            throw ValidationException.invalidArgument(op, "out", "storage disjoint from input '" + inputName
                    + "', or exactly that input (in place)", "an output partly overlapping '" + inputName + "'",
                    "write into a separate tensor");
        }
    }

    /**
     * @param a a tensor
     * @param b another tensor
     * @return true if both address exactly the same elements in the same order
     */
    public static boolean identicalLayout(TensorRead a, TensorRead b) {
        if (a.storage() != b.storage() || a.offset() != b.offset() || !sameShape(a, b)) {
            return false;
        }
        for (int axis = 0; axis < a.rank(); axis++) {
            if (a.dim(axis) > 1 && a.stride(axis) != b.stride(axis)) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param a a tensor
     * @param b another tensor
     * @return true if they share a storage array and their reachable ranges intersect (compared in
     *     storage scalars, so tensors of dtypes with different lane counts on one array are judged
     *     correctly)
     */
    public static boolean overlaps(TensorRead a, TensorRead b) {
        if (a.storage() != b.storage() || a.size() == 0 || b.size() == 0) {
            return false;
        }
        // compare in storage scalars: a C64 and an F32 view may share one float[]
        long la = a.dtype().scalarsPerElement();
        long lb = b.dtype().scalarsPerElement();
        return low(a) * la <= high(b) * lb + lb - 1 && low(b) * lb <= high(a) * la + la - 1;
    }

    private static long low(TensorRead t) {
        long lo = t.offset();
        for (int a = 0; a < t.rank(); a++) {
            long span = (long) (t.dim(a) - 1) * t.stride(a);
            if (span < 0) {
                lo += span;
            }
        }
        return lo;
    }

    private static long high(TensorRead t) {
        long hi = t.offset();
        for (int a = 0; a < t.rank(); a++) {
            long span = (long) (t.dim(a) - 1) * t.stride(a);
            if (span > 0) {
                hi += span;
            }
        }
        return hi;
    }

    /**
     * Checks a reduction axis set and returns the result shape (the operand's shape without those
     * axes, in order).
     *
     * @param op the operation
     * @param operand the operand
     * @param axes distinct axes in {@code [0, rank)}
     * @return the reduced shape
     * @throws ValidationException (AXIS_OUT_OF_BOUNDS or INVALID_ARGUMENT) naming {@code axes}
     */
    public static int[] reducedShape(String op, TensorRead operand, int[] axes) {
        boolean[] reduced = new boolean[operand.rank()];
        for (int axis : axes) {
            if (axis < 0 || axis >= operand.rank()) {
                throw ValidationException.axisOutOfBounds(op, "axes", axis, operand.rank());
            }
            if (reduced[axis]) {
                throw ValidationException.invalidAxisArgument(op, "axes", axis, "each axis once",
                        Arrays.toString(axes));
            }
            reduced[axis] = true;
        }
        int[] shape = new int[operand.rank() - axes.length];
        int k = 0;
        for (int a = 0; a < operand.rank(); a++) {
            if (!reduced[a]) {
                shape[k++] = operand.dim(a);
            }
        }
        return shape;
    }

    /**
     * Requires a floating dtype (the contraction and linear-algebra dtypes).
     *
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @throws ValidationException (DTYPE_MISMATCH)
     */
    public static void requireFloating(String op, String argument, TensorRead t) {
        if (!t.dtype().isFloating()) {
            throw ValidationException.dtypeMismatch(op, argument, "F32, F64, C64 or C128", t.dtype().name());
        }
    }
}
