package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Elementwise arithmetic and comparisons with a Java scalar operand: {@code s.mul(x, 0.5)},
 * {@code s.add(x, 2)}, {@code s.sub(1.0, x)}, {@code s.compare(CompareOp.GT, x, 0.0)}. Built on
 * {@link ElementwiseOps#binary} and {@link ElementwiseOps#compare}, which broadcast the scalar; a
 * provider has nothing to implement here.
 *
 * <p>Dtypes follow NumPy 2's rule for Python scalars (NEP 50, "weak" scalars): the scalar takes the
 * tensor's dtype, so {@code mul(f32Tensor, 0.5)} is F32 and {@code add(i32Tensor, 2)} is I32 — unless
 * the scalar is of a higher kind than the tensor, where NumPy uses its default dtype of that kind:
 * <ul>
 * <li>a {@code double} scalar with a BOOL, I32 or I64 tensor gives F64 (NumPy: {@code int32_array * 0.5}
 * is float64, never a truncated integer);</li>
 * <li>a {@code long} (or {@code int}) scalar with a BOOL tensor gives I64.</li>
 * </ul>
 * {@link #scalarResultType} is that rule. A {@code long} scalar must fit the integer dtype it takes (as
 * NumPy raises {@code OverflowError}); a {@code double} scalar is rounded to F32 for an F32 or C64 tensor.
 * An {@code int} literal selects the {@code long} overloads ({@code add(x, 2)}), a floating literal the
 * {@code double} ones ({@code add(x, 2.0)}), as Python's {@code x + 2} and {@code x + 2.0} differ.
 *
 * <p>The scalar becomes a rank-0 tensor on the session's placement, so these are allocating forms;
 * write {@code …Into} loops with a rank-0 operand you keep instead.
 * Confined to the thread that opened the session. Lifetime: that of the session view,
 * valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface ScalarOps extends ElementwiseOps {

    /**
     * A copy of {@code t} on {@code target}: implemented by {@link BackendSession#to}, declared here so
     * that a scalar reaches a device session's placement.
     *
     * @param t the tensor to copy
     * @param target the host or this session's placement
     * @return a new tensor on {@code target}, owned by the caller
     */
    Tensor to(TensorRead t, Placement target);

    /**
     * The dtype a scalar operand takes next to a tensor of dtype {@code tensor} (NumPy 2's weak scalars):
     * an integral scalar takes an integer or floating tensor's dtype (I64 next to BOOL), a {@code double}
     * scalar a floating tensor's (F64 next to BOOL and integers). BF16 keeps its dtype next to a
     * {@code double}, as JAX's weak types do ({@code ml_dtypes} alone, outside NumPy's scalar rules, gives
     * F64).
     *
     * @param tensor the tensor's dtype
     * @param integral true for a {@code long}/{@code int} scalar, false for a {@code double}
     * @return the scalar's dtype; the operation's result dtype is {@code DType.promote(tensor, it)}
     */
    static DType scalarResultType(DType tensor, boolean integral) {
        if (integral) {
            return tensor == DType.BOOL ? DType.I64 : tensor;
        }
        return tensor == DType.BOOL || tensor.isInteger() ? DType.F64 : tensor;
    }

    /**
     * {@code op(x, y)} for a {@code double} scalar {@code y}, broadcast.
     *
     * @param op the operation
     * @param x the tensor
     * @param y the scalar
     * @return a new tensor of {@code x}'s shape, dtype {@link #scalarResultType scalarResultType(x, false)}
     */
    default Tensor binary(BinaryOp op, TensorRead x, double y) {
        return ScalarOperands.binary(this, op, x, ScalarOperands.real(x.dtype(), y), false);
    }

    /**
     * {@code op(x, y)} for an integral scalar {@code y}, broadcast.
     *
     * @param op the operation
     * @param x the tensor
     * @param y the scalar, within the range of an integer dtype of {@code x}
     * @return a new tensor of {@code x}'s shape, dtype {@link #scalarResultType scalarResultType(x, true)}
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code scalar}) if {@code y} does not fit
     */
    default Tensor binary(BinaryOp op, TensorRead x, long y) {
        return ScalarOperands.binary(this, op, x, ScalarOperands.integral(opName(op), x.dtype(), y), false);
    }

    /**
     * {@code op(x, y)} for a {@code double} scalar {@code x} (the scalar on the left: {@code 1 - y}).
     *
     * @param op the operation
     * @param x the scalar
     * @param y the tensor
     * @return a new tensor of {@code y}'s shape
     */
    default Tensor binary(BinaryOp op, double x, TensorRead y) {
        return ScalarOperands.binary(this, op, y, ScalarOperands.real(y.dtype(), x), true);
    }

    /**
     * {@code op(x, y)} for an integral scalar {@code x}.
     *
     * @param op the operation
     * @param x the scalar
     * @param y the tensor
     * @return a new tensor of {@code y}'s shape
     */
    default Tensor binary(BinaryOp op, long x, TensorRead y) {
        return ScalarOperands.binary(this, op, y, ScalarOperands.integral(opName(op), y.dtype(), x), true);
    }

    private static String opName(BinaryOp op) {
        return OpTable.of(op).name();
    }

    /**
     * @param op the comparison
     * @param x the tensor
     * @param y the scalar
     * @return a new BOOL tensor of {@code x}'s shape: {@code x op y}, compared in the promoted dtype
     */
    default Tensor compare(CompareOp op, TensorRead x, double y) {
        Tensor scalar = ScalarOperands.real(x.dtype(), y);
        TensorRead there = ScalarOperands.onSession(this, scalar);
        Tensor out = compare(op, x, there);
        ScalarOperands.release(this, scalar, there);
        return out;
    }

    /**
     * @param op the comparison
     * @param x the tensor
     * @param y the scalar, within the range of an integer dtype of {@code x}
     * @return a new BOOL tensor of {@code x}'s shape
     */
    default Tensor compare(CompareOp op, TensorRead x, long y) {
        Tensor scalar = ScalarOperands.integral("compare", x.dtype(), y);
        TensorRead there = ScalarOperands.onSession(this, scalar);
        Tensor out = compare(op, x, there);
        ScalarOperands.release(this, scalar, there);
        return out;
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return {@code x + y}
     */
    default Tensor add(TensorRead x, double y) {
        return binary(BinaryOp.ADD, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return {@code x + y}
     */
    default Tensor add(TensorRead x, long y) {
        return binary(BinaryOp.ADD, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return {@code x - y}
     */
    default Tensor sub(TensorRead x, double y) {
        return binary(BinaryOp.SUB, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return {@code x - y}
     */
    default Tensor sub(TensorRead x, long y) {
        return binary(BinaryOp.SUB, x, y);
    }

    /**
     * @param x scalar
     * @param y tensor
     * @return {@code x - y}
     */
    default Tensor sub(double x, TensorRead y) {
        return binary(BinaryOp.SUB, x, y);
    }

    /**
     * @param x scalar
     * @param y tensor
     * @return {@code x - y}
     */
    default Tensor sub(long x, TensorRead y) {
        return binary(BinaryOp.SUB, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return {@code x · y}
     */
    default Tensor mul(TensorRead x, double y) {
        return binary(BinaryOp.MUL, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return {@code x · y}
     */
    default Tensor mul(TensorRead x, long y) {
        return binary(BinaryOp.MUL, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return {@code x / y} (integer tensors with a {@code long} scalar divide as integers)
     */
    default Tensor div(TensorRead x, double y) {
        return binary(BinaryOp.DIV, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return {@code x / y}
     */
    default Tensor div(TensorRead x, long y) {
        return binary(BinaryOp.DIV, x, y);
    }

    /**
     * @param x scalar
     * @param y tensor
     * @return {@code x / y}
     */
    default Tensor div(double x, TensorRead y) {
        return binary(BinaryOp.DIV, x, y);
    }

    /**
     * @param x scalar
     * @param y tensor
     * @return {@code x / y}
     */
    default Tensor div(long x, TensorRead y) {
        return binary(BinaryOp.DIV, x, y);
    }

    /**
     * @param x tensor (base)
     * @param y scalar (exponent)
     * @return {@code x^y}
     */
    default Tensor pow(TensorRead x, double y) {
        return binary(BinaryOp.POW, x, y);
    }

    /**
     * @param x tensor (base)
     * @param y scalar (exponent; {@code >= 0} for an integer tensor)
     * @return {@code x^y}
     */
    default Tensor pow(TensorRead x, long y) {
        return binary(BinaryOp.POW, x, y);
    }

    /**
     * @param x scalar (base)
     * @param y tensor (exponent)
     * @return {@code x^y}
     */
    default Tensor pow(double x, TensorRead y) {
        return binary(BinaryOp.POW, x, y);
    }

    /**
     * @param x scalar (base)
     * @param y tensor (exponent; {@code >= 0} for an integer tensor)
     * @return {@code x^y}
     */
    default Tensor pow(long x, TensorRead y) {
        return binary(BinaryOp.POW, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return the elementwise maximum of {@code x} and {@code y} (NaN if either is NaN)
     */
    default Tensor maximum(TensorRead x, double y) {
        return binary(BinaryOp.MAXIMUM, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return the elementwise maximum of {@code x} and {@code y}
     */
    default Tensor maximum(TensorRead x, long y) {
        return binary(BinaryOp.MAXIMUM, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return the elementwise minimum of {@code x} and {@code y} (NaN if either is NaN)
     */
    default Tensor minimum(TensorRead x, double y) {
        return binary(BinaryOp.MINIMUM, x, y);
    }

    /**
     * @param x tensor
     * @param y scalar
     * @return the elementwise minimum of {@code x} and {@code y}
     */
    default Tensor minimum(TensorRead x, long y) {
        return binary(BinaryOp.MINIMUM, x, y);
    }

    /**
     * NumPy's {@code clip(x, lo, hi)} with Python float bounds: {@link #clamp} with the bounds as weak
     * scalars, so an F32 {@code x} stays F32 and an integer {@code x} gives F64 (as NumPy's
     * {@code np.clip(int_array, 0.5, 1.5)}).
     *
     * @param x the operand, real
     * @param lo the lower bound
     * @param hi the upper bound
     * @return a new tensor of {@code x}'s shape, dtype {@link #scalarResultType scalarResultType(x, false)}
     *     promoted with {@code x}'s
     */
    default Tensor clip(TensorRead x, double lo, double hi) {
        return ScalarOperands.clamp(this, x, ScalarOperands.real(x.dtype(), lo), ScalarOperands.real(x.dtype(), hi));
    }

    /**
     * NumPy's {@code clip(x, lo, hi)} with Python int bounds: {@link #clamp} with the bounds as weak scalars,
     * so {@code x} keeps its dtype ({@code np.clip(int32_array, 0, 10)} is int32).
     *
     * @param x the operand, real
     * @param lo the lower bound, within the range of an integer dtype of {@code x}
     * @param hi the upper bound, likewise
     * @return a new tensor of {@code x}'s shape and dtype
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code scalar}) if a bound does not fit
     */
    default Tensor clip(TensorRead x, long lo, long hi) {
        return ScalarOperands.clamp(this, x, ScalarOperands.integral("clamp", x.dtype(), lo),
                ScalarOperands.integral("clamp", x.dtype(), hi));
    }
}
