package org.ferrite.opencl.internal.kernel;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * The scalar formulas of the generated kernels, as OpenCL C expressions over one dtype: integers wrap
 * (computed in the unsigned type and reinterpreted with {@code as_int}/{@code as_long}, so that no signed
 * overflow is undefined behaviour; division guards its divisor, whose 0 the check kernel reports, and
 * {@code MIN / -1}, which traps on x86), real floating values in the compute type and rounded once on
 * store, complex values through {@link MathLibrary}'s functions. A pair the table {@linkplain OpSpec#widens
 * widens} (an analytic function, {@code atan2} or {@code mean} of integers: F64; {@code sum} and {@code prod}
 * of BOOL: I64) reads its operands in their own type and computes with the formula of the wide dtype, so one
 * kernel does both — no converted copy of the operand. Each method returns the body of an inline
 * function, or throws {@link IllegalStateException} for a pair the operation table accepts and this class
 * has no formula for — the generator then fails, naming it, instead of a provider refusing at run time.
 *
 * <p>Thread-safe (immutable). Lifetime: one per kernel source.
 */
final class ScalarCode {
    private final ClTypes types;

    ScalarCode(ClTypes types) {
        this.types = types;
    }

    /**
     * @return true if the generator writes a kernel for {@code row} on {@code d}: the table accepts the pair
     *     and the device stores its result dtype (a device without fp64 has no F64 for {@code exp} of I32 to
     *     write; such a call is refused by the operands' placement and dtype checks before any kernel)
     */
    boolean writes(OpSpec row, DType d) {
        if (!row.accepts(d)) {
            return false;
        }
        DType result = row.resultType(d);
        return types.fp64() || (result != DType.F64 && result != DType.C128);
    }

    private static IllegalStateException missing(Enum<?> op, DType d) {
        return new IllegalStateException("the OpenCL kernel generator has no formula for " + op + " on " + d
                + " (the operation table accepts it): add it to ScalarCode");
    }

    private static String unsigned(DType d) {
        return d == DType.I32 ? "uint" : "ulong";
    }

    private static String reinterpret(DType d) {
        return d == DType.I32 ? "as_int" : "as_long";
    }

    /**
     * @return the dtype whose formula computes {@code row} on {@code d}: the wide dtype where the row widens
     *     {@code d} (the formulas of the wide dtype convert each operand before they use it), {@code d} otherwise
     */
    private static DType computed(OpSpec row, DType d) {
        return row.widens(d) ? row.computeType(d) : d;
    }

    /**
     * @return the statement computing {@code op(a, b)} (operands {@code a}, {@code b} of the storage type;
     *     the result of the storage type of the row's result dtype)
     */
    String binary(BinaryOp op, DType d) {
        DType wide = computed(OpTable.of(op), d);
        if (wide != d) {
            return binary(op, wide);
        }
        if (d.isBool()) {
            switch (op) {
                case ADD: case OR: return "return a | b;";
                case MUL: case AND: return "return a & b;";
                case XOR: return "return a ^ b;";
                default: throw missing(op, d);
            }
        }
        if (d.isInteger()) {
            return integer(op, d);
        }
        String r = types.real(d);
        String t = ClTypes.storage(d);
        if (d.isComplex()) {
            String c = types.complex(d);
            String a = "convert_" + c + "(a)";
            String b = "convert_" + c + "(b)";
            switch (op) {
                case ADD: return "return a + b;";
                case SUB: return "return a - b;";
                case MUL: return "return convert_" + t + "(cmul_" + r + "(" + a + ", " + b + "));";
                case DIV: return "return convert_" + t + "(cdiv_" + r + "(" + a + ", " + b + "));";
                case POW: return "return convert_" + t + "(cpow_" + r + "(" + a + ", " + b + "));";
                default: throw missing(op, d);
            }
        }
        String a = "(" + r + ")a";
        String b = "(" + r + ")b";
        switch (op) {
            case ADD: return "return a + b;";
            case SUB: return "return a - b;";
            case MUL: return "return a * b;";
            case DIV: return "return (" + t + ")(" + a + " / " + b + ");";
            case REM: return "return (" + t + ")fmod(" + a + ", " + b + ");";
            // in the storage type, as NumPy's float32 loop (its snapping differs from a double's rounded once)
            case FLOOR_DIVIDE: return "return pydiv_" + t + "(a, b);";
            case REMAINDER: return "return pymod_" + t + "(a, b);";
            case POW: return "return (" + t + ")powc99_" + r + "(" + a + ", " + b + ");";
            case MAXIMUM: return "return (" + t + ")fmaxnan_" + r + "(" + a + ", " + b + ");";
            case MINIMUM: return "return (" + t + ")fminnan_" + r + "(" + a + ", " + b + ");";
            case ATAN2: return "return (" + t + ")atan2(" + a + ", " + b + ");";
            default: throw missing(op, d);
        }
    }

    private static String integer(BinaryOp op, DType d) {
        String u = unsigned(d);
        String as = reinterpret(d);
        switch (op) {
            case ADD: return "return " + as + "((" + u + ")a + (" + u + ")b);";
            case SUB: return "return " + as + "((" + u + ")a - (" + u + ")b);";
            case MUL: return "return " + as + "((" + u + ")a * (" + u + ")b);";
            case DIV: return "return b == 0 ? 0 : b == -1 ? " + as + "((" + u + ")0 - (" + u + ")a) : a / b;";
            case REM: return "return (b == 0 || b == -1) ? 0 : a % b;";
            case FLOOR_DIVIDE: // toward -∞: the truncated quotient, one less where the remainder's sign is not b's
                return "if (b == 0) return 0; if (b == -1) return " + as + "((" + u + ")0 - (" + u + ")a);"
                        + " return a / b - (a % b != 0 && ((a % b < 0) != (b < 0)));";
            case REMAINDER: // the sign of the divisor: the truncated remainder, moved onto b's side
                return "if (b == 0 || b == -1) return 0; " + ClTypes.storage(d)
                        + " m = a % b; return (m != 0 && ((m < 0) != (b < 0))) ? m + b : m;";
            case POW:
                return u + " r = 1, x = (" + u + ")a; for (" + ClTypes.storage(d)
                        + " e = b; e > 0; e >>= 1, x *= x) { if (e & 1) r *= x; } return " + as + "(r);";
            case MAXIMUM: return "return a >= b ? a : b;";
            case MINIMUM: return "return a <= b ? a : b;";
            case AND: return "return a & b;";
            case OR: return "return a | b;";
            case XOR: return "return a ^ b;";
            default: throw missing(op, d);
        }
    }

    /**
     * @return the statement computing {@code op(v)} ({@code v} of the storage type; the result of the
     *     storage type, or of the real type for ABS of a complex value)
     */
    String unary(UnaryOp op, DType d) {
        DType wide = computed(OpTable.of(op), d);
        if (wide != d) {
            return unary(op, wide);
        }
        if (op == UnaryOp.CONJ && !d.isComplex()) {
            return "return v;";
        }
        if (d.isBool()) {
            if (op == UnaryOp.NOT) {
                return "return (uchar)(v == 0);";
            }
            throw missing(op, d);
        }
        if (d.isInteger()) {
            String u = unsigned(d);
            String as = reinterpret(d);
            switch (op) {
                case NEG: return "return " + as + "((" + u + ")0 - (" + u + ")v);";
                case ABS: return "return v < 0 ? " + as + "((" + u + ")0 - (" + u + ")v) : v;";
                case SIGN: return "return (" + ClTypes.storage(d) + ")((v > 0) - (v < 0));";
                case NOT: return "return ~v;";
                default: throw missing(op, d);
            }
        }
        return d.isComplex() ? complexUnary(op, d) : realUnary(op, d);
    }

    private String realUnary(UnaryOp op, DType d) {
        String t = ClTypes.storage(d);
        String r = types.real(d);
        String v = "(" + r + ")v";
        switch (op) {
            case NEG: return "return -v;";
            case ABS: return "return fabs(v);";
            case SIGN: return "return v > 0 ? (" + t + ")1 : v < 0 ? (" + t + ")-1 : v;";
            case ROUND: return "return rint(v);";
            case FLOOR: return "return floor(v);";
            case CEIL: return "return ceil(v);";
            case RSQRT: return "return (" + t + ")((" + r + ")1 / sqrt(" + v + "));";
            case SIGMOID: return "return (" + t + ")((" + r + ")1 / ((" + r + ")1 + exp(-" + v + ")));";
            case EXP: case LOG: case SIN: case COS: case TANH: case SQRT: case EXPM1: case LOG1P: case ERF:
                return "return (" + t + ")" + ClTypes.tag(op) + "(" + v + ");";
            default: throw missing(op, d);
        }
    }

    private String complexUnary(UnaryOp op, DType d) {
        String t = ClTypes.storage(d);
        String r = types.real(d);
        String v = "convert_" + types.complex(d) + "(v)";
        switch (op) {
            case NEG: return "return -v;";
            case CONJ: return "return (" + t + ")(v.x, -v.y);";
            case ABS: return "return (" + ClTypes.storage(d.realType()) + ")hypot((" + r + ")v.x, (" + r + ")v.y);";
            case SIGN: case EXP: case LOG: case SIN: case COS: case TANH: case SQRT: case EXPM1: case LOG1P:
            case RSQRT:
                return "return convert_" + t + "(c" + ClTypes.tag(op) + "_" + r + "(" + v + "));";
            default: throw missing(op, d);
        }
    }

    /** @return the expression {@code a op b} as {@code 0}/{@code 1} */
    String compare(CompareOp op, DType d) {
        if (d.isComplex()) {
            switch (op) {
                case EQ: return "(a.x == b.x && a.y == b.y)";
                case NE: return "!(a.x == b.x && a.y == b.y)";
                default: throw missing(op, d);
            }
        }
        switch (op) {
            case EQ: return "(a == b)";
            case NE: return "(a != b)";
            case LT: return "(a < b)";
            case LE: return "(a <= b)";
            case GT: return "(a > b)";
            default: return "(a >= b)";
        }
    }

    /**
     * A reduction as three pieces over an accumulator {@code acc}: its type and identity, the step that
     * folds element {@code v} in, and the result from {@code acc} and the element count {@code n}.
     *
     * @return {@code {accType, identity, step, result}}
     */
    String[] reduce(ReduceOp op, DType d) {
        DType wide = computed(OpTable.of(op), d);
        if (wide != d) {
            return reduce(op, wide);
        }
        String t = ClTypes.storage(d);
        if (d.isInteger()) {
            String u = unsigned(d);
            String as = reinterpret(d);
            String min = d == DType.I32 ? "INT_MIN" : "LONG_MIN";
            String max = d == DType.I32 ? "INT_MAX" : "LONG_MAX";
            switch (op) {
                case SUM: return new String[] {u, "0", "acc += (" + u + ")v;", as + "(acc)"};
                case PROD: return new String[] {u, "1", "acc *= (" + u + ")v;", as + "(acc)"};
                case MAX: return new String[] {t, min, "acc = v > acc ? v : acc;", "acc"};
                case MIN: return new String[] {t, max, "acc = v < acc ? v : acc;", "acc"};
                default: throw missing(op, d);
            }
        }
        String r = types.real(d);
        if (d.isComplex()) {
            String c = types.complex(d);
            String v = "convert_" + c + "(v)";
            String zero = "(" + c + ")((" + r + ")0, (" + r + ")0)";
            switch (op) {
                case SUM: return new String[] {c, zero, "acc += " + v + ";", "convert_" + t + "(acc)"};
                case MEAN: return new String[] {c, zero, "acc += " + v + ";", "convert_" + t + "(acc / (" + r + ")n)"};
                case PROD: return new String[] {c, "(" + c + ")((" + r + ")1, (" + r + ")0)",
                    "acc = cmul_" + r + "(acc, " + v + ");", "convert_" + t + "(acc)"};
                case SUM_SQUARES: return new String[] {r, "0", "acc += (" + r + ")v.x * (" + r + ")v.x + (" + r
                    + ")v.y * (" + r + ")v.y;", "(" + ClTypes.storage(d.realType()) + ")acc"};
                default: throw missing(op, d);
            }
        }
        String v = "(" + r + ")v";
        switch (op) {
            case SUM: return new String[] {r, "0", "acc += " + v + ";", "(" + t + ")acc"};
            case MEAN: return new String[] {r, "0", "acc += " + v + ";", "(" + t + ")(acc / (" + r + ")n)"};
            case PROD: return new String[] {r, "1", "acc *= " + v + ";", "(" + t + ")acc"};
            case SUM_SQUARES: return new String[] {r, "0", "acc += " + v + " * " + v + ";", "(" + t + ")acc"};
            case MAX: return new String[] {r, "-INFINITY", "acc = fmaxnan_" + r + "(acc, " + v + ");", "(" + t + ")acc"};
            case MIN: return new String[] {r, "INFINITY", "acc = fminnan_" + r + "(acc, " + v + ");", "(" + t + ")acc"};
            default: throw missing(op, d);
        }
    }

    /** @return the statement combining old value {@code a} with update {@code b} into {@code a} */
    String scatter(ScatterMode mode, DType d) {
        if (mode == ScatterMode.REPLACE) {
            return "return b;";
        }
        switch (mode) {
            case ADD: return binary(BinaryOp.ADD, d);
            case MUL: return binary(BinaryOp.MUL, d);
            case MAX: return binary(BinaryOp.MAXIMUM, d);
            default: return binary(BinaryOp.MINIMUM, d);
        }
    }

    /**
     * @param v the expression of the source value
     * @return the expression converting {@code v} of dtype {@code from} to {@code to} (castInto's rules)
     */
    String cast(DType from, DType to, String v) {
        boolean exact = from.isBool() || from.isInteger();
        String re = from.isComplex() ? v + ".x" : v;
        switch (to) {
            case BOOL:
                return from.isComplex() ? "(uchar)(" + v + ".x != 0 || " + v + ".y != 0)" : "(uchar)(" + v + " != 0)";
            case I32:
                return exact ? "as_int((uint)" + v + ")" : "convert_int_sat_rtz(" + re + ")";
            case I64:
                return exact ? "(long)" + v : "convert_long_sat_rtz(" + re + ")";
            case F32:
            case F64:
                return "(" + ClTypes.storage(to) + ")" + re;
            default: {
                String part = to == DType.C64 ? "float" : "double";
                String im = from.isComplex() ? "(" + part + ")" + v + ".y" : "(" + part + ")0";
                return "(" + ClTypes.storage(to) + ")((" + part + ")" + re + ", " + im + ")";
            }
        }
    }
}
