package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The scalar operands of {@link ScalarOps}: a rank-0 tensor of the dtype NumPy 2 gives a Python scalar
 * next to the tensor ({@link ScalarOps#scalarResultType}), moved to the session's placement. Thread-safe
 * (stateless).
 */
final class ScalarOperands {
    private ScalarOperands() {
    }

    /** @return a rank-0 host tensor holding {@code value} as the scalar dtype for {@code tensor} */
    static Tensor real(DType tensor, double value) {
        return Tensor.scalar(ScalarOps.scalarResultType(tensor, false), value);
    }

    /**
     * @return a rank-0 host tensor holding {@code value} exactly as the scalar dtype for {@code tensor}
     * @throws ValidationException if the value does not fit an I32, I8 or U8 scalar dtype (NumPy 2 raises
     *     {@code OverflowError} for an out-of-bounds Python integer)
     */
    static Tensor integral(String op, DType tensor, long value) {
        DType type = ScalarOps.scalarResultType(tensor, true);
        switch (type) {
            case I64:
                return Tensor.of(new long[] {value});
            case I32:
                if (value != (int) value) {
                    throw ValidationException.invalidArgument(op, "scalar", "a value within the range of I32 (the"
                            + " dtype the scalar takes next to an I32 tensor)", String.valueOf(value),
                            "convert the tensor to I64 first, or pass a double scalar");
                }
                return Tensor.of(new int[] {(int) value});
            case I8:
            case U8:
                long min = type == DType.I8 ? Byte.MIN_VALUE : 0;
                long max = type == DType.I8 ? Byte.MAX_VALUE : 255;
                if (value < min || value > max) {
                    throw ValidationException.invalidArgument(op, "scalar", "a value within the range of " + type
                            + " [" + min + ", " + max + "] (the dtype the scalar takes next to an " + type + " tensor)",
                            String.valueOf(value), "convert the tensor to I32 first, or pass a double scalar");
                }
                return Tensor.scalar(type, value);
            default:
                return Tensor.scalar(type, value);
        }
    }

    /** @return {@code scalar} itself on a host session, else a copy on the session's placement */
    static TensorRead onSession(ScalarOps s, Tensor scalar) {
        return s.placement().isHost() ? scalar : s.to(scalar, s.placement());
    }

    static void release(BufferOps s, Tensor scalar, TensorRead there) {
        if (there != scalar) {
            s.reclaim((Tensor) there);
        }
    }

    /** {@code clamp(lo, x, hi)} with two scalar bounds. */
    static Tensor clamp(ScalarOps s, TensorRead x, Tensor lo, Tensor hi) {
        TensorRead low = onSession(s, lo);
        TensorRead high = onSession(s, hi);
        Tensor out = s.clamp(low, x, high);
        release(s, lo, low);
        release(s, hi, high);
        return out;
    }

    /** {@code op(x, scalar)}, or {@code op(scalar, x)} when {@code scalarFirst}. */
    static Tensor binary(ScalarOps s, BinaryOp op, TensorRead x, Tensor scalar, boolean scalarFirst) {
        TensorRead there = onSession(s, scalar);
        Tensor out = scalarFirst ? s.binary(op, there, x) : s.binary(op, x, there);
        release(s, scalar, there);
        return out;
    }
}
