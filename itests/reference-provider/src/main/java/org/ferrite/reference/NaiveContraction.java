package org.ferrite.reference;

import java.util.stream.IntStream;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The naive {@code dotGeneralAccumulate}:
 * {@code out[l, r, b] = alpha · Σ_c op(lhs)[l, c, b] · op(rhs)[r, c, b] + beta · out[l, r, b]}, one
 * output element at a time, summing the contracted indices in column-major order in {@code double}
 * complex arithmetic and rounding once on store — or, for I32 and I64, in wrapping {@code long}
 * arithmetic (exact modulo 2^64, and modulo 2^32 once stored to I32). With {@code beta == 0} the old
 * output is not read.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class NaiveContraction {
    private NaiveContraction() {
    }

    static void accumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig c, Accumulation acc, TensorWrite out) {
        DotGeneralShapes.checkAccumulate(Placement.HOST, lhs, rhs, c, acc, out);
        int[] lFree = IntStream.range(0, lhs.rank()).filter(a -> DotGeneralShapes.isFree(a, c, true)).toArray();
        int[] rFree = IntStream.range(0, rhs.rank()).filter(a -> DotGeneralShapes.isFree(a, c, false)).toArray();
        long[] contracted = new long[c.contractingCount()];
        for (int k = 0; k < contracted.length; k++) {
            contracted[k] = lhs.dim(c.lhsContracting(k));
        }
        IndexSpace.forEach(out.shape(), o -> {
            long[] li = new long[lhs.rank()];
            long[] rj = new long[rhs.rank()];
            int k = 0;
            for (int a : lFree) {
                li[a] = o[k++];
            }
            for (int a : rFree) {
                rj[a] = o[k++];
            }
            for (int b = 0; b < c.batchCount(); b++, k++) {
                li[c.lhsBatch(b)] = o[k];
                rj[c.rhsBatch(b)] = o[k];
            }
            if (out.dtype().isInteger()) {
                long[] total = {0};
                IndexSpace.forEach(contracted, ci -> {
                    for (int p = 0; p < ci.length; p++) {
                        li[c.lhsContracting(p)] = ci[p];
                        rj[c.rhsContracting(p)] = ci[p];
                    }
                    total[0] += lhs.getLong(li) * rhs.getLong(rj);
                });
                long value = (long) acc.alphaRe() * total[0]
                        + (acc.overwrites() ? 0 : (long) acc.betaRe() * out.getLong(o));
                out.setLong(ElementMath.wrap(out.dtype(), value), o);
                return;
            }
            double[] sum = {0, 0};
            IndexSpace.forEach(contracted, ci -> {
                for (int p = 0; p < ci.length; p++) {
                    li[c.lhsContracting(p)] = ci[p];
                    rj[c.rhsContracting(p)] = ci[p];
                }
                double ar = lhs.getReal(li);
                double ai = acc.conjugateLhs() ? -lhs.getImag(li) : lhs.getImag(li);
                double br = rhs.getReal(rj);
                double bi = acc.conjugateRhs() ? -rhs.getImag(rj) : rhs.getImag(rj);
                sum[0] += ar * br - ai * bi;
                sum[1] += ar * bi + ai * br;
            });
            double re = acc.alphaRe() * sum[0] - acc.alphaIm() * sum[1];
            double im = acc.alphaRe() * sum[1] + acc.alphaIm() * sum[0];
            if (!acc.overwrites()) {
                double or = out.getReal(o);
                double oi = out.getImag(o);
                re += acc.betaRe() * or - acc.betaIm() * oi;
                im += acc.betaRe() * oi + acc.betaIm() * or;
            }
            if (out.dtype().isComplex()) {
                out.setComplex(re, im, o);
            } else {
                out.set(re, o);
            }
        });
    }
}
