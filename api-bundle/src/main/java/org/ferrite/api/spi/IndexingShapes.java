package org.ferrite.api.spi;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.PadConfig;
import org.ferrite.api.session.SliceConfig;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Shape rules of the indexing family, shared by every provider: gather output shapes (StableHLO),
 * slice and dynamic-slice views, pad and concatenate shapes. For provider implementations.
 *
 * <p>A gather's validation is split like every cached operation's: {@link #checkGather} (dtypes,
 * shapes, config, output layout — cacheable) and {@link #checkGatherCall} (placement and aliasing — on
 * every call). Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class IndexingShapes {
    private IndexingShapes() {
    }

    /**
     * Validates a gather against its operands and returns the StableHLO output shape: batch axes (the
     * index axes without {@code indexVectorDim}) fill the result axes not in {@code offsetDims}, in
     * order; {@code offsetDims[i]} gets the i-th slice size that is neither collapsed nor batching.
     *
     * @param operand the operand
     * @param indices I32/I64 start indices
     * @param config the dimension numbers
     * @return the output shape
     * @throws ValidationException naming the offending argument
     */
    public static long[] gatherShape(TensorRead operand, TensorRead indices, GatherConfig config) {
        String op = "gather";
        requireIndexDtype(op, "startIndices", indices);
        int rank = operand.rank();
        long[] sliceSizes = config.sliceSizes();
        if (sliceSizes.length != rank) {
            throw ValidationException.invalidArgument(op, "sliceSizes", rank + " sizes (operand rank)",
                    Arrays.toString(sliceSizes), null);
        }
        int ivd = config.indexVectorDim();
        if (ivd > indices.rank()) {
            throw ValidationException.axisOutOfBounds(op, "indexVectorDim", ivd, indices.rank() + 1);
        }
        long indexLength = ivd == indices.rank() ? 1 : indices.dim(ivd);
        int[] startIndexMap = config.startIndexMap();
        if (startIndexMap.length != indexLength) {
            throw ValidationException.invalidArgument(op, "startIndexMap", indexLength
                    + " axes (the index vector length)", Arrays.toString(startIndexMap), null);
        }
        for (int d : startIndexMap) {
            checkAxis(op, "startIndexMap", d, rank);
        }
        boolean[] dropped = new boolean[rank];
        for (int d : config.collapsedSliceDims()) {
            checkAxis(op, "collapsedSliceDims", d, rank);
            if (sliceSizes[d] > 1) {
                throw ValidationException.invalidAxisArgument(op, "sliceSizes", d, "size <= 1 on a collapsed axis",
                        String.valueOf(sliceSizes[d]));
            }
            dropped[d] = true;
        }
        int[] operandBatching = config.operandBatchingDims();
        int[] indicesBatching = config.startIndicesBatchingDims();
        for (int i = 0; i < operandBatching.length; i++) {
            int d = operandBatching[i];
            checkAxis(op, "operandBatchingDims", d, rank);
            checkAxis(op, "startIndicesBatchingDims", indicesBatching[i], indices.rank());
            if (sliceSizes[d] > 1) {
                throw ValidationException.invalidAxisArgument(op, "sliceSizes", d, "size <= 1 on a batching axis",
                        String.valueOf(sliceSizes[d]));
            }
            if (operand.dim(d) != indices.dim(indicesBatching[i])) {
                throw ValidationException.extentMismatch(op, "startIndices", indicesBatching[i], operand.dim(d),
                        indices.dim(indicesBatching[i]), "batching axes pair with operand axis " + d);
            }
            dropped[d] = true;
        }
        for (int d = 0; d < rank; d++) {
            if (sliceSizes[d] > operand.dim(d)) {
                throw ValidationException.invalidAxisArgument(op, "sliceSizes", d,
                        "a size <= operand extent " + operand.dim(d), String.valueOf(sliceSizes[d]));
            }
        }
        int[] offsetDims = config.offsetDims();
        int offsetCount = 0;
        for (boolean drop : dropped) {
            offsetCount += drop ? 0 : 1;
        }
        if (offsetDims.length != offsetCount) {
            throw ValidationException.invalidArgument(op, "offsetDims", offsetCount
                    + " axes (slice axes neither collapsed nor batching)", Arrays.toString(offsetDims), null);
        }
        int batchRank = ivd == indices.rank() ? indices.rank() : indices.rank() - 1;
        int outRank = batchRank + offsetDims.length;
        boolean[] isOffset = new boolean[outRank];
        for (int i = 0; i < offsetDims.length; i++) {
            checkAxis(op, "offsetDims", offsetDims[i], outRank);
            if (i > 0 && offsetDims[i] <= offsetDims[i - 1]) {
                throw ValidationException.invalidArgument(op, "offsetDims", "sorted axes",
                        Arrays.toString(offsetDims), null);
            }
            isOffset[offsetDims[i]] = true;
        }
        long[] shape = new long[outRank];
        int slice = 0;
        int batch = 0;
        for (int a = 0; a < outRank; a++) {
            if (isOffset[a]) {
                while (dropped[slice]) {
                    slice++;
                }
                shape[a] = sliceSizes[slice++];
            } else {
                if (batch == ivd) {
                    batch++;
                }
                shape[a] = indices.dim(batch++);
            }
        }
        return shape;
    }

    /**
     * @param op the operation
     * @param argument the argument name
     * @param indices an index tensor
     * @throws ValidationException (DTYPE_MISMATCH) unless I32 or I64
     */
    public static void requireIndexDtype(String op, String argument, TensorRead indices) {
        if (!indices.dtype().isInteger()) {
            throw ValidationException.dtypeMismatch(op, argument, "I32 or I64", indices.dtype().name());
        }
    }

    private static void checkAxis(String op, String argument, int axis, int rank) {
        if (axis >= rank) {
            throw ValidationException.axisOutOfBounds(op, argument, axis, rank);
        }
    }

    /**
     * @param operand the operand
     * @param config the slice, checked against the operand's shape
     * @return the strided view the slice selects
     */
    public static TensorView sliceView(TensorRead operand, SliceConfig config) {
        String op = "slice";
        if (config.rank() != operand.rank()) {
            throw ValidationException.rankMismatch(op, "config", String.valueOf(operand.rank()), config.rank());
        }
        TensorView view = TensorView.of(operand);
        for (int a = 0; a < config.rank(); a++) {
            if (config.limit(a) > operand.dim(a)) {
                throw ValidationException.invalidAxisArgument(op, "limits", a, "a limit <= " + operand.dim(a),
                        String.valueOf(config.limit(a)));
            }
            view = view.slice(a, config.start(a), config.limit(a), config.stride(a));
        }
        return view;
    }

    /**
     * @param op the operation
     * @param operand the operand
     * @param starts the starts, clamped to {@code [0, dim - size]}
     * @param sizes the sizes, {@code 0 <= size <= dim}
     * @return the view of the clamped window
     */
    public static TensorView dynamicSliceView(String op, TensorRead operand, long[] starts, long[] sizes) {
        if (starts.length != operand.rank()) {
            throw ValidationException.rankMismatch(op, "starts", String.valueOf(operand.rank()), starts.length);
        }
        if (sizes.length != operand.rank()) {
            throw ValidationException.rankMismatch(op, "sizes", String.valueOf(operand.rank()), sizes.length);
        }
        TensorView view = TensorView.of(operand);
        for (int a = 0; a < sizes.length; a++) {
            if (sizes[a] < 0 || sizes[a] > operand.dim(a)) {
                throw ValidationException.invalidAxisArgument(op, "sizes", a, "a size in [0, " + operand.dim(a) + "]",
                        String.valueOf(sizes[a]));
            }
            long start = Math.max(0, Math.min(starts[a], operand.dim(a) - sizes[a]));
            view = view.slice(a, start, start + sizes[a], 1);
        }
        return view;
    }

    /**
     * @param operand the operand
     * @param config the padding
     * @return the padded shape
     * @throws ValidationException if the ranks differ or an extent would be negative
     */
    public static long[] padShape(TensorRead operand, PadConfig config) {
        String op = "pad";
        if (config.rank() != operand.rank()) {
            throw ValidationException.rankMismatch(op, "config", String.valueOf(operand.rank()), config.rank());
        }
        long[] shape = new long[operand.rank()];
        for (int a = 0; a < shape.length; a++) {
            long extent = config.resultExtent(a, operand.dim(a));
            if (extent < 0) {
                throw ValidationException.invalidAxisArgument(op, "config", a, "a result extent >= 0",
                        extent == Long.MIN_VALUE ? resultExtentText(config, a, operand) + " (overflows a long)"
                                : String.valueOf(extent));
            }
            shape[a] = extent;
        }
        Shapes.elementCount(op, "config", shape);
        return shape;
    }

    private static String resultExtentText(PadConfig config, int axis, TensorRead operand) {
        return "low " + config.low(axis) + " + high " + config.high(axis) + " + extent " + operand.dim(axis)
                + " with interior " + config.interior(axis);
    }

    /**
     * Where the operand's surviving elements land in a padded output: a pair {source view, destination
     * view} (negative padding cuts source elements), or {@code null} if none survive.
     *
     * @param operand the operand
     * @param config the padding
     * @param out the padded output
     * @return {@code {source, destination}} or {@code null}
     */
    public static TensorView[] padPlacement(TensorRead operand, PadConfig config, TensorWrite out) {
        TensorView src = TensorView.of(operand);
        TensorView dst = TensorView.of(out);
        for (int a = 0; a < operand.rank(); a++) {
            long n = operand.dim(a);
            long step = config.interior(a) + 1;
            long low = config.low(a);
            // source element i lands at low + i·step; keep those inside [0, out.dim): first is the
            // smallest i with low + i·step >= 0, last the largest with low + i·step < out.dim
            // (saturated: with huge negative padding -low and dim - 1 - low may not fit a long)
            long first = low >= 0 ? 0 : low == Long.MIN_VALUE ? n : Math.min(n, ceilDiv(-low, step));
            long room = low < 0 && out.dim(a) - 1 > Long.MAX_VALUE + low ? Long.MAX_VALUE : out.dim(a) - 1 - low;
            long last = Math.min(n - 1, Math.floorDiv(room, step));
            if (last < first) {
                return null;
            }
            long at = low + first * step;
            src = src.slice(a, first, last + 1, 1);
            dst = dst.slice(a, at, at + (last - first) * step + 1, step);
        }
        return new TensorView[] {src, dst};
    }

    /**
     * @param axis the axis to join along, in {@code [-rank, rank)} (negative counts from the end)
     * @param inputs the tensors (at least one; one dtype; equal extents except along {@code axis})
     * @return the concatenated shape
     */
    public static long[] concatenateShape(int axis, TensorRead... inputs) {
        String op = "concatenate";
        if (inputs.length == 0) {
            throw ValidationException.invalidArgument(op, "inputs", "at least one tensor", "none", null);
        }
        TensorRead first = inputs[0];
        axis = Shapes.normalizeAxis(op, "axis", axis, first.rank());
        long[] shape = first.shape();
        long total = 0;
        for (int i = 0; i < inputs.length; i++) {
            TensorRead t = inputs[i];
            String name = "inputs[" + i + "]";
            OperandChecks.requireDtype(op, name, t, first.dtype());
            OperandChecks.requireRank(op, name, t, first.rank());
            for (int a = 0; a < shape.length; a++) {
                if (a != axis && t.dim(a) != shape[a]) {
                    throw ValidationException.extentMismatch(op, name, a, shape[a], t.dim(a),
                            "only axis " + axis + " may differ");
                }
            }
            total += t.dim(axis);
            if (total < 0) {
                throw ValidationException.invalidArgument(op, "inputs", "a joined extent that fits a long",
                        "more than " + Long.MAX_VALUE + " elements along axis " + axis, null);
            }
        }
        shape[axis] = total;
        Shapes.elementCount(op, "inputs", shape);
        return shape;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /**
     * The cacheable half of a {@code gatherInto} check: {@link #gatherShape}, then the output's dtype,
     * shape and writability.
     *
     * @param operand the operand
     * @param startIndices I32/I64 start indices
     * @param config the dimension numbers
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkGather(TensorRead operand, TensorRead startIndices, GatherConfig config,
            TensorWrite out) {
        String op = "gather";
        long[] shape = gatherShape(operand, startIndices, config);
        OperandChecks.requireDtype(op, "out", out, operand.dtype());
        OperandChecks.requireShape(op, "out", shape, out);
        OperandChecks.requireWritable(op, out);
    }

    /**
     * The per-call half of a {@code gatherInto} check: every tensor on the session's placement, and
     * {@code out} disjoint from both inputs.
     *
     * @param session where the session computes
     * @param operand the operand
     * @param startIndices the start indices
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkGatherCall(Placement session, TensorRead operand, TensorRead startIndices,
            TensorWrite out) {
        // the hit path of a plan cache: one branch over cheap tests; the precise errors out of line
        if (operand.placement() != session || startIndices.placement() != session || out.placement() != session
                || Overlap.mayOverlap(out, operand) || Overlap.mayOverlap(out, startIndices)) {
            reportGatherCall(session, operand, startIndices, out);
        }
    }

    private static void reportGatherCall(Placement session, TensorRead operand, TensorRead startIndices,
            TensorWrite out) {
        String op = "gather";
        OperandChecks.requirePlacement(op, "operand", operand, session);
        OperandChecks.requirePlacement(op, "startIndices", startIndices, session);
        OperandChecks.requirePlacement(op, "out", out, session);
        OperandChecks.requireNoAlias(op, out, operand, "operand");
        OperandChecks.requireNoAlias(op, out, startIndices, "startIndices");
    }
}
