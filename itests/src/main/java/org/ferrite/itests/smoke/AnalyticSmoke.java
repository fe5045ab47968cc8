package org.ferrite.itests.smoke;

import org.ferrite.api.Backend;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * The analytic family — exp, log, the trigonometric and hyperbolic functions, roots, {@code expm1},
 * {@code log1p}, {@code erf}, the sigmoid, softmax and log-softmax — on every dtype: each is checked by an
 * identity that holds for real and complex arguments alike ({@code exp(log p) = p},
 * {@code sin² + cos² = 1}, …), {@code erf} against a known value, and the pairs the API leaves undefined
 * must be refused.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class AnalyticSmoke {
    static final String FAMILY = "analytic";
    /** erf(1/2). */
    private static final double ERF_HALF = 0.5204998778130465;

    private AnalyticSmoke() {
    }

    /** @return true for the operations of this family in the operation table (the rest of {@link UnaryOp} is
     *     elementwise) */
    static boolean isAnalytic(UnaryOp op) {
        return OpTable.of(op).family() == OpSpec.Family.ANALYTIC;
    }

    static void run(Backend backend, SmokeReport report) {
        for (DType d : DType.values()) {
            for (UnaryOp op : UnaryOp.values()) {
                if (!isAnalytic(op)) {
                    continue;
                }
                if (DefinedPairs.defined(op, d)) {
                    report.computes(FAMILY, op.name(), d, backend, s -> analytic(s, op, d));
                } else {
                    report.refuses(FAMILY, op.name(), d, backend, s -> s.unary(op, Samples.values(d)));
                }
            }
            if (OpTable.SOFTMAX.accepts(d)) {
                Tensor x = Tensor.random(d, 11, Samples.SHAPE);
                report.computes(FAMILY, "softmax", d, backend, s -> Expect.close("sum(softmax(x, 0), 0)",
                        s.sum(s.softmax(x, 0), 0), Tensor.ones(d, 2)));
                report.computes(FAMILY, "logSoftmax", d, backend, s -> Expect.close("exp(logSoftmax(x, 0))",
                        s.exp(s.logSoftmax(x, 0)), s.softmax(x, 0)));
            }
        }
    }

    private static void analytic(BackendSession s, UnaryOp op, DType d) {
        if (OpTable.of(op).widens(d)) { // an integer computes in F64 (NumPy 2): op(x) is op of x's F64 value
            Tensor integers = Samples.of(d, new double[] {1, 2, 3, 4, 5, 6}, new double[6], Samples.SHAPE);
            Expect.close(op + "(x) = " + op + "(F64(x))", s.unary(op, integers),
                    s.unary(op, s.convert(integers, DType.F64)));
            return;
        }
        Tensor x = Tensor.random(d, 7, Samples.SHAPE);
        Tensor p = Samples.positive(d);
        Tensor ones = Tensor.ones(d, Samples.SHAPE);
        switch (op) {
            case EXP:
                Expect.close("log(exp(x))", s.log(s.exp(x)), x);
                break;
            case LOG:
                Expect.close("exp(log(p))", s.exp(s.log(p)), p);
                break;
            case SIN:
                Expect.close("sin²x + cos²x", s.add(s.mul(s.sin(x), s.sin(x)), s.mul(s.cos(x), s.cos(x))), ones);
                break;
            case COS: {
                Tensor half = s.sin(s.mul(x, 0.5));
                Expect.close("cos x", s.cos(x), s.sub(1.0, s.mul(s.mul(half, half), 2.0)));
                break;
            }
            case TANH: {
                Tensor e2 = s.exp(s.mul(x, 2.0));
                Expect.close("tanh(x)·(e^2x + 1)", s.mul(s.tanh(x), s.add(e2, 1.0)), s.sub(e2, 1.0));
                break;
            }
            case SQRT:
                Expect.close("sqrt(p)²", s.mul(s.sqrt(p), s.sqrt(p)), p);
                break;
            case RSQRT:
                Expect.close("rsqrt(p)·sqrt(p)", s.mul(s.rsqrt(p), s.sqrt(p)), ones);
                break;
            case EXPM1:
                Expect.close("expm1(x)", s.expm1(x), s.sub(s.exp(x), 1.0));
                break;
            case LOG1P:
                Expect.close("log1p(p)", s.log1p(p), s.log(s.add(p, 1.0)));
                break;
            case ERF: {
                double[] halves = {0.5, -0.5, 0.5, -0.5, 0.5, -0.5};
                double[] expected = new double[halves.length];
                for (int i = 0; i < halves.length; i++) {
                    expected[i] = Math.signum(halves[i]) * ERF_HALF;
                }
                Expect.close("erf(±1/2)", s.erf(Samples.of(d, halves, new double[6], Samples.SHAPE)),
                        Samples.of(d, expected, new double[6], Samples.SHAPE));
                break;
            }
            case SIGMOID:
                Expect.close("sigmoid(x)", s.sigmoid(x), s.div(1.0, s.add(s.exp(s.neg(x)), 1.0)));
                break;
            default:
                throw new IllegalStateException("the operation table lists " + op + " as analytic, but the smoke has"
                        + " no identity to check it by: add one here");
        }
    }
}
