package org.ferrite.cpu.internal.kernel.index;

import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.typed.TypedDispatch;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;
import org.ferrite.cpu.internal.plan.IndexedPlan;

/**
 * A compiled StableHLO gather for fixed dtypes, shapes, strides and config:
 *
 * <pre>
 * for every batch position b (the index axes without indexVectorDim, first axis fastest):
 *   start[d]  = clamp(indices[b, k], 0, dim(operand, d) - sliceSizes[d])   for d = startIndexMap[k]
 *   start[d] += b[i]                                                         for d = operandBatchingDims[i]
 *   out[batch axes = b, offset axes = w] = operand[start + w]                over the slice window w
 * </pre>
 *
 * The window (the offset axes, plus a two-lane axis for complex dtypes) is one coalesced
 * {@link StridedLayout} compiled once and moved to each batch position by its bases; everything the
 * walk needs is precomputed in storage scalars. Only offsets of the operands vary between runs.
 * The operands' {@code long} metadata is narrowed to {@code int} here, once: the kernel checked the
 * index space of every input ({@code KernelChecks.requireIndexSpace}); an output always fits.
 * Not thread-safe: one plan is run by the owning session's thread at a time. Lifetime: as long as
 * its cache retains it.
 */
public final class GatherPlan implements IndexedPlan {
    /** The plan family in {@link org.ferrite.cpu.internal.plan.PlanKey}s. */
    public static final int FAMILY = 1;

    private final DType dtype;
    private final int lanes;
    private final int[] batchDims;
    private final int[] indexStrides;
    private final int[] outStrides;
    private final int[] operandStrides;
    private final int[] counter;
    private final int vectorStride;
    private final int[] startStrides;
    private final int[] maxStarts;
    private final StridedLayout window;
    private final boolean empty;

    private GatherPlan(TensorRead operand, TensorRead indices, GatherConfig config, TensorWrite out) {
        dtype = operand.dtype();
        lanes = dtype.scalarsPerElement();
        int ivd = config.indexVectorDim();
        int[] offsetDims = config.offsetDims();
        boolean[] isOffset = new boolean[out.rank()];
        for (int d : offsetDims) {
            isOffset[d] = true;
        }
        int batchRank = out.rank() - offsetDims.length;
        batchDims = new int[batchRank];
        indexStrides = new int[batchRank];
        outStrides = new int[batchRank];
        operandStrides = new int[batchRank];
        counter = new int[batchRank];
        int[] operandBatching = config.operandBatchingDims();
        int[] indexBatching = config.startIndicesBatchingDims();
        for (int j = 0, outAxis = 0, indexAxis = 0; j < batchRank; j++, outAxis++, indexAxis++) {
            while (isOffset[outAxis]) {
                outAxis++;
            }
            if (indexAxis == ivd) {
                indexAxis++;
            }
            batchDims[j] = (int) indices.dim(indexAxis);
            indexStrides[j] = (int) indices.stride(indexAxis);
            outStrides[j] = (int) out.stride(outAxis) * lanes;
            for (int i = 0; i < indexBatching.length; i++) {
                if (indexBatching[i] == indexAxis) {
                    operandStrides[j] += (int) operand.stride(operandBatching[i]) * lanes;
                }
            }
        }
        int[] map = config.startIndexMap();
        long[] sizes = config.sliceSizes();
        vectorStride = ivd < indices.rank() ? (int) indices.stride(ivd) : 0;
        startStrides = new int[map.length];
        maxStarts = new int[map.length];
        for (int k = 0; k < map.length; k++) {
            startStrides[k] = (int) operand.stride(map[k]) * lanes;
            maxStarts[k] = (int) (operand.dim(map[k]) - sizes[map[k]]);
        }
        window = compileWindow(operand, config, out, offsetDims);
        empty = out.size() == 0;
    }

    private StridedLayout compileWindow(TensorRead operand, GatherConfig config, TensorWrite out, int[] offsetDims) {
        boolean[] dropped = new boolean[operand.rank()];
        for (int d : config.collapsedSliceDims()) {
            dropped[d] = true;
        }
        for (int d : config.operandBatchingDims()) {
            dropped[d] = true;
        }
        StridedLayout w = new StridedLayout().begin(offsetDims.length, 2);
        for (int j = 0, d = 0; j < offsetDims.length; j++, d++) {
            while (dropped[d]) {
                d++;
            }
            w.dim(j, (int) out.dim(offsetDims[j])).stride(0, j, (int) out.stride(offsetDims[j]) * lanes)
                    .stride(1, j, (int) operand.stride(d) * lanes);
        }
        if (lanes == 2) {
            int axis = w.appendAxis(2);
            w.stride(0, axis, 1).stride(1, axis, 1);
        }
        w.finish(0);
        return w;
    }

    /**
     * Compiles a validated gather.
     *
     * @param operand the operand
     * @param indices the start indices
     * @param config the dimension numbers
     * @param out the output, shape {@code IndexingShapes.gatherShape}
     * @return the plan
     */
    public static GatherPlan compile(TensorRead operand, TensorRead indices, GatherConfig config, TensorWrite out) {
        return new GatherPlan(operand, indices, config, out);
    }

    /**
     * Runs the plan on operands with the layouts it was compiled for (their offsets may differ).
     *
     * @param operand the operand
     * @param indices the start indices
     * @param out the output
     */
    public void execute(TensorRead operand, TensorRead indices, TensorWrite out) {
        if (empty) {
            return;
        }
        Object o = out.storage();
        Object src = operand.storage();
        Object idx = indices.storage();
        boolean isLong = IndexVectors.isLong(indices);
        int operandBase = (int) operand.offset() * lanes;
        int ip = (int) indices.offset();
        int op = (int) out.offset() * lanes;
        int bp = 0;
        int batchRank = batchDims.length;
        for (int a = 0; a < batchRank; a++) {
            counter[a] = 0;
        }
        while (true) {
            int start = operandBase + bp;
            for (int k = 0; k < startStrides.length; k++) {
                long v = IndexVectors.read(idx, isLong, ip + k * vectorStride);
                start += (int) (v < 0 ? 0 : Math.min(v, maxStarts[k])) * startStrides[k];
            }
            window.base(0, op);
            window.base(1, start);
            TypedDispatch.copy(dtype, window, o, src);
            int a = 0;
            for (; a < batchRank; a++) {
                if (++counter[a] < batchDims[a]) {
                    ip += indexStrides[a];
                    op += outStrides[a];
                    bp += operandStrides[a];
                    break;
                }
                counter[a] = 0;
                int back = batchDims[a] - 1;
                ip -= indexStrides[a] * back;
                op -= outStrides[a] * back;
                bp -= operandStrides[a] * back;
            }
            if (a == batchRank) {
                return;
            }
        }
    }

    @Override
    public long estimatedBytes() {
        int ints = 6 * batchDims.length + 2 * startStrides.length + 10 * (window.rank() + 2);
        return 160 + 4L * ints;
    }
}
