package org.ferrite.offheap.device;

import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.tensor.DType;

/**
 * StableHLO {@code gather} and {@code scatter} on device memory, from the specification's index
 * formulas. Gather: {@code operand_index = full_start_index + full_batching_index + full_offset_index},
 * start indices clamped to {@code [0, dim - slice_size]}. Scatter: {@code result_index =
 * full_start_index + full_batching_index + full_window_index}; an update whose window would fall outside
 * the operand is skipped whole; updates apply in column-major order of {@code updates} (with REPLACE the
 * last duplicate wins); ADD/MUL combine BOOL as or/and. The scatter kernel combines into an output that
 * already holds the operand (the session copies it first unless it is the operand itself).
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class IndexKernels {
    private IndexKernels() {
    }

    /**
     * @param operand the operand
     * @param indices the start indices (I32 or I64)
     * @param c the configuration, validated
     * @param out the output, of the gather shape
     * @return the work
     */
    public static Runnable gather(Operand operand, Operand indices, GatherConfig c, Operand out) {
        long[] dims = operand.shape();
        int rank = dims.length;
        long[] sliceSizes = c.sliceSizes();
        int[] map = c.startIndexMap();
        int[] ob = c.operandBatchingDims();
        int[] ib = c.startIndicesBatchingDims();
        int ivd = c.indexVectorDim();
        int[] offsetDims = c.offsetDims();
        return () -> {
            long[] operandIndex = new long[rank];
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] ri = o.index();
                long[] batch = without(ri, offsetDims);
                java.util.Arrays.fill(operandIndex, 0);
                for (int ds = 0; ds < map.length; ds++) {
                    int d = map[ds];
                    long start = startIndex(indices, batch, ivd, ds);
                    operandIndex[d] = Math.max(0, Math.min(start, dims[d] - sliceSizes[d]));
                }
                for (int k = 0; k < ob.length; k++) {
                    operandIndex[ob[k]] += batch[ib[k] < ivd ? ib[k] : ib[k] - 1];
                }
                for (int d = 0, k = 0; d < rank; d++) {
                    if (indexOf(c.collapsedSliceDims(), d) < 0 && indexOf(ob, d) < 0) {
                        operandIndex[d] += ri[offsetDims[k++]];
                    }
                }
                out.copy(ri, operand, operandIndex);
            }
        };
    }

    /**
     * @param indices the scatter indices (I32 or I64)
     * @param updates the updates
     * @param c the configuration, validated
     * @param out the output, already holding the operand
     * @return the work
     */
    public static Runnable scatter(Operand indices, Operand updates, ScatterConfig c, Operand out) {
        long[] dims = out.shape();
        int rank = dims.length;
        long[] window = windowExtents(rank, updates.shape(), c);
        int[] windowDims = c.updateWindowDims();
        int[] map = c.scatterDimsToOperandDims();
        int[] ib = c.inputBatchingDims();
        int[] sb = c.scatterIndicesBatchingDims();
        int ivd = c.indexVectorDim();
        return () -> {
            for (Odometer o = new Odometer(updates.shape()); o.next();) {
                long[] ui = o.index();
                long[] scatterIndex = without(ui, windowDims);
                long[] at = new long[rank];
                for (int ds = 0; ds < map.length; ds++) {
                    at[map[ds]] = startIndex(indices, scatterIndex, ivd, ds);
                }
                for (int k = 0; k < ib.length; k++) {
                    at[ib[k]] += scatterIndex[sb[k] < ivd ? sb[k] : sb[k] - 1];
                }
                boolean inside = true;
                for (int d = 0; d < rank; d++) {
                    inside &= at[d] >= 0 && at[d] + window[d] <= dims[d];
                }
                if (!inside) {
                    continue; // the window falls outside the operand: skipped whole
                }
                for (int d = 0, k = 0; d < rank; d++) {
                    if (indexOf(c.insertedWindowDims(), d) < 0 && indexOf(ib, d) < 0) {
                        at[d] += ui[windowDims[k++]];
                    }
                }
                combine(c.mode(), out, at, updates, ui);
            }
        };
    }

    private static void combine(ScatterMode mode, Operand out, long[] oi, Operand updates, long[] ui) {
        DType d = out.dtype;
        if (mode == ScatterMode.REPLACE) {
            out.copy(oi, updates, ui);
        } else if (d.isBool()) {
            out.putBool(oi, mode == ScatterMode.ADD ? out.bool(oi) | updates.bool(ui) : out.bool(oi) & updates.bool(ui));
        } else if (d.isInteger()) {
            long a = out.integer(oi);
            long b = updates.integer(ui);
            out.putInteger(oi, mode == ScatterMode.ADD ? a + b : mode == ScatterMode.MUL ? a * b
                    : mode == ScatterMode.MAX ? Math.max(a, b) : Math.min(a, b));
        } else {
            double ar = out.re(oi);
            double ai = out.im(oi);
            double br = updates.re(ui);
            double bi = updates.im(ui);
            switch (mode) {
                case ADD:
                    out.put(oi, ar + br, ai + bi);
                    break;
                case MUL:
                    out.put(oi, ar * br - ai * bi, ar * bi + ai * br);
                    break;
                case MAX:
                    out.put(oi, Math.max(ar, br), 0);
                    break;
                default:
                    out.put(oi, Math.min(ar, br), 0);
            }
        }
    }

    /** The window's extent along each operand axis: 1 along inserted and batching axes. */
    private static long[] windowExtents(int rank, long[] updatesShape, ScatterConfig c) {
        int[] windowDims = c.updateWindowDims();
        long[] extent = new long[rank];
        for (int d = 0, k = 0; d < rank; d++) {
            boolean notWindow = indexOf(c.insertedWindowDims(), d) >= 0 || indexOf(c.inputBatchingDims(), d) >= 0;
            extent[d] = notWindow ? 1 : updatesShape[windowDims[k++]];
        }
        return extent;
    }

    /** Component {@code k} of the index vector at {@code batch}, along {@code ivd}; bounded so sums cannot overflow. */
    private static long startIndex(Operand indices, long[] batch, int ivd, int k) {
        int rank = indices.shape().length;
        long[] full = batch;
        if (ivd < rank) {
            full = new long[rank];
            for (int a = 0, j = 0; a < rank; a++) {
                full[a] = a == ivd ? k : batch[j++];
            }
        }
        return Math.max(Long.MIN_VALUE / 2, Math.min(Long.MAX_VALUE / 2, indices.integer(full)));
    }

    /** The components of {@code index} at the axes not in {@code dims}, in order. */
    private static long[] without(long[] index, int[] dims) {
        long[] out = new long[index.length - dims.length];
        for (int a = 0, k = 0; a < index.length; a++) {
            if (indexOf(dims, a) < 0) {
                out[k++] = index[a];
            }
        }
        return out;
    }

    private static int indexOf(int[] values, int v) {
        for (int k = 0; k < values.length; k++) {
            if (values[k] == v) {
                return k;
            }
        }
        return -1;
    }
}
