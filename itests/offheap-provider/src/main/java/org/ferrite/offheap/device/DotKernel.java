package org.ferrite.offheap.device;

import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.DType;

/**
 * The contraction kernel of {@code dotGeneralAccumulate}:
 * {@code out[l, r, b] = alpha · Σ_c op(lhs)[l, c, b] · op(rhs)[r, c, b] + beta · out[l, r, b]}, with
 * {@code op} the optional conjugation, one output element at a time (output axes
 * {@code [lhs free…, rhs free…, batch…]}), the contracted indices summed in column-major order in complex
 * {@code double} and rounded once on store; I32 and I64 in wrapping {@code long} arithmetic (exact modulo
 * 2^64, and modulo 2^32 once stored to I32). With {@code beta == 0} the old output is not read.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class DotKernel {
    private DotKernel() {
    }

    /**
     * @param lhs the left operand
     * @param rhs the right operand
     * @param c the configuration, validated against both
     * @param acc the scalars and conjugation
     * @param out the output, of {@code DotGeneralShapes.outputShape}
     * @return the work
     */
    public static Runnable accumulate(Operand lhs, Operand rhs, DotGeneralConfig c, Accumulation acc, Operand out) {
        return plan(lhs.shape(), rhs.shape(), c, out.dtype).accumulate(lhs, rhs, acc, out);
    }

    /**
     * What the kernel derives from a call shape once — the free axes of each operand and the contracted
     * extents — for a prepared contraction to keep.
     *
     * @param lhsShape the left operand's extents
     * @param rhsShape the right operand's extents
     * @param c the configuration, validated against both
     * @param dtype the dtype of the three tensors
     * @return the kernel's plan
     */
    public static Plan plan(long[] lhsShape, long[] rhsShape, DotGeneralConfig c, DType dtype) {
        long[] contracted = new long[c.contractingCount()];
        for (int k = 0; k < contracted.length; k++) {
            contracted[k] = lhsShape[c.lhsContracting(k)];
        }
        return new Plan(c, lhsShape.length, rhsShape.length, free(lhsShape.length, c, true),
                free(rhsShape.length, c, false), contracted, dtype.isInteger());
    }

    /** The kernel for one call shape. Thread-safe (immutable). Lifetime: as long as it is referenced. */
    public static final class Plan {
        private final DotGeneralConfig c;
        private final int lRank;
        private final int rRank;
        private final int[] lFree;
        private final int[] rFree;
        private final long[] contracted;
        private final boolean integer;

        private Plan(DotGeneralConfig c, int lRank, int rRank, int[] lFree, int[] rFree, long[] contracted,
                boolean integer) {
            this.c = c;
            this.lRank = lRank;
            this.rRank = rRank;
            this.lFree = lFree;
            this.rFree = rFree;
            this.contracted = contracted;
            this.integer = integer;
        }

        /**
         * @param lhs the left operand, of this plan's shape
         * @param rhs the right operand
         * @param acc the scalars and conjugation
         * @param out the output
         * @return the work
         */
        public Runnable accumulate(Operand lhs, Operand rhs, Accumulation acc, Operand out) {
            return () -> run(lhs, rhs, acc, out);
        }

        private void run(Operand lhs, Operand rhs, Accumulation acc, Operand out) {
            long[] li = new long[lRank];
            long[] ri = new long[rRank];
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] oi = o.index();
                int k = 0;
                for (int a : lFree) {
                    li[a] = oi[k++];
                }
                for (int a : rFree) {
                    ri[a] = oi[k++];
                }
                for (int b = 0; b < c.batchCount(); b++, k++) {
                    li[c.lhsBatch(b)] = oi[k];
                    ri[c.rhsBatch(b)] = oi[k];
                }
                if (integer) {
                    out.putInteger(oi, integerSum(lhs, rhs, c, contracted, li, ri, acc, out, oi));
                    continue;
                }
                double sr = 0;
                double si = 0;
                for (Odometer ct = new Odometer(contracted); ct.next();) {
                    long[] ci = ct.index();
                    for (int p = 0; p < ci.length; p++) {
                        li[c.lhsContracting(p)] = ci[p];
                        ri[c.rhsContracting(p)] = ci[p];
                    }
                    double ar = lhs.re(li);
                    double ai = acc.conjugateLhs() ? -lhs.im(li) : lhs.im(li);
                    double br = rhs.re(ri);
                    double bi = acc.conjugateRhs() ? -rhs.im(ri) : rhs.im(ri);
                    sr += ar * br - ai * bi;
                    si += ar * bi + ai * br;
                }
                double re = acc.alphaRe() * sr - acc.alphaIm() * si;
                double im = acc.alphaRe() * si + acc.alphaIm() * sr;
                if (!acc.overwrites()) {
                    double or = out.re(oi);
                    double oim = out.im(oi);
                    re += acc.betaRe() * or - acc.betaIm() * oim;
                    im += acc.betaRe() * oim + acc.betaIm() * or;
                }
                out.put(oi, re, im);
            }
        }
    }

    private static long integerSum(Operand lhs, Operand rhs, DotGeneralConfig c, long[] contracted, long[] li,
            long[] ri, Accumulation acc, Operand out, long[] oi) {
        long sum = 0;
        for (Odometer ct = new Odometer(contracted); ct.next();) {
            long[] ci = ct.index();
            for (int p = 0; p < ci.length; p++) {
                li[c.lhsContracting(p)] = ci[p];
                ri[c.rhsContracting(p)] = ci[p];
            }
            sum += lhs.integer(li) * rhs.integer(ri);
        }
        long value = (long) acc.alphaRe() * sum;
        return acc.overwrites() ? value : value + (long) acc.betaRe() * out.integer(oi);
    }

    private static int[] free(int rank, DotGeneralConfig c, boolean lhs) {
        return java.util.stream.IntStream.range(0, rank).filter(a -> DotGeneralShapes.isFree(a, c, lhs)).toArray();
    }
}
