package org.ferrite.reference;

import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.spi.IndexingShapes;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.spi.ScatterShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The naive StableHLO {@code gather} and {@code scatter}, written from the specification's index
 * formulas: {@code operand_index = full_start_index + full_batching_index + full_offset_index}
 * (gather; start indices clamped to {@code [0, dim - slice_size]}), and
 * {@code result_index = full_start_index + full_batching_index + full_window_index} (scatter; an update
 * whose window would fall outside the operand is skipped whole, updates applied in column-major order
 * of {@code updates}, so with REPLACE the last duplicate wins). Modes follow
 * the dtype domain of the matching {@code BinaryOp}: REPLACE any dtype, ADD and MUL any dtype (BOOL by
 * or/and), MAX and MIN the real dtypes.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class NaiveIndexing {
    private NaiveIndexing() {
    }

    static void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig c, TensorWrite out) {
        IndexingShapes.checkGather(operand, startIndices, c, out);
        IndexingShapes.checkGatherCall(Placement.HOST, operand, startIndices, out);
        long[] shape = out.shape();
        int[] offsetDims = c.offsetDims();
        long[] sliceSizes = c.sliceSizes();
        int[] map = c.startIndexMap();
        int[] ob = c.operandBatchingDims();
        int[] ib = c.startIndicesBatchingDims();
        int ivd = c.indexVectorDim();
        IndexSpace.forEach(shape, ri -> {
            long[] batchIndex = complement(ri, offsetDims);
            long[] start = startIndex(startIndices, batchIndex, ivd, map.length);
            long[] operandIndex = new long[operand.rank()];
            for (int ds = 0; ds < map.length; ds++) {
                int d = map[ds];
                operandIndex[d] = Math.max(0, Math.min(start[ds], operand.dim(d) - sliceSizes[d]));
            }
            for (int k = 0; k < ob.length; k++) {
                operandIndex[ob[k]] += batchIndex[ib[k] < ivd ? ib[k] : ib[k] - 1];
            }
            long[] offsetIndex = pick(ri, offsetDims);
            for (int d = 0, k = 0; d < operand.rank(); d++) {
                if (IndexSpace.indexOf(c.collapsedSliceDims(), d) < 0 && IndexSpace.indexOf(ob, d) < 0) {
                    operandIndex[d] += offsetIndex[k++];
                }
            }
            ElementMath.copy(operand, operandIndex, out, ri);
        });
    }

    static void scatterInto(ReferenceSession session, TensorRead operand, TensorRead indices, TensorRead updates,
            ScatterConfig c, TensorWrite out) {
        String op = "scatter";
        OpChecks.requireDefined(c.mode(), operand.dtype());
        ScatterShapes.checkScatter(operand, indices, updates, c, out);
        ScatterShapes.checkScatterCall(Placement.HOST, operand, indices, updates, out);
        long[] windowExtent = windowExtents(operand.rank(), updates, c);
        if (!Overlap.identicalLayout(out, operand)) {
            session.copyInto(operand, out);
        }
        int[] windowDims = c.updateWindowDims();
        int[] map = c.scatterDimsToOperandDims();
        int[] ib = c.inputBatchingDims();
        int[] sb = c.scatterIndicesBatchingDims();
        int ivd = c.indexVectorDim();
        IndexSpace.forEach(updates.shape(), ui -> {
            long[] scatterIndex = complement(ui, windowDims);
            long[] start = startIndex(indices, scatterIndex, ivd, map.length);
            long[] base = new long[out.rank()];
            for (int ds = 0; ds < map.length; ds++) {
                base[map[ds]] = start[ds];
            }
            for (int k = 0; k < ib.length; k++) {
                base[ib[k]] += scatterIndex[sb[k] < ivd ? sb[k] : sb[k] - 1];
            }
            for (int d = 0; d < out.rank(); d++) {
                if (base[d] < 0 || base[d] + windowExtent[d] > out.dim(d)) {
                    return; // the window falls outside the operand: skipped whole
                }
            }
            long[] window = pick(ui, windowDims);
            long[] resultIndex = base.clone();
            for (int d = 0, k = 0; d < out.rank(); d++) {
                if (IndexSpace.indexOf(c.insertedWindowDims(), d) < 0 && IndexSpace.indexOf(ib, d) < 0) {
                    resultIndex[d] += window[k++];
                }
            }
            combine(c.mode(), out, resultIndex, updates, ui);
        });
    }

    private static void combine(ScatterMode mode, TensorWrite out, long[] oi, TensorRead updates, long[] ui) {
        DType d = out.dtype();
        if (mode == ScatterMode.REPLACE) {
            ElementMath.copy(updates, ui, out, oi);
        } else if (d.isBool()) {
            boolean a = out.getBoolean(oi);
            boolean b = updates.getBoolean(ui);
            out.setBoolean(mode == ScatterMode.ADD ? a | b : a & b, oi);
        } else if (d.isInteger()) {
            long a = out.getLong(oi);
            long b = updates.getLong(ui);
            long r = mode == ScatterMode.ADD ? a + b : mode == ScatterMode.MUL ? a * b
                    : mode == ScatterMode.MAX ? Math.max(a, b) : Math.min(a, b);
            out.setLong(ElementMath.wrap(d, r), oi);
        } else if (d.isComplex()) {
            double ar = out.getReal(oi);
            double ai = out.getImag(oi);
            double br = updates.getReal(ui);
            double bi = updates.getImag(ui);
            if (mode == ScatterMode.ADD) {
                out.setComplex(ar + br, ai + bi, oi);
            } else {
                out.setComplex(ar * br - ai * bi, ar * bi + ai * br, oi);
            }
        } else {
            double a = out.getReal(oi);
            double b = updates.getReal(ui);
            out.set(mode == ScatterMode.ADD ? a + b : mode == ScatterMode.MUL ? a * b
                    : mode == ScatterMode.MAX ? Math.max(a, b) : Math.min(a, b), oi);
        }
    }

    /** The window's extent along each operand axis: 1 along inserted and batching axes. */
    private static long[] windowExtents(int rank, TensorRead updates, ScatterConfig c) {
        int[] window = c.updateWindowDims();
        long[] extent = new long[rank];
        for (int d = 0, k = 0; d < rank; d++) {
            boolean notWindow = IndexSpace.indexOf(c.insertedWindowDims(), d) >= 0
                    || IndexSpace.indexOf(c.inputBatchingDims(), d) >= 0;
            extent[d] = notWindow ? 1 : updates.dim(window[k++]);
        }
        return extent;
    }

    /** The index's components at the axes not in {@code dims}, in order. */
    static long[] complement(long[] index, int[] dims) {
        long[] out = new long[index.length - dims.length];
        for (int a = 0, k = 0; a < index.length; a++) {
            if (IndexSpace.indexOf(dims, a) < 0) {
                out[k++] = index[a];
            }
        }
        return out;
    }

    private static long[] pick(long[] index, int[] dims) {
        long[] out = new long[dims.length];
        for (int k = 0; k < dims.length; k++) {
            out[k] = index[dims[k]];
        }
        return out;
    }

    /** StableHLO's start index: the index vector at {@code batchIndex}, along {@code ivd}. */
    private static long[] startIndex(TensorRead indices, long[] batchIndex, int ivd, int length) {
        long[] start = new long[length];
        for (int k = 0; k < length; k++) {
            long[] full;
            if (ivd < indices.rank()) {
                full = new long[indices.rank()];
                for (int a = 0, j = 0; a < full.length; a++) {
                    full[a] = a == ivd ? k : batchIndex[j++];
                }
            } else {
                full = batchIndex;
            }
            // bounded so that start + window extent cannot overflow; such starts are out of range anyway
            start[k] = Math.max(Long.MIN_VALUE / 2, Math.min(Long.MAX_VALUE / 2, indices.getLong(full)));
        }
        return start;
    }
}
