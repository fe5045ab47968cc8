package org.ferrite.offheap.device;

import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.tensor.DType;

/**
 * The reduction kernel: {@code out[j] = ⊕ x[i]} over every index {@code i} of {@code x} whose kept axes
 * equal {@code j}, the reduced indices visited in column-major order. SUM (identity 0) and PROD (1) in
 * wrapping {@code long} for integers and complex {@code double} otherwise; MAX and MIN propagate NaN;
 * MEAN divides by the count (NaN when empty); SUM_SQUARES sums {@code |x|²} into the real type.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class ReduceKernel {
    private ReduceKernel() {
    }

    /**
     * @param op the reduction (defined for {@code x}'s dtype; MAX/MIN over non-empty axes)
     * @param x the operand
     * @param axes the reduced axes, distinct
     * @param out the output, of the reduced shape and the result dtype
     * @return the work
     */
    public static Runnable reduce(ReduceOp op, Operand x, int[] axes, Operand out) {
        long[] shape = x.shape();
        boolean[] reduced = new boolean[shape.length];
        long[] reducedShape = new long[axes.length];
        for (int k = 0; k < axes.length; k++) {
            reduced[axes[k]] = true;
            reducedShape[k] = shape[axes[k]];
        }
        boolean integer = x.dtype.isInteger();
        return () -> {
            long[] full = new long[shape.length];
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] j = o.index();
                long l = op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Long.MIN_VALUE
                        : op == ReduceOp.MIN ? Long.MAX_VALUE : 0;
                double re = op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Double.NEGATIVE_INFINITY
                        : op == ReduceOp.MIN ? Double.POSITIVE_INFINITY : 0;
                double im = 0;
                long count = 0;
                for (Odometer r = new Odometer(reducedShape); r.next(); count++) {
                    long[] ri = r.index();
                    for (int a = 0, kept = 0; a < shape.length; a++) {
                        full[a] = reduced[a] ? ri[indexIn(axes, a)] : j[kept++];
                    }
                    if (integer) {
                        long v = x.integer(full);
                        l = op == ReduceOp.SUM ? l + v : op == ReduceOp.PROD ? l * v
                                : op == ReduceOp.MAX ? Math.max(l, v) : Math.min(l, v);
                        continue;
                    }
                    double vr = x.re(full);
                    double vi = x.im(full);
                    switch (op) {
                        case SUM:
                        case MEAN:
                            re += vr;
                            im += vi;
                            break;
                        case PROD: {
                            double pr = re * vr - im * vi;
                            im = re * vi + im * vr;
                            re = pr;
                            break;
                        }
                        case MAX:
                            re = Math.max(re, vr);
                            break;
                        case MIN:
                            re = Math.min(re, vr);
                            break;
                        default:
                            re += vr * vr + vi * vi;
                    }
                }
                if (integer) {
                    out.putInteger(j, l);
                } else if (op == ReduceOp.MEAN) {
                    out.put(j, re / count, im / count);
                } else {
                    out.put(j, re, out.dtype == DType.C64 || out.dtype == DType.C128 ? im : 0);
                }
            }
        };
    }

    private static int indexIn(int[] axes, int axis) {
        for (int k = 0; k < axes.length; k++) {
            if (axes[k] == axis) {
                return k;
            }
        }
        return -1;
    }
}
