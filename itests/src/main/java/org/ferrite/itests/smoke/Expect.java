package org.ferrite.itests.smoke;

import java.util.Arrays;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The smoke's one check: a result has the expected dtype and shape, and its values match — exactly for
 * BOOL and the integers, within a tolerance per precision for the floating dtypes (the smoke's identities
 * on order-4 matrices lose a few digits; a wrong kernel or a garbage buffer is off by far more).
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class Expect {
    /** Relative and absolute tolerance for F32 and C64. */
    static final double SINGLE = 1e-4;
    /** Relative and absolute tolerance for F64 and C128. */
    static final double DOUBLE = 1e-9;
    /** Relative and absolute tolerance for F16 (eight units in its last place: identities round twice). */
    static final double HALF = 0x1p-7;
    /** Relative and absolute tolerance for BF16 (eight units in its last place). */
    static final double BFLOAT = 0x1p-4;

    private Expect() {
    }

    /**
     * @param what what was computed, for the message
     * @param actual the result
     * @param expected the expectation (on the host)
     * @throws AssertionError naming {@code what}, both dtypes, shapes or values, if they differ
     */
    static void close(String what, TensorRead actual, TensorRead expected) {
        if (actual.dtype() != expected.dtype()) {
            throw new AssertionError(what + ": dtype " + actual.dtype() + ", expected " + expected.dtype());
        }
        if (!Arrays.equals(actual.shape(), expected.shape())) {
            throw new AssertionError(what + ": shape " + Arrays.toString(actual.shape()) + ", expected "
                    + Arrays.toString(expected.shape()));
        }
        double tolerance = tolerance(expected.dtype());
        boolean match = tolerance == 0 ? Tensor.contentEquals(actual, expected)
                : Tensor.allClose(actual, expected, tolerance, tolerance);
        if (!match) {
            throw new AssertionError(what + ": " + actual.copy() + ", expected " + expected.copy());
        }
    }

    /** @return the relative and absolute tolerance of {@code d}: 0 for BOOL and the integers */
    static double tolerance(DType d) {
        if (!d.isFloating()) {
            return 0;
        }
        if (d == DType.F16 || d == DType.BF16) {
            return d == DType.F16 ? HALF : BFLOAT;
        }
        return d.realType() == DType.F32 ? SINGLE : DOUBLE;
    }
}
