package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.IndexingShapes;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Indexing operations. Hooks: {@link #gatherInto} and {@link #scatterInto} (StableHLO semantics);
 * slicing, padding, concatenation and reversal are built on views and {@link #copyInto}.
 * Index tensors are I32 or I64.
 * Confined to the thread that opened the session. Lifetime: that of the session view,
 * valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface IndexingOps extends StructuralOps {

    /**
     * Hook: StableHLO {@code gather}.
     *
     * @param operand the operand
     * @param startIndices I32/I64 start indices
     * @param config the dimension numbers and slice sizes
     * @param out shape {@link GatherConfig}'s StableHLO output shape, dtype of {@code operand}
     */
    void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig config, TensorWrite out);

    /**
     * Hook: StableHLO {@code scatter}: {@code out} becomes {@code operand} with {@code updates} combined
     * in by {@link ScatterConfig#mode()}. {@code out} may be exactly {@code operand} (in place); it must
     * not overlap the indices or updates.
     *
     * @param operand the operand
     * @param scatterIndices I32/I64 indices
     * @param updates the updates, dtype of {@code operand}
     * @param config the dimension numbers and mode
     * @param out shape and dtype of {@code operand}
     */
    void scatterInto(TensorRead operand, TensorRead scatterIndices, TensorRead updates, ScatterConfig config,
            TensorWrite out);

    /**
     * @param operand the operand
     * @param startIndices start indices
     * @param config the dimension numbers
     * @return a new tensor
     */
    default Tensor gather(TensorRead operand, TensorRead startIndices, GatherConfig config) {
        Tensor out = allocate(operand.dtype(), IndexingShapes.gatherShape(operand, startIndices, config));
        gatherInto(operand, startIndices, config, out);
        return out;
    }

    /**
     * @param operand the operand (not modified)
     * @param scatterIndices indices
     * @param updates updates
     * @param config dimension numbers and mode
     * @return a new tensor: {@code operand} with the updates applied
     */
    default Tensor scatter(TensorRead operand, TensorRead scatterIndices, TensorRead updates, ScatterConfig config) {
        Tensor out = allocate(operand.dtype(), operand.shape());
        copyInto(operand, out);
        scatterInto(out, scatterIndices, updates, config, out);
        return out;
    }

    /**
     * @param operand the operand
     * @param config starts, limits, strides (rank of operand)
     * @return a new tensor with the slice
     */
    default Tensor slice(TensorRead operand, SliceConfig config) {
        TensorView view = IndexingShapes.sliceView(operand, config);
        Tensor out = allocate(operand.dtype(), view.shape());
        copyInto(view, out);
        return out;
    }

    /**
     * @param operand the operand
     * @param config the slice
     * @param out the destination, shape of the slice
     */
    default void sliceInto(TensorRead operand, SliceConfig config, TensorWrite out) {
        copyInto(IndexingShapes.sliceView(operand, config), out);
    }

    /**
     * StableHLO {@code dynamic_slice}: starts are clamped to {@code [0, dim - size]}.
     *
     * @param operand the operand
     * @param starts start per axis (clamped)
     * @param sizes slice size per axis ({@code 0 <= size <= dim})
     * @return a new tensor of shape {@code sizes}
     */
    default Tensor dynamicSlice(TensorRead operand, long[] starts, long[] sizes) {
        TensorView view = IndexingShapes.dynamicSliceView("dynamicSlice", operand, starts, sizes);
        Tensor out = allocate(operand.dtype(), sizes);
        copyInto(view, out);
        return out;
    }

    /**
     * StableHLO {@code dynamic_update_slice}: a copy of {@code operand} with {@code update} written at
     * the clamped {@code starts}.
     *
     * @param operand the operand (not modified)
     * @param update the block to write, same dtype, rank of operand
     * @param starts start per axis (clamped to {@code [0, dim - update.dim]})
     * @return a new tensor
     */
    default Tensor dynamicUpdateSlice(TensorRead operand, TensorRead update, long[] starts) {
        Tensor out = allocate(operand.dtype(), operand.shape());
        dynamicUpdateSliceInto(operand, update, starts, out);
        return out;
    }

    /**
     * @param operand the operand
     * @param update the block to write
     * @param starts start per axis (clamped)
     * @param out destination, shape of {@code operand}; may be exactly {@code operand} (in place)
     */
    default void dynamicUpdateSliceInto(TensorRead operand, TensorRead update, long[] starts, TensorWrite out) {
        String op = "dynamicUpdateSlice";
        OperandChecks.requireOutput(op, out, operand.dtype(), operand);
        OperandChecks.requirePlacement(op, "operand", operand, placement());
        OperandChecks.requirePlacement(op, "update", update, placement());
        OperandChecks.requirePlacement(op, "out", out, placement());
        OperandChecks.requireDtype(op, "update", update, operand.dtype());
        OperandChecks.requireRank(op, "update", update, operand.rank());
        for (int a = 0; a < update.rank(); a++) {
            if (update.dim(a) > operand.dim(a)) {
                throw ValidationException.extentMismatch(op, "update", a, operand.dim(a), update.dim(a),
                        "the update must fit inside the operand (extent <= the operand's)");
            }
        }
        TensorView target = IndexingShapes.dynamicSliceView(op, out, starts, update.shape());
        OperandChecks.requireNoAlias(op, out, update, "update");
        OperandChecks.requireNoPartialAlias(op, out, operand, "operand");
        if (!Overlap.identicalLayout(out, operand)) {
            copyInto(operand, out);
        }
        copyInto(update, target);
    }

    /**
     * StableHLO {@code pad}.
     *
     * @param operand the operand
     * @param padValue a rank-0 tensor of the operand's dtype
     * @param config low, high and interior padding
     * @return a new tensor
     */
    default Tensor pad(TensorRead operand, TensorRead padValue, PadConfig config) {
        Tensor out = allocate(operand.dtype(), IndexingShapes.padShape(operand, config));
        padInto(operand, padValue, config, out);
        return out;
    }

    /**
     * @param operand the operand
     * @param padValue a rank-0 tensor of the operand's dtype
     * @param config the padding
     * @param out destination of the padded shape ({@link PadConfig})
     */
    default void padInto(TensorRead operand, TensorRead padValue, PadConfig config, TensorWrite out) {
        String op = "pad";
        long[] shape = IndexingShapes.padShape(operand, config);
        OperandChecks.requireDtype(op, "padValue", padValue, operand.dtype());
        OperandChecks.requireRank(op, "padValue", padValue, 0);
        OperandChecks.requireDtype(op, "out", out, operand.dtype());
        OperandChecks.requireShape(op, "out", shape, out);
        OperandChecks.requireWritable(op, out);
        OperandChecks.requirePlacement(op, "operand", operand, placement());
        OperandChecks.requirePlacement(op, "padValue", padValue, placement());
        OperandChecks.requirePlacement(op, "out", out, placement());
        OperandChecks.requireNoAlias(op, out, operand, "operand");
        OperandChecks.requireNoAlias(op, out, padValue, "padValue");
        copyInto(padValue.broadcastTo(shape), out);
        TensorView[] placed = IndexingShapes.padPlacement(operand, config, out);
        if (placed != null) {
            copyInto(placed[0], placed[1]);
        }
    }

    /**
     * NumPy's {@code concatenate(inputs, axis)}: the inputs promote to their common dtype
     * ({@link org.ferrite.api.tensor.DType#promote}) and are joined along {@code axis}.
     *
     * @param axis the axis to join along, in {@code [-rank, rank)} (negative counts from the end)
     * @param inputs tensors whose shapes agree except along {@code axis}, any dtypes
     * @return a new tensor of the promoted dtype
     */
    default Tensor concatenate(int axis, TensorRead... inputs) {
        TensorRead[] same = Promotion.toCommon(this, inputs);
        Tensor out = allocate(same.length == 0 ? null : same[0].dtype(), IndexingShapes.concatenateShape(axis, same));
        concatenateInto(axis, out, same);
        Promotion.release(this, inputs, same);
        return out;
    }

    /**
     * @param axis the axis to join along, in {@code [-rank, rank)}
     * @param out destination of the concatenated shape, of the inputs' dtype (no promotion)
     * @param inputs the tensors, in order, of one dtype
     */
    default void concatenateInto(int axis, TensorWrite out, TensorRead... inputs) {
        String op = "concatenate";
        long[] shape = IndexingShapes.concatenateShape(axis, inputs);
        axis = Shapes.normalizeAxis(op, "axis", axis, inputs[0].rank());
        OperandChecks.requireDtype(op, "out", out, inputs[0].dtype());
        OperandChecks.requireShape(op, "out", shape, out);
        OperandChecks.requireWritable(op, out);
        OperandChecks.requirePlacement(op, "out", out, placement());
        for (int i = 0; i < inputs.length; i++) {
            OperandChecks.requirePlacement(op, "inputs[" + i + "]", inputs[i], placement());
            OperandChecks.requireNoAlias(op, out, inputs[i], "inputs[" + i + "]");
        }
        long at = 0;
        for (TensorRead in : inputs) {
            long n = in.dim(axis);
            copyInto(in, out.slice(axis, at, at + n, 1));
            at += n;
        }
    }

    /**
     * NumPy's {@code stack(inputs, axis)}: joins tensors of one shape along a new axis {@code axis} of the
     * result (of extent {@code inputs.length}); the inputs promote to their common dtype. Element
     * {@code [.., k, ..]} (with {@code k} at {@code axis}) is {@code inputs[k][..]}.
     *
     * @param axis the new axis, in {@code [-(rank + 1), rank + 1)} for inputs of rank {@code rank}
     *     (negative counts from the end of the result: {@code -1} stacks last)
     * @param inputs at least one tensor, all of one shape, any dtypes
     * @return a new tensor of rank {@code rank + 1} and the promoted dtype
     * @throws ValidationException for no inputs, differing shapes (SHAPE_MISMATCH naming the input) or a bad
     *     axis
     */
    default Tensor stack(int axis, TensorRead... inputs) {
        TensorRead[] same = Promotion.toCommon(this, inputs);
        Tensor out = allocate(same.length == 0 ? null : same[0].dtype(), StackShapes.stackedShape(axis, same));
        stackInto(axis, out, same);
        Promotion.release(this, inputs, same);
        return out;
    }

    /**
     * {@link #stack} into {@code out}.
     *
     * @param axis the new axis, in {@code [-(rank + 1), rank + 1)}
     * @param out the destination, of the stacked shape and the inputs' dtype (no promotion)
     * @param inputs at least one tensor, all of one dtype and shape
     */
    default void stackInto(int axis, TensorWrite out, TensorRead... inputs) {
        TensorRead[] expanded = StackShapes.expanded(axis, inputs);
        concatenateInto(StackShapes.axis(axis, inputs), out, expanded);
    }

    /**
     * @param operand the operand
     * @param axes the axes to reverse, each in {@code [-rank, rank)}
     * @return a new tensor with those axes reversed
     */
    default Tensor reverse(TensorRead operand, int... axes) {
        TensorView view = operand.reverse(axes);
        Tensor out = allocate(operand.dtype(), operand.shape());
        copyInto(view, out);
        return out;
    }

    /**
     * NumPy {@code take_along_axis}: {@code out[…, i, …] = operand[…, indices[…, i, …], …]} along
     * {@code axis}; {@code indices} has the operand's rank and extents except along {@code axis}.
     * Out-of-range indices are clamped (StableHLO gather semantics).
     *
     * @param operand the operand
     * @param indices I32/I64 indices
     * @param axis the axis, in {@code [-rank, rank)} (negative counts from the end)
     * @return a new tensor of the shape of {@code indices}
     */
    default Tensor takeAlongAxis(TensorRead operand, TensorRead indices, int axis) {
        String op = "takeAlongAxis";
        IndexingShapes.requireIndexDtype(op, "indices", indices);
        OperandChecks.requireRank(op, "indices", indices, operand.rank());
        axis = Shapes.normalizeAxis(op, "axis", axis, operand.rank());
        for (int a = 0; a < operand.rank(); a++) {
            if (a != axis && indices.dim(a) != operand.dim(a)) {
                throw ValidationException.extentMismatch(op, "indices", a, operand.dim(a), indices.dim(a),
                        "indices must match the operand except along axis " + axis);
            }
        }
        if (operand.dim(axis) == 0 && indices.size() > 0) {
            throw ValidationException.invalidAxisArgument(op, "indices", axis,
                    "no index along an extent-0 axis of the operand", indices.dim(axis) + " indices");
        }
        int rank = operand.rank();
        int[] batching = new int[rank - 1];
        long[] sliceSizes = new long[rank];
        for (int a = 0, k = 0; a < rank; a++) {
            sliceSizes[a] = Math.min(1, operand.dim(a));
            if (a != axis) {
                batching[k++] = a;
            }
        }
        GatherConfig config = GatherConfig.builder().collapsedSliceDims(axis).operandBatchingDims(batching)
                .startIndicesBatchingDims(batching).startIndexMap(axis).indexVectorDim(rank).sliceSizes(sliceSizes)
                .build();
        return gather(operand, indices, config);
    }
}
