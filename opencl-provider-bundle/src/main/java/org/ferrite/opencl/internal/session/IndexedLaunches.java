package org.ferrite.opencl.internal.session;

import java.util.Arrays;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.random.Distribution;
import org.ferrite.api.random.RandomKey;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.opencl.internal.device.DeviceScope;
import org.ferrite.opencl.internal.kernel.KernelNames;
import org.ferrite.opencl.internal.kernel.KernelSource;
import org.ferrite.opencl.internal.kernel.LayoutPlan;
import org.ferrite.opencl.internal.kernel.ProgramKey;
import org.ferrite.opencl.internal.kernel.ProgramKey.Family;

/**
 * Queues the kernels whose plans describe more than one iteration space: reductions and contractions
 * (an outer space of output elements and an inner one summed for each), gather and scatter (the StableHLO
 * index maps, encoded for {@code IndexingWriter}'s kernels), and random numbers. Each builds the plan
 * from validated operands; the formulas are in the kernels' writers.
 *
 * <p>Not thread-safe: confined to the session thread. Lifetime: static helpers only.
 */
final class IndexedLaunches {
    private IndexedLaunches() {
    }

    /** {@code out[j] = ⊕ x[j, i]} over {@code axes} (distinct, validated). */
    static void reduce(DeviceScope scope, ReduceOp op, Operand x, int[] axes, Operand out) {
        int[] sorted = axes.clone();
        Arrays.sort(sorted);
        int rank = x.shape().length;
        long[] keptStrides = new long[rank - sorted.length];
        long[] innerShape = new long[sorted.length];
        long[] innerStrides = new long[sorted.length];
        for (int a = 0, kept = 0, inner = 0; a < rank; a++) {
            if (inner < sorted.length && sorted[inner] == a) {
                innerShape[inner] = x.shape()[a];
                innerStrides[inner++] = x.strides()[a];
            } else {
                keptStrides[kept++] = x.strides()[a];
            }
        }
        LayoutPlan outer = LayoutPlan.of(out.shape(), new long[][] {out.strides(), keptStrides},
                new long[] {out.base(), x.base()});
        long[] plan = LayoutPlan.nested(outer, innerShape, new long[][] {innerStrides, innerStrides});
        String n = ElementLaunches.name(op);
        scope.launch(n, new ProgramKey(Family.REDUCE, x.dtype()), KernelNames.reduce(op, x.dtype())).mem(x.memory())
                .mem(out.memory()).plan(plan).run(out.size());
    }

    /**
     * {@code out = alpha · Σ_c op(lhs) · op(rhs) + beta · out}, output axes {@code [lhs free…, rhs free…, batch…]}:
     * on CLBlast where a GEMM expresses it ({@link BlasGemm}), else the generated contraction kernel.
     */
    static void dot(DeviceScope scope, Operand lhs, Operand rhs, DotGeneralConfig c, Accumulation acc, Operand out) {
        if (BlasGemm.tryDot(scope, lhs, rhs, c, acc, out)) {
            return; // a (strided-batched) GEMM on CLBlast
        }
        int outRank = out.shape().length;
        long[] lOuter = new long[outRank];
        long[] rOuter = new long[outRank];
        int k = 0;
        for (int a = 0; a < lhs.shape().length; a++) {
            if (DotGeneralShapes.isFree(a, c, true)) {
                lOuter[k++] = lhs.strides()[a];
            }
        }
        for (int a = 0; a < rhs.shape().length; a++) {
            if (DotGeneralShapes.isFree(a, c, false)) {
                rOuter[k++] = rhs.strides()[a];
            }
        }
        for (int b = 0; b < c.batchCount(); b++, k++) {
            lOuter[k] = lhs.strides()[c.lhsBatch(b)];
            rOuter[k] = rhs.strides()[c.rhsBatch(b)];
        }
        int cr = c.contractingCount();
        long[] innerShape = new long[cr];
        long[] lInner = new long[cr];
        long[] rInner = new long[cr];
        for (int p = 0; p < cr; p++) {
            innerShape[p] = lhs.shape()[c.lhsContracting(p)];
            lInner[p] = lhs.strides()[c.lhsContracting(p)];
            rInner[p] = rhs.strides()[c.rhsContracting(p)];
        }
        LayoutPlan outer = LayoutPlan.of(out.shape(), new long[][] {out.strides(), lOuter, rOuter},
                new long[] {out.base(), lhs.base(), rhs.base()});
        long[] plan = LayoutPlan.nested(outer, innerShape, new long[][] {lInner, rInner});
        scope.launch("dotGeneral", new ProgramKey(Family.DOT, out.dtype()), KernelNames.dot(out.dtype()))
                .mem(lhs.memory()).mem(rhs.memory()).mem(out.memory()).plan(plan)
                .pair(acc.alphaRe(), acc.alphaIm()).pair(acc.betaRe(), acc.betaIm())
                .integer(acc.conjugateLhs() ? 1 : 0).integer(acc.conjugateRhs() ? 1 : 0).run(out.size());
    }

    private static void requireIndexedRank(String op, int rank) {
        if (rank > KernelSource.MAX_INDEXED_RANK) {
            throw new UnsupportedOpException(op, null, "the OpenCL provider's " + op + " indexes at most "
                    + KernelSource.MAX_INDEXED_RANK + " axes; this call has " + rank);
        }
    }

    private static int indexOf(int[] values, int v) {
        for (int k = 0; k < values.length; k++) {
            if (values[k] == v) {
                return k;
            }
        }
        return -1;
    }

    /** The index-vector part of an indexing plan: start offset, index-vector stride, batch axes and strides. */
    private static void appendIndices(PlanWriter w, Operand indices, int ivd, int[] batchAxes) {
        int ir = indices.shape().length;
        w.add(indices.base()).add(ivd < ir ? indices.strides()[ivd] : 0).add(batchAxes.length).add(batchAxes);
        for (int j = 0, axis = 0; j < batchAxes.length; j++, axis++) {
            if (axis == ivd) {
                axis++;
            }
            w.add(indices.strides()[axis]);
        }
    }

    /** StableHLO gather (config validated against the operands). */
    static void gather(DeviceScope scope, Operand operand, Operand indices, GatherConfig c, Operand out) {
        int ro = out.shape().length;
        int rk = operand.shape().length;
        requireIndexedRank("gather", Math.max(ro, rk));
        int[] offsetDims = c.offsetDims();
        int[] batchAxes = new int[ro - offsetDims.length];
        for (int a = 0, j = 0; a < ro; a++) {
            if (indexOf(offsetDims, a) < 0) {
                batchAxes[j++] = a;
            }
        }
        long[] offsetAxis = new long[rk];
        long[] batchPos = new long[rk];
        Arrays.fill(batchPos, -1);
        int[] ob = c.operandBatchingDims();
        int[] ib = c.startIndicesBatchingDims();
        int ivd = c.indexVectorDim();
        for (int k = 0; k < ob.length; k++) {
            batchPos[ob[k]] = ib[k] < ivd ? ib[k] : ib[k] - 1;
        }
        for (int d = 0, k = 0; d < rk; d++) {
            offsetAxis[d] = indexOf(c.collapsedSliceDims(), d) < 0 && indexOf(ob, d) < 0 ? offsetDims[k++] : -1;
        }
        PlanWriter w = new PlanWriter().add(ro).add(out.shape()).add(out.base()).add(out.strides());
        w.add(rk).add(operand.shape()).add(operand.base()).add(operand.strides()).add(c.sliceSizes()).add(offsetAxis)
                .add(batchPos).add(c.startIndexMap().length).add(c.startIndexMap());
        appendIndices(w, indices, ivd, batchAxes);
        scope.launch("gather", new ProgramKey(Family.MOVE, null), KernelNames.gather(out.dtype().byteSize(),
                indices.dtype())).mem(operand.memory()).mem(indices.memory()).mem(out.memory()).plan(w.toArray())
                .run(out.size());
    }

    /** StableHLO scatter into {@code out}, which already holds the operand (config validated). */
    static void scatter(DeviceScope scope, Operand indices, Operand updates, ScatterConfig c, Operand out) {
        int ru = updates.shape().length;
        int rk = out.shape().length;
        requireIndexedRank("scatter", Math.max(ru, rk));
        int[] windowDims = c.updateWindowDims();
        int[] scatterAxes = new int[ru - windowDims.length];
        for (int a = 0, j = 0; a < ru; a++) {
            if (indexOf(windowDims, a) < 0) {
                scatterAxes[j++] = a;
            }
        }
        int[] inserted = c.insertedWindowDims();
        int[] ib = c.inputBatchingDims();
        int[] sb = c.scatterIndicesBatchingDims();
        int ivd = c.indexVectorDim();
        long[] window = new long[rk];
        long[] windowAxis = new long[rk];
        long[] batchPos = new long[rk];
        Arrays.fill(batchPos, -1);
        for (int k = 0; k < ib.length; k++) {
            batchPos[ib[k]] = sb[k] < ivd ? sb[k] : sb[k] - 1;
        }
        for (int d = 0, k = 0; d < rk; d++) {
            boolean notWindow = indexOf(inserted, d) >= 0 || indexOf(ib, d) >= 0;
            windowAxis[d] = notWindow ? -1 : windowDims[k];
            window[d] = notWindow ? 1 : updates.shape()[windowDims[k++]];
        }
        PlanWriter w = new PlanWriter().add(ru).add(updates.shape()).add(updates.base()).add(updates.strides());
        w.add(rk).add(out.shape()).add(out.base()).add(out.strides()).add(window).add(windowAxis).add(batchPos)
                .add(c.scatterDimsToOperandDims().length).add(c.scatterDimsToOperandDims());
        appendIndices(w, indices, ivd, scatterAxes);
        scope.launch("scatter", new ProgramKey(Family.SCATTER, out.dtype()), KernelNames.scatter(c.mode(),
                out.dtype(), indices.dtype())).mem(indices.memory()).mem(updates.memory()).mem(out.memory())
                .plan(w.toArray()).run(1);
    }

    /** The distribution's elements into {@code out}, element {@code i} from its own words of the key's stream. */
    static void random(DeviceScope scope, Distribution distribution, RandomKey key, Operand out) {
        LayoutPlan p = LayoutPlan.of(out.shape(), new long[][] {out.strides()}, new long[] {out.base()});
        scope.launch(distribution.operation(), new ProgramKey(Family.RANDOM, out.dtype()),
                KernelNames.random(distribution, out.dtype())).mem(out.memory()).plan(p.encode()).bits(key.k0())
                .bits(key.k1()).run(out.size());
    }

    /** A growing {@code long[]}: the plans of the indexing kernels. Not thread-safe. Lifetime: one launch. */
    private static final class PlanWriter {
        private long[] values = new long[64];
        private int size;

        PlanWriter add(long v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
            return this;
        }

        PlanWriter add(long[] vs) {
            for (long v : vs) {
                add(v);
            }
            return this;
        }

        PlanWriter add(int[] vs) {
            for (int v : vs) {
                add(v);
            }
            return this;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
