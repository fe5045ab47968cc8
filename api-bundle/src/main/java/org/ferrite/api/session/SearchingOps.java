package org.ferrite.api.session;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Sorting, searching and counting, with NumPy's names and semantics: {@code argmax}, {@code argmin},
 * {@code sort} (stable), {@code argsort}, {@code countNonzero}, {@code any}, {@code all}, {@code nonzero}.
 * Hooks (with portable defaults): {@link #argmaxInto}, {@link #argminInto}, {@link #sortInto},
 * {@link #argsortInto}; the rest is built on them and on the elementwise and reduction hooks.
 *
 * <pre>{@code
 * Tensor best = s.argmax(scores, -1);                    // np.argmax(scores, axis=-1), I64
 * Tensor order = s.argsort(keys);                        // np.argsort(keys, kind='stable'), last axis
 * Tensor ranked = s.takeAlongAxis(keys, order, -1);      // = s.sort(keys)
 * long hits = s.countNonzero(s.compare(CompareOp.GT, x, 0.5)).getLong();
 * Tensor[] where = s.nonzero(mask);                      // np.nonzero(mask): one I64 vector per axis
 * }</pre>
 *
 * <p>Axes may be negative (counted from the end). Indices are I64 (NumPy's {@code intp}). A sort is
 * stable and puts NaN last (complex: NumPy's extended order); {@code argmax}/{@code argmin} return the
 * first extreme, a NaN counting as the extreme (as NumPy's, which propagate NaN). Where NumPy takes no
 * axis ({@code argmax(x)}), it indexes {@code x}'s elements in row-major (C) order, as NumPy flattens;
 * {@code sort(x)} and {@code argsort(x)} sort the last axis, as NumPy's do.
 *
 * <p><b>For providers.</b> The hooks' defaults compute on the host ({@code HostRoutines}: a host operand
 * in place, a device operand after a transfer to the host, a synchronisation point); a device provider
 * overrides them to compute on its device. Confined to the thread that opened the session. Lifetime: that
 * of the session view, valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface SearchingOps extends ScalarOps, IndexingOps, ReductionOps, CumulativeOps {

    /**
     * Hook (with a portable default): {@code out[j] = } the index along {@code axis} of the first maximum
     * of lane {@code j} — NumPy's {@code argmax(x, axis)}; a NaN is the maximum (its first index).
     * Complex elements are ordered by real part, then imaginary part.
     *
     * @param x the operand, any dtype
     * @param axis the axis, in {@code [-rank, rank)}, of extent at least 1
     * @param out I64, {@code x}'s shape without {@code axis}
     * @throws ValidationException for a bad axis (or one of extent 0) or output, before the first write
     */
    default void argmaxInto(TensorRead x, int axis, TensorWrite out) {
        HostRoutines.argExtremeInto(this, true, x, axis, out);
    }

    /**
     * Hook (with a portable default): the index of the first minimum along {@code axis}, NumPy's
     * {@code argmin}; a NaN is the minimum.
     *
     * @param x the operand, any dtype
     * @param axis the axis, in {@code [-rank, rank)}, of extent at least 1
     * @param out I64, {@code x}'s shape without {@code axis}
     * @throws ValidationException for a bad axis (or one of extent 0) or output
     */
    default void argminInto(TensorRead x, int axis, TensorWrite out) {
        HostRoutines.argExtremeInto(this, false, x, axis, out);
    }

    /**
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @return I64 indices, {@code x}'s shape without {@code axis}
     */
    default Tensor argmax(TensorRead x, int axis) {
        return argExtreme(true, x, axis, false);
    }

    /**
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @param keepDims keep {@code axis} with extent 1 (NumPy's {@code keepdims=True}), so that the result
     *     indexes {@code x} with {@link #takeAlongAxis}
     * @return I64 indices
     */
    default Tensor argmax(TensorRead x, int axis, boolean keepDims) {
        return argExtreme(true, x, axis, keepDims);
    }

    /**
     * NumPy's {@code argmax(x)} without an axis: the index of the first maximum among {@code x}'s elements
     * in row-major (C) order — {@code np.unravel_index} of it, in C order, finds the element.
     *
     * @param x the operand, not empty
     * @return a rank-0 I64 tensor
     */
    default Tensor argmax(TensorRead x) {
        return flatArgExtreme(true, x);
    }

    /**
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @return I64 indices, {@code x}'s shape without {@code axis}
     */
    default Tensor argmin(TensorRead x, int axis) {
        return argExtreme(false, x, axis, false);
    }

    /**
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @param keepDims keep {@code axis} with extent 1
     * @return I64 indices
     */
    default Tensor argmin(TensorRead x, int axis, boolean keepDims) {
        return argExtreme(false, x, axis, keepDims);
    }

    /**
     * NumPy's {@code argmin(x)} without an axis, in row-major (C) order.
     *
     * @param x the operand, not empty
     * @return a rank-0 I64 tensor
     */
    default Tensor argmin(TensorRead x) {
        return flatArgExtreme(false, x);
    }

    private Tensor argExtreme(boolean max, TensorRead x, int axis, boolean keepDims) {
        OpSpec row = max ? OpTable.ARGMAX : OpTable.ARGMIN;
        OpChecks.requireDefined(row, x.dtype());
        int a = Shapes.normalizeAxis(row.name(), "axis", axis, x.rank());
        Tensor out = allocate(DType.I64, OperandChecks.reducedShape(row.name(), x, new int[] {a}));
        if (max) {
            argmaxInto(x, a, out);
        } else {
            argminInto(x, a, out);
        }
        if (!keepDims) {
            return out;
        }
        long[] kept = x.shape();
        kept[a] = 1;
        return Tensor.wrap(DType.I64, out.storage(), kept);
    }

    private Tensor flatArgExtreme(boolean max, TensorRead x) {
        OpChecks.requireDefined(max ? OpTable.ARGMAX : OpTable.ARGMIN, x.dtype());
        RowMajorFlat flat = RowMajorFlat.of(this, x);
        Tensor out = argExtreme(max, flat.flat, 0, false);
        flat.release(this);
        return out;
    }

    /**
     * Hook (with a portable default): {@code x} sorted along {@code axis}, ascending and stable — NumPy's
     * {@code sort(x, axis, kind='stable')}: NaN last, {@code -0.0} and {@code 0.0} equal (kept in their
     * order), complex by real then imaginary part with NaNs last as NumPy, BOOL false first.
     *
     * @param x the operand, any dtype
     * @param axis the axis, in {@code [-rank, rank)}
     * @param out {@code x}'s dtype and shape; may be exactly {@code x} (sorts in place, NumPy's
     *     {@code x.sort()})
     * @throws ValidationException for a bad axis or output, before the first write
     */
    default void sortInto(TensorRead x, int axis, TensorWrite out) {
        HostRoutines.sortInto(this, false, x, axis, out);
    }

    /**
     * Hook (with a portable default): the indices along {@code axis} that sort {@code x} stably — NumPy's
     * {@code argsort(x, axis, kind='stable')}, in {@link #sortInto}'s order.
     *
     * @param x the operand, any dtype
     * @param axis the axis, in {@code [-rank, rank)}
     * @param out I64, {@code x}'s shape
     * @throws ValidationException for a bad axis or output
     */
    default void argsortInto(TensorRead x, int axis, TensorWrite out) {
        HostRoutines.sortInto(this, true, x, axis, out);
    }

    /**
     * @param x the operand, rank at least 1
     * @return {@code x} sorted along its last axis (NumPy's default), stably
     */
    default Tensor sort(TensorRead x) {
        return sort(x, -1);
    }

    /**
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @return a new tensor: {@code x} sorted along {@code axis}, stably
     */
    default Tensor sort(TensorRead x, int axis) {
        Tensor out = allocate(x.dtype(), x.shape());
        sortInto(x, axis, out);
        return out;
    }

    /**
     * @param x the operand, rank at least 1
     * @return I64 indices that sort {@code x} along its last axis, stably
     */
    default Tensor argsort(TensorRead x) {
        return argsort(x, -1);
    }

    /**
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @return I64 indices of {@code x}'s shape that sort it along {@code axis}, stably
     */
    default Tensor argsort(TensorRead x, int axis) {
        Tensor out = allocate(DType.I64, x.shape());
        argsortInto(x, axis, out);
        return out;
    }

    /**
     * @param x the operand, any dtype
     * @return the number of non-zero elements (NaN counts: NaN != 0), a rank-0 I64 tensor
     */
    default Tensor countNonzero(TensorRead x) {
        return countNonzero(x, allAxes(x), false);
    }

    /**
     * @param x the operand, any dtype
     * @param axes axes to count over, each in {@code [-rank, rank)}; an empty list counts each element
     * @return I64 counts, the counted axes removed
     */
    default Tensor countNonzero(TensorRead x, int... axes) {
        return countNonzero(x, axes, false);
    }

    /**
     * NumPy's {@code count_nonzero(x, axis, keepdims)}: the sum of the mask {@code x != 0} (BOOL sums
     * count in I64).
     *
     * @param x the operand, any dtype
     * @param axes axes to count over, each in {@code [-rank, rank)}
     * @param keepDims keep them with extent 1
     * @return I64 counts
     */
    default Tensor countNonzero(TensorRead x, int[] axes, boolean keepDims) {
        Objects.requireNonNull(x, "x");
        OpChecks.requireDefined(OpTable.COUNT_NONZERO, x.dtype());
        int[] ax = Shapes.normalizeAxes(OpTable.COUNT_NONZERO.name(), "axes", axes, x.rank());
        OperandChecks.reducedShape(OpTable.COUNT_NONZERO.name(), x, ax); // before the first allocation
        Tensor mask = Counting.notZero(this, x);
        Tensor count = sum(mask, ax, keepDims);
        reclaim(mask);
        return count;
    }

    /**
     * @param x the operand, any dtype
     * @return rank-0 BOOL: whether some element is non-zero (NumPy's {@code any}; false for an empty
     *     {@code x})
     */
    default Tensor any(TensorRead x) {
        return any(x, allAxes(x), false);
    }

    /**
     * @param x the operand, any dtype
     * @param axes axes to test over, each in {@code [-rank, rank)}; an empty list tests each element
     * @return BOOL, the tested axes removed
     */
    default Tensor any(TensorRead x, int... axes) {
        return any(x, axes, false);
    }

    /**
     * NumPy's {@code any(x, axis, keepdims)}: whether some element along {@code axes} is non-zero (NaN is).
     *
     * @param x the operand, any dtype
     * @param axes axes, each in {@code [-rank, rank)}
     * @param keepDims keep them with extent 1
     * @return BOOL
     */
    default Tensor any(TensorRead x, int[] axes, boolean keepDims) {
        return Counting.test(this, OpTable.ANY_NONZERO, x, axes, keepDims);
    }

    /**
     * @param x the operand, any dtype
     * @return rank-0 BOOL: whether every element is non-zero (NumPy's {@code all}; true for an empty
     *     {@code x})
     */
    default Tensor all(TensorRead x) {
        return all(x, allAxes(x), false);
    }

    /**
     * @param x the operand, any dtype
     * @param axes axes to test over, each in {@code [-rank, rank)}; an empty list tests each element
     * @return BOOL, the tested axes removed
     */
    default Tensor all(TensorRead x, int... axes) {
        return all(x, axes, false);
    }

    /**
     * NumPy's {@code all(x, axis, keepdims)}: whether every element along {@code axes} is non-zero.
     *
     * @param x the operand, any dtype
     * @param axes axes, each in {@code [-rank, rank)}
     * @param keepDims keep them with extent 1
     * @return BOOL
     */
    default Tensor all(TensorRead x, int[] axes, boolean keepDims) {
        return Counting.test(this, OpTable.ALL_NONZERO, x, axes, keepDims);
    }

    /**
     * NumPy's {@code nonzero(x)}: the indices of the non-zero elements, one I64 vector per axis, in
     * row-major (C) order of the elements (as NumPy, whatever {@code x}'s layout), so that element
     * {@code k} is {@code x[v[0][k], v[1][k], …]}. The count sizes the result, so this is a
     * synchronisation point: the mask is computed where {@code x} lives and read on the host.
     *
     * @param x the operand, rank at least 1 (NumPy refuses 0-d arrays too)
     * @return {@code x.rank()} I64 tensors of equal length, on the session's placement
     * @throws ValidationException (RANK_MISMATCH) for a rank-0 {@code x}
     */
    default Tensor[] nonzero(TensorRead x) {
        Objects.requireNonNull(x, "x");
        OpChecks.requireDefined(OpTable.NONZERO, x.dtype());
        if (x.rank() == 0) {
            throw ValidationException.rankMismatch(OpTable.NONZERO.name(), "x", ">= 1 (use atleast_1d: "
                    + "x.reshape(1))", 0);
        }
        return Counting.nonzero(this, x);
    }

    private static int[] allAxes(TensorRead x) {
        int[] axes = new int[x.rank()];
        for (int a = 0; a < axes.length; a++) {
            axes[a] = a;
        }
        return axes;
    }
}
