package org.ferrite.api.spi;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * The operation table's provider view: every provider's capability check for an (operation, dtype)
 * pair, so that all of them refuse exactly the pairs {@link OpTable} leaves undefined, with the same
 * {@link UnsupportedOpException} — the operation's name, the dtype, and the dtypes that would work:
 *
 * <pre>
 * atan2: not defined for dtype I32: atan2 is defined for F32, F64 (OpTable); cast the operands first
 * </pre>
 *
 * <p>A provider calls the check first in its hook, before any other validation and before the first
 * write. The defined case costs one array load, one shift and one mask; only the refusal allocates.
 * Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class OpChecks {
    private OpChecks() {
    }

    /**
     * @param op a binary operation
     * @param dtype the operands' dtype
     * @throws UnsupportedOpException if the table does not define {@code op} for {@code dtype}
     */
    public static void requireDefined(BinaryOp op, DType dtype) {
        if (!OpTable.accepts(op, dtype)) {
            throw unsupported(OpTable.of(op), dtype);
        }
    }

    /**
     * @param op a unary operation
     * @param dtype the operand's dtype
     * @throws UnsupportedOpException if the table does not define {@code op} for {@code dtype}
     */
    public static void requireDefined(UnaryOp op, DType dtype) {
        if (!OpTable.accepts(op, dtype)) {
            throw unsupported(OpTable.of(op), dtype);
        }
    }

    /**
     * @param op a comparison
     * @param dtype the operands' dtype
     * @throws UnsupportedOpException if the table does not define {@code op} for {@code dtype}
     */
    public static void requireDefined(CompareOp op, DType dtype) {
        if (!OpTable.accepts(op, dtype)) {
            throw unsupported(OpTable.of(op), dtype);
        }
    }

    /**
     * @param op a reduction
     * @param dtype the operand's dtype
     * @throws UnsupportedOpException if the table does not define {@code op} for {@code dtype}
     */
    public static void requireDefined(ReduceOp op, DType dtype) {
        if (!OpTable.accepts(op, dtype)) {
            throw unsupported(OpTable.of(op), dtype);
        }
    }

    /**
     * @param mode a scatter combiner
     * @param dtype the operand's dtype
     * @throws UnsupportedOpException (operation {@code "scatter"}) if the table does not define
     *     {@code mode} for {@code dtype}
     */
    public static void requireDefined(ScatterMode mode, DType dtype) {
        if (!OpTable.accepts(mode, dtype)) {
            throw unsupported(OpTable.of(mode), dtype);
        }
    }

    /**
     * @param row a row of the table, e.g. {@link OpTable#SOFTMAX}
     * @param dtype the operands' dtype
     * @throws UnsupportedOpException if {@code row} does not accept {@code dtype}
     */
    public static void requireDefined(OpSpec row, DType dtype) {
        if (!row.accepts(dtype)) {
            throw unsupported(row, dtype);
        }
    }

    /**
     * The refusal every provider raises for a pair the table leaves undefined.
     *
     * @param row the operation's row
     * @param dtype the dtype it was asked for
     * @return the exception: operation {@link OpSpec#name()}, dtype {@code dtype}, and a message naming the
     *     dtypes that define it and what to do
     */
    public static UnsupportedOpException unsupported(OpSpec row, DType dtype) {
        return new UnsupportedOpException(row.name(), dtype.name(), row + " is defined for " + row.dtypeList()
                + " (OpTable); " + (row.arity() == 1 ? "cast the operand first" : "cast the operands first"));
    }
}
