package org.ferrite.api.session;

import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Elementwise and analytic operations. Hooks: {@link #binaryInto}, {@link #unaryInto},
 * {@link #compareInto}, {@link #selectInto}; everything else is built on them.
 *
 * <p>Broadcasting (the {@code default} methods only): operand shapes combine by NumPy's rule — axes
 * aligned at the end, extents equal or 1 ({@link Shapes#broadcast}). Broadcasting creates zero-stride
 * views; it never copies. Hooks receive operands whose shapes equal the output's.
 *
 * <p>Promotion (the allocating forms only: {@link #binary} and the arithmetic built on it,
 * {@link #compare}, {@link #select}): operands of different dtypes are converted to their common dtype
 * {@link DType#promote} — NumPy 2's {@code result_type} (bfloat16 as {@code ml_dtypes}; the few deliberate
 * differences are marked in the operations guide's promotion table), e.g. I32 with F32 gives
 * F64, F32 with C64 gives C64, BOOL with I32 gives I32 (the whole table is in the operations guide) —
 * and the result has that dtype (BOOL for comparisons). The conversion is a temporary copy of the
 * narrower operand. The {@code …Into} forms and the hooks never promote: every operand must have the
 * output's exact dtype, so that they allocate nothing. Scalar operands: {@link ScalarOps}.
 *
 * <p>Aliasing: an {@code …Into} output must not overlap an input, except that it may be exactly an
 * input (same storage, offset and strides) for {@code binaryInto}/{@code unaryInto}, computing in
 * place.
 * Confined to the thread that opened the session. Lifetime: that of the session view,
 * valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface ElementwiseOps extends StructuralOps {

    /**
     * Hook: {@code out[i] = op(lhs[i], rhs[i])}.
     *
     * @param op the operation
     * @param lhs left operand, same dtype and shape as {@code out}
     * @param rhs right operand, same dtype and shape as {@code out}
     * @param out the output, overwritten
     * @throws org.ferrite.api.error.ValidationException for dtype/shape mismatch or aliasing
     * @throws org.ferrite.api.error.UnsupportedOpException if {@code op} is not defined for the dtype
     * @throws org.ferrite.api.error.NumericalFailureException for integer division by zero
     */
    void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out);

    /**
     * Hook: {@code out[i] = op(x[i])}; {@code out}'s dtype is {@code OpTable.of(op).resultType(x.dtype())}:
     * {@code x}'s, or its real type for {@link UnaryOp#ABS} of a complex {@code x}.
     *
     * @param op the operation
     * @param x the operand, same shape as {@code out}
     * @param out the output, overwritten
     */
    void unaryInto(UnaryOp op, TensorRead x, TensorWrite out);

    /**
     * Hook: {@code out[i] = lhs[i] op rhs[i]}, {@code out} of dtype BOOL.
     *
     * @param op the comparison
     * @param lhs left operand, same shape as {@code out}
     * @param rhs right operand, same dtype and shape as {@code lhs}
     * @param out BOOL output
     */
    void compareInto(CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out);

    /**
     * Hook: {@code out[i] = predicate[i] ? onTrue[i] : onFalse[i]}.
     *
     * @param predicate BOOL, same shape as {@code out}
     * @param onTrue values where true, dtype and shape of {@code out}
     * @param onFalse values where false, dtype and shape of {@code out}
     * @param out the output
     */
    void selectInto(TensorRead predicate, TensorRead onTrue, TensorRead onFalse, TensorWrite out);

    /**
     * {@code op(lhs, rhs)} with broadcasting and promotion (see the interface).
     *
     * @param op the operation
     * @param lhs left operand
     * @param rhs right operand, broadcast-compatible shape, any dtype
     * @return a new tensor of the broadcast shape and the promoted dtype
     * @throws org.ferrite.api.error.UnsupportedOpException if {@code op} is not defined for the promoted
     *     dtype
     */
    default Tensor binary(BinaryOp op, TensorRead lhs, TensorRead rhs) {
        String name = opName(op);
        long[] shape = Shapes.broadcast(name, lhs.shape(), rhs.shape());
        DType type = DType.promote(lhs.dtype(), rhs.dtype());
        OpChecks.requireDefined(op, type); // before any conversion or allocation
        TensorRead a = Promotion.to(this, lhs, type);
        TensorRead b = Promotion.to(this, rhs, type);
        Tensor out = allocate(OpTable.of(op).resultType(type), shape);
        binaryBroadcastInto(op, a, b, out);
        Promotion.release(this, lhs, a);
        Promotion.release(this, rhs, b);
        return out;
    }

    /**
     * {@link #binaryInto} with broadcasting of both operands to {@code out}'s shape.
     *
     * @param op the operation
     * @param lhs left operand, broadcast-compatible with {@code out}
     * @param rhs right operand, broadcast-compatible with {@code out}
     * @param out the output; its shape is the broadcast target
     * @throws org.ferrite.api.error.ValidationException (SHAPE_MISMATCH) naming {@code lhs} or
     *     {@code rhs} if it does not broadcast to {@code out}'s shape
     */
    default void binaryBroadcastInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        if (OperandChecks.sameShape(lhs, out) && OperandChecks.sameShape(rhs, out)) {
            binaryInto(op, lhs, rhs, out); // the common case allocates nothing
            return;
        }
        String name = opName(op);
        long[] shape = out.shape();
        binaryInto(op, OperandChecks.broadcastOperand(name, "lhs", lhs, shape),
                OperandChecks.broadcastOperand(name, "rhs", rhs, shape), out);
    }

    /**
     * @param op a binary operation
     * @return its name as used in error messages ({@code "add"}, {@code "maximum"}, …)
     */
    private static String opName(BinaryOp op) {
        return OpTable.of(op).name();
    }

    /**
     * @param a lhs
     * @param b rhs
     * @return {@code a + b}, broadcast
     */
    default Tensor add(TensorRead a, TensorRead b) {
        return binary(BinaryOp.ADD, a, b);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @return {@code a - b}, broadcast
     */
    default Tensor sub(TensorRead a, TensorRead b) {
        return binary(BinaryOp.SUB, a, b);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @return {@code a · b} elementwise, broadcast
     */
    default Tensor mul(TensorRead a, TensorRead b) {
        return binary(BinaryOp.MUL, a, b);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @return {@code a / b}, broadcast; integers truncate toward zero as Java's {@code /} — NumPy's
     *     {@code a / b} of integers is float64 (cast first), its {@code a // b} is {@link #floorDivide}
     */
    default Tensor div(TensorRead a, TensorRead b) {
        return binary(BinaryOp.DIV, a, b);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @return the remainder of {@code a / b} with the dividend's sign (NumPy's {@code fmod}, Java's
     *     {@code %}; NumPy's {@code a % b} is {@link #remainder}), broadcast
     */
    default Tensor rem(TensorRead a, TensorRead b) {
        return binary(BinaryOp.REM, a, b);
    }

    /**
     * NumPy's {@code floor_divide}, Python's {@code a // b}: the quotient rounded toward −∞
     * ({@code -7 // 2 = -4}; {@link #div} truncates: −3).
     *
     * @param a dividend
     * @param b divisor
     * @return {@code a // b}, broadcast
     * @throws org.ferrite.api.error.NumericalFailureException for an integer divisor 0 (NumPy gives 0)
     */
    default Tensor floorDivide(TensorRead a, TensorRead b) {
        return binary(BinaryOp.FLOOR_DIVIDE, a, b);
    }

    /**
     * NumPy's {@code remainder}, Python's {@code a % b}: the sign of the divisor ({@code -7 % 2 = 1};
     * {@link #fmod} and {@link #rem} take the dividend's: −1).
     *
     * @param a dividend
     * @param b divisor
     * @return {@code a % b}, broadcast
     * @throws org.ferrite.api.error.NumericalFailureException for an integer divisor 0 (NumPy gives 0)
     */
    default Tensor remainder(TensorRead a, TensorRead b) {
        return binary(BinaryOp.REMAINDER, a, b);
    }

    /**
     * NumPy's {@code fmod}, C's {@code fmod} and Java's {@code %}: the remainder with the sign of the
     * dividend ({@code fmod(-7, 2) = -1}); the same as {@link #rem}.
     *
     * @param a dividend
     * @param b divisor
     * @return {@code a - b·trunc(a/b)}, broadcast
     */
    default Tensor fmod(TensorRead a, TensorRead b) {
        return binary(BinaryOp.REM, a, b);
    }

    /**
     * @param a base
     * @param b exponent
     * @return {@code a^b}, broadcast
     */
    default Tensor pow(TensorRead a, TensorRead b) {
        return binary(BinaryOp.POW, a, b);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @return elementwise maximum, broadcast
     */
    default Tensor maximum(TensorRead a, TensorRead b) {
        return binary(BinaryOp.MAXIMUM, a, b);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @return elementwise minimum, broadcast
     */
    default Tensor minimum(TensorRead a, TensorRead b) {
        return binary(BinaryOp.MINIMUM, a, b);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @param out output, broadcast target
     */
    default void addInto(TensorRead a, TensorRead b, TensorWrite out) {
        binaryBroadcastInto(BinaryOp.ADD, a, b, out);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @param out output, broadcast target
     */
    default void subInto(TensorRead a, TensorRead b, TensorWrite out) {
        binaryBroadcastInto(BinaryOp.SUB, a, b, out);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @param out output, broadcast target
     */
    default void mulInto(TensorRead a, TensorRead b, TensorWrite out) {
        binaryBroadcastInto(BinaryOp.MUL, a, b, out);
    }

    /**
     * @param a lhs
     * @param b rhs
     * @param out output, broadcast target
     */
    default void divInto(TensorRead a, TensorRead b, TensorWrite out) {
        binaryBroadcastInto(BinaryOp.DIV, a, b, out);
    }

    /**
     * @param op the operation
     * @param x the operand
     * @return a new tensor {@code op(x)}
     */
    default Tensor unary(UnaryOp op, TensorRead x) {
        OpChecks.requireDefined(op, x.dtype());
        Tensor out = allocate(OpTable.of(op).resultType(x.dtype()), x.shape());
        unaryInto(op, x, out);
        return out;
    }

    /**
     * @param x operand
     * @return {@code -x}
     */
    default Tensor neg(TensorRead x) {
        return unary(UnaryOp.NEG, x);
    }

    /**
     * @param x operand
     * @return the complex conjugate (a copy for real dtypes)
     */
    default Tensor conj(TensorRead x) {
        return unary(UnaryOp.CONJ, x);
    }

    /**
     * @param x operand
     * @return {@code |x|} (real type for complex)
     */
    default Tensor abs(TensorRead x) {
        return unary(UnaryOp.ABS, x);
    }

    /**
     * @param x operand
     * @return the sign of x
     */
    default Tensor sign(TensorRead x) {
        return unary(UnaryOp.SIGN, x);
    }

    /**
     * @param x operand
     * @return {@code e^x}
     */
    default Tensor exp(TensorRead x) {
        return unary(UnaryOp.EXP, x);
    }

    /**
     * @param x operand
     * @return {@code ln x}
     */
    default Tensor log(TensorRead x) {
        return unary(UnaryOp.LOG, x);
    }

    /**
     * @param x operand
     * @return {@code sin x}
     */
    default Tensor sin(TensorRead x) {
        return unary(UnaryOp.SIN, x);
    }

    /**
     * @param x operand
     * @return {@code cos x}
     */
    default Tensor cos(TensorRead x) {
        return unary(UnaryOp.COS, x);
    }

    /**
     * @param x operand
     * @return {@code tanh x}
     */
    default Tensor tanh(TensorRead x) {
        return unary(UnaryOp.TANH, x);
    }

    /**
     * @param x operand
     * @return {@code sqrt x}
     */
    default Tensor sqrt(TensorRead x) {
        return unary(UnaryOp.SQRT, x);
    }

    /**
     * @param x operand
     * @return {@code 1/sqrt x}
     */
    default Tensor rsqrt(TensorRead x) {
        return unary(UnaryOp.RSQRT, x);
    }

    /**
     * @param x operand
     * @return {@code e^x - 1}
     */
    default Tensor expm1(TensorRead x) {
        return unary(UnaryOp.EXPM1, x);
    }

    /**
     * @param x operand
     * @return {@code ln(1 + x)}
     */
    default Tensor log1p(TensorRead x) {
        return unary(UnaryOp.LOG1P, x);
    }

    /**
     * @param x operand
     * @return {@code erf x}
     */
    default Tensor erf(TensorRead x) {
        return unary(UnaryOp.ERF, x);
    }

    /**
     * @param x operand
     * @return {@code 1/(1+e^-x)}
     */
    default Tensor sigmoid(TensorRead x) {
        return unary(UnaryOp.SIGMOID, x);
    }

    /**
     * {@code a op b} with broadcasting; operands of different dtypes are compared in their promoted dtype
     * (see the interface).
     *
     * @param op the comparison
     * @param a lhs
     * @param b rhs, broadcast-compatible, any dtype
     * @return a new BOOL tensor of the broadcast shape
     */
    default Tensor compare(CompareOp op, TensorRead a, TensorRead b) {
        long[] shape = Shapes.broadcast("compare", a.shape(), b.shape());
        DType type = DType.promote(a.dtype(), b.dtype());
        OpChecks.requireDefined(op, type); // before any conversion or allocation
        TensorRead pa = Promotion.to(this, a, type);
        TensorRead pb = Promotion.to(this, b, type);
        Tensor out = allocate(DType.BOOL, shape);
        compareInto(op, OperandChecks.broadcastOperand("compare", "lhs", pa, shape),
                OperandChecks.broadcastOperand("compare", "rhs", pb, shape), out);
        Promotion.release(this, a, pa);
        Promotion.release(this, b, pb);
        return out;
    }

    /**
     * NumPy's {@code where(predicate, onTrue, onFalse)}: broadcasting all three, and the values promoted to
     * their common dtype (see the interface).
     *
     * @param predicate BOOL
     * @param onTrue values where true
     * @param onFalse values where false (any dtype)
     * @return a new tensor of the broadcast shape of all three and the promoted dtype of the values
     */
    default Tensor select(TensorRead predicate, TensorRead onTrue, TensorRead onFalse) {
        OperandChecks.requireDtype("select", "predicate", predicate, DType.BOOL);
        long[] shape = Shapes.broadcast("select", Shapes.broadcast("select", predicate.shape(), onTrue.shape()),
                onFalse.shape());
        DType type = DType.promote(onTrue.dtype(), onFalse.dtype());
        TensorRead t = Promotion.to(this, onTrue, type);
        TensorRead f = Promotion.to(this, onFalse, type);
        Tensor out = allocate(type, shape);
        selectInto(OperandChecks.broadcastOperand("select", "predicate", predicate, shape),
                OperandChecks.broadcastOperand("select", "onTrue", t, shape),
                OperandChecks.broadcastOperand("select", "onFalse", f, shape), out);
        Promotion.release(this, onTrue, t);
        Promotion.release(this, onFalse, f);
        return out;
    }

    /**
     * {@code min(max(x, lo), hi)} elementwise (StableHLO {@code clamp}, NumPy's {@code clip(x, lo, hi)});
     * NaN in {@code x} stays NaN. The three promote to their common dtype as NumPy's {@code clip} does
     * ({@link DType#promote}: an I32 {@code x} between F32 bounds gives F64) and broadcast against
     * {@code x}.
     *
     * @param lo lower bounds, broadcast against {@code x}, any real dtype
     * @param x the operand
     * @param hi upper bounds, broadcast against {@code x}, any real dtype
     * @return a new tensor of {@code x}'s shape and the promoted dtype
     * @throws org.ferrite.api.error.UnsupportedOpException for a promoted dtype {@link OpTable#CLAMP} does not
     *     accept (BOOL and complex: no order)
     */
    default Tensor clamp(TensorRead lo, TensorRead x, TensorRead hi) {
        DType type = DType.promote(DType.promote(lo.dtype(), x.dtype()), hi.dtype());
        OpChecks.requireDefined(OpTable.CLAMP, type);
        long[] shape = x.shape();
        TensorRead low = OperandChecks.broadcastOperand("clamp", "lo", lo, shape);
        TensorRead high = OperandChecks.broadcastOperand("clamp", "hi", hi, shape);
        TensorRead px = Promotion.to(this, x, type);
        TensorRead plo = Promotion.to(this, low, type);
        TensorRead phi = Promotion.to(this, high, type);
        Tensor out = allocate(type, shape);
        binaryInto(BinaryOp.MAXIMUM, px, plo, out);
        binaryInto(BinaryOp.MINIMUM, out, phi, out);
        Promotion.release(this, x, px);
        Promotion.release(this, low, plo);
        Promotion.release(this, high, phi);
        return out;
    }
}
