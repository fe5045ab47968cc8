package org.ferrite.cpu.internal.kernel.index;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.typed.TypedDispatch;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;
import org.ferrite.cpu.internal.plan.IndexedPlan;

/**
 * A compiled StableHLO scatter for fixed dtypes, shapes, strides and config, applied to an output
 * that already holds the operand:
 *
 * <pre>
 * for every scatter position u (the update axes not in updateWindowDims, first axis fastest):
 *   start[d]  = indices[u, k]            for d = scatterDimsToOperandDims[k]   (no clamping)
 *   start[d] += u[i]                     for d = inputBatchingDims[i]
 *   if start + window lies inside out:   out[start + w] = combine(out[start + w], updates[u, w])
 *   else:                                the whole window is skipped
 * </pre>
 *
 * {@code combine} is the {@link ScatterMode}: REPLACE overwrites (a later position wins), ADD, MUL,
 * MAX and MIN apply the matching binary map. Positions run in the order above, one window at a time,
 * so duplicates resolve deterministically. The window is one coalesced {@link StridedLayout} compiled
 * The operands' {@code long} metadata is narrowed to {@code int} here, once: the kernel checked the
 * index space of every input ({@code KernelChecks.requireIndexSpace}); an output always fits.
 * once. Not thread-safe: one plan is run by the owning session's thread at a time. Lifetime: as long
 * as its cache retains it.
 */
public final class ScatterPlan implements IndexedPlan {
    /** The plan family in {@link org.ferrite.cpu.internal.plan.PlanKey}s. */
    public static final int FAMILY = 2;

    private final DType dtype;
    private final BinaryOp combine;
    private final int[] scatterDims;
    private final int[] updateStrides;
    private final int[] indexStrides;
    private final int[] outStrides;
    private final int[] counter;
    private final int vectorStride;
    private final int[] startStrides;
    private final int[] maxStarts;
    private final StridedLayout window;
    private final boolean empty;

    /**
     * @param mode a scatter mode
     * @return the binary map it applies, or {@code null} for REPLACE
     */
    public static BinaryOp combineOp(ScatterMode mode) {
        switch (mode) {
            case ADD:
                return BinaryOp.ADD;
            case MUL:
                return BinaryOp.MUL;
            case MAX:
                return BinaryOp.MAXIMUM;
            case MIN:
                return BinaryOp.MINIMUM;
            default:
                return null;
        }
    }

    private ScatterPlan(TensorRead indices, TensorRead updates, ScatterConfig config, TensorWrite out) {
        dtype = out.dtype();
        int lanes = dtype.scalarsPerElement();
        combine = combineOp(config.mode());
        int ivd = config.indexVectorDim();
        int[] windowDims = config.updateWindowDims();
        boolean[] isWindow = new boolean[updates.rank()];
        for (int d : windowDims) {
            isWindow[d] = true;
        }
        int scatterRank = updates.rank() - windowDims.length;
        scatterDims = new int[scatterRank];
        updateStrides = new int[scatterRank];
        indexStrides = new int[scatterRank];
        outStrides = new int[scatterRank];
        counter = new int[scatterRank];
        int[] inputBatching = config.inputBatchingDims();
        int[] indexBatching = config.scatterIndicesBatchingDims();
        for (int j = 0, ua = 0, ia = 0; j < scatterRank; j++, ua++, ia++) {
            while (isWindow[ua]) {
                ua++;
            }
            if (ia == ivd) {
                ia++;
            }
            scatterDims[j] = (int) updates.dim(ua);
            updateStrides[j] = (int) updates.stride(ua) * lanes;
            indexStrides[j] = (int) indices.stride(ia);
            for (int i = 0; i < indexBatching.length; i++) {
                if (indexBatching[i] == ia) {
                    outStrides[j] += (int) out.stride(inputBatching[i]) * lanes;
                }
            }
        }
        boolean[] notWindow = new boolean[out.rank()];
        for (int d : config.insertedWindowDims()) {
            notWindow[d] = true;
        }
        for (int d : inputBatching) {
            notWindow[d] = true;
        }
        int[] windowExtent = new int[out.rank()];
        java.util.Arrays.fill(windowExtent, 1);
        window = new StridedLayout().begin(windowDims.length, combine == null ? 2 : 3);
        int updatesOperand = combine == null ? 1 : 2;
        for (int j = 0, d = 0; j < windowDims.length; j++, d++) {
            while (notWindow[d]) {
                d++;
            }
            windowExtent[d] = (int) updates.dim(windowDims[j]);
            window.dim(j, windowExtent[d]).stride(0, j, (int) out.stride(d) * lanes)
                    .stride(updatesOperand, j, (int) updates.stride(windowDims[j]) * lanes);
            if (combine != null) {
                window.stride(1, j, (int) out.stride(d) * lanes);
            }
        }
        if (combine == null && lanes == 2) {
            int axis = window.appendAxis(2);
            window.stride(0, axis, 1).stride(1, axis, 1);
        }
        window.finish(0);
        int[] map = config.scatterDimsToOperandDims();
        vectorStride = ivd < indices.rank() ? (int) indices.stride(ivd) : 0;
        startStrides = new int[map.length];
        maxStarts = new int[map.length];
        for (int k = 0; k < map.length; k++) {
            startStrides[k] = (int) out.stride(map[k]) * lanes;
            maxStarts[k] = (int) out.dim(map[k]) - windowExtent[map[k]];
        }
        empty = updates.size() == 0;
    }

    /**
     * Compiles a validated scatter.
     *
     * @param indices the scatter indices
     * @param updates the updates
     * @param config the dimension numbers and mode
     * @param out the output (shape of the operand)
     * @return the plan
     */
    public static ScatterPlan compile(TensorRead indices, TensorRead updates, ScatterConfig config, TensorWrite out) {
        return new ScatterPlan(indices, updates, config, out);
    }

    /**
     * Applies the updates to {@code out}, which already holds the operand.
     *
     * @param indices the scatter indices
     * @param updates the updates
     * @param out the output
     */
    public void execute(TensorRead indices, TensorRead updates, TensorWrite out) {
        if (empty) {
            return;
        }
        int lanes = dtype.scalarsPerElement();
        Object o = out.storage();
        Object u = updates.storage();
        Object idx = indices.storage();
        boolean isLong = IndexVectors.isLong(indices);
        int outBase = (int) out.offset() * lanes;
        int ip = (int) indices.offset();
        int up = (int) updates.offset() * lanes;
        int bp = 0;
        int scatterRank = scatterDims.length;
        for (int a = 0; a < scatterRank; a++) {
            counter[a] = 0;
        }
        while (true) {
            int start = outBase + bp;
            boolean inside = true;
            for (int k = 0; k < startStrides.length && inside; k++) {
                long v = IndexVectors.read(idx, isLong, ip + k * vectorStride);
                inside = v >= 0 && v <= maxStarts[k];
                start += (int) v * startStrides[k];
            }
            if (inside) {
                window.base(0, start);
                if (combine == null) {
                    window.base(1, up);
                    TypedDispatch.copy(dtype, window, o, u);
                } else {
                    window.base(1, start);
                    window.base(2, up);
                    TypedDispatch.binary(combine, dtype, window, o, o, u);
                }
            }
            int a = 0;
            for (; a < scatterRank; a++) {
                if (++counter[a] < scatterDims[a]) {
                    ip += indexStrides[a];
                    up += updateStrides[a];
                    bp += outStrides[a];
                    break;
                }
                counter[a] = 0;
                int back = scatterDims[a] - 1;
                ip -= indexStrides[a] * back;
                up -= updateStrides[a] * back;
                bp -= outStrides[a] * back;
            }
            if (a == scatterRank) {
                return;
            }
        }
    }

    @Override
    public long estimatedBytes() {
        int ints = 7 * scatterDims.length + 2 * startStrides.length + 14 * (window.rank() + 2);
        return 160 + 4L * ints;
    }
}
