package org.ferrite.itests.smoke;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.LongBinaryOperator;
import org.ferrite.api.Backend;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * The elementwise family (every {@link BinaryOp}, the non-analytic {@link UnaryOp}s, {@code clamp}) and
 * the compare/select family, on the {@code [3, 2]} sample of every dtype. Expectations are computed on
 * the host from the sample's values, or are identities ({@code x - x = 0}, {@code x·1 = x}) where the
 * integer and complex semantics would otherwise need a second implementation.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class ElementwiseSmoke {
    static final String ELEMENTWISE = "elementwise";
    static final String COMPARE_SELECT = "compare/select";
    /** Fractions without ties, for ROUND, FLOOR and CEIL. */
    private static final double[] FRACTIONS = {1.25, -2.75, 3, -0.25, 2.6, -1.4};

    private ElementwiseSmoke() {
    }

    static void run(Backend backend, SmokeReport report) {
        for (DType d : DType.values()) {
            for (BinaryOp op : BinaryOp.values()) {
                if (DefinedPairs.defined(op, d)) {
                    report.computes(ELEMENTWISE, op.name(), d, backend, s -> binary(s, op, d));
                } else {
                    report.refuses(ELEMENTWISE, op.name(), d, backend,
                            s -> s.binary(op, Samples.values(d), Samples.values(d)));
                }
            }
            for (UnaryOp op : UnaryOp.values()) {
                if (!AnalyticSmoke.isAnalytic(op) && DefinedPairs.defined(op, d)) {
                    report.computes(ELEMENTWISE, op.name(), d, backend, s -> unary(s, op, d));
                } else if (!AnalyticSmoke.isAnalytic(op)) {
                    report.refuses(ELEMENTWISE, op.name(), d, backend, s -> s.unary(op, Samples.values(d)));
                }
            }
            if (OpTable.CLAMP.accepts(d)) {
                double lo = d.isUnsigned() ? 2 : -2; // U8 has no -2
                report.computes(ELEMENTWISE, "clamp", d, backend, s -> Expect.close("clamp(" + lo + ", x, 3)",
                        s.clamp(Tensor.scalar(d, lo), Samples.values(d), Tensor.scalar(d, 3)),
                        real(d, v -> Math.min(Math.max(v, lo), 3))));
            }
            for (CompareOp op : CompareOp.values()) {
                if (DefinedPairs.defined(op, d)) {
                    report.computes(COMPARE_SELECT, op.name(), d, backend, s -> compare(s, op, d));
                } else {
                    report.refuses(COMPARE_SELECT, op.name(), d, backend,
                            s -> s.compare(op, Samples.values(d), Samples.values(d)));
                }
            }
            report.computes(COMPARE_SELECT, "select", d, backend, s -> Expect.close("select(mask, x, 0)",
                    s.select(Samples.values(DType.BOOL), Samples.values(d), Tensor.zeros(d, Samples.SHAPE)),
                    Samples.pick(d, new int[] {0, Samples.ZERO, 2, 3, Samples.ZERO, 5}, Samples.SHAPE)));
        }
    }

    private static void binary(BackendSession s, BinaryOp op, DType d) {
        Tensor x = Samples.values(d);
        Tensor zeros = Tensor.zeros(d, Samples.SHAPE);
        Tensor ones = Tensor.ones(d, Samples.SHAPE);
        Tensor reversed = Samples.pick(d, new int[] {5, 4, 3, 2, 1, 0}, Samples.SHAPE);
        switch (op) {
            case ADD:
                Expect.close("x + 0", s.add(x, zeros), x);
                break;
            case SUB:
                Expect.close("x - x", s.sub(x, x), zeros);
                break;
            case MUL:
                Expect.close("x * 1", s.mul(x, ones), x);
                break;
            case DIV:
                Expect.close("x / 1", s.div(x, ones), x);
                break;
            case REM:
                Expect.close("rem(x, x)", s.rem(x, x), zeros);
                break;
            case POW:
                Expect.close("pow(x, 1)", s.pow(x, ones), x);
                break;
            case MAXIMUM:
                Expect.close("maximum(x, 0)", s.maximum(x, zeros), real(d, v -> Math.max(v, 0)));
                break;
            case MINIMUM:
                Expect.close("minimum(x, 0)", s.minimum(x, zeros), real(d, v -> Math.min(v, 0)));
                break;
            case ATAN2: // of integers: F64, as NumPy 2
                Expect.close("atan2(x, 1)", s.binary(op, x, ones), complex(d, OpTable.of(op).resultType(d),
                        (re, im) -> Math.atan2(re, 1), (re, im) -> 0));
                break;
            case FLOOR_DIVIDE:
                Expect.close("x // 1", s.floorDivide(x, ones), x);
                break;
            case REMAINDER:
                Expect.close("x % x", s.remainder(x, x), zeros);
                break;
            default:
                Expect.close(op + "(x, reversed x)", s.binary(op, x, reversed), bits(d, logical(op)));
        }
    }

    private static LongBinaryOperator logical(BinaryOp op) {
        switch (op) {
            case AND:
                return (a, b) -> a & b;
            case OR:
                return (a, b) -> a | b;
            default:
                return (a, b) -> a ^ b;
        }
    }

    private static void unary(BackendSession s, UnaryOp op, DType d) {
        Tensor x = Samples.values(d);
        switch (op) {
            case NEG:
                Expect.close("-x", s.neg(x), complex(d, d, (re, im) -> -re, (re, im) -> -im));
                break;
            case CONJ:
                Expect.close("conj(x)", s.conj(x), complex(d, d, (re, im) -> re, (re, im) -> -im));
                break;
            case ABS:
                Expect.close("|x|", s.abs(x), complex(d, d.realType(), Math::hypot, (re, im) -> 0));
                break;
            case SIGN:
                Expect.close("sign(x)", s.sign(x), complex(d, d, (re, im) -> d.isComplex() ? re / Math.hypot(re, im)
                        : Math.signum(re), (re, im) -> im / Math.hypot(re, im)));
                break;
            case NOT:
                Expect.close("not(x)", s.unary(op, x), bits(d, (a, b) -> d.isBool() ? 1 - a : ~a));
                break;
            default:
                DoubleUnaryOperator exact = op == UnaryOp.ROUND ? Math::rint : op == UnaryOp.FLOOR ? Math::floor
                        : Math::ceil;
                double[] expected = new double[FRACTIONS.length];
                for (int i = 0; i < expected.length; i++) {
                    expected[i] = exact.applyAsDouble(FRACTIONS[i]);
                }
                Expect.close(op + "(fractions)", s.unary(op, Samples.of(d, FRACTIONS, new double[6], Samples.SHAPE)),
                        Samples.of(d, expected, new double[6], Samples.SHAPE));
        }
    }

    private static void compare(BackendSession s, CompareOp op, DType d) {
        double[] expected = new double[6];
        for (int i = 0; i < expected.length; i++) {
            double re = Samples.re(d, i);
            boolean zero = re == 0 && Samples.im(d, i) == 0;
            boolean holds;
            switch (op) {
                case EQ:
                    holds = zero;
                    break;
                case NE:
                    holds = !zero;
                    break;
                case LT:
                    holds = re < 0;
                    break;
                case LE:
                    holds = re <= 0;
                    break;
                case GT:
                    holds = re > 0;
                    break;
                default:
                    holds = re >= 0;
            }
            expected[i] = holds ? 1 : 0;
        }
        Expect.close(op + "(x, 0)", s.compare(op, Samples.values(d), Tensor.zeros(d, Samples.SHAPE)),
                Samples.of(DType.BOOL, expected, new double[6], Samples.SHAPE));
    }

    /** @return the sample with {@code f} applied to each (real) element, in dtype {@code d} */
    private static Tensor real(DType d, DoubleUnaryOperator f) {
        return complex(d, d, (re, im) -> f.applyAsDouble(re), (re, im) -> 0);
    }

    /** @return the sample of {@code d} mapped element by element, in dtype {@code result} */
    private static Tensor complex(DType d, DType result, DoubleBinaryOperator re, DoubleBinaryOperator im) {
        double[] r = new double[6];
        double[] i = new double[6];
        for (int k = 0; k < r.length; k++) {
            r[k] = re.applyAsDouble(Samples.re(d, k), Samples.im(d, k));
            i[k] = im.applyAsDouble(Samples.re(d, k), Samples.im(d, k));
        }
        return Samples.of(result, r, i, Samples.SHAPE);
    }

    /** @return {@code f(x[k], x[5 - k])} on the sample's integer (or 0/1) values, in dtype {@code d} */
    private static Tensor bits(DType d, LongBinaryOperator f) {
        double[] r = new double[6];
        for (int k = 0; k < r.length; k++) {
            r[k] = f.applyAsLong((long) Samples.re(d, k), (long) Samples.re(d, 5 - k));
        }
        return Samples.of(d, r, new double[6], Samples.SHAPE);
    }
}
