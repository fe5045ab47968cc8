package org.ferrite.testkit.oracle;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.HalfFloats;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The suite's own scalar oracle, written independently of any provider with textbook formulas:
 * complex functions through {@code exp}/{@code log} identities ({@code sin z = (e^{iz} - e^{-iz})/2i},
 * {@code tanh z = (e^{2z} - 1)/(e^{2z} + 1)}, {@code sqrt z = exp(log z / 2)}), erf by its Maclaurin
 * series (inputs of the suite stay within |x| ≤ 2), integer powers by repeated multiplication.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Oracle {
    private Oracle() {
    }

    /**
     * One element of any dtype.
     *
     * @param re the real part (the value for real dtypes, 0/1 for BOOL)
     * @param im the imaginary part
     * @param l the exact integer value (integers and BOOL)
     * @param b the BOOL value
     */
    public record Value(double re, double im, long l, boolean b) {
        /**
         * @param re the value
         * @return a real value
         */
        public static Value real(double re) {
            return new Value(re, 0, 0, false);
        }

        /**
         * @param re the real part
         * @param im the imaginary part
         * @return a complex value
         */
        public static Value complex(double re, double im) {
            return new Value(re, im, 0, false);
        }

        /**
         * @param l the value
         * @return an integer value (also its double)
         */
        public static Value integer(long l) {
            return new Value(l, 0, l, false);
        }

        /**
         * @param b the value
         * @return a BOOL value (1 or 0 as a number)
         */
        public static Value bool(boolean b) {
            return new Value(b ? 1 : 0, 0, b ? 1 : 0, b);
        }
    }

    /**
     * @param t a tensor
     * @param i an index
     * @return its element
     */
    public static Value read(TensorRead t, long[] i) {
        switch (t.dtype()) {
            case BOOL:
                return Value.bool(t.getBoolean(i));
            case I32:
            case I64:
            case I8:
            case U8:
                return Value.integer(t.getLong(i));
            case F32:
            case F64:
            case F16:
            case BF16:
                return Value.real(t.getReal(i));
            default:
                return Value.complex(t.getReal(i), t.getImag(i));
        }
    }

    /**
     * Stores {@code v} into {@code t} rounded to its dtype (integers wrap to I32, I8 and U8; F16 and BF16
     * round to nearest even).
     *
     * @param t the target
     * @param i the index
     * @param v the value
     */
    public static void write(Tensor t, long[] i, Value v) {
        switch (t.dtype()) {
            case BOOL:
                t.setBoolean(v.b(), i);
                break;
            case I32:
                t.setLong((int) v.l(), i);
                break;
            case I64:
                t.setLong(v.l(), i);
                break;
            case I8:
                t.setLong((byte) v.l(), i);
                break;
            case U8:
                t.setLong(v.l() & 0xFF, i);
                break;
            case F32:
            case F64:
            case F16:
            case BF16:
                t.set(v.re(), i);
                break;
            default:
                t.setComplex(v.re(), v.im(), i);
        }
    }

    /**
     * @param d a dtype
     * @param v an element
     * @return {@code v} rounded to the storage precision of {@code d}, as {@link #write} would store it
     */
    public static Value round(DType d, Value v) {
        switch (d) {
            case I32:
                return Value.integer((int) v.l());
            case I8:
                return Value.integer((byte) v.l());
            case U8:
                return Value.integer(v.l() & 0xFF);
            case F32:
                return Value.real((float) v.re());
            case F16:
                return Value.real(HalfFloats.f16ToFloat(HalfFloats.toF16(v.re())));
            case BF16:
                return Value.real(HalfFloats.bf16ToFloat(HalfFloats.toBf16(v.re())));
            case C64:
                return Value.complex((float) v.re(), (float) v.im());
            default:
                return v;
        }
    }

    // ------------------------------------------------------------------ tensors

    /**
     * @param op the operation
     * @param a the left operand
     * @param b the right operand, of {@code a}'s shape and dtype
     * @return the expected {@code op(a, b)} for same-shape operands of a dtype that defines {@code op}
     */
    public static Tensor binary(BinaryOp op, TensorRead a, TensorRead b) {
        OpSpec row = OpTable.of(op);
        DType d = a.dtype();
        DType compute = row.computeType(d);
        Tensor out = Tensor.zeros(row.resultType(d), a.shape());
        Indices.forEach(a.shape(), i -> write(out, i, binary(op, compute, cast(d, compute, read(a, i)),
                cast(d, compute, read(b, i)))));
        return out;
    }

    /**
     * @param op the operation
     * @param x the operand
     * @return the expected {@code op(x)}
     */
    public static Tensor unary(UnaryOp op, TensorRead x) {
        OpSpec row = OpTable.of(op);
        DType d = x.dtype();
        DType compute = row.computeType(d); // F64 for an integer operand of an analytic function
        Tensor out = Tensor.zeros(row.resultType(d), x.shape());
        Indices.forEach(x.shape(), i -> write(out, i, unary(op, compute, cast(d, compute, read(x, i)))));
        return out;
    }

    /**
     * @param op the comparison
     * @param a the left operand
     * @param b the right operand, of {@code a}'s shape and dtype
     * @return the expected BOOL {@code a op b}
     */
    public static Tensor compare(CompareOp op, TensorRead a, TensorRead b) {
        Tensor out = Tensor.zeros(DType.BOOL, a.shape());
        Indices.forEach(a.shape(), i -> out.setBoolean(compare(op, a.dtype(), read(a, i), read(b, i)), i));
        return out;
    }

    /**
     * @param x the operand
     * @param to the target dtype
     * @return the expected explicit conversion of {@code x} to {@code to}
     */
    public static Tensor cast(TensorRead x, DType to) {
        Tensor out = Tensor.zeros(to, x.shape());
        Indices.forEach(x.shape(), i -> write(out, i, cast(x.dtype(), to, read(x, i))));
        return out;
    }

    // ------------------------------------------------------------------ scalars

    /**
     * The element-level oracle of {@link #binary(BinaryOp, TensorRead, TensorRead)}: textbook formulas,
     * exact integer arithmetic (I32 division and remainder in 32 bits), not rounded to {@code d}
     * ({@link #round} does that).
     *
     * @param op the operation, defined for {@code d}
     * @param d the operands' dtype
     * @param x the left element
     * @param y the right element
     * @return {@code op(x, y)}
     */
    public static Value binary(BinaryOp op, DType d, Value x, Value y) {
        if (d.isBool()) {
            switch (op) {
                case ADD:
                case OR:
                    return Value.bool(x.b() || y.b());
                case MUL:
                case AND:
                    return Value.bool(x.b() && y.b());
                default:
                    return Value.bool(x.b() != y.b());
            }
        }
        if (d.isInteger()) {
            long a = x.l();
            long b = y.l();
            switch (op) {
                case ADD: return Value.integer(a + b);
                case SUB: return Value.integer(a - b);
                case MUL: return Value.integer(a * b);
                case DIV: return Value.integer(d == DType.I32 ? (int) a / (int) b : a / b);
                case REM: return Value.integer(d == DType.I32 ? (int) a % (int) b : a % b);
                case FLOOR_DIVIDE: return Value.integer(Math.floorDiv(a, b)); // I32 wraps when written
                case REMAINDER: return Value.integer(Math.floorMod(a, b));
                case POW: {
                    long r = 1;
                    for (long k = 0; k < b; k++) {
                        r *= a;
                    }
                    return Value.integer(r);
                }
                case MAXIMUM: return Value.integer(a > b ? a : b);
                case MINIMUM: return Value.integer(a < b ? a : b);
                case AND: return Value.integer(a & b);
                case OR: return Value.integer(a | b);
                default: return Value.integer(a ^ b);
            }
        }
        if (d.isComplex()) {
            return complexBinary(op, x, y);
        }
        double a = x.re();
        double b = y.re();
        switch (op) {
            case ADD: return Value.real(a + b);
            case SUB: return Value.real(a - b);
            case MUL: return Value.real(a * b);
            case DIV: return Value.real(a / b);
            case REM: return Value.real(a - b * truncate(a / b));
            case FLOOR_DIVIDE: return Value.real(divmod(a, b)[0]);
            case REMAINDER: return Value.real(divmod(a, b)[1]);
            case POW: return Value.real(a == 1 || a == -1 && Double.isInfinite(b) ? 1 : Math.pow(a, b)); // C99
            case MAXIMUM: return Value.real(Double.isNaN(a) || Double.isNaN(b) ? Double.NaN : a >= b ? a : b);
            case MINIMUM: return Value.real(Double.isNaN(a) || Double.isNaN(b) ? Double.NaN : a <= b ? a : b);
            default: return Value.real(Math.atan2(a, b));
        }
    }

    private static double truncate(double v) {
        return v < 0 ? Math.ceil(v) : Math.floor(v);
    }

    /**
     * Python's {@code divmod(a, b)} of floats by its definition in NumPy ({@code npy_divmod}), which the
     * API adopts — not {@code floor(a / b)}, which rounds {@code a / b} first ({@code 1 // 0.1} is 9, while
     * {@code floor(1 / 0.1)} is 10): the remainder {@code r = fmod(a, b)} moved onto {@code b}'s side, and
     * the quotient {@code (a - fmod(a, b)) / b} adjusted to match, snapped to an integer.
     */
    private static double[] divmod(double a, double b) {
        double r = a % b; // fmod
        if (b == 0) {
            return new double[] {a / b, r};
        }
        double q = (a - r) / b;
        if (r != 0 && (r < 0) != (b < 0)) {
            r += b;
            q -= 1;
        } else if (r == 0) {
            r = Math.copySign(0.0, b);
        }
        if (q == 0) {
            return new double[] {Math.copySign(0.0, a / b), r};
        }
        double f = Math.floor(q);
        return new double[] {q - f > 0.5 ? f + 1 : f, r};
    }

    private static Value complexBinary(BinaryOp op, Value x, Value y) {
        switch (op) {
            case ADD: return Value.complex(x.re() + y.re(), x.im() + y.im());
            case SUB: return Value.complex(x.re() - y.re(), x.im() - y.im());
            case MUL: return mul(x, y);
            case DIV: {
                Value conj = Value.complex(y.re(), -y.im());
                double m = y.re() * y.re() + y.im() * y.im();
                Value n = mul(x, conj);
                return Value.complex(n.re() / m, n.im() / m);
            }
            default:
                if (y.re() == 0 && y.im() == 0) {
                    return Value.complex(1, 0);
                }
                return exp(mul(y, log(x)));
        }
    }

    private static Value mul(Value x, Value y) {
        return Value.complex(x.re() * y.re() - x.im() * y.im(), x.re() * y.im() + x.im() * y.re());
    }

    private static Value div(Value x, Value y) {
        return complexBinary(BinaryOp.DIV, x, y);
    }

    private static Value exp(Value x) {
        double e = Math.exp(x.re());
        return Value.complex(e * Math.cos(x.im()), e * Math.sin(x.im()));
    }

    private static Value log(Value x) {
        return Value.complex(0.5 * Math.log(x.re() * x.re() + x.im() * x.im()), Math.atan2(x.im(), x.re()));
    }

    /**
     * The element-level oracle of {@link #unary(UnaryOp, TensorRead)}, not rounded to the result dtype.
     *
     * @param op the operation, defined for {@code d}
     * @param d the operand's dtype
     * @param x the element
     * @return {@code op(x)}
     */
    public static Value unary(UnaryOp op, DType d, Value x) {
        if (d.isBool()) {
            return Value.bool(op == UnaryOp.NOT ? !x.b() : x.b());
        }
        if (d.isInteger()) {
            long v = x.l();
            switch (op) {
                case NEG: return Value.integer(-v);
                case ABS: return Value.integer(v < 0 ? -v : v);
                case SIGN: return Value.integer(v > 0 ? 1 : v < 0 ? -1 : 0);
                case NOT: return Value.integer(-v - 1);
                default: return x;
            }
        }
        if (d.isComplex()) {
            return complexUnary(op, x);
        }
        double v = x.re();
        switch (op) {
            case NEG: return Value.real(-v);
            case CONJ: return x;
            case ABS: return Value.real(v < 0 ? -v : v);
            case SIGN: return Value.real(Double.isNaN(v) ? v : v > 0 ? 1 : v < 0 ? -1 : 0);
            case EXP: return Value.real(Math.exp(v));
            case LOG: return Value.real(Math.log(v));
            case SIN: return Value.real(Math.sin(v));
            case COS: return Value.real(Math.cos(v));
            case TANH: return Value.real((Math.exp(2 * v) - 1) / (Math.exp(2 * v) + 1));
            case SQRT: return Value.real(Math.sqrt(v));
            case RSQRT: return Value.real(1 / Math.sqrt(v));
            case EXPM1: return Value.real(Math.abs(v) < 1e-5 ? v + v * v / 2 + v * v * v / 6 : Math.exp(v) - 1);
            case LOG1P: return Value.real(Math.abs(v) < 1e-5 ? v - v * v / 2 + v * v * v / 3 : Math.log(1 + v));
            case ERF:
                return Value.real(Math.abs(v) <= 2 ? erfSeries(v) : Math.copySign(1 - erfcFraction(Math.abs(v)), v));
            case SIGMOID: return Value.real(1 / (1 + Math.exp(-v)));
            case ROUND: {
                double f = Math.floor(v);
                double diff = v - f;
                return Value.real(diff < 0.5 ? f : diff > 0.5 ? f + 1 : f % 2 == 0 ? f : f + 1);
            }
            case FLOOR: return Value.real(Math.floor(v));
            default: return Value.real(-Math.floor(-v));
        }
    }

    private static Value complexUnary(UnaryOp op, Value z) {
        Value i = Value.complex(0, 1);
        switch (op) {
            case NEG: return Value.complex(-z.re(), -z.im());
            case CONJ: return Value.complex(z.re(), -z.im());
            case ABS: return Value.real(Math.sqrt(z.re() * z.re() + z.im() * z.im()));
            case SIGN: {
                double m = Math.sqrt(z.re() * z.re() + z.im() * z.im());
                return m == 0 ? Value.complex(0, 0) : Value.complex(z.re() / m, z.im() / m);
            }
            case EXP: return exp(z);
            case LOG: return log(z);
            case SIN: {
                Value iz = mul(i, z);
                Value num = complexBinary(BinaryOp.SUB, exp(iz), exp(Value.complex(-iz.re(), -iz.im())));
                return div(num, Value.complex(0, 2));
            }
            case COS: {
                Value iz = mul(i, z);
                Value num = complexBinary(BinaryOp.ADD, exp(iz), exp(Value.complex(-iz.re(), -iz.im())));
                return Value.complex(num.re() / 2, num.im() / 2);
            }
            case TANH: {
                Value e = exp(Value.complex(2 * z.re(), 2 * z.im()));
                return div(Value.complex(e.re() - 1, e.im()), Value.complex(e.re() + 1, e.im()));
            }
            case SQRT: {
                Value l = log(z);
                return exp(Value.complex(l.re() / 2, l.im() / 2));
            }
            case EXPM1: return complexSeries(z, true);
            case LOG1P: return complexSeries(z, false);
            default: {
                Value l = log(z);
                return exp(Value.complex(-l.re() / 2, -l.im() / 2));
            }
        }
    }

    /**
     * {@code e^z - 1} or {@code log(1 + z)}: their Maclaurin series {@code Σ z^n/n!} and
     * {@code Σ (-1)^{n+1} z^n/n} for {@code |z| < 1/4} (40 terms), else {@code exp(z) - 1} and
     * {@code log(1 + z)} directly, where they lose no relative accuracy.
     */
    private static Value complexSeries(Value z, boolean expm1) {
        if (Math.hypot(z.re(), z.im()) >= 0.25) {
            return expm1 ? complexBinary(BinaryOp.SUB, exp(z), Value.complex(1, 0))
                    : log(Value.complex(1 + z.re(), z.im()));
        }
        Value sum = Value.complex(0, 0);
        Value power = Value.complex(1, 0);
        double factorial = 1;
        for (int n = 1; n <= 40; n++) {
            power = mul(power, z);
            factorial *= n;
            double c = expm1 ? 1 / factorial : (n % 2 == 1 ? 1.0 : -1.0) / n;
            sum = Value.complex(sum.re() + c * power.re(), sum.im() + c * power.im());
        }
        return sum;
    }

    /**
     * erfc for {@code x > 2} by its continued fraction {@code e^{-x²}/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …))))},
     * evaluated from the 200th level up: no cancellation, so the integers that {@code erf} of I32 and I64
     * meets (NumPy widens them to F64) are computed to full precision where the series would lose it.
     */
    static double erfcFraction(double x) {
        double f = x;
        for (int k = 200; k >= 1; k--) {
            f = x + (k / 2.0) / f;
        }
        return Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
    }

    /** erf by its Maclaurin series {@code 2/√π Σ (-1)^n x^{2n+1} / (n! (2n+1))}; accurate for |x| ≤ 2. */
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

    /**
     * The element-level oracle of {@link #compare(CompareOp, TensorRead, TensorRead)}.
     *
     * @param op the comparison, defined for {@code d}
     * @param d the operands' dtype
     * @param x the left element
     * @param y the right element
     * @return {@code x op y}
     */
    public static boolean compare(CompareOp op, DType d, Value x, Value y) {
        if (d.isBool()) {
            return op == CompareOp.EQ ? x.b() == y.b() : x.b() != y.b();
        }
        boolean eq = d.isInteger() ? x.l() == y.l() : x.re() == y.re() && x.im() == y.im();
        boolean lt = d.isInteger() ? x.l() < y.l() : x.re() < y.re();
        boolean gt = d.isInteger() ? x.l() > y.l() : x.re() > y.re();
        switch (op) {
            case EQ: return eq;
            case NE: return !eq;
            case LT: return lt;
            case LE: return lt || eq;
            case GT: return gt;
            default: return gt || eq;
        }
    }

    /**
     * The element-level oracle of {@link #cast(TensorRead, DType)}.
     *
     * @param from the element's dtype
     * @param to the target dtype
     * @param x the element
     * @return {@code x} converted to {@code to}
     */
    public static Value cast(DType from, DType to, Value x) {
        boolean exact = from.isBool() || from.isInteger();
        switch (to) {
            case BOOL:
                return Value.bool(exact ? x.l() != 0 : x.re() != 0 || x.im() != 0);
            case I32:
                return Value.integer(exact ? (int) x.l() : (int) x.re());
            case I64:
                return Value.integer(exact ? x.l() : (long) x.re());
            case I8: // floating values truncate into I64 (saturating, NaN to 0), then wrap, as NumPy on x86-64
                return Value.integer((byte) (exact ? x.l() : (long) x.re()));
            case U8:
                return Value.integer((exact ? x.l() : (long) x.re()) & 0xFF);
            case F16:
            case BF16:
                return round(to, Value.real(exact ? (double) x.l() : x.re()));
            case F32:
                return Value.real(exact ? (float) x.l() : (float) x.re());
            case F64:
                return Value.real(exact ? (double) x.l() : x.re());
            case C64:
                return Value.complex(exact ? (float) x.l() : (float) x.re(), (float) x.im());
            default:
                return Value.complex(exact ? (double) x.l() : x.re(), x.im());
        }
    }

    // ------------------------------------------------------------------ reductions

    /**
     * The naive reduction: for each kept index, fold the reduced elements in column-major order (NaN
     * propagates through MAX and MIN; MEAN divides by the count, in double for integer and BOOL operands;
     * integers and BOOL sums are exact, then wrap to the result dtype).
     *
     * @param op the reduction, defined for {@code x}'s dtype
     * @param x the operand
     * @param axes the distinct axes to reduce
     * @return a compact tensor of the kept axes' extents and {@link ReductionOps#resultType}
     */
    public static Tensor reduce(ReduceOp op, TensorRead x, int[] axes) {
        boolean[] reduced = new boolean[x.rank()];
        for (int a : axes) {
            reduced[a] = true;
        }
        int kept = 0;
        for (boolean r : reduced) {
            kept += r ? 0 : 1;
        }
        long[] outShape = new long[kept];
        for (int a = 0, j = 0; a < x.rank(); a++) {
            if (!reduced[a]) {
                outShape[j++] = x.dim(a);
            }
        }
        Tensor out = Tensor.zeros(ReductionOps.resultType(op, x.dtype()), outShape);
        Indices.forEach(outShape, o -> {
            double re = op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Double.NEGATIVE_INFINITY
                    : op == ReduceOp.MIN ? Double.POSITIVE_INFINITY : 0;
            double im = 0;
            long l = op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Long.MIN_VALUE : op == ReduceOp.MIN
                    ? Long.MAX_VALUE : 0;
            int count = 0;
            long[][] members = members(x.shape(), reduced, o);
            for (long[] i : members) {
                Value v = read(x, i);
                count++;
                switch (op) {
                    case SUM:
                    case MEAN:
                        re += v.re();
                        im += v.im();
                        l += v.l();
                        break;
                    case PROD: {
                        double pr = re * v.re() - im * v.im();
                        im = re * v.im() + im * v.re();
                        re = pr;
                        l *= v.l();
                        break;
                    }
                    case MAX:
                        re = Math.max(re, v.re());
                        l = Math.max(l, v.l());
                        break;
                    case MIN:
                        re = Math.min(re, v.re());
                        l = Math.min(l, v.l());
                        break;
                    default:
                        re += v.re() * v.re() + v.im() * v.im();
                }
            }
            if (op == ReduceOp.MEAN) {
                re /= count;
                im /= count;
            }
            boolean exact = out.dtype().isInteger(); // integers, and BOOL counted in I64
            write(out, o, exact ? Value.integer(l) : new Value(re, im, 0, false));
        });
        return out;
    }

    /** Every full index of {@code shape} whose kept axes equal {@code kept}. */
    private static long[][] members(long[] shape, boolean[] reduced, long[] kept) {
        List<long[]> list = new ArrayList<>();
        Indices.forEach(shape, i -> {
            for (int a = 0, j = 0; a < shape.length; a++) {
                if (!reduced[a] && i[a] != kept[j++]) {
                    return;
                }
            }
            list.add(i);
        });
        return list.toArray(new long[0][]);
    }

    // ------------------------------------------------------------------ contraction

    /**
     * The naive {@code dotGeneral}: {@code out[l, r, b] = alpha · Σ_c op(L)[l, c, b] · op(R)[r, c, b] +
     * beta · old}, summed in double precision element by element through the public accessors, with
     * {@code l}, {@code r}, {@code c} the column-major linear indices of the free and contracted axes and
     * {@code op} the conjugation the accumulation asks for.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @param c the contraction
     * @param acc the scalars and conjugation
     * @param old the output before the call, of the output's shape (read only when beta is not 0)
     * @return a compact tensor of {@code lhs}'s dtype and {@code old}'s shape
     */
    public static Tensor dotGeneral(TensorRead lhs, TensorRead rhs, DotGeneralConfig c, Accumulation acc,
            TensorRead old) {
        Tensor out = Tensor.zeros(lhs.dtype(), old.shape());
        ContractionTerms terms = new ContractionTerms(lhs, rhs, c);
        Indices.forEach(old.shape(), o -> {
            double[] sum = {0, 0};
            terms.forEach(o, (li, ri) -> {
                double ar = lhs.getReal(li);
                double ai = acc.conjugateLhs() ? -lhs.getImag(li) : lhs.getImag(li);
                double br = rhs.getReal(ri);
                double bi = acc.conjugateRhs() ? -rhs.getImag(ri) : rhs.getImag(ri);
                sum[0] += ar * br - ai * bi;
                sum[1] += ar * bi + ai * br;
            });
            double re = acc.alphaRe() * sum[0] - acc.alphaIm() * sum[1];
            double im = acc.alphaRe() * sum[1] + acc.alphaIm() * sum[0];
            if (!acc.overwrites()) {
                re += acc.betaRe() * old.getReal(o) - acc.betaIm() * old.getImag(o);
                im += acc.betaRe() * old.getImag(o) + acc.betaIm() * old.getReal(o);
            }
            write(out, o, new Value(re, im, 0, false));
        });
        return out;
    }

    /**
     * The integer contraction {@code alpha · Σ lhs·rhs + beta · old} in wrapping {@code long} arithmetic,
     * stored to the dtype (I32 wraps modulo 2^32), as NumPy's {@code matmul} of integer arrays; output axes
     * {@code [lhs free…, rhs free…, batch…]} as for {@link #dotGeneral}.
     *
     * @param lhs the left operand, of an integer dtype
     * @param rhs the right operand, of the same dtype
     * @param c the contraction
     * @param alpha the product's factor
     * @param beta the old output's factor; with 0 the old output is not read
     * @param old the output before the call, of the output's shape
     * @return a compact tensor of {@code lhs}'s dtype and {@code old}'s shape
     */
    public static Tensor dotGeneralInteger(TensorRead lhs, TensorRead rhs, DotGeneralConfig c, long alpha,
            long beta, TensorRead old) {
        Tensor out = Tensor.zeros(lhs.dtype(), old.shape());
        ContractionTerms terms = new ContractionTerms(lhs, rhs, c);
        Indices.forEach(old.shape(), o -> {
            long[] sum = {0};
            terms.forEach(o, (li, ri) -> sum[0] += lhs.getLong(li) * rhs.getLong(ri));
            write(out, o, Value.integer(alpha * sum[0] + (beta == 0 ? 0 : beta * old.getLong(o))));
        });
        return out;
    }
}
