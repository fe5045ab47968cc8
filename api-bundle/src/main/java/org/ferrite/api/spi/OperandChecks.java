package org.ferrite.api.spi;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Predicate;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The operand checks every provider and every portable default uses, so that all backends accept and
 * reject exactly the same inputs with the same typed errors. For provider implementations. None of
 * them allocates on success.
 *
 * <p>Two kinds, so that a plan cache can skip what its key proves and nothing else: checks of dtypes,
 * ranks, shapes and writability depend only on what a cache key records (dtypes, extents, strides);
 * {@link #requirePlacement placement}, {@link #requireNoAlias aliasing} and scalar arguments depend on
 * the storage and values of each call and must run on every call, cache hit or miss.
 *
 * <p>Thread-safe (stateless); it has no instances and holds no resources.
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
    public static void requireShape(String op, String argument, long[] expected, TensorRead actual) {
        boolean same = expected.length == actual.rank();
        for (int a = 0; same && a < expected.length; a++) {
            same = expected[a] == actual.dim(a);
        }
        if (!same) {
            throw ValidationException.shapeMismatch(op, argument, expected, actual.shape());
        }
    }

    /**
     * {@link #sameShape} against extents rather than a tensor: for a provider's buffer pool or plan cache
     * comparing a tensor with a remembered shape. Reads the tensor's metadata only; allocates nothing
     * (unlike comparing {@code t.shape()}, a copy). Ranks up to 2 are compared without a loop: C2 wraps
     * even a two-trip loop in pre-, main- and post-loops, about 3 ns per tensor on a hot path.
     *
     * @param t a tensor
     * @param shape extents
     * @return true if {@code t} has exactly these extents
     */
    public static boolean hasShape(TensorRead t, long[] shape) {
        int rank = shape.length;
        if (t.rank() != rank) {
            return false;
        }
        switch (rank) {
            case 0:
                return true;
            case 1:
                return t.dim(0) == shape[0];
            case 2:
                return t.dim(0) == shape[0] & t.dim(1) == shape[1];
            default:
                for (int axis = 0; axis < rank; axis++) {
                    if (t.dim(axis) != shape[axis]) {
                        return false;
                    }
                }
                return true;
        }
    }

    /**
     * {@link #hasShape} and the strides: whether {@code t} has exactly this layout (its storage and offset
     * are not compared) — for a provider's plan keyed by layout. Allocates nothing; ranks up to 2 without
     * a loop, as {@link #hasShape}.
     *
     * @param t a tensor
     * @param shape extents
     * @param strides strides, one per extent
     * @return true if {@code t} has exactly these extents and strides
     */
    public static boolean hasLayout(TensorRead t, long[] shape, long[] strides) {
        int rank = shape.length;
        if (t.rank() != rank) {
            return false;
        }
        switch (rank) {
            case 0:
                return true;
            case 1:
                return t.dim(0) == shape[0] & t.stride(0) == strides[0];
            case 2:
                return t.dim(0) == shape[0] & t.dim(1) == shape[1] & t.stride(0) == strides[0]
                        & t.stride(1) == strides[1];
            default:
                for (int axis = 0; axis < rank; axis++) {
                    if (t.dim(axis) != shape[axis] || t.stride(axis) != strides[axis]) {
                        return false;
                    }
                }
                return true;
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
     * Checks an output's layout: of the required dtype, of the shape of {@code shapeOf}, and writable.
     * Placement is checked separately ({@link #requirePlacement}), on every call.
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
    }

    /**
     * No operation but a transfer crosses placements: every operand must live where the session
     * computes.
     *
     * @param op the operation
     * @param argument the operand's name
     * @param t the operand
     * @param session where the session computes ({@code BackendSession.placement()})
     * @throws ValidationException (INVALID_ARGUMENT) naming {@code argument}, where it lives, where the
     *     session computes, and how to transfer it
     */
    public static void requirePlacement(String op, String argument, TensorRead t, Placement session) {
        Placement p = t.placement();
        if (p != session && !p.equals(session)) {
            throw ValidationException.invalidArgument(op, argument, "a tensor on " + session
                    + " (where this session computes)", "a tensor on " + p,
                    "transfer it first with session.to(t, session.placement())"
                            + (p.isHost() ? "" : ", or move it to the host with toHost(t) on its own backend"));
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
    public static TensorRead broadcastOperand(String op, String argument, TensorRead t, long[] shape) {
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
     * The aliasing rule: an output must not overlap an input ({@link Overlap#mayOverlap}).
     *
     * @param op the operation
     * @param out the output
     * @param input an input
     * @param inputName its argument name
     * @throws ValidationException (INVALID_ARGUMENT) naming {@code out}
     */
    public static void requireNoAlias(String op, TensorWrite out, TensorRead input, String inputName) {
        if (Overlap.mayOverlap(out, input)) {
            throw ValidationException.invalidArgument(op, "out", "storage disjoint from input '" + inputName + "'",
                    "an output overlapping '" + inputName + "'", "write into a separate tensor");
        }
    }

    /**
     * The in-place variant of the aliasing rule: the output may be exactly the input
     * ({@link Overlap#identicalLayout}) but must not otherwise overlap it.
     *
     * @param op the operation
     * @param out the output
     * @param input an input
     * @param inputName its argument name
     * @throws ValidationException (INVALID_ARGUMENT) naming {@code out}
     */
    public static void requireNoPartialAlias(String op, TensorWrite out, TensorRead input, String inputName) {
        if (Overlap.mayOverlap(out, input) && !Overlap.identicalLayout(out, input)) {
            throw ValidationException.invalidArgument(op, "out", "storage disjoint from input '" + inputName
                    + "', or exactly that input (in place)", "an output partly overlapping '" + inputName + "'",
                    "write into a separate tensor");
        }
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
     * @throws NullPointerException naming {@code x} or {@code axes} if one is null
     */
    public static long[] reducedShape(String op, TensorRead operand, int[] axes) {
        Objects.requireNonNull(operand, "x");
        Objects.requireNonNull(axes, "axes");
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
        long[] shape = new long[operand.rank() - axes.length];
        int k = 0;
        for (int a = 0; a < operand.rank(); a++) {
            if (!reduced[a]) {
                shape[k++] = operand.dim(a);
            }
        }
        return shape;
    }

    /**
     * Requires a floating dtype ({@link org.ferrite.api.tensor.DType#isFloating()}: F32, F64, C64, C128, F16,
     * BF16).
     *
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @throws ValidationException (DTYPE_MISMATCH)
     */
    public static void requireFloating(String op, String argument, TensorRead t) {
        if (!t.dtype().isFloating()) {
            throw ValidationException.dtypeMismatch(op, argument, "F32, F64, C64, C128, F16 or BF16",
                    t.dtype().name());
        }
    }

    /**
     * The complete check of {@code BackendSession.transferInto(src, out)}, before the first write:
     * same dtype and shape, a writable output, each of {@code src} and {@code out} on the host or on
     * {@code device} (the provider's own placement; the host for host providers), and no overlap.
     *
     * @param op the operation, usually {@code "transferInto"}
     * @param src the source
     * @param out the destination
     * @param device the one non-host placement the provider's transfers reach
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void requireTransfer(String op, TensorRead src, TensorWrite out, Placement device) {
        requireTransfer(op, src, out, device, p -> false);
    }

    /**
     * {@link #requireTransfer(String, TensorRead, TensorWrite, Placement)} for a provider with several
     * devices, whose transfers also reach the placements {@code peers} accepts (the provider's other
     * devices: a device-to-device copy). The provider then checks that a tensor on a peer placement is
     * really its own (a tensor of another provider may claim the same placement) and rejects it with the
     * advice to go through the host.
     *
     * @param op the operation, usually {@code "transferInto"}
     * @param src the source
     * @param out the destination
     * @param device the session's own placement
     * @param peers accepts the placements of the provider's other devices
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void requireTransfer(String op, TensorRead src, TensorWrite out, Placement device,
            Predicate<Placement> peers) {
        requireOutput(op, out, src.dtype(), src);
        requireTransferPlacement(op, "src", src, device, peers);
        requireTransferPlacement(op, "out", out, device, peers);
        requireNoAlias(op, out, src, "src");
    }

    private static void requireTransferPlacement(String op, String argument, TensorRead t, Placement device,
            Predicate<Placement> peers) {
        Placement p = t.placement();
        if (!p.isHost() && !p.equals(device) && !peers.test(p)) {
            throw ValidationException.invalidArgument(op, argument, "a tensor on host" + (device.isHost() ? ""
                    : " or " + device) + " (the placements this session transfers between)", "a tensor on " + p,
                    "move it with the backend it belongs to: toHost(t) there, then transfer the host copy");
        }
    }
}
