package org.ferrite.api.session;

import java.util.Optional;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A view of an entered session: every operation family, buffer allocation, extensions and child
 * execution. Handed to a {@link SessionFunction} by a backend's scoped entry or by a held session's
 * {@code withSession}; the same interface either way.
 *
 * <p>Confined to the thread that opened it. Lifetime: valid only during the {@link SessionFunction}
 * call that received it; using it afterwards (it escaped) throws
 * {@link org.ferrite.api.error.RuntimeStateException}.
 *
 * <p>Providers implement the hooks of each family ({@code binaryInto}, {@code unaryInto},
 * {@code compareInto}, {@code selectInto}, {@code copyInto}, {@code castInto}, {@code reduceInto},
 * {@code gatherInto}, {@code scatterInto}, {@code dotGeneralAccumulate}, {@code allocate},
 * {@code reclaim}) plus {@link #extension} and {@link #childExecution}; everything else has a portable
 * default.
 */
@ProviderType
public interface BackendSession extends ElementwiseOps, IndexingOps, ReductionOps, ContractionOps {

    /**
     * Looks up an optional capability of the provider, e.g. {@code LinalgKernels}.
     *
     * @param type the extension interface
     * @param <T> its type
     * @return the provider's implementation, or empty if it has none
     */
    <T> Optional<T> extension(Class<T> type);

    /**
     * A handle that lets a worker thread of an enclosing pool run work under this session's
     * admission, with private scratch resources.
     *
     * @return the handle, valid while this session is open
     */
    ChildExecution childExecution();

    /**
     * Softmax along one axis of a real floating tensor:
     * {@code out = exp(x - max(x)) / Σ exp(x - max(x))}, numerically stable. Built on {@code max},
     * {@code sub}, {@code exp}, {@code sum} and {@code div}; intermediate tensors go back to the pool
     * through {@link #reclaim}. An empty {@code x} gives an empty result.
     *
     * @param x the operand
     * @param axis the axis to normalise along, in {@code [0, rank)}
     * @return a new tensor of {@code x}'s shape
     * @throws org.ferrite.api.error.ValidationException for a non-real-floating dtype or a bad axis
     */
    default Tensor softmax(TensorRead x, int axis) {
        String op = "softmax";
        checkSoftmaxOperand(op, x, axis);
        if (x.size() == 0) {
            return allocate(x.dtype(), x.shape());
        }
        Tensor shifted = shiftedByMax(x, axis);
        Tensor e = exp(shifted);
        reclaim(shifted);
        Tensor denominator = sum(e, axis);
        Tensor out = allocate(x.dtype(), x.shape());
        divInto(e, expandAxis(denominator, x, axis), out);
        reclaim(e);
        reclaim(denominator);
        return out;
    }

    /**
     * Log-softmax along one axis of a real floating tensor: {@code x - max(x) - log Σ exp(x - max(x))},
     * numerically stable.
     *
     * @param x the operand
     * @param axis the axis
     * @return a new tensor of {@code x}'s shape
     */
    default Tensor logSoftmax(TensorRead x, int axis) {
        String op = "logSoftmax";
        checkSoftmaxOperand(op, x, axis);
        if (x.size() == 0) {
            return allocate(x.dtype(), x.shape());
        }
        Tensor shifted = shiftedByMax(x, axis);
        Tensor e = exp(shifted);
        Tensor sum = sum(e, axis);
        reclaim(e);
        Tensor logSum = log(sum);
        reclaim(sum);
        Tensor out = allocate(x.dtype(), x.shape());
        subInto(shifted, expandAxis(logSum, x, axis), out);
        reclaim(shifted);
        reclaim(logSum);
        return out;
    }

    private static void checkSoftmaxOperand(String op, TensorRead x, int axis) {
        if (!x.dtype().isRealFloating()) {
            throw org.ferrite.api.error.ValidationException.dtypeMismatch(op, "x", "F32 or F64", x.dtype().name());
        }
        if (axis < 0 || axis >= x.rank()) {
            throw org.ferrite.api.error.ValidationException.axisOutOfBounds(op, "axis", axis, x.rank());
        }
    }

    private Tensor shiftedByMax(TensorRead x, int axis) {
        Tensor max = max(x, axis);
        Tensor out = allocate(x.dtype(), x.shape());
        subInto(x, expandAxis(max, x, axis), out);
        reclaim(max);
        return out;
    }

    private static TensorRead expandAxis(Tensor reduced, TensorRead like, int axis) {
        int rank = like.rank();
        int[] dims = new int[rank - 1];
        for (int a = 0, k = 0; a < rank; a++) {
            if (a != axis) {
                dims[k++] = a;
            }
        }
        return reduced.broadcastInDim(like.shape(), dims);
    }

    /**
     * Copies {@code src} into {@code out} where shapes differ only by broadcasting.
     *
     * @param src the source, broadcast-compatible with {@code out}
     * @param out the destination
     */
    default void broadcastCopyInto(TensorRead src, TensorWrite out) {
        copyInto(OperandChecks.broadcastOperand("broadcastCopy", "src", src, out.shape()), out);
    }
}
