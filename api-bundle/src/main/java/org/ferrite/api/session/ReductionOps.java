package org.ferrite.api.session;

import java.util.Objects;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Reductions over an axis set. Hook: {@link #reduceInto}. Which axes, as in NumPy:
 * <ul>
 * <li><b>no axes given</b> — {@code sum(x)} — reduces <b>every</b> axis (NumPy's {@code axis=None}): the
 * result has rank 0;</li>
 * <li>listed axes — {@code sum(x, 0, 2)}, in any order, each at most once — reduce those; a negative
 * axis counts from the end ({@code sum(x, -1)} reduces the last, as NumPy);</li>
 * <li>an <b>explicitly empty</b> list — {@code sum(x, new int[0])} — reduces nothing (NumPy's
 * {@code axis=()}): a copy of {@code x}.</li>
 * </ul>
 * The result has the operand's shape with the reduced axes removed, or, with {@code keepDims}, kept with
 * extent 1 (NumPy's {@code keepdims=True}), so that it broadcasts against the operand:
 * <pre>{@code
 * Tensor centred = s.sub(x, s.mean(x, new int[] {1}, true));   // [m, n] - [m, 1]
 * }</pre>
 * {@code keepDims} costs no copy: the result shares the reduced tensor's storage. Reducing an extent-0
 * axis with {@code max} or {@code min} is an error (they have no identity); {@code sum} gives 0,
 * {@code prod} 1 and {@code mean} NaN.
 * Confined to the thread that opened the session. Lifetime: that of the session view,
 * valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface ReductionOps extends BufferOps {

    /**
     * Hook: {@code out[j] = op over the reduced axes of x}.
     *
     * @param op the reduction
     * @param x the operand
     * @param axes distinct axes of {@code x}, each in {@code [-rank, rank)} (negative counts from the end)
     * @param out shape {@link OperandChecks#reducedShape}, dtype {@link #resultType} (I64 for SUM and PROD of
     *     BOOL, F64 for MEAN of BOOL and integers: the operation table's result rule; the provider widens
     *     the operand first, {@code org.ferrite.api.spi.Widening})
     * @throws org.ferrite.api.error.ValidationException for bad axes, output or a MAX/MIN over an
     *     extent-0 axis
     */
    void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out);

    /**
     * @param op the reduction
     * @param dtype the operand's dtype
     * @return the dtype of the result, {@code OpTable.of(op).resultType(dtype)}: the real type for
     *     SUM_SQUARES of complex, I64 for SUM and PROD of BOOL (a sum of a mask counts, as NumPy's), F64 for
     *     MEAN of BOOL, I32 and I64 (NumPy 2), else {@code dtype}
     */
    static DType resultType(ReduceOp op, DType dtype) {
        return OpTable.of(op).resultType(dtype);
    }

    /**
     * @param op the reduction
     * @param x the operand
     * @param axes distinct axes; none: the identity (see the interface)
     * @return a new tensor, the reduced axes removed
     */
    default Tensor reduce(ReduceOp op, TensorRead x, int... axes) {
        return reduce(op, x, axes, false);
    }

    /**
     * @param op the reduction
     * @param x the operand
     * @param axes distinct axes; empty: the identity
     * @param keepDims keep the reduced axes with extent 1 (no copy)
     * @return a new tensor
     */
    default Tensor reduce(ReduceOp op, TensorRead x, int[] axes, boolean keepDims) {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(axes, "axes");
        OpChecks.requireDefined(op, x.dtype()); // before the allocation
        int[] ax = Shapes.normalizeAxes(OpTable.of(op).name(), "axes", axes, x.rank());
        Tensor out = allocate(resultType(op, x.dtype()), OperandChecks.reducedShape(OpTable.of(op).name(), x, ax));
        reduceInto(op, x, ax, out);
        if (!keepDims) {
            return out;
        }
        long[] kept = x.shape();
        for (int axis : ax) {
            kept[axis] = 1;
        }
        return Tensor.wrap(out.dtype(), out.storage(), kept);
    }

    /**
     * @param op the reduction
     * @param x the operand
     * @param keepDims keep every axis with extent 1 (no copy)
     * @return the reduction over every axis
     */
    default Tensor reduceAll(ReduceOp op, TensorRead x, boolean keepDims) {
        Objects.requireNonNull(x, "x");
        int[] axes = new int[x.rank()];
        for (int a = 0; a < axes.length; a++) {
            axes[a] = a;
        }
        return reduce(op, x, axes, keepDims);
    }

    /**
     * @param x operand
     * @return the sum of every element, rank 0 (NumPy's {@code np.sum(x)})
     */
    default Tensor sum(TensorRead x) {
        return reduceAll(ReduceOp.SUM, x, false);
    }

    /**
     * @param x operand
     * @param axes axes to sum; an empty list sums nothing
     * @return the sum
     */
    default Tensor sum(TensorRead x, int... axes) {
        return reduce(ReduceOp.SUM, x, axes, false);
    }

    /**
     * @param x operand
     * @param keepDims keep every axis with extent 1
     * @return the sum of every element
     */
    default Tensor sum(TensorRead x, boolean keepDims) {
        return reduceAll(ReduceOp.SUM, x, keepDims);
    }

    /**
     * @param x operand
     * @param axes axes to sum
     * @param keepDims keep them with extent 1
     * @return the sum
     */
    default Tensor sum(TensorRead x, int[] axes, boolean keepDims) {
        return reduce(ReduceOp.SUM, x, axes, keepDims);
    }

    /**
     * @param x operand
     * @return the product of every element, rank 0
     */
    default Tensor prod(TensorRead x) {
        return reduceAll(ReduceOp.PROD, x, false);
    }

    /**
     * @param x operand
     * @param axes axes; an empty list reduces nothing
     * @return the product
     */
    default Tensor prod(TensorRead x, int... axes) {
        return reduce(ReduceOp.PROD, x, axes, false);
    }

    /**
     * @param x operand
     * @param keepDims keep every axis with extent 1
     * @return the product of every element
     */
    default Tensor prod(TensorRead x, boolean keepDims) {
        return reduceAll(ReduceOp.PROD, x, keepDims);
    }

    /**
     * @param x operand
     * @param axes axes
     * @param keepDims keep them with extent 1
     * @return the product
     */
    default Tensor prod(TensorRead x, int[] axes, boolean keepDims) {
        return reduce(ReduceOp.PROD, x, axes, keepDims);
    }

    /**
     * @param x operand, with no extent-0 axis
     * @return the maximum of every element, rank 0
     */
    default Tensor max(TensorRead x) {
        return reduceAll(ReduceOp.MAX, x, false);
    }

    /**
     * @param x operand
     * @param axes axes, none of extent 0; an empty list reduces nothing
     * @return the maximum
     */
    default Tensor max(TensorRead x, int... axes) {
        return reduce(ReduceOp.MAX, x, axes, false);
    }

    /**
     * @param x operand, with no extent-0 axis
     * @param keepDims keep every axis with extent 1
     * @return the maximum of every element
     */
    default Tensor max(TensorRead x, boolean keepDims) {
        return reduceAll(ReduceOp.MAX, x, keepDims);
    }

    /**
     * @param x operand
     * @param axes axes, none of extent 0
     * @param keepDims keep them with extent 1
     * @return the maximum
     */
    default Tensor max(TensorRead x, int[] axes, boolean keepDims) {
        return reduce(ReduceOp.MAX, x, axes, keepDims);
    }

    /**
     * @param x operand, with no extent-0 axis
     * @return the minimum of every element, rank 0
     */
    default Tensor min(TensorRead x) {
        return reduceAll(ReduceOp.MIN, x, false);
    }

    /**
     * @param x operand
     * @param axes axes, none of extent 0; an empty list reduces nothing
     * @return the minimum
     */
    default Tensor min(TensorRead x, int... axes) {
        return reduce(ReduceOp.MIN, x, axes, false);
    }

    /**
     * @param x operand, with no extent-0 axis
     * @param keepDims keep every axis with extent 1
     * @return the minimum of every element
     */
    default Tensor min(TensorRead x, boolean keepDims) {
        return reduceAll(ReduceOp.MIN, x, keepDims);
    }

    /**
     * @param x operand
     * @param axes axes, none of extent 0
     * @param keepDims keep them with extent 1
     * @return the minimum
     */
    default Tensor min(TensorRead x, int[] axes, boolean keepDims) {
        return reduce(ReduceOp.MIN, x, axes, keepDims);
    }

    /**
     * @param x operand (any dtype: BOOL and integers give F64, as NumPy)
     * @return the mean of every element, rank 0 (NaN if {@code x} is empty)
     */
    default Tensor mean(TensorRead x) {
        return reduceAll(ReduceOp.MEAN, x, false);
    }

    /**
     * @param x operand (any dtype: BOOL and integers give F64, as NumPy)
     * @param axes axes; an empty list reduces nothing
     * @return the mean
     */
    default Tensor mean(TensorRead x, int... axes) {
        return reduce(ReduceOp.MEAN, x, axes, false);
    }

    /**
     * @param x operand (any dtype: BOOL and integers give F64, as NumPy)
     * @param keepDims keep every axis with extent 1
     * @return the mean of every element
     */
    default Tensor mean(TensorRead x, boolean keepDims) {
        return reduceAll(ReduceOp.MEAN, x, keepDims);
    }

    /**
     * @param x operand (any dtype: BOOL and integers give F64, as NumPy)
     * @param axes axes
     * @param keepDims keep them with extent 1
     * @return the mean
     */
    default Tensor mean(TensorRead x, int[] axes, boolean keepDims) {
        return reduce(ReduceOp.MEAN, x, axes, keepDims);
    }

    /**
     * @param x operand (floating)
     * @return the sum of squared moduli of every element, rank 0 (real type)
     */
    default Tensor sumSquares(TensorRead x) {
        return reduceAll(ReduceOp.SUM_SQUARES, x, false);
    }

    /**
     * @param x operand (floating)
     * @param axes axes; an empty list reduces nothing
     * @return the sum of squared moduli
     */
    default Tensor sumSquares(TensorRead x, int... axes) {
        return reduce(ReduceOp.SUM_SQUARES, x, axes, false);
    }

    /**
     * @param x operand (floating)
     * @param keepDims keep every axis with extent 1
     * @return the sum of squared moduli of every element
     */
    default Tensor sumSquares(TensorRead x, boolean keepDims) {
        return reduceAll(ReduceOp.SUM_SQUARES, x, keepDims);
    }

    /**
     * @param x operand (floating)
     * @param axes axes
     * @param keepDims keep them with extent 1
     * @return the sum of squared moduli
     */
    default Tensor sumSquares(TensorRead x, int[] axes, boolean keepDims) {
        return reduce(ReduceOp.SUM_SQUARES, x, axes, keepDims);
    }

    /**
     * The same as {@link #sum(TensorRead) sum(x)}.
     *
     * @param x operand
     * @return the sum over every axis, rank 0
     */
    default Tensor sumAll(TensorRead x) {
        return sum(x);
    }
}
