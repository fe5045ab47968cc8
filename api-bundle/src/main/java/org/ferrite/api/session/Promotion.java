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
