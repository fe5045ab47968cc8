package org.ferrite.api.session;

import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Reductions over an axis set. Hook: {@link #reduceInto}. The result has the operand's shape with the
 * reduced axes removed (use {@code reshape} to keep them as extent 1). An empty axis set is the
 * identity.
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
     * @param axes distinct axes of {@code x}
     * @param out shape {@link OperandChecks#reducedShape}, dtype {@link #resultType}
     * @throws org.ferrite.api.error.ValidationException for bad axes, output or a MAX/MIN over an
     *     extent-0 axis
     */
    void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out);

    /**
     * @param op the reduction
     * @param dtype the operand's dtype
     * @return the dtype of the result (the real type for SUM_SQUARES of complex, else {@code dtype})
     */
    static DType resultType(ReduceOp op, DType dtype) {
        return op == ReduceOp.SUM_SQUARES ? dtype.realType() : dtype;
    }

    /**
     * @param op the reduction
     * @param x the operand
     * @param axes distinct axes
     * @return a new tensor
     */
    default Tensor reduce(ReduceOp op, TensorRead x, int... axes) {
        Tensor out = allocate(resultType(op, x.dtype()), OperandChecks.reducedShape(op.name().toLowerCase(
                java.util.Locale.ROOT), x, axes));
        reduceInto(op, x, axes, out);
        return out;
    }

    /**
     * @param x operand
     * @param axes axes to sum
     * @return the sum
     */
    default Tensor sum(TensorRead x, int... axes) {
        return reduce(ReduceOp.SUM, x, axes);
    }

    /**
     * @param x operand
     * @param axes axes
     * @return the product
     */
    default Tensor prod(TensorRead x, int... axes) {
        return reduce(ReduceOp.PROD, x, axes);
    }

    /**
     * @param x operand
     * @param axes axes
     * @return the maximum
     */
    default Tensor max(TensorRead x, int... axes) {
        return reduce(ReduceOp.MAX, x, axes);
    }

    /**
     * @param x operand
     * @param axes axes
     * @return the minimum
     */
    default Tensor min(TensorRead x, int... axes) {
        return reduce(ReduceOp.MIN, x, axes);
    }

    /**
     * @param x operand
     * @param axes axes
     * @return the mean
     */
    default Tensor mean(TensorRead x, int... axes) {
        return reduce(ReduceOp.MEAN, x, axes);
    }

    /**
     * @param x operand
     * @param axes axes
     * @return the sum of squared moduli
     */
    default Tensor sumSquares(TensorRead x, int... axes) {
        return reduce(ReduceOp.SUM_SQUARES, x, axes);
    }

    /**
     * @param x operand
     * @return the sum over every axis, rank 0
     */
    default Tensor sumAll(TensorRead x) {
        int[] axes = new int[x.rank()];
        for (int a = 0; a < axes.length; a++) {
            axes[a] = a;
        }
        return sum(x, axes);
    }
}
