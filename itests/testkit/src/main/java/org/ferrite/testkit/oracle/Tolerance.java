package org.ferrite.testkit.oracle;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.opentest4j.AssertionFailedError;

/**
 * Named tolerances per dtype and the element-by-element comparison the suite asserts with: exact for
 * BOOL and integers, {@code |got - want| <= tol · (scale + |want|)} for floating parts, NaN equal only to
 * NaN.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Tolerance {
    /** Relative tolerance for F32 and C64 results computed through different formulas. */
    public static final double SINGLE = 3e-5;
    /** Relative tolerance for F64 and C128 results computed through different formulas. */
    public static final double DOUBLE = 1e-12;
    /**
     * Relative tolerance for F16 results: two units in the last place (2 · 2^-10), since the provider
     * computes in F32 and the oracle in F64 before the one rounding to F16 (NumPy's float16 loops compute
     * in float32).
     */
    public static final double HALF = 0x1p-9;
    /** Relative tolerance for BF16 results: two units in the last place (2 · 2^-7), as {@link #HALF}. */
    public static final double BFLOAT = 0x1p-6;

    private Tolerance() {
    }

    /**
     * @param dtype a dtype
     * @return its tolerance ({@link #SINGLE}, {@link #DOUBLE}, {@link #HALF} or {@link #BFLOAT}; unused for
     *     exact dtypes)
     */
    public static double of(DType dtype) {
        if (dtype == DType.F16) {
            return HALF;
        }
        if (dtype == DType.BF16) {
            return BFLOAT;
        }
        return dtype == DType.F32 || dtype == DType.C64 ? SINGLE : DOUBLE;
    }

    /**
     * Asserts that {@code got} has {@code want}'s dtype and shape and matching elements.
     *
     * @param context what was computed, for the failure message
     * @param got the provider's result
     * @param want the oracle's result
     * @param tol the relative tolerance
     * @param scale the magnitude added to {@code |want|} (1 for well-conditioned values; the number of
     *     summed terms for sums)
     */
    public static void assertClose(String context, TensorRead got, TensorRead want, double tol, double scale) {
        if (got.dtype() != want.dtype() || !java.util.Arrays.equals(got.shape(), want.shape())) {
            throw new AssertionFailedError(context + ": got " + got.dtype() + java.util.Arrays.toString(got.shape())
                    + ", want " + want.dtype() + java.util.Arrays.toString(want.shape()));
        }
        List<String> bad = new ArrayList<>();
        DType d = want.dtype();
        Indices.forEach(want.shape(), i -> {
            Oracle.Value g = Oracle.read(got, i);
            Oracle.Value w = Oracle.read(want, i);
            boolean ok = d.isBool() ? g.b() == w.b() : d.isInteger() ? g.l() == w.l()
                    : close(g.re(), w.re(), tol, scale) && close(g.im(), w.im(), tol, scale);
            if (!ok && bad.size() < 5) {
                bad.add(java.util.Arrays.toString(i) + ": got " + g + ", want " + w);
            }
        });
        if (!bad.isEmpty()) {
            throw new AssertionFailedError(context + " (" + d + ", tolerance " + tol + "): " + String.join("; ", bad));
        }
    }

    /**
     * {@link #assertClose} with the dtype's tolerance and scale 1.
     *
     * @param context what was computed
     * @param got the provider's result
     * @param want the oracle's result
     */
    public static void assertClose(String context, TensorRead got, TensorRead want) {
        assertClose(context, got, want, of(want.dtype()), 1);
    }

    static boolean close(double got, double want, double tol, double scale) {
        if (Double.isNaN(want) || Double.isNaN(got)) {
            return Double.isNaN(want) && Double.isNaN(got);
        }
        if (got == want) {
            return true;
        }
        return Math.abs(got - want) <= tol * (scale + Math.abs(want));
    }
}
