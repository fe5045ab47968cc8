package org.ferrite.offheap.device;

import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * The elementwise kernels, one element at a time over the output's indices in column-major order:
 * {@code out[i] = op(a[i], b[i])}, {@code out[i] = op(x[i])}, {@code out[i] = a[i] ⋄ b[i]} (BOOL),
 * {@code out[i] = p[i] ? t[i] : f[i]}, exact copies and the explicit casts. Each returns the work to queue
 * on the stream; operands are validated (shapes, dtypes, placement, aliasing) before it is made. An
 * output may be exactly an input (in place): each element is read before it is written.
 *
 * <p>The two checks that need the data run first on the stream, before anything is written: an integer
 * divisor 0 ({@link NumericalFailureException}) and a negative integer exponent
 * ({@link ValidationException}); they fail the kernel, which writes nothing.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class ElementKernels {
    private ElementKernels() {
    }

    /**
     * @param op the operation
     * @param a the left operand
     * @param b the right operand
     * @param out the output, same dtype and shape
     * @return {@code out[i] = op(a[i], b[i])}
     */
    public static Runnable binary(BinaryOp op, Operand a, Operand b, Operand out) {
        String name = op.name().toLowerCase(java.util.Locale.ROOT);
        DType d = a.dtype;
        return () -> {
            if (d.isInteger()) {
                checkIntegerRight(name, op, b);
            }
            double[] c = new double[2];
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] i = o.index();
                if (d.isBool()) {
                    boolean x = a.bool(i);
                    boolean y = b.bool(i);
                    out.putBool(i, op == BinaryOp.XOR ? x ^ y : op == BinaryOp.MUL || op == BinaryOp.AND ? x & y : x | y);
                } else if (d.isInteger()) {
                    out.putInteger(i, ScalarMath.integer(op, a.integer(i), b.integer(i)));
                } else if (d.isComplex()) {
                    ScalarMath.complex(op, a.re(i), a.im(i), b.re(i), b.im(i), c);
                    out.put(i, c[0], c[1]);
                } else {
                    out.put(i, ScalarMath.real(op, a.re(i), b.re(i)), 0);
                }
            }
        };
    }

    private static void checkIntegerRight(String name, BinaryOp op, Operand b) {
        for (Odometer o = new Odometer(b.shape()); o.next();) {
            long v = b.integer(o.index());
            if (v == 0 && (op == BinaryOp.DIV || op == BinaryOp.REM || op == BinaryOp.FLOOR_DIVIDE
                    || op == BinaryOp.REMAINDER)) {
                throw new NumericalFailureException(name, "integer division by zero: argument 'rhs' holds a 0 at "
                        + java.util.Arrays.toString(o.index()) + "; nothing was written");
            }
            if (v < 0 && op == BinaryOp.POW) {
                throw ValidationException.invalidArgument(name, "rhs", "integer exponents >= 0", "the exponent " + v
                        + " at " + java.util.Arrays.toString(o.index()), "convert to a floating dtype for negative powers");
            }
        }
    }

    /**
     * @param op the operation
     * @param x the operand
     * @param out the output: {@code x}'s dtype, or its real type for ABS of a complex operand
     * @return {@code out[i] = op(x[i])}
     */
    public static Runnable unary(UnaryOp op, Operand x, Operand out) {
        DType d = x.dtype;
        return () -> {
            double[] c = new double[2];
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] i = o.index();
                if (d.isBool()) {
                    out.putBool(i, (op == UnaryOp.NOT) != x.bool(i));
                } else if (d.isInteger()) {
                    out.putInteger(i, ScalarMath.integer(op, x.integer(i)));
                } else if (d.isComplex() && op == UnaryOp.ABS) {
                    out.put(i, Math.hypot(x.re(i), x.im(i)), 0);
                } else if (d.isComplex()) {
                    ScalarMath.complex(op, x.re(i), x.im(i), c);
                    out.put(i, c[0], c[1]);
                } else {
                    out.put(i, ScalarMath.real(op, x.re(i)), 0);
                }
            }
        };
    }

    /**
     * @param op the comparison
     * @param a the left operand
     * @param b the right operand
     * @param out the BOOL output
     * @return {@code out[i] = a[i] op b[i]} with IEEE semantics (NaN compares false except NE)
     */
    public static Runnable compare(CompareOp op, Operand a, Operand b, Operand out) {
        DType d = a.dtype;
        return () -> {
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] i = o.index();
                int order; // -1, 0, 1, or 2 for unordered (NaN)
                if (d.isBool() || d.isInteger()) {
                    order = Long.compare(a.integer(i), b.integer(i));
                } else {
                    double x = a.re(i);
                    double y = b.re(i);
                    boolean same = x == y && a.im(i) == b.im(i);
                    order = same ? 0 : x < y ? -1 : x > y ? 1 : 2;
                }
                out.putBool(i, holds(op, order));
            }
        };
    }

    private static boolean holds(CompareOp op, int order) {
        switch (op) {
            case EQ: return order == 0;
            case NE: return order != 0;
            case LT: return order == -1;
            case LE: return order == -1 || order == 0;
            case GT: return order == 1;
            default: return order == 1 || order == 0;
        }
    }

    /**
     * @param predicate the BOOL selector
     * @param onTrue the values where it holds
     * @param onFalse the values elsewhere
     * @param out the output
     * @return {@code out[i] = predicate[i] ? onTrue[i] : onFalse[i]}
     */
    public static Runnable select(Operand predicate, Operand onTrue, Operand onFalse, Operand out) {
        return () -> {
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] i = o.index();
                out.copy(i, predicate.bool(i) ? onTrue : onFalse, i);
            }
        };
    }

    /**
     * @param src the source, same dtype and shape (zero strides allowed)
     * @param out the output
     * @return {@code out[i] = src[i]}, bit for bit
     */
    public static Runnable copy(Operand src, Operand out) {
        return () -> {
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                out.copy(o.index(), src, o.index());
            }
        };
    }

    /**
     * The explicit conversion of {@code castInto}: floating to integer truncates toward zero (NaN to 0,
     * saturating), integer to integer wraps, complex to real keeps the real part, anything to BOOL is
     * {@code != 0}, BOOL to numeric is 0 or 1; one rounding to the target.
     *
     * @param src the source
     * @param out the output, any dtype, same shape
     * @return the cast
     */
    public static Runnable cast(Operand src, Operand out) {
        DType from = src.dtype;
        DType to = out.dtype;
        boolean exact = from.isBool() || from.isInteger();
        return () -> {
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] i = o.index();
                long l = exact ? src.integer(i) : 0;
                double re = exact ? l : src.re(i);
                double im = exact ? 0 : src.im(i);
                if (to.isBool()) {
                    out.putBool(i, exact ? l != 0 : re != 0 || im != 0);
                } else if (to == DType.I32) {
                    out.putInteger(i, exact ? (int) l : (int) re);
                } else if (to == DType.I64 || to == DType.I8 || to == DType.U8) { // I8, U8: through I64, wrapped
                    out.putInteger(i, exact ? l : (long) re);
                } else if (to == DType.F32 || to == DType.C64) {
                    out.put(i, exact ? (float) l : (float) re, (float) im);
                } else {
                    out.put(i, re, im);
                }
            }
        };
    }
}
