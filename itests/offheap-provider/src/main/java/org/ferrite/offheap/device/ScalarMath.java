package org.ferrite.offheap.device;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.UnaryOp;

/**
 * The scalar formulas of the off-heap kernels, per kind of element: integers in wrapping {@code long}
 * arithmetic (truncating division), real floating values in {@code double}, complex values as
 * {@code (re, im)} pairs of {@code double} written into a caller's two-slot array; the caller rounds once
 * to the element type when it stores. Complex functions take their principal branches: {@code log z =
 * ln|z| + i·arg z}, {@code sqrt z} with a non-negative real part, {@code z^w = exp(w·log z)}.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class ScalarMath {
    private ScalarMath() {
    }

    static long integer(BinaryOp op, long x, long y) {
        switch (op) {
            case ADD: return x + y;
            case SUB: return x - y;
            case MUL: return x * y;
            case DIV: return x / y;
            case REM: return x % y;
            case FLOOR_DIVIDE: return Math.floorDiv(x, y);
            case REMAINDER: return Math.floorMod(x, y);
            case MAXIMUM: return Math.max(x, y);
            case MINIMUM: return Math.min(x, y);
            case AND: return x & y;
            case OR: return x | y;
            case XOR: return x ^ y;
            default: { // POW, y >= 0 (checked by the kernel): square and multiply, wrapping
                long result = 1;
                for (long base = x, e = y; e > 0; e >>= 1, base *= base) {
                    result = (e & 1) == 0 ? result : result * base;
                }
                return result;
            }
        }
    }

    static double real(BinaryOp op, double x, double y) {
        switch (op) {
            case ADD: return x + y;
            case SUB: return x - y;
            case MUL: return x * y;
            case DIV: return x / y;
            case REM: return x % y;
            case FLOOR_DIVIDE: return pythonDivision(x, y, false);
            case REMAINDER: return pythonDivision(x, y, true);
            case POW: // C99 F.9.4.4 where Java differs: 1^y = 1 for every y, (-1)^±inf = 1
                return x == 1 || x == -1 && Double.isInfinite(y) ? 1 : Math.pow(x, y);
            case MAXIMUM: return Math.max(x, y);
            case MINIMUM: return Math.min(x, y);
            default: return Math.atan2(x, y); // ATAN2
        }
    }

    /**
     * Python's {@code x // y} or {@code x % y} of floats as NumPy's {@code npy_divmod} computes them: the
     * truncating remainder {@code fmod}, moved onto the divisor's side; the quotient from it, snapped to an
     * integer.
     */
    private static double pythonDivision(double x, double y, boolean remainder) {
        double mod = x % y;
        if (y == 0) {
            return remainder ? mod : x / y;
        }
        double quotient = (x - mod) / y;
        if (mod != 0 && (y < 0) != (mod < 0)) {
            mod += y;
            quotient -= 1;
        } else if (mod == 0) {
            mod = Math.copySign(0.0, y);
        }
        if (remainder) {
            return mod;
        }
        if (quotient == 0) {
            return Math.copySign(0.0, x / y);
        }
        double floor = Math.floor(quotient);
        return quotient - floor > 0.5 ? floor + 1 : floor;
    }

    /** {@code out = op(a, b)} for ADD, SUB, MUL, DIV, POW. */
    static void complex(BinaryOp op, double ar, double ai, double br, double bi, double[] out) {
        switch (op) {
            case ADD:
                set(out, ar + br, ai + bi);
                break;
            case SUB:
                set(out, ar - br, ai - bi);
                break;
            case MUL:
                set(out, ar * br - ai * bi, ar * bi + ai * br);
                break;
            case DIV: {
                double n = br * br + bi * bi;
                set(out, (ar * br + ai * bi) / n, (ai * br - ar * bi) / n);
                break;
            }
            default: // POW
                if (br == 0 && bi == 0) {
                    set(out, 1, 0);
                } else if (ar == 0 && ai == 0) {
                    double v = br > 0 ? 0 : Double.NaN;
                    set(out, v, v);
                } else {
                    double lr = Math.log(Math.hypot(ar, ai));
                    double li = Math.atan2(ai, ar);
                    exp(br * lr - bi * li, br * li + bi * lr, out);
                }
        }
    }

    static long integer(UnaryOp op, long v) {
        switch (op) {
            case NEG: return -v;
            case ABS: return Math.abs(v);
            case SIGN: return Long.signum(v);
            case NOT: return ~v;
            default: return v; // CONJ
        }
    }

    static double real(UnaryOp op, double v) {
        switch (op) {
            case NEG: return -v;
            case ABS: return Math.abs(v);
            case SIGN: return v > 0 ? 1 : v < 0 ? -1 : v; // NaN and ±0 stay
            case EXP: return Math.exp(v);
            case LOG: return Math.log(v);
            case SIN: return Math.sin(v);
            case COS: return Math.cos(v);
            case TANH: return Math.tanh(v);
            case SQRT: return Math.sqrt(v);
            case RSQRT: return 1 / Math.sqrt(v);
            case EXPM1: return Math.expm1(v);
            case LOG1P: return Math.log1p(v);
            case ERF: return Erf.erf(v);
            case SIGMOID: return 1 / (1 + Math.exp(-v));
            case ROUND: return Math.rint(v);
            case FLOOR: return Math.floor(v);
            case CEIL: return Math.ceil(v);
            default: return v; // CONJ
        }
    }

    /** {@code out = op(a + i·b)} for every complex unary operation but ABS (the kernel takes the modulus). */
    static void complex(UnaryOp op, double a, double b, double[] out) {
        switch (op) {
            case NEG:
                set(out, -a, -b);
                break;
            case CONJ:
                set(out, a, -b);
                break;
            case SIGN: {
                double m = Math.hypot(a, b);
                set(out, m == 0 ? 0 : a / m, m == 0 ? 0 : b / m);
                break;
            }
            case EXP:
                exp(a, b, out);
                break;
            case LOG:
                set(out, Math.log(Math.hypot(a, b)), Math.atan2(b, a));
                break;
            case SIN:
                set(out, Math.sin(a) * Math.cosh(b), Math.cos(a) * Math.sinh(b));
                break;
            case COS:
                set(out, Math.cos(a) * Math.cosh(b), -Math.sin(a) * Math.sinh(b));
                break;
            case TANH: { // tanh(a + ib) = (sinh 2a + i sin 2b) / (cosh 2a + cos 2b)
                double d = Math.cosh(2 * a) + Math.cos(2 * b);
                set(out, Math.sinh(2 * a) / d, Math.sin(2 * b) / d);
                break;
            }
            case SQRT:
                sqrt(a, b, out);
                break;
            case EXPM1: { // e^a cos b - 1 with cos b - 1 = -2 sin²(b/2): no cancellation near 0
                double s = Math.sin(b / 2);
                set(out, Math.expm1(a) * Math.cos(b) - 2 * s * s, Math.exp(a) * Math.sin(b));
                break;
            }
            case LOG1P: { // ln|1 + z| = ½ log1p(2a + a² + b²) near 0
                double t = a * (2 + a) + b * b;
                set(out, t < 0.5 && t > -0.5 ? 0.5 * Math.log1p(t) : Math.log(Math.hypot(1 + a, b)),
                        Math.atan2(b, 1 + a));
                break;
            }
            default: { // RSQRT = 1 / sqrt
                sqrt(a, b, out);
                double m = out[0] * out[0] + out[1] * out[1];
                set(out, out[0] / m, -out[1] / m);
            }
        }
    }

    /** Principal square root through the half-angle formulas, stable for either sign of {@code a}. */
    private static void sqrt(double a, double b, double[] out) {
        if (a == 0 && b == 0) {
            set(out, 0, b);
            return;
        }
        double t = Math.sqrt((Math.abs(a) + Math.hypot(a, b)) / 2);
        if (a >= 0) {
            set(out, t, b / (2 * t));
        } else {
            set(out, Math.abs(b) / (2 * t), Math.copySign(t, b));
        }
    }

    private static void exp(double a, double b, double[] out) {
        double m = Math.exp(a);
        set(out, m * Math.cos(b), m * Math.sin(b));
    }

    private static void set(double[] out, double re, double im) {
        out[0] = re;
        out[1] = im;
    }
}
