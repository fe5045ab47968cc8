package org.ferrite.cpu.internal.kernel;

import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.Predicate;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import java.util.Arrays;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.TensorRead;

/**
 * The CPU kernels' additions to the shared {@link OperandChecks}: host placement (the shared placement
 * rule, with the host as the session's placement), the bound of the {@code int} index space the
 * kernels run in, operation names without allocation, and uniform {@link UnsupportedOpException}s.
 * Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class KernelChecks {
    private static final String[] BINARY = names(BinaryOp.values());
    private static final String[] UNARY = names(UnaryOp.values());
    private static final String[] COMPARE = names(CompareOp.values());
    private static final String[] REDUCE = names(ReduceOp.values());

    private KernelChecks() {
    }

    private static String[] names(Enum<?>[] values) {
        String[] n = new String[values.length];
        for (Enum<?> v : values) {
            n[v.ordinal()] = v.name().toLowerCase(Locale.ROOT);
        }
        return n;
    }

    /**
     * @param op an operation
     * @return its name in error messages, e.g. {@code "add"}
     */
    public static String name(BinaryOp op) {
        return BINARY[op.ordinal()];
    }

    /**
     * @param op an operation
     * @return its name in error messages, e.g. {@code "exp"}
     */
    public static String name(UnaryOp op) {
        return UNARY[op.ordinal()];
    }

    /**
     * @param op a comparison
     * @return its name in error messages, e.g. {@code "lt"}
     */
    public static String name(CompareOp op) {
        return COMPARE[op.ordinal()];
    }

    /**
     * @param op a reduction
     * @return its name in error messages, e.g. {@code "sum_squares"}
     */
    public static String name(ReduceOp op) {
        return REDUCE[op.ordinal()];
    }

    /**
     * The CPU session computes on the host: {@link OperandChecks#requirePlacement} with
     * {@link Placement#HOST}.
     *
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @throws ValidationException (INVALID_ARGUMENT) unless {@code t} lives on the host, saying where it
     *     lives and how to transfer it
     */
    public static void requireHost(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, Placement.HOST);
    }

    /**
     * The CPU kernels index in {@code int}: the metadata of an operand is narrowed once, when a layout or
     * plan is built. An output (writable, on a host array) always fits; an input whose index space is not
     * tied to an output's — a reduction's, a contraction's or an indexed operation's, which may be a
     * broadcast view of any size — is checked here: the product of its non-zero extents, times the
     * scalars per element, must not exceed {@link Shapes#MAX_HOST_SCALARS}. Depends only on dtype and
     * extents, so a plan cache hit proves it.
     *
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @throws ValidationException (INVALID_ARGUMENT) naming the shape and its size
     */
    public static void requireIndexSpace(String op, String argument, TensorRead t) {
        long bound = t.dtype().isComplex() ? Shapes.MAX_HOST_SCALARS / 2 : Shapes.MAX_HOST_SCALARS;
        long nonZero = 1;
        for (int a = 0; a < t.rank(); a++) {
            // each factor is checked against bound (< 2^31) first, so the product cannot overflow a long
            long extent = Math.max(t.dim(a), 1);
            if (extent > bound || (nonZero *= extent) > bound) {
                throw ValidationException.invalidArgument(op, argument, "at most " + Shapes.MAX_HOST_SCALARS
                        + " scalars in one operand's index space (the CPU backend's kernels index with int)",
                        "shape " + Arrays.toString(t.shape()) + " of " + t.dtype() + " (" + t.size()
                                + " elements)", "split the operation into smaller ones");
            }
        }
    }

    /**
     * @param op the operation name
     * @param dtype the dtype it was asked for
     * @param supported which dtypes define it
     * @return the exception naming the operation, the dtype and the dtypes that would work
     */
    public static UnsupportedOpException unsupported(String op, DType dtype, Predicate<DType> supported) {
        return unsupported(op, op, dtype, supported);
    }

    /**
     * @param op the operation name
     * @param what the variant that is not defined, e.g. {@code "scatter mode MAX"}
     * @param dtype the dtype it was asked for
     * @param supported which dtypes define the variant
     * @return the exception naming the operation, the variant, the dtype and the dtypes that would work
     */
    public static UnsupportedOpException unsupported(String op, String what, DType dtype,
            Predicate<DType> supported) {
        StringJoiner ok = new StringJoiner(", ");
        for (DType d : DType.values()) {
            if (supported.test(d)) {
                ok.add(d.name());
            }
        }
        String advice = ok.length() == 0 ? what + " is not provided by the CPU backend"
                : what + " is defined for " + ok + "; cast the operand first";
        return new UnsupportedOpException(op, dtype.name(), advice);
    }
}
