package org.ferrite.einsum;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * {@code out = alpha · result + beta · out} where the result was computed into a temporary: for
 * floating dtypes one {@code dotGeneralAccumulate} of the temporary with the scalar 1 (an outer product
 * with nothing: the provider's own alpha/beta semantics, {@code beta == 0} never reading {@code out});
 * for integers an elementwise scale and add; for BOOL, "·" is "and" and "+" is "or" (alpha and beta
 * 0 or 1). Also the per-dtype rules for the scalars ({@link #check}). Thread-safe (stateless).
 */
final class Accumulator {
    private static final DotGeneralConfig OUTER = DotGeneralConfig.contracting(new int[0], new int[0]);
    /** Integers up to this magnitude are exact as {@code double}. */
    private static final double EXACT = 9007199254740992.0;

    private Accumulator() {
    }

    /** @return true for {@code out = result} (alpha 1, beta 0) */
    static boolean isPlain(Accumulation acc) {
        return acc.alphaRe() == 1 && acc.alphaIm() == 0 && acc.overwrites();
    }

    /**
     * @param dtype the output's dtype
     * @param acc the scalars
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code "accumulation"}) for conjugation
     *     flags, complex scalars on a real dtype, non-integral scalars on an integer dtype or anything but
     *     0 and 1 on BOOL
     */
    static void check(DType dtype, Accumulation acc) {
        if (acc.conjugateLhs() || acc.conjugateRhs()) {
            throw bad(acc, "no conjugation flags (einsum has no lhs or rhs)", "conjugate an operand with"
                    + " session.conj(t) first");
        }
        if (!dtype.isComplex() && !acc.isReal()) {
            throw bad(acc, "real alpha and beta for dtype " + dtype, "use a complex dtype for complex scalars");
        }
        if (dtype.isBool() && (!zeroOrOne(acc.alphaRe()) || !zeroOrOne(acc.betaRe()))) {
            throw bad(acc, "alpha and beta 0 or 1 for BOOL ('·' is and, '+' is or)", null);
        }
        if (dtype.isInteger() && (!integral(acc.alphaRe()) || !integral(acc.betaRe()))) {
            throw bad(acc, "integral alpha and beta of magnitude <= 2^53 for dtype " + dtype, null);
        }
    }

    private static ValidationException bad(Accumulation acc, String expected, String advice) {
        return ValidationException.invalidArgument(SubscriptErrors.OP, "accumulation", expected, acc.toString(),
                advice);
    }

    private static boolean zeroOrOne(double v) {
        return v == 0 || v == 1;
    }

    private static boolean integral(double v) {
        return v == Math.rint(v) && Math.abs(v) <= EXACT;
    }

    /**
     * @param s the session
     * @param result the computed result, of the compute dtype (I64 counts for BOOL outputs); may be
     *     overwritten
     * @param out the output view, same shape
     * @param acc the scalars (already {@link #check}ed)
     */
    static void combine(BackendSession s, Tensor result, TensorWrite out, Accumulation acc) {
        DType d = out.dtype();
        if (d.isFloating()) {
            Tensor one = Constants.scalar(s, d, 1, 0);
            try {
                s.dotGeneralAccumulate(result, one, OUTER, acc, out);
            } finally {
                s.reclaim(one);
            }
        } else if (d.isBool()) {
            combineBool(s, result, out, acc);
        } else {
            if (acc.alphaRe() != 1) {
                Constants.scale(s, result, acc.alphaRe(), 0);
            }
            if (acc.overwrites()) {
                s.copyInto(result, out);
                return;
            }
            if (acc.betaRe() != 1) {
                Constants.scale(s, out, acc.betaRe(), 0);
            }
            s.binaryInto(BinaryOp.ADD, out, result, out);
        }
    }

    private static void combineBool(BackendSession s, Tensor result, TensorWrite out, Accumulation acc) {
        if (acc.alphaRe() == 0) {
            if (acc.overwrites()) {
                Constants.fill(s, out, 0);
            }
            return; // or with false
        }
        TensorRead truth = result;
        Tensor cast = null;
        if (!result.dtype().isBool()) {
            cast = s.allocate(DType.BOOL, result.shape());
            s.castInto(result, cast); // a count is true when non-zero
            truth = cast;
        }
        try {
            if (acc.overwrites()) {
                s.copyInto(truth, out);
            } else {
                s.binaryInto(BinaryOp.ADD, out, truth, out); // BOOL "+" is "or"
            }
        } finally {
            if (cast != null) {
                s.reclaim(cast);
            }
        }
    }
}
