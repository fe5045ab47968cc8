package org.ferrite.api.spi;

import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The operation table's promotions for a provider's hooks: where a row {@linkplain OpSpec#widens widens}
 * its operand — {@code exp} of I32 computes in F64, {@code sum} of BOOL counts in I64, {@code mean} of I64
 * averages in F64, as NumPy 2 does — the hook receives the narrow operand and an output of the wide
 * result dtype ({@link OpSpec#resultType}). A provider's kernels need not know: its hook asks here first,
 * and these methods convert the operand with the session's own {@code castInto} and run the hook again on
 * the widened operand, which its kernel computes.
 *
 * <pre>{@code
 * public void unaryInto(UnaryOp op, TensorRead x, TensorWrite out) {
 *     guard.enter("unary");
 *     if (Widening.unaryInto(this, op, x, out)) {
 *         return;                                   // I32 exp: cast into out, exp in place
 *     }
 *     ...                                           // the provider's own checks and kernel
 * }
 * }</pre>
 *
 * <p>Each method returns {@code false} at once, allocating nothing, when the row does not widen the
 * operand's dtype (one load, one shift and one mask — the hot path); the provider's own checks then run
 * and refuse an undefined pair with the table's message. Otherwise it validates {@code out} (dtype, shape,
 * writability) before the first write, converts, runs the hook on the widened operand (which validates
 * the rest) and returns {@code true}. The unary and binary forms convert into {@code out} itself and
 * compute there in place, so they allocate at most one temporary (the right operand of a binary
 * operation); the reduction allocates one temporary of the operand's shape, reclaimed before it returns.
 * Thread-safe (stateless; the session is the caller's). It has no instances and holds no resources.
 */
public final class Widening {
    private Widening() {
    }

    /**
     * @param s the session whose hook was called
     * @param op the operation
     * @param x the operand
     * @param out the output, of the widened dtype
     * @return true if the operation widens {@code x}'s dtype and was computed here
     */
    public static boolean unaryInto(BackendSession s, UnaryOp op, TensorRead x, TensorWrite out) {
        OpSpec row = OpTable.of(op);
        if (!row.widens(x.dtype())) {
            return false;
        }
        OperandChecks.requireOutput(row.name(), out, row.resultType(x.dtype()), x);
        s.castInto(x, out);
        s.unaryInto(op, out, out);
        return true;
    }

    /**
     * @param s the session whose hook was called
     * @param op the operation
     * @param lhs the left operand
     * @param rhs the right operand, of {@code lhs}'s dtype and shape
     * @param out the output, of the widened dtype and the operands' shape
     * @return true if the operation widens the operands' dtype and was computed here
     */
    public static boolean binaryInto(BackendSession s, BinaryOp op, TensorRead lhs, TensorRead rhs,
            TensorWrite out) {
        OpSpec row = OpTable.of(op);
        if (!row.widens(lhs.dtype())) {
            return false;
        }
        String name = row.name();
        OperandChecks.requireDtype(name, "rhs", rhs, lhs.dtype());
        OperandChecks.requireSameShape(name, "rhs", lhs, rhs);
        OperandChecks.requireOutput(name, out, row.resultType(lhs.dtype()), lhs);
        Tensor wideRhs = s.allocate(out.dtype(), rhs.shape());
        try {
            s.castInto(rhs, wideRhs);
            s.castInto(lhs, out);
            s.binaryInto(op, out, wideRhs, out);
        } finally {
            s.reclaim(wideRhs);
        }
        return true;
    }

    /**
     * @param s the session whose hook was called
     * @param op the reduction
     * @param x the operand
     * @param axes the axes to reduce
     * @param out the output, of the widened dtype and the reduced shape
     * @return true if the reduction widens {@code x}'s dtype and was computed here
     */
    public static boolean reduceInto(BackendSession s, ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        OpSpec row = OpTable.of(op);
        if (!row.widens(x.dtype())) {
            return false;
        }
        String name = row.name();
        int[] ax = Shapes.normalizeAxes(name, "axes", axes, x.rank());
        DType wide = row.computeType(x.dtype());
        OperandChecks.requireDtype(name, "out", out, row.resultType(x.dtype()));
        OperandChecks.requireShape(name, "out", OperandChecks.reducedShape(name, x, ax), out);
        OperandChecks.requireWritable(name, out);
        Tensor widened = s.allocate(wide, x.shape());
        try {
            s.castInto(x, widened);
            s.reduceInto(op, widened, ax, out);
        } finally {
            s.reclaim(widened);
        }
        return true;
    }
}
