package org.ferrite.cpu.internal.kernel;

import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.Predicate;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OperandChecks;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The CPU kernels' additions to the shared {@link OperandChecks}: host placement, the aliasing rule
 * for operands that share one array under dtypes of different lane counts (C128 and F64 both live in
 * {@code double[]}), operation names without allocation, and uniform {@link UnsupportedOpException}s.
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
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @throws ValidationException (INVALID_ARGUMENT) unless {@code t} lives on the host
     */
    public static void requireHost(String op, String argument, TensorRead t) {
        if (!t.placement().isHost()) {
            throw ValidationException.invalidArgument(op, argument, "a host tensor", t.placement().toString(),
                    "the CPU backend computes on host arrays; transfer explicitly with the device provider first");
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
