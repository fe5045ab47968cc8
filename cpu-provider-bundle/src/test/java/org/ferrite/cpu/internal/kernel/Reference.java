package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.fail;

import java.util.Arrays;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Oracle.Value;

/**
 * The naive reference of the kernel tests: the conformance kit's {@link Oracle} — one element at a time
 * through the public accessors, with textbook formulas written independently of every provider — with
 * each result rounded to the storage precision of its dtype, plus the comparison helpers these tests
 * share. There is one oracle for the CPU kernels, the conformance suites and the test-only providers.
 */
final class Reference {
    private Reference() {
    }

    static Value read(TensorRead t, long[] idx) {
        return Oracle.read(t, idx);
    }

    /** Rounds a reference result to the storage precision of {@code dtype}. */
    static Value round(DType dtype, Value v) {
        return Oracle.round(dtype, v);
    }

    static Value binary(BinaryOp op, DType dtype, Value x, Value y) {
        return round(dtype, Oracle.binary(op, dtype, x, y));
    }

    static Value unary(UnaryOp op, DType dtype, Value x) {
        return round(op == UnaryOp.ABS ? dtype.realType() : dtype, Oracle.unary(op, dtype, x));
    }

    static boolean compare(CompareOp op, DType dtype, Value x, Value y) {
        return Oracle.compare(op, dtype, x, y);
    }

    static Value cast(DType from, DType to, Value x) {
        return Oracle.cast(from, to, x);
    }

    // ------------------------------------------------------------------ comparison of results

    /** Relative tolerance per dtype for results computed through different formulas. */
    static double tolerance(DType dtype) {
        if (dtype == DType.F16 || dtype == DType.BF16) {
            return org.ferrite.testkit.oracle.Tolerance.of(dtype); // two units in the last place
        }
        return dtype == DType.F32 || dtype == DType.C64 ? 2e-5 : 1e-12;
    }

    static void assertMatches(DType dtype, Value got, Value want, double tol, String where) {
        boolean ok;
        switch (dtype) {
            case BOOL:
                ok = got.b() == want.b();
                break;
            case I32:
            case I64:
            case I8:
            case U8:
                ok = got.l() == want.l();
                break;
            default:
                ok = close(got.re(), want.re(), tol) && close(got.im(), want.im(), tol);
        }
        if (!ok) {
            fail(where + ": got " + got + ", want " + want);
        }
    }

    static boolean close(double got, double want, double tol) {
        if (Double.isNaN(want) || Double.isNaN(got)) {
            return Double.isNaN(want) && Double.isNaN(got);
        }
        if (got == want) {
            return true;
        }
        return Math.abs(got - want) <= tol * (1 + Math.abs(want));
    }

    static String at(long[] idx) {
        return Arrays.toString(idx);
    }

    static String at(int[] axes) {
        return Arrays.toString(axes);
    }
}
