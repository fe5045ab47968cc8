package org.ferrite.api.session;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The portable defaults' dtype promotion: an operand whose dtype differs from the common one
 * ({@link DType#promote}, NumPy 2's {@code result_type}) is converted into a temporary tensor of the
 * common dtype with the session's {@code castInto} (never a lossy direction: promotion only widens, as
 * NumPy's does — I64 to F64 rounds beyond 2^53, as there). Thread-safe (stateless).
 */
final class Promotion {
    private Promotion() {
    }

    /**
     * @param ops the session
     * @param t an operand
     * @param type the common dtype
     * @return {@code t} itself if it has {@code type}, else a new tensor of {@code type} and {@code t}'s
     *     shape (to be handed to {@link #release})
     */
    static TensorRead to(StructuralOps ops, TensorRead t, DType type) {
        if (t.dtype() == type) {
            return t;
        }
        Tensor converted = ops.allocate(type, t.shape());
        ops.castInto(t, converted);
        return converted;
    }

    /**
     * @param ops the session
     * @param inputs operands of any dtypes
     * @return {@code inputs} itself if they share a dtype, else a new array of the operands converted to
     *     their common dtype (to be handed to {@link #release(BufferOps, TensorRead[], TensorRead[])})
     */
    static TensorRead[] toCommon(StructuralOps ops, TensorRead[] inputs) {
        if (inputs.length == 0) {
            return inputs;
        }
        DType type = inputs[0].dtype();
        for (TensorRead t : inputs) {
            type = DType.promote(type, t.dtype());
        }
        boolean same = true;
        for (TensorRead t : inputs) {
            same &= t.dtype() == type;
        }
        if (same) {
            return inputs;
        }
        TensorRead[] out = new TensorRead[inputs.length];
        for (int i = 0; i < inputs.length; i++) {
            out[i] = to(ops, inputs[i], type);
        }
        return out;
    }

    /**
     * Hands the temporaries of {@link #toCommon} back to the session's pool.
     *
     * @param ops the session
     * @param originals the operands
     * @param promoted what {@link #toCommon} returned for them
     */
    static void release(BufferOps ops, TensorRead[] originals, TensorRead[] promoted) {
        if (promoted != originals) {
            for (int i = 0; i < originals.length; i++) {
                release(ops, originals[i], promoted[i]);
            }
        }
    }

    /**
     * Hands a temporary of {@link #to} back to the session's pool.
     *
     * @param ops the session
     * @param original the operand
     * @param promoted what {@link #to} returned for it
     */
    static void release(BufferOps ops, TensorRead original, TensorRead promoted) {
        if (promoted != original) {
            ops.reclaim((Tensor) promoted);
        }
    }
}
