package org.ferrite.itests.smoke;

import org.ferrite.api.Backend;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * The reductions on every dtype: each {@link ReduceOp} over axis 0 of the {@code [3, 2]} sample, against
 * the column sums, products, extremes, means and sums of squared magnitudes computed on the host;
 * the pairs the API leaves undefined must be refused.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class ReductionSmoke {
    static final String FAMILY = "reductions";

    private ReductionSmoke() {
    }

    static void run(Backend backend, SmokeReport report) {
        for (DType d : DType.values()) {
            for (ReduceOp op : ReduceOp.values()) {
                if (DefinedPairs.defined(op, d)) {
                    report.computes(FAMILY, op.name(), d, backend, s -> reduce(s, op, d));
                } else {
                    report.refuses(FAMILY, op.name(), d, backend, s -> s.reduce(op, Samples.values(d), 0));
                }
            }
        }
    }

    private static void reduce(BackendSession s, ReduceOp op, DType d) {
        double[] re = new double[2];
        double[] im = new double[2];
        for (int column = 0; column < 2; column++) {
            double[] z = column(op, d, column);
            re[column] = z[0];
            im[column] = z[1];
        }
        Expect.close(op + "(x, 0)", s.reduce(op, Samples.values(d), 0),
                Samples.of(ReductionOps.resultType(op, d), re, im, 2));
    }

    /** @return {re, im} of {@code op} over column {@code j} of the sample */
    private static double[] column(ReduceOp op, DType d, int j) {
        double re = op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Double.NEGATIVE_INFINITY
                : op == ReduceOp.MIN ? Double.POSITIVE_INFINITY : 0;
        double im = 0;
        for (int i = 3 * j; i < 3 * j + 3; i++) {
            double a = Samples.re(d, i);
            double b = Samples.im(d, i);
            switch (op) {
                case PROD: {
                    double r = re * a - im * b;
                    im = re * b + im * a;
                    re = r;
                    break;
                }
                case MAX:
                    re = Math.max(re, a);
                    break;
                case MIN:
                    re = Math.min(re, a);
                    break;
                case SUM_SQUARES:
                    re += a * a + b * b;
                    break;
                default:
                    re += a;
                    im += b;
            }
        }
        return op == ReduceOp.MEAN ? new double[] {re / 3, im / 3} : new double[] {re, im};
    }
}
