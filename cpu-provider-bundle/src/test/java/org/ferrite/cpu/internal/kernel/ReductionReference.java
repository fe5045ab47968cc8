package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.internal.kernel.Reference.Value;

/** Naive reductions: for one output index, visit every reduced index in column-major order. */
final class ReductionReference {
    private ReductionReference() {
    }

    static boolean[] mask(int rank, int[] axes) {
        boolean[] m = new boolean[rank];
        for (int a : axes) {
            m[a] = true;
        }
        return m;
    }

    /** Reduced sub-shape: extents of the reduced axes in order. */
    static long[] reducedShape(TensorRead x, boolean[] reduced) {
        int n = 0;
        for (boolean r : reduced) {
            n += r ? 1 : 0;
        }
        long[] s = new long[n];
        for (int a = 0, k = 0; a < reduced.length; a++) {
            if (reduced[a]) {
                s[k++] = x.dim(a);
            }
        }
        return s;
    }

    static Value reduce(ReduceOp op, TensorRead x, boolean[] reduced, long[] outIdx) {
        DType d = x.dtype();
        long[] full = new long[x.rank()];
        long[] sub = reducedShape(x, reduced);
        double[] acc = {identity(op, d), 0};
        long[] lacc = {op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Long.MIN_VALUE
                : op == ReduceOp.MIN ? Long.MAX_VALUE : 0};
        long[] count = {0};
        Operands.forEachIndex(sub, r -> {
            for (int a = 0, k = 0, j = 0; a < full.length; a++) {
                full[a] = reduced[a] ? r[k++] : outIdx[j++];
            }
            Value v = Reference.read(x, full);
            count[0]++;
            switch (op) {
                case SUM:
                case MEAN:
                    acc[0] += v.re;
                    acc[1] += v.im;
                    lacc[0] += v.l;
                    break;
                case PROD: {
                    double re = acc[0] * v.re - acc[1] * v.im;
                    acc[1] = acc[0] * v.im + acc[1] * v.re;
                    acc[0] = re;
                    lacc[0] *= v.l;
                    break;
                }
                case MAX:
                    acc[0] = Double.isNaN(acc[0]) || Double.isNaN(v.re) ? Double.NaN : Math.max(acc[0], v.re);
                    lacc[0] = Math.max(lacc[0], v.l);
                    break;
                case MIN:
                    acc[0] = Double.isNaN(acc[0]) || Double.isNaN(v.re) ? Double.NaN : Math.min(acc[0], v.re);
                    lacc[0] = Math.min(lacc[0], v.l);
                    break;
                default:
                    acc[0] += v.re * v.re + v.im * v.im;
            }
        });
        DType outType = ReductionOps.resultType(op, d);
        if (d.isInteger()) {
            return Reference.round(outType, Value.integer(lacc[0]));
        }
        if (op == ReduceOp.MEAN) {
            acc[0] /= count[0];
            acc[1] /= count[0];
        }
        return Reference.round(outType, outType.isComplex() ? Value.complex(acc[0], acc[1]) : Value.real(acc[0]));
    }

    private static double identity(ReduceOp op, DType d) {
        switch (op) {
            case PROD:
                return 1;
            case MAX:
                return Double.NEGATIVE_INFINITY;
            case MIN:
                return Double.POSITIVE_INFINITY;
            default:
                return 0;
        }
    }

    /** Absolute tolerance for a reduction of {@code count} elements of magnitude below 1. */
    static double tolerance(DType dtype, long count) {
        return Reference.tolerance(dtype) * Math.max(1, count);
    }
}
