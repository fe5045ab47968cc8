package org.ferrite.cpu.internal.kernel;

import static org.assertj.core.api.Assertions.fail;

import java.util.Arrays;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;

/**
 * The naive reference: one element at a time through the public accessors, with textbook formulas
 * written independently of the kernels (complex division by the conjugate, powers through
 * {@code exp(w·log z)}, erf by its Maclaurin series, tanh through {@code sinh 2a / (cosh 2a + cos 2b)}).
 */
final class Reference {
    private Reference() {
    }

    /** One element of any dtype: {@code re}/{@code im} for floating, {@code l} for integers, {@code b} for BOOL. */
    static final class Value {
        final double re;
        final double im;
        final long l;
        final boolean b;

        Value(double re, double im, long l, boolean b) {
            this.re = re;
            this.im = im;
            this.l = l;
            this.b = b;
        }

        static Value real(double re) {
            return new Value(re, 0, 0, false);
        }

        static Value complex(double re, double im) {
            return new Value(re, im, 0, false);
        }

        static Value integer(long l) {
            return new Value(l, 0, l, false);
        }

        static Value bool(boolean b) {
            return new Value(b ? 1 : 0, 0, b ? 1 : 0, b);
        }

        @Override
        public String toString() {
            return "(re=" + re + ", im=" + im + ", l=" + l + ", b=" + b + ")";
        }
    }

    static Value read(TensorRead t, long[] idx) {
        switch (t.dtype()) {
            case BOOL:
                return Value.bool(t.getBoolean(idx));
            case I32:
            case I64:
                return Value.integer(t.getLong(idx));
            case F32:
            case F64:
                return Value.real(t.getReal(idx));
            default:
                return Value.complex(t.getReal(idx), t.getImag(idx));
        }
    }

    /** Rounds a reference result to the storage precision of {@code dtype}. */
    static Value round(DType dtype, Value v) {
        switch (dtype) {
            case I32:
                return Value.integer((int) v.l);
            case F32:
                return Value.real((float) v.re);
            case C64:
                return Value.complex((float) v.re, (float) v.im);
            default:
                return v;
        }
    }

    // ------------------------------------------------------------------ binary

    static Value binary(BinaryOp op, DType dtype, Value x, Value y) {
        switch (dtype) {
            case BOOL:
                switch (op) {
                    case ADD:
                    case OR:
                        return Value.bool(x.b | y.b);
                    case MUL:
                    case AND:
                        return Value.bool(x.b & y.b);
                    case XOR:
                        return Value.bool(x.b ^ y.b);
                    default:
                        throw new AssertionError(op);
                }
            case I32:
            case I64:
                return round(dtype, Value.integer(integerBinary(op, dtype, x.l, y.l)));
            case F32:
            case F64:
                return round(dtype, Value.real(realBinary(op, x.re, y.re)));
            default:
                return round(dtype, complexBinary(op, x, y));
        }
    }

    private static long integerBinary(BinaryOp op, DType dtype, long x, long y) {
        boolean i32 = dtype == DType.I32;
        switch (op) {
            case ADD:
                return x + y;
            case SUB:
                return x - y;
            case MUL:
                return x * y;
            case DIV:
                return i32 ? (int) x / (int) y : x / y;
            case REM:
                return i32 ? (int) x % (int) y : x % y;
            case POW: {
                long r = 1;
                for (long k = 0; k < y; k++) {
                    r = i32 ? (int) (r * x) : r * x;
                }
                return r;
            }
            case MAXIMUM:
                return Math.max(x, y);
            case MINIMUM:
                return Math.min(x, y);
            case AND:
                return x & y;
            case OR:
                return x | y;
            case XOR:
                return x ^ y;
            default:
                throw new AssertionError(op);
        }
    }

    private static double realBinary(BinaryOp op, double x, double y) {
        switch (op) {
            case ADD:
                return x + y;
            case SUB:
                return x - y;
            case MUL:
                return x * y;
            case DIV:
                return x / y;
            case REM:
                return x % y;
            case POW: // C99 Annex F: 1^y = 1 and (-1)^±inf = 1, where Math.pow gives NaN
                return x == 1 || x == -1 && Double.isInfinite(y) ? 1 : Math.pow(x, y);
            case MAXIMUM:
                return Double.isNaN(x) || Double.isNaN(y) ? Double.NaN : Math.max(x, y);
            case MINIMUM:
                return Double.isNaN(x) || Double.isNaN(y) ? Double.NaN : Math.min(x, y);
            case ATAN2:
                return Math.atan2(x, y);
            default:
                throw new AssertionError(op);
        }
    }

    private static Value complexBinary(BinaryOp op, Value x, Value y) {
        switch (op) {
            case ADD:
                return Value.complex(x.re + y.re, x.im + y.im);
            case SUB:
                return Value.complex(x.re - y.re, x.im - y.im);
            case MUL:
                return mul(x, y);
            case DIV: {
                double d = y.re * y.re + y.im * y.im;
                return Value.complex((x.re * y.re + x.im * y.im) / d, (x.im * y.re - x.re * y.im) / d);
            }
            case POW:
                if (y.re == 0 && y.im == 0) {
                    return Value.complex(1, 0);
                }
                if (x.re == 0 && x.im == 0) {
                    double z = y.re > 0 ? 0 : Double.NaN;
                    return Value.complex(z, z);
                }
                return exp(mul(y, log(x)));
            default:
                throw new AssertionError(op);
        }
    }

    private static Value add(Value x, Value y) {
        return Value.complex(x.re + y.re, x.im + y.im);
    }

    private static Value scale(Value x, double f) {
        return Value.complex(x.re * f, x.im * f);
    }

    private static Value mul(Value x, Value y) {
        return Value.complex(x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re);
    }

    private static Value exp(Value x) {
        double e = Math.exp(x.re);
        return Value.complex(e * Math.cos(x.im), e * Math.sin(x.im));
    }

    private static Value log(Value x) {
        return Value.complex(0.5 * Math.log(x.re * x.re + x.im * x.im), Math.atan2(x.im, x.re));
    }

    // ------------------------------------------------------------------ unary

    static Value unary(UnaryOp op, DType dtype, Value x) {
        switch (dtype) {
            case BOOL:
                return Value.bool(op == UnaryOp.NOT ? !x.b : x.b);
            case I32:
            case I64:
                return round(dtype, Value.integer(integerUnary(op, x.l)));
            case F32:
            case F64:
                return round(dtype, Value.real(realUnary(op, x.re)));
            default:
                Value r = complexUnary(op, x);
                return op == UnaryOp.ABS ? round(dtype.realType(), r) : round(dtype, r);
        }
    }

    private static long integerUnary(UnaryOp op, long x) {
        switch (op) {
            case NEG:
                return -x;
            case CONJ:
                return x;
            case ABS:
                return x < 0 ? -x : x;
            case SIGN:
                return Long.compare(x, 0);
            case NOT:
                return ~x;
            default:
                throw new AssertionError(op);
        }
    }

    private static double realUnary(UnaryOp op, double x) {
        switch (op) {
            case NEG:
                return -x;
            case CONJ:
                return x;
            case ABS:
                return x < 0 ? -x : x;
            case SIGN:
                return Double.isNaN(x) ? x : x > 0 ? 1 : x < 0 ? -1 : 0;
            case EXP:
                return Math.exp(x);
            case LOG:
                return Math.log(x);
            case SIN:
                return Math.sin(x);
            case COS:
                return Math.cos(x);
            case TANH:
                return (Math.exp(2 * x) - 1) / (Math.exp(2 * x) + 1);
            case SQRT:
                return Math.sqrt(x);
            case RSQRT:
                return 1 / Math.sqrt(x);
            case EXPM1:
                return Math.abs(x) < 1e-5 ? x + x * x / 2 + x * x * x / 6 : Math.exp(x) - 1;
            case LOG1P:
                return Math.abs(x) < 1e-5 ? x - x * x / 2 + x * x * x / 3 : Math.log(1 + x);
            case ERF:
                return erfSeries(x);
            case SIGMOID:
                return 1 / (1 + Math.exp(-x));
            case ROUND:
                return Math.rint(x);
            case FLOOR:
                return Math.floor(x);
            case CEIL:
                return Math.ceil(x);
            default:
                throw new AssertionError(op);
        }
    }

    /** erf by its Maclaurin series {@code 2/√π Σ (-1)^n x^{2n+1} / (n! (2n+1))}; fine for |x| <= 2. */
    static double erfSeries(double x) {
        double sum = 0;
        double power = x;
        double factorial = 1;
        for (int n = 0; n < 80; n++) {
            if (n > 0) {
                power *= -x * x;
                factorial *= n;
            }
            sum += power / (factorial * (2 * n + 1));
        }
        return 2 / Math.sqrt(Math.PI) * sum;
    }

    private static Value complexUnary(UnaryOp op, Value x) {
        double a = x.re;
        double b = x.im;
        switch (op) {
            case NEG:
                return Value.complex(-a, -b);
            case CONJ:
                return Value.complex(a, -b);
            case ABS:
                return Value.real(Math.sqrt(a * a + b * b));
            case SIGN: {
                double m = Math.sqrt(a * a + b * b);
                return m == 0 ? Value.complex(0, 0) : Value.complex(a / m, b / m);
            }
            case EXP:
                return exp(x);
            case LOG:
                return log(x);
            case SIN:
                return Value.complex(Math.sin(a) * Math.cosh(b), Math.cos(a) * Math.sinh(b));
            case COS:
                return Value.complex(Math.cos(a) * Math.cosh(b), -Math.sin(a) * Math.sinh(b));
            case TANH: {
                double d = Math.cosh(2 * a) + Math.cos(2 * b);
                return Value.complex(Math.sinh(2 * a) / d, Math.sin(2 * b) / d);
            }
            case SQRT: {
                double r = Math.sqrt(Math.sqrt(a * a + b * b));
                double t = Math.atan2(b, a) / 2;
                return Value.complex(r * Math.cos(t), r * Math.sin(t));
            }
            case RSQRT: {
                double r = 1 / Math.sqrt(Math.sqrt(a * a + b * b));
                double t = -Math.atan2(b, a) / 2;
                return Value.complex(r * Math.cos(t), r * Math.sin(t));
            }
            case EXPM1: // exp(z) - 1 away from 0; the first terms of the series near it
                return a * a + b * b > 1e-6 ? Value.complex(Math.exp(a) * Math.cos(b) - 1, Math.exp(a) * Math.sin(b))
                        : add(x, add(scale(mul(x, x), 0.5), scale(mul(x, mul(x, x)), 1.0 / 6)));
            case LOG1P:
                return a * a + b * b > 1e-6 ? log(Value.complex(1 + a, b))
                        : add(x, add(scale(mul(x, x), -0.5), scale(mul(x, mul(x, x)), 1.0 / 3)));
            default:
                throw new AssertionError(op);
        }
    }

    // ------------------------------------------------------------------ compare and cast

    static boolean compare(CompareOp op, DType dtype, Value x, Value y) {
        if (dtype == DType.BOOL) {
            return op == CompareOp.EQ ? x.b == y.b : x.b != y.b;
        }
        if (dtype.isInteger()) {
            int c = Long.compare(x.l, y.l);
            return ordered(op, c == 0, c < 0, c > 0);
        }
        boolean eq = x.re == y.re && x.im == y.im;
        return ordered(op, eq, x.re < y.re, x.re > y.re);
    }

    private static boolean ordered(CompareOp op, boolean eq, boolean lt, boolean gt) {
        switch (op) {
            case EQ:
                return eq;
            case NE:
                return !eq;
            case LT:
                return lt;
            case LE:
                return lt || eq;
            case GT:
                return gt;
            default:
                return gt || eq;
        }
    }

    static Value cast(DType from, DType to, Value x) {
        switch (to) {
            case BOOL:
                return Value.bool(from == DType.BOOL ? x.b : from.isInteger() ? x.l != 0 : x.re != 0 || x.im != 0);
            case I32:
                return Value.integer(from == DType.BOOL || from.isInteger() ? (int) x.l : (int) x.re);
            case I64:
                return Value.integer(from == DType.BOOL || from.isInteger() ? x.l : (long) x.re);
            case F32:
                return Value.real(from.isInteger() || from == DType.BOOL ? (float) x.l : (float) x.re);
            case F64:
                return Value.real(from.isInteger() || from == DType.BOOL ? (double) x.l : x.re);
            case C64:
                return Value.complex(from.isInteger() || from == DType.BOOL ? (float) x.l : (float) x.re,
                        (float) x.im);
            default:
                return Value.complex(from.isInteger() || from == DType.BOOL ? (double) x.l : x.re, x.im);
        }
    }

    // ------------------------------------------------------------------ comparison of results

    /** Relative tolerance per dtype for results computed through different formulas. */
    static double tolerance(DType dtype) {
        return dtype == DType.F32 || dtype == DType.C64 ? 2e-5 : 1e-12;
    }

    static void assertMatches(DType dtype, Value got, Value want, double tol, String where) {
        boolean ok;
        switch (dtype) {
            case BOOL:
                ok = got.b == want.b;
                break;
            case I32:
            case I64:
                ok = got.l == want.l;
                break;
            default:
                ok = close(got.re, want.re, tol) && close(got.im, want.im, tol);
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
