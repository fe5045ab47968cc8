package org.ferrite.reference;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The scalar formulas of the reference provider, one element at a time through the public accessors,
 * for the (operation, dtype) pairs the API's operation table ({@code OpTable}) defines — the session
 * refuses every other pair before it gets here ({@code OpChecks}): BOOL through its logical forms,
 * integers in wrapping {@code long} arithmetic (DIV truncates), complex on principal branches.
 * Computation is in {@code double} (or {@code long} for integers) and rounded once when stored. Real
 * {@code pow} follows C99 Annex F where Java's {@code Math.pow} differs ({@code pow(1, y) = 1} for every
 * {@code y}, {@code pow(-1, ±∞) = 1}).
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class ElementMath {
    private ElementMath() {
    }

    // ------------------------------------------------------------------ element kernels

    /** {@code out[i] = op(a[i], b[i])} for a supported pair; integer divisors were checked before. */
    static void binary(BinaryOp op, TensorRead a, TensorRead b, TensorWrite out, long[] i) {
        DType d = a.dtype();
        if (d.isBool()) {
            boolean x = a.getBoolean(i);
            boolean y = b.getBoolean(i);
            out.setBoolean(op == BinaryOp.XOR ? x ^ y : op == BinaryOp.MUL || op == BinaryOp.AND ? x & y : x | y, i);
        } else if (d.isInteger()) {
            long r = integerBinary(op, a.getLong(i), b.getLong(i));
            out.setLong(wrap(d, r), i);
        } else if (d.isComplex()) {
            double[] r = complexBinary(op, a.getReal(i), a.getImag(i), b.getReal(i), b.getImag(i));
            out.setComplex(r[0], r[1], i);
        } else {
            out.set(realBinary(op, a.getReal(i), b.getReal(i)), i);
        }
    }

    /**
     * @param d an integer dtype
     * @param r an exact result
     * @return {@code r} wrapped into {@code d}'s range (two's complement, as NumPy's fixed-width integers)
     */
    static long wrap(DType d, long r) {
        switch (d) {
            case I32:
                return (int) r;
            case I8:
                return (byte) r;
            case U8:
                return r & 0xFF;
            default:
                return r;
        }
    }

    private static long integerBinary(BinaryOp op, long x, long y) {
        switch (op) {
            case ADD: return x + y;
            case SUB: return x - y;
            case MUL: return x * y;
            case DIV: return x / y;
            case REM: return x % y;
            case FLOOR_DIVIDE: return Math.floorDiv(x, y);
            case REMAINDER: return Math.floorMod(x, y);
            case POW: return integerPower(x, y);
            case MAXIMUM: return Math.max(x, y);
            case MINIMUM: return Math.min(x, y);
            case AND: return x & y;
            case OR: return x | y;
            default: return x ^ y;
        }
    }

    /** {@code x^y} for {@code y >= 0} by repeated squaring, wrapping modulo 2^64. */
    private static long integerPower(long x, long y) {
        long result = 1;
        long base = x;
        for (long e = y; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                result *= base;
            }
            base *= base;
        }
        return result;
    }

    private static double realBinary(BinaryOp op, double x, double y) {
        switch (op) {
            case ADD: return x + y;
            case SUB: return x - y;
            case MUL: return x * y;
            case DIV: return x / y;
            case REM: return x % y;
            case FLOOR_DIVIDE: return floorDivide(x, y);
            case REMAINDER: return y == 0 ? Double.NaN : remainder(x, y);
            case POW: return x == 1 || x == -1 && Double.isInfinite(y) ? 1 : Math.pow(x, y); // C99 F.9.4.4
            case MAXIMUM: return Math.max(x, y);
            case MINIMUM: return Math.min(x, y);
            default: return Math.atan2(x, y);
        }
    }

    /**
     * Python's {@code x % y} for {@code y != 0}: {@code fmod} on the divisor's side, a zero with the
     * divisor's sign (NumPy's {@code npy_divmod}).
     */
    private static double remainder(double x, double y) {
        double mod = x % y;
        if (mod == 0) {
            return Math.copySign(0.0, y);
        }
        return (y < 0) == (mod < 0) ? mod : mod + y;
    }

    /** Python's {@code x // y}: {@code (x - fmod(x, y)) / y}, one less across the signs, snapped to an integer. */
    private static double floorDivide(double x, double y) {
        if (y == 0) {
            return x / y;
        }
        double mod = x % y;
        double q = (x - mod) / y;
        if (mod != 0 && (y < 0) != (mod < 0)) {
            q -= 1;
        }
        if (q == 0) {
            return Math.copySign(0.0, x / y);
        }
        double f = Math.floor(q);
        return q - f > 0.5 ? f + 1 : f;
    }

    private static double[] complexBinary(BinaryOp op, double ar, double ai, double br, double bi) {
        switch (op) {
            case ADD: return new double[] {ar + br, ai + bi};
            case SUB: return new double[] {ar - br, ai - bi};
            case MUL: return new double[] {ar * br - ai * bi, ar * bi + ai * br};
            case DIV: {
                double m = br * br + bi * bi;
                return new double[] {(ar * br + ai * bi) / m, (ai * br - ar * bi) / m};
            }
            default:
                return complexPower(ar, ai, br, bi);
        }
    }

    /** {@code z^w = exp(w · log z)}; {@code z^0 = 1}; {@code 0^w} is 0 for {@code Re w > 0}, else NaN. */
    private static double[] complexPower(double zr, double zi, double wr, double wi) {
        if (wr == 0 && wi == 0) {
            return new double[] {1, 0};
        }
        if (zr == 0 && zi == 0) {
            double v = wr > 0 ? 0 : Double.NaN;
            return new double[] {v, v};
        }
        double lr = Math.log(Math.hypot(zr, zi));
        double li = Math.atan2(zi, zr);
        return complexExp(wr * lr - wi * li, wr * li + wi * lr);
    }

    private static double[] complexExp(double a, double b) {
        double e = Math.exp(a);
        return new double[] {e * Math.cos(b), e * Math.sin(b)};
    }

    /** {@code out[i] = op(x[i])}; {@code out} is of {@code x}'s dtype, or its real type for ABS of complex. */
    static void unary(UnaryOp op, TensorRead x, TensorWrite out, long[] i) {
        DType d = x.dtype();
        if (d.isBool()) {
            boolean v = x.getBoolean(i);
            out.setBoolean(op == UnaryOp.NOT ? !v : v, i);
        } else if (d.isInteger()) {
            long v = x.getLong(i);
            long r = op == UnaryOp.NEG ? -v : op == UnaryOp.ABS ? Math.abs(v) : op == UnaryOp.SIGN ? Long.signum(v)
                    : op == UnaryOp.NOT ? ~v : v;
            out.setLong(wrap(d, r), i);
        } else if (d.isComplex()) {
            double a = x.getReal(i);
            double b = x.getImag(i);
            if (op == UnaryOp.ABS) {
                out.set(Math.hypot(a, b), i);
            } else {
                double[] r = complexUnary(op, a, b);
                out.setComplex(r[0], r[1], i);
            }
        } else {
            out.set(realUnary(op, x.getReal(i)), i);
        }
    }

    private static double realUnary(UnaryOp op, double v) {
        switch (op) {
            case NEG: return -v;
            case CONJ: return v;
            case ABS: return Math.abs(v);
            case SIGN: return Double.isNaN(v) ? v : v > 0 ? 1 : v < 0 ? -1 : 0;
            case EXP: return Math.exp(v);
            case LOG: return Math.log(v);
            case SIN: return Math.sin(v);
            case COS: return Math.cos(v);
            case TANH: return Math.tanh(v);
            case SQRT: return Math.sqrt(v);
            case RSQRT: return 1 / Math.sqrt(v);
            case EXPM1: return Math.expm1(v);
            case LOG1P: return Math.log1p(v);
            case ERF: return erf(v);
            case SIGMOID: return 1 / (1 + Math.exp(-v));
            case ROUND: return Math.rint(v);
            case FLOOR: return Math.floor(v);
            default: return Math.ceil(v);
        }
    }

    private static double[] complexUnary(UnaryOp op, double a, double b) {
        switch (op) {
            case NEG: return new double[] {-a, -b};
            case CONJ: return new double[] {a, -b};
            case SIGN: {
                double m = Math.hypot(a, b);
                return m == 0 ? new double[] {0, 0} : new double[] {a / m, b / m};
            }
            case EXP: return complexExp(a, b);
            case LOG: return new double[] {Math.log(Math.hypot(a, b)), Math.atan2(b, a)};
            case SIN: return new double[] {Math.sin(a) * Math.cosh(b), Math.cos(a) * Math.sinh(b)};
            case COS: return new double[] {Math.cos(a) * Math.cosh(b), -Math.sin(a) * Math.sinh(b)};
            case TANH: {
                double den = Math.cosh(2 * a) + Math.cos(2 * b);
                return new double[] {Math.sinh(2 * a) / den, Math.sin(2 * b) / den};
            }
            case SQRT: return complexSqrt(a, b);
            case EXPM1: // e^a·cos b - 1 = expm1(a)·cos b - 2 sin²(b/2), without cancellation near 0
                return new double[] {Math.expm1(a) * Math.cos(b) - 2 * Math.pow(Math.sin(b / 2), 2),
                    Math.exp(a) * Math.sin(b)};
            case LOG1P: { // ln|1+z| = ½ ln(1 + (2a + a² + b²)), kept accurate for small |z| by log1p
                double re = Math.hypot(a, b) < 0.5 ? 0.5 * Math.log1p(2 * a + a * a + b * b)
                        : Math.log(Math.hypot(1 + a, b));
                return new double[] {re, Math.atan2(b, 1 + a)};
            }
            default: {
                double[] s = complexSqrt(a, b);
                double m = s[0] * s[0] + s[1] * s[1];
                return new double[] {s[0] / m, -s[1] / m};
            }
        }
    }

    /** Principal square root: {@code t = sqrt((|z| + |a|)/2)}, then the branch by the sign of {@code a}. */
    private static double[] complexSqrt(double a, double b) {
        if (a == 0 && b == 0) {
            return new double[] {0, b};
        }
        double t = Math.sqrt((Math.hypot(a, b) + Math.abs(a)) / 2);
        return a >= 0 ? new double[] {t, b / (2 * t)} : new double[] {Math.abs(b) / (2 * t), Math.copySign(t, b)};
    }

    /** {@code a[i] op b[i]} with IEEE semantics (NaN compares false except NE). */
    static boolean compare(CompareOp op, TensorRead a, TensorRead b, long[] i) {
        DType d = a.dtype();
        if (d.isBool()) {
            return (a.getBoolean(i) == b.getBoolean(i)) == (op == CompareOp.EQ);
        }
        if (d.isInteger()) {
            int c = Long.compare(a.getLong(i), b.getLong(i));
            return ordered(op, c == 0, c < 0, c > 0);
        }
        double x = a.getReal(i);
        double y = b.getReal(i);
        boolean eq = x == y && a.getImag(i) == b.getImag(i);
        return ordered(op, eq, x < y, x > y);
    }

    private static boolean ordered(CompareOp op, boolean eq, boolean lt, boolean gt) {
        switch (op) {
            case EQ: return eq;
            case NE: return !eq;
            case LT: return lt;
            case LE: return lt || eq;
            case GT: return gt;
            default: return gt || eq;
        }
    }

    /** Copies one element between tensors of the same dtype, exactly. */
    static void copy(TensorRead src, long[] si, TensorWrite dst, long[] di) {
        DType d = src.dtype();
        if (d.isBool()) {
            dst.setBoolean(src.getBoolean(si), di);
        } else if (d.isInteger()) {
            dst.setLong(src.getLong(si), di);
        } else if (d.isComplex()) {
            dst.setComplex(src.getReal(si), src.getImag(si), di);
        } else {
            dst.set(src.getReal(si), di);
        }
    }

    /**
     * The explicit conversion of {@code StructuralOps.castInto}: floating to integer truncates toward
     * zero (NaN to 0, saturating), integer to integer wraps, complex to real keeps the real part,
     * anything to BOOL is {@code != 0}, BOOL to numeric is 0 or 1; one rounding to the target.
     */
    static void cast(TensorRead src, TensorWrite out, long[] i) {
        DType from = src.dtype();
        DType to = out.dtype();
        boolean exact = from.isBool() || from.isInteger();
        long l = from.isBool() ? (src.getBoolean(i) ? 1 : 0) : from.isInteger() ? src.getLong(i) : 0;
        double re = exact ? 0 : src.getReal(i);
        double im = exact ? 0 : src.getImag(i);
        switch (to) {
            case BOOL:
                out.setBoolean(exact ? l != 0 : re != 0 || im != 0, i);
                break;
            case I32:
                out.setLong(exact ? (int) l : (int) re, i);
                break;
            case I64:
                out.setLong(exact ? l : (long) re, i);
                break;
            case I8:
            case U8: // floating values truncate into I64 (saturating, NaN to 0), then wrap: NumPy's astype on x86-64
                out.setLong(wrap(to, exact ? l : (long) re), i);
                break;
            case F16:
            case BF16: // one rounding to nearest even (BF16 through F32, as ml_dtypes)
                out.set(exact ? (double) l : re, i);
                break;
            case F32:
                out.set(exact ? (float) l : (float) re, i);
                break;
            case C64:
                out.setComplex(exact ? (float) l : (float) re, (float) im, i);
                break;
            case F64:
                out.set(exact ? (double) l : re, i);
                break;
            default:
                out.setComplex(exact ? (double) l : re, im, i);
        }
    }

    // ------------------------------------------------------------------ erf

    /**
     * The error function to about 1e-15 relative: its Maclaurin series
     * {@code 2/√π Σ (-1)^n x^(2n+1) / (n! (2n+1))} for {@code |x| <= 2.5}, else {@code 1 - erfc(|x|)}
     * with erfc from its continued fraction (modified Lentz), sign restored.
     *
     * @param x the argument
     * @return erf(x)
     */
    static double erf(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        double ax = Math.abs(x);
        if (ax <= 2.5) {
            double sum = 0;
            double term = x;
            for (int n = 0; n < 200; n++) {
                double add = term / (2 * n + 1);
                sum += add;
                if (Math.abs(add) < 1e-17 * Math.abs(sum)) {
                    break;
                }
                term *= -x * x / (n + 1);
            }
            return 2 / Math.sqrt(Math.PI) * sum;
        }
        if (ax > 6) {
            return Math.copySign(1, x);
        }
        // erfc(x) = exp(-x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
        double tiny = 1e-300;
        double f = ax;
        double c = ax;
        double d = 0;
        for (int k = 1; k < 500; k++) {
            double a = k / 2.0;
            d = ax + a * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = ax + a / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) {
                break;
            }
        }
        double erfc = Math.exp(-ax * ax) / Math.sqrt(Math.PI) / f;
        return Math.copySign(1 - erfc, x);
    }
}
