package org.ferrite.reference;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The naive {@code reduceInto}: {@code out[j] = ⊕ x[i]} over every index {@code i} whose kept axes
 * equal {@code j}, visiting the reduced indices in column-major order. SUM (identity 0) and PROD
 * (identity 1), integers in wrapping {@code long} arithmetic; MAX and MIN (NaN propagates; an extent-0
 * reduced axis is an error); MEAN (NaN when empty); SUM_SQUARES {@code Σ |x|²}, real output — on the
 * dtypes the API's operation table defines for each ({@code OpChecks} refuses the others first).
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class NaiveReduction {
    private NaiveReduction() {
    }

    static void reduceInto(String name, ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        OpChecks.requireDefined(op, x.dtype());
        long[] shape = OperandChecks.reducedShape(name, x, axes);
        OperandChecks.requireDtype(name, "out", out, ReductionOps.resultType(op, x.dtype()));
        OperandChecks.requireShape(name, "out", shape, out);
        OperandChecks.requireWritable(name, out);
        OperandChecks.requirePlacement(name, "x", x, Placement.HOST);
        OperandChecks.requirePlacement(name, "out", out, Placement.HOST);
        OperandChecks.requireNoAlias(name, out, x, "x");
        boolean[] reduced = new boolean[x.rank()];
        long[] reducedShape = new long[axes.length];
        for (int k = 0; k < axes.length; k++) {
            reduced[axes[k]] = true;
            reducedShape[k] = x.dim(axes[k]);
            if ((op == ReduceOp.MAX || op == ReduceOp.MIN) && x.dim(axes[k]) == 0) {
                throw ValidationException.invalidAxisArgument(name, "axes", axes[k], "a non-empty axis (" + name
                        + " has no identity)", "extent 0");
            }
        }
        boolean integer = x.dtype().isInteger();
        IndexSpace.forEach(shape, o -> {
            long[] lacc = {op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Long.MIN_VALUE
                    : op == ReduceOp.MIN ? Long.MAX_VALUE : 0};
            double[] acc = {op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Double.NEGATIVE_INFINITY
                    : op == ReduceOp.MIN ? Double.POSITIVE_INFINITY : 0, 0};
            long[] count = {0};
            long[] full = new long[x.rank()];
            IndexSpace.forEach(reducedShape, r -> {
                for (int a = 0, j = 0; a < x.rank(); a++) {
                    full[a] = reduced[a] ? r[IndexSpace.indexOf(axes, a)] : o[j++];
                }
                count[0]++;
                if (integer) {
                    lacc[0] = integerStep(op, lacc[0], x.getLong(full));
                } else {
                    floatingStep(op, acc, x.getReal(full), x.getImag(full));
                }
            });
            if (integer) {
                out.setLong(ElementMath.wrap(out.dtype(), lacc[0]), o);
                return;
            }
            if (op == ReduceOp.MEAN) {
                acc[0] /= count[0];
                acc[1] /= count[0];
            }
            if (out.dtype().isComplex()) {
                out.setComplex(acc[0], acc[1], o);
            } else {
                out.set(acc[0], o);
            }
        });
    }

    private static long integerStep(ReduceOp op, long acc, long v) {
        switch (op) {
            case SUM: return acc + v;
            case PROD: return acc * v;
            case MAX: return Math.max(acc, v);
            default: return Math.min(acc, v);
        }
    }

    private static void floatingStep(ReduceOp op, double[] acc, double re, double im) {
        switch (op) {
            case SUM:
            case MEAN:
                acc[0] += re;
                acc[1] += im;
                break;
            case PROD: {
                double pr = acc[0] * re - acc[1] * im;
                acc[1] = acc[0] * im + acc[1] * re;
                acc[0] = pr;
                break;
            }
            case MAX:
                acc[0] = Math.max(acc[0], re);
                break;
            case MIN:
                acc[0] = Math.min(acc[0], re);
                break;
            default:
                acc[0] += re * re + im * im;
        }
    }
}
