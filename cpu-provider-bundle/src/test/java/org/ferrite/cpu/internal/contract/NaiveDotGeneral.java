package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.TensorRead;

/**
 * The obviously-correct {@code dotGeneral}: for every output index, the sum over every contracting
 * index tuple, in double precision, read element by element through the public accessors. Returns
 * interleaved re/im per output element in column-major order. Test use only; thread-safe (stateless).
 */
final class NaiveDotGeneral {
    private NaiveDotGeneral() {
    }

    /**
     * @param lhs left operand
     * @param rhs right operand
     * @param cfg the contraction
     * @param acc the accumulation
     * @param oldOut the output before the call (read only when beta is not 0)
     * @return {@code [re0, im0, re1, im1, …]} of {@code alpha·Σ op(l)·op(r) + beta·old}
     */
    static double[] evaluate(TensorRead lhs, TensorRead rhs, DotGeneralConfig cfg, Accumulation acc,
            TensorRead oldOut) {
        long[] outShape = DotGeneralShapes.outputShape(lhs, rhs, cfg);
        int nc = cfg.contractingCount();
        int nb = cfg.batchCount();
        int[] lhsFree = freeAxes(lhs.rank(), cfg, true);
        int[] rhsFree = freeAxes(rhs.rank(), cfg, false);
        long[] kShape = new long[nc];
        for (int i = 0; i < nc; i++) {
            kShape[i] = lhs.dim(cfg.lhsContracting(i));
        }
        int size = 1;
        for (long e : outShape) {
            size *= (int) e;
        }
        double[] result = new double[2 * size];
        long[] o = new long[outShape.length];
        long[] li = new long[lhs.rank()];
        long[] ri = new long[rhs.rank()];
        for (int flat = 0; flat < size; flat++) {
            unravel(flat, outShape, o);
            for (int f = 0; f < lhsFree.length; f++) {
                li[lhsFree[f]] = o[f];
            }
            for (int f = 0; f < rhsFree.length; f++) {
                ri[rhsFree[f]] = o[lhsFree.length + f];
            }
            for (int b = 0; b < nb; b++) {
                li[cfg.lhsBatch(b)] = o[lhsFree.length + rhsFree.length + b];
                ri[cfg.rhsBatch(b)] = o[lhsFree.length + rhsFree.length + b];
            }
            int kSize = 1;
            for (long e : kShape) {
                kSize *= (int) e;
            }
            double sr = 0;
            double si = 0;
            long[] kk = new long[nc];
            for (int kf = 0; kf < kSize; kf++) {
                unravel(kf, kShape, kk);
                for (int c = 0; c < nc; c++) {
                    li[cfg.lhsContracting(c)] = kk[c];
                    ri[cfg.rhsContracting(c)] = kk[c];
                }
                double xr = lhs.getReal(li);
                double xi = lhs.getImag(li) * (acc.conjugateLhs() ? -1 : 1);
                double yr = rhs.getReal(ri);
                double yi = rhs.getImag(ri) * (acc.conjugateRhs() ? -1 : 1);
                sr += xr * yr - xi * yi;
                si += xr * yi + xi * yr;
            }
            double vr = acc.alphaRe() * sr - acc.alphaIm() * si;
            double vi = acc.alphaRe() * si + acc.alphaIm() * sr;
            if (!acc.overwrites()) {
                double or = oldOut.getReal(o);
                double oi = oldOut.getImag(o);
                vr += acc.betaRe() * or - acc.betaIm() * oi;
                vi += acc.betaRe() * oi + acc.betaIm() * or;
            }
            result[2 * flat] = vr;
            result[2 * flat + 1] = vi;
        }
        return result;
    }

    private static int[] freeAxes(int rank, DotGeneralConfig cfg, boolean lhs) {
        int count = 0;
        int[] axes = new int[rank];
        for (int a = 0; a < rank; a++) {
            if (DotGeneralShapes.isFree(a, cfg, lhs)) {
                axes[count++] = a;
            }
        }
        return java.util.Arrays.copyOf(axes, count);
    }

    static void unravel(long flat, long[] shape, long[] index) {
        for (int a = 0; a < shape.length; a++) {
            index[a] = flat % shape[a];
            flat /= shape[a];
        }
    }
}
