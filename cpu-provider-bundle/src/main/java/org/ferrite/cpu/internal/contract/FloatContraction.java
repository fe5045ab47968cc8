// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/contract/DoubleContraction.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.Accumulation;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.internal.gemm.ComplexFloatGemm;
import org.ferrite.cpu.internal.gemm.FloatGemm;
import org.ferrite.cpu.internal.gemm.FloatGemmResources;
import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * Executes a {@link ContractionPlan} on {@code float[]} storage (F32, and C64 as interleaved pairs):
 * for every batch index, gathers the factors the plan packs, runs the product on the plan's tier, and
 * (when the plan goes through scratch) combines {@code out = alpha·T + beta·out}. Allocation-free once
 * the session's resources have grown to the plan's needs. Thread-safe (stateless); the index scratch
 * and the resources come from the running session's {@link ContractionPlanCache}, confined to it.
 */
final class FloatContraction {
    private FloatContraction() {
    }

    static void execute(ContractionPlan plan, TensorRead lhs, TensorRead rhs, Accumulation acc, TensorRead out,
            ContractionPlanCache cache, ParallelRunner parallel) {
        float[] l = (float[]) lhs.storage();
        float[] r = (float[]) rhs.storage();
        float[] o = (float[]) out.storage();
        if (plan.kind == ContractionPlan.Kind.EMPTY) {
            return;
        }
        int[] gatherIdx = cache.gatherIndex(plan);
        boolean noProduct = acc.alphaRe() == 0 && acc.alphaIm() == 0;
        if (plan.kind == ContractionPlan.Kind.SCALE || noProduct) {
            scaleAll(plan, o, (int) out.offset(), acc, gatherIdx);
            return;
        }
        FloatGemmResources res = cache.floats();
        float[] w = plan.scratchScalars > 0 ? res.scratch(plan.scratchScalars) : null;
        int lo = (int) lhs.offset();
        int ro = (int) rhs.offset();
        int oo = (int) out.offset();
        AxisGroup batch = plan.batch;
        int[] idx = cache.batchIndex(plan);
        int dims = batch.dims();
        java.util.Arrays.fill(idx, 0, dims, 0);
        for (long q = Odometer.positions(batch.extents, 0); q > 0; q--) {
            product(plan, l, lo, r, ro, o, oo, w, acc, res, parallel, gatherIdx);
            // The batch odometer moves three offsets at once (lhs, rhs, out).
            for (int d = 0; d < dims; d++) {
                lo += batch.lhs[d];
                ro += batch.rhs[d];
                oo += batch.out[d];
                if (++idx[d] < batch.extents[d]) {
                    break;
                }
                lo -= batch.lhs[d] * batch.extents[d];
                ro -= batch.rhs[d] * batch.extents[d];
                oo -= batch.out[d] * batch.extents[d];
                idx[d] = 0;
            }
        }
    }

    /** One matrix product of the batch, at the given element offsets. */
    private static void product(ContractionPlan plan, float[] l, int lo, float[] r, int ro, float[] o, int oo,
            float[] w, Accumulation acc, FloatGemmResources res, ParallelRunner parallel, int[] gatherIdx) {
        OperandPlan pa = plan.a;
        OperandPlan pb = plan.b;
        float[] a = pa.fromRhs ? r : l;
        int aOff = pa.fromRhs ? ro : lo;
        float[] b = pb.fromRhs ? r : l;
        int bOff = pb.fromRhs ? ro : lo;
        int spe = plan.complex ? 2 : 1;
        if (pa.packed) {
            gather(a, aOff, pa.gatherExtents, pa.gatherStrides, w, pa.scratchOffset, spe, gatherIdx);
            a = w;
            aOff = pa.scratchOffset;
        }
        if (pb.packed) {
            gather(b, bOff, pb.gatherExtents, pb.gatherStrides, w, pb.scratchOffset, spe, gatherIdx);
            b = w;
            bOff = pb.scratchOffset;
        }
        boolean viaScratch = plan.outputScratch;
        float[] c = viaScratch ? w : o;
        int cOff = viaScratch ? plan.scratchOffsetOfProduct : oo;
        int cRs = viaScratch ? 1 : plan.outRowStride;
        int cCs = viaScratch ? plan.m : plan.outColStride;
        if (plan.complex) {
            boolean conjA = pa.fromRhs ? acc.conjugateRhs() : acc.conjugateLhs();
            boolean conjB = pb.fromRhs ? acc.conjugateRhs() : acc.conjugateLhs();
            float alphaRe = viaScratch ? 1 : Scalars.narrowF32(acc.alphaRe());
            float alphaIm = viaScratch ? 0 : Scalars.narrowF32(acc.alphaIm());
            float betaRe = viaScratch ? 0 : Scalars.narrowF32(acc.betaRe());
            float betaIm = viaScratch ? 0 : Scalars.narrowF32(acc.betaIm());
            ComplexFloatGemm.multiply(plan.tier, plan.m, plan.n, plan.k, alphaRe, alphaIm, a, aOff, pa.rowStride,
                    pa.colStride, conjA, b, bOff, pb.rowStride, pb.colStride, conjB, betaRe, betaIm, c, cOff, cRs, cCs,
                    res, parallel);
        } else {
            float alpha = viaScratch ? 1 : Scalars.narrowF32(acc.alphaRe());
            float beta = viaScratch ? 0 : Scalars.narrowF32(acc.betaRe());
            FloatGemm.multiply(plan.tier, plan.m, plan.n, plan.k, alpha, a, aOff, pa.rowStride, pa.colStride, b,
                    bOff, pb.rowStride, pb.colStride, beta, c, cOff, cRs, cCs, res, parallel);
        }
        if (viaScratch) {
            combine(plan, w, o, oo, acc, gatherIdx);
        }
    }

    /**
     * Copies the strided block {@code src[off + Σ i_d·strides[d]]} (dimension 0 fastest) into compact
     * storage at element {@code dstOff}; {@code spe} scalars per element.
     */
    static void gather(float[] src, int off, int[] extents, int[] strides, float[] dst, int dstOff, int spe,
            int[] idx) {
        int dims = extents.length;
        int n0 = dims == 0 ? 1 : extents[0];
        int s0 = dims == 0 ? 0 : strides[0];
        java.util.Arrays.fill(idx, 0, dims, 0);
        int base = off;
        int d = dstOff;
        for (long q = Odometer.positions(extents, 1); q > 0; q--) {
            if (spe == 1) {
                for (int i = 0; i < n0; i++) {
                    dst[d + i] = src[base + i * s0];
                }
            } else {
                for (int i = 0; i < n0; i++) {
                    int e = 2 * (base + i * s0);
                    dst[2 * (d + i)] = src[e];
                    dst[2 * (d + i) + 1] = src[e + 1];
                }
            }
            d += n0;
            base += Odometer.step(idx, extents, strides, 1);
        }
    }

    /** {@code out = alpha·T + beta·out} over the plan's combine dimensions; out not read when beta is 0. */
    private static void combine(ContractionPlan plan, float[] w, float[] o, int oo, Accumulation acc, int[] idx) {
        int[] extents = plan.combineExtents;
        int[] strides = plan.combineStrides;
        int dims = extents.length;
        int n0 = dims == 0 ? 1 : extents[0];
        int s0 = dims == 0 ? 0 : strides[0];
        java.util.Arrays.fill(idx, 0, dims, 0);
        float ar = Scalars.narrowF32(acc.alphaRe());
        float ai = Scalars.narrowF32(acc.alphaIm());
        float br = Scalars.narrowF32(acc.betaRe());
        float bi = Scalars.narrowF32(acc.betaIm());
        boolean readOut = !acc.overwrites();
        int base = oo;
        int t = plan.scratchOffsetOfProduct;
        for (long q = Odometer.positions(extents, 1); q > 0; q--) {
            for (int i = 0; i < n0; i++) {
                int e = base + i * s0;
                if (!plan.complex) {
                    float v = ar * w[t + i];
                    o[e] = readOut ? v + br * o[e] : v;
                    continue;
                }
                float xr = w[2 * (t + i)];
                float xi = w[2 * (t + i) + 1];
                float vr = ar * xr - ai * xi;
                float vi = ar * xi + ai * xr;
                if (readOut) {
                    float or = o[2 * e];
                    float oi = o[2 * e + 1];
                    vr += br * or - bi * oi;
                    vi += br * oi + bi * or;
                }
                o[2 * e] = vr;
                o[2 * e + 1] = vi;
            }
            t += n0;
            base += Odometer.step(idx, extents, strides, 1);
        }
    }

    /**
     * {@code out = beta·out} over every element of out (none if some extent is 0); with beta 0, zeros
     * without reading.
     */
    private static void scaleAll(ContractionPlan plan, float[] o, int oo, Accumulation acc, int[] idx) {
        int[] extents = plan.scaleExtents;
        int[] strides = plan.scaleStrides;
        float br = Scalars.narrowF32(acc.betaRe());
        float bi = Scalars.narrowF32(acc.betaIm());
        boolean zero = acc.overwrites();
        java.util.Arrays.fill(idx, 0, extents.length, 0);
        int base = oo;
        for (long q = Odometer.positions(extents, 0); q > 0; q--) {
            if (plan.complex) {
                float or = zero ? 0 : o[2 * base];
                float oi = zero ? 0 : o[2 * base + 1];
                o[2 * base] = br * or - bi * oi;
                o[2 * base + 1] = br * oi + bi * or;
            } else {
                o[base] = zero ? 0 : br * o[base];
            }
            base += Odometer.step(idx, extents, strides, 0);
        }
    }
}
