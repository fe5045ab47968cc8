package org.ferrite.api.testkit.reference;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.IndexingShapes;
import org.ferrite.api.session.OperandChecks;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.ScatterShapes;
import org.ferrite.api.tensor.DType;
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
        String op = "gather";
        int[] shape = IndexingShapes.gatherShape(operand, startIndices, c);
        OperandChecks.requireDtype(op, "out", out, operand.dtype());
        OperandChecks.requireShape(op, "out", shape, out);
        OperandChecks.requireWritable(op, out);
        OperandChecks.requireSamePlacement(op, "out", operand, out);
        OperandChecks.requireSamePlacement(op, "startIndices", operand, startIndices);
        OperandChecks.requireNoAlias(op, out, operand, "operand");
        Aliasing.requireDisjoint(op, out, startIndices, "startIndices");
        int[] offsetDims = c.offsetDims();
        int[] sliceSizes = c.sliceSizes();
        int[] map = c.startIndexMap();
        int[] ob = c.operandBatchingDims();
        int[] ib = c.startIndicesBatchingDims();
        int ivd = c.indexVectorDim();
        IndexSpace.forEach(shape, ri -> {
            int[] batchIndex = complement(ri, offsetDims);
            int[] start = startIndex(startIndices, batchIndex, ivd, map.length);
            int[] operandIndex = new int[operand.rank()];
            for (int ds = 0; ds < map.length; ds++) {
                int d = map[ds];
                operandIndex[d] = Math.max(0, Math.min(start[ds], operand.dim(d) - sliceSizes[d]));
            }
            for (int k = 0; k < ob.length; k++) {
                operandIndex[ob[k]] += batchIndex[ib[k] < ivd ? ib[k] : ib[k] - 1];
            }
            int[] offsetIndex = pick(ri, offsetDims);
            for (int d = 0, k = 0; d < operand.rank(); d++) {
                if (IndexSpace.indexOf(c.collapsedSliceDims(), d) < 0 && IndexSpace.indexOf(ob, d) < 0) {
                    operandIndex[d] += offsetIndex[k++];
                }
            }
            ElementMath.copy(operand, operandIndex, out, ri);
        });
    }

    static boolean supports(ScatterMode mode, DType d) {
        switch (mode) {
            case REPLACE:
                return true;
            case ADD:
            case MUL:
                return true; // as BinaryOp ADD/MUL: BOOL combines by or/and
            default:
                return d.isInteger() || d.isRealFloating();
        }
    }

    static void scatterInto(ReferenceSession session, TensorRead operand, TensorRead indices, TensorRead updates,
            ScatterConfig c, TensorWrite out) {
        String op = "scatter";
        if (!supports(c.mode(), operand.dtype())) {
            throw new UnsupportedOpException(op, operand.dtype().name(), "scatter mode " + c.mode()
                    + " is not defined for this dtype (see ScatterMode)");
        }
        OperandChecks.requireOutput(op, out, operand.dtype(), operand);
        OperandChecks.requireDtype(op, "updates", updates, operand.dtype());
        OperandChecks.requireSamePlacement(op, "updates", operand, updates);
        OperandChecks.requireSamePlacement(op, "scatterIndices", operand, indices);
        ScatterShapes.validate(operand, indices, updates, c);
        int[] windowExtent = windowExtents(operand.rank(), updates, c);
        OperandChecks.requireNoPartialAlias(op, out, operand, "operand");
        Aliasing.requireDisjoint(op, out, indices, "scatterIndices");
        OperandChecks.requireNoAlias(op, out, updates, "updates");
        if (!OperandChecks.identicalLayout(out, operand)) {
            session.copyInto(operand, out);
        }
        int[] windowDims = c.updateWindowDims();
        int[] map = c.scatterDimsToOperandDims();
        int[] ib = c.inputBatchingDims();
        int[] sb = c.scatterIndicesBatchingDims();
        int ivd = c.indexVectorDim();
        IndexSpace.forEach(updates.shape(), ui -> {
            int[] scatterIndex = complement(ui, windowDims);
            int[] start = startIndex(indices, scatterIndex, ivd, map.length);
            int[] base = new int[out.rank()];
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
            int[] window = pick(ui, windowDims);
            int[] resultIndex = base.clone();
            for (int d = 0, k = 0; d < out.rank(); d++) {
                if (IndexSpace.indexOf(c.insertedWindowDims(), d) < 0 && IndexSpace.indexOf(ib, d) < 0) {
                    resultIndex[d] += window[k++];
                }
            }
            combine(c.mode(), out, resultIndex, updates, ui);
        });
    }

    private static void combine(ScatterMode mode, TensorWrite out, int[] oi, TensorRead updates, int[] ui) {
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
            out.setLong(d == DType.I32 ? (int) r : r, oi);
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
    private static int[] windowExtents(int rank, TensorRead updates, ScatterConfig c) {
        int[] window = c.updateWindowDims();
        int[] extent = new int[rank];
        for (int d = 0, k = 0; d < rank; d++) {
            boolean notWindow = IndexSpace.indexOf(c.insertedWindowDims(), d) >= 0
                    || IndexSpace.indexOf(c.inputBatchingDims(), d) >= 0;
            extent[d] = notWindow ? 1 : updates.dim(window[k++]);
        }
        return extent;
    }

    /** The index's components at the axes not in {@code dims}, in order. */
    static int[] complement(int[] index, int[] dims) {
        int[] out = new int[index.length - dims.length];
        for (int a = 0, k = 0; a < index.length; a++) {
            if (IndexSpace.indexOf(dims, a) < 0) {
                out[k++] = index[a];
            }
        }
        return out;
    }

    private static int[] pick(int[] index, int[] dims) {
        int[] out = new int[dims.length];
        for (int k = 0; k < dims.length; k++) {
            out[k] = index[dims[k]];
        }
        return out;
    }

    /** StableHLO's start index: the index vector at {@code batchIndex}, along {@code ivd}. */
    private static int[] startIndex(TensorRead indices, int[] batchIndex, int ivd, int length) {
        int[] start = new int[length];
        for (int k = 0; k < length; k++) {
            int[] full;
            if (ivd < indices.rank()) {
                full = new int[indices.rank()];
                for (int a = 0, j = 0; a < full.length; a++) {
                    full[a] = a == ivd ? k : batchIndex[j++];
                }
            } else {
                full = batchIndex;
            }
            long v = indices.getLong(full);
            start[k] = (int) Math.max(Integer.MIN_VALUE / 2, Math.min(Integer.MAX_VALUE / 2, v));
        }
        return start;
    }
}
