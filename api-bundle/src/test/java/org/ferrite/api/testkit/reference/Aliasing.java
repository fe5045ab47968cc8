package org.ferrite.api.testkit.reference;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.OperandChecks;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The aliasing rule for operands whose dtypes may differ in lanes while sharing one array (F64 and
 * C128 both live in {@code double[]}): reachable ranges are compared in storage scalars. For equal
 * lanes it is {@link OperandChecks#requireNoAlias}.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class Aliasing {
    private Aliasing() {
    }

    static void requireDisjoint(String op, TensorWrite out, TensorRead input, String inputName) {
        int lo = out.dtype().scalarsPerElement();
        int li = input.dtype().scalarsPerElement();
        if (lo == li) {
            OperandChecks.requireNoAlias(op, out, input, inputName);
            return;
        }
        if (out.storage() == input.storage() && out.size() > 0 && input.size() > 0
                && low(out) * lo <= high(input) * li + li - 1 && low(input) * li <= high(out) * lo + lo - 1) {
            throw ValidationException.invalidArgument(op, "out", "storage disjoint from input '" + inputName + "'",
                    "an output overlapping '" + inputName + "'", "write into a separate tensor");
        }
    }

    private static long low(TensorRead t) {
        long v = t.offset();
        for (int a = 0; a < t.rank(); a++) {
            v += Math.min(0L, (long) (t.dim(a) - 1) * t.stride(a));
        }
        return v;
    }

    private static long high(TensorRead t) {
        long v = t.offset();
        for (int a = 0; a < t.rank(); a++) {
            v += Math.max(0L, (long) (t.dim(a) - 1) * t.stride(a));
        }
        return v;
    }
}
