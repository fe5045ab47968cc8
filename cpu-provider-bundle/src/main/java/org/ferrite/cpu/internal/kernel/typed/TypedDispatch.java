// GENERATED from codegen/src/main/resources/templates/TypedDispatch.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * The one place that maps a runtime {@link DType} to its generated loop class: a switch per call,
 * outside every loop. Copies and selects dispatch on the storage class (C64 runs as F32 lanes, C128
 * as F64 lanes). Callers have validated, and checked that {@code OpTable} defines the pair.
 * Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class TypedDispatch {
    private TypedDispatch() {
    }

    /**
     * @param op the operation
     * @param dtype the operands' dtype
     * @param l the layout (out, lhs, rhs)
     * @param out output storage
     * @param lhs left storage
     * @param rhs right storage
     */
    public static void binary(BinaryOp op, DType dtype, StridedLayout l, Object out, Object lhs, Object rhs) {
        switch (dtype) {
            case BOOL:
                BoolElementwise.binary(op, l, out, lhs, rhs);
                return;
            case I32:
                I32Elementwise.binary(op, l, out, lhs, rhs);
                return;
            case I64:
                I64Elementwise.binary(op, l, out, lhs, rhs);
                return;
            case F32:
                F32Elementwise.binary(op, l, out, lhs, rhs);
                return;
            case F64:
                F64Elementwise.binary(op, l, out, lhs, rhs);
                return;
            case C64:
                C64Elementwise.binary(op, l, out, lhs, rhs);
                return;
            case C128:
                C128Elementwise.binary(op, l, out, lhs, rhs);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param op the operation
     * @param dtype the operands' dtype
     * @param n elements
     * @param out output storage
     * @param oi its scalar offset
     * @param lhs left storage
     * @param ai its scalar offset
     * @param rhs right storage
     * @param bi its scalar offset
     */
    public static void binaryFlat(BinaryOp op, DType dtype, int n, Object out, int oi, Object lhs, int ai,
            Object rhs, int bi) {
        switch (dtype) {
            case BOOL:
                BoolElementwise.binaryFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case I32:
                I32Elementwise.binaryFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case I64:
                I64Elementwise.binaryFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case F32:
                F32Elementwise.binaryFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case F64:
                F64Elementwise.binaryFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case C64:
                C64Elementwise.binaryFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case C128:
                C128Elementwise.binaryFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param op the operation
     * @param dtype the input dtype
     * @param l the layout (out, x)
     * @param out output storage
     * @param x input storage
     */
    public static void unary(UnaryOp op, DType dtype, StridedLayout l, Object out, Object x) {
        switch (dtype) {
            case BOOL:
                BoolElementwise.unary(op, l, out, x);
                return;
            case I32:
                I32Elementwise.unary(op, l, out, x);
                return;
            case I64:
                I64Elementwise.unary(op, l, out, x);
                return;
            case F32:
                F32Elementwise.unary(op, l, out, x);
                return;
            case F64:
                F64Elementwise.unary(op, l, out, x);
                return;
            case C64:
                C64Elementwise.unary(op, l, out, x);
                return;
            case C128:
                C128Elementwise.unary(op, l, out, x);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param op the operation
     * @param dtype the input dtype
     * @param n elements
     * @param out output storage
     * @param oi its scalar offset
     * @param x input storage
     * @param ai its scalar offset
     */
    public static void unaryFlat(UnaryOp op, DType dtype, int n, Object out, int oi, Object x, int ai) {
        switch (dtype) {
            case BOOL:
                BoolElementwise.unaryFlat(op, n, out, oi, x, ai);
                return;
            case I32:
                I32Elementwise.unaryFlat(op, n, out, oi, x, ai);
                return;
            case I64:
                I64Elementwise.unaryFlat(op, n, out, oi, x, ai);
                return;
            case F32:
                F32Elementwise.unaryFlat(op, n, out, oi, x, ai);
                return;
            case F64:
                F64Elementwise.unaryFlat(op, n, out, oi, x, ai);
                return;
            case C64:
                C64Elementwise.unaryFlat(op, n, out, oi, x, ai);
                return;
            case C128:
                C128Elementwise.unaryFlat(op, n, out, oi, x, ai);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param op the comparison
     * @param dtype the inputs' dtype
     * @param l the layout (BOOL out, lhs, rhs)
     * @param out boolean storage
     * @param lhs left storage
     * @param rhs right storage
     */
    public static void compare(CompareOp op, DType dtype, StridedLayout l, Object out, Object lhs, Object rhs) {
        switch (dtype) {
            case BOOL:
                BoolElementwise.compare(op, l, out, lhs, rhs);
                return;
            case I32:
                I32Elementwise.compare(op, l, out, lhs, rhs);
                return;
            case I64:
                I64Elementwise.compare(op, l, out, lhs, rhs);
                return;
            case F32:
                F32Elementwise.compare(op, l, out, lhs, rhs);
                return;
            case F64:
                F64Elementwise.compare(op, l, out, lhs, rhs);
                return;
            case C64:
                C64Elementwise.compare(op, l, out, lhs, rhs);
                return;
            case C128:
                C128Elementwise.compare(op, l, out, lhs, rhs);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param op the comparison
     * @param dtype the inputs' dtype
     * @param n elements
     * @param out boolean storage
     * @param oi its offset
     * @param lhs left storage
     * @param ai its scalar offset
     * @param rhs right storage
     * @param bi its scalar offset
     */
    public static void compareFlat(CompareOp op, DType dtype, int n, Object out, int oi, Object lhs, int ai,
            Object rhs, int bi) {
        switch (dtype) {
            case BOOL:
                BoolElementwise.compareFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case I32:
                I32Elementwise.compareFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case I64:
                I64Elementwise.compareFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case F32:
                F32Elementwise.compareFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case F64:
                F64Elementwise.compareFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case C64:
                C64Elementwise.compareFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            case C128:
                C128Elementwise.compareFlat(op, n, out, oi, lhs, ai, rhs, bi);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param dtype the dtype (its storage class is used; complex layouts carry a lane axis)
     * @param l the layout (out, src)
     * @param out output storage
     * @param src source storage
     */
    public static void copy(DType dtype, StridedLayout l, Object out, Object src) {
        switch (dtype) {
            case BOOL:
                BoolStructural.copy(l, out, src);
                return;
            case I32:
                I32Structural.copy(l, out, src);
                return;
            case I64:
                I64Structural.copy(l, out, src);
                return;
            case F32:
                F32Structural.copy(l, out, src);
                return;
            case F64:
                F64Structural.copy(l, out, src);
                return;
            case C64:
                F32Structural.copy(l, out, src);
                return;
            case C128:
                F64Structural.copy(l, out, src);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param dtype the value dtype (storage class used; complex layouts carry a lane axis)
     * @param l the layout (out, predicate, onTrue, onFalse)
     * @param out output storage
     * @param pred boolean storage
     * @param onTrue values where true
     * @param onFalse values where false
     */
    public static void select(DType dtype, StridedLayout l, Object out, Object pred, Object onTrue, Object onFalse) {
        switch (dtype) {
            case BOOL:
                BoolStructural.select(l, out, pred, onTrue, onFalse);
                return;
            case I32:
                I32Structural.select(l, out, pred, onTrue, onFalse);
                return;
            case I64:
                I64Structural.select(l, out, pred, onTrue, onFalse);
                return;
            case F32:
                F32Structural.select(l, out, pred, onTrue, onFalse);
                return;
            case F64:
                F64Structural.select(l, out, pred, onTrue, onFalse);
                return;
            case C64:
                F32Structural.select(l, out, pred, onTrue, onFalse);
                return;
            case C128:
                F64Structural.select(l, out, pred, onTrue, onFalse);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param dtype the source dtype
     * @param target the output dtype (different from {@code dtype})
     * @param l the layout (out, src)
     * @param out output storage
     * @param src source storage
     */
    public static void cast(DType dtype, DType target, StridedLayout l, Object out, Object src) {
        switch (dtype) {
            case BOOL:
                BoolStructural.cast(target, l, out, src);
                return;
            case I32:
                I32Structural.cast(target, l, out, src);
                return;
            case I64:
                I64Structural.cast(target, l, out, src);
                return;
            case F32:
                F32Structural.cast(target, l, out, src);
                return;
            case F64:
                F64Structural.cast(target, l, out, src);
                return;
            case C64:
                C64Structural.cast(target, l, out, src);
                return;
            case C128:
                C128Structural.cast(target, l, out, src);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param op the reduction
     * @param dtype the input dtype
     * @param l a one-operand layout over the output
     * @param out output storage
     * @param emptyReduction true if nothing is reduced into each output
     */
    public static void reduceInit(ReduceOp op, DType dtype, StridedLayout l, Object out, boolean emptyReduction) {
        switch (dtype) {
            case I32:
                I32Reduction.init(op, l, out, emptyReduction);
                return;
            case I64:
                I64Reduction.init(op, l, out, emptyReduction);
                return;
            case F32:
                F32Reduction.init(op, l, out, emptyReduction);
                return;
            case F64:
                F64Reduction.init(op, l, out, emptyReduction);
                return;
            case C64:
                C64Reduction.init(op, l, out, emptyReduction);
                return;
            case C128:
                C128Reduction.init(op, l, out, emptyReduction);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param op the reduction
     * @param dtype the input dtype
     * @param l the layout (out with zero strides on reduced axes, x)
     * @param out output storage
     * @param x input storage
     */
    public static void reduceAccumulate(ReduceOp op, DType dtype, StridedLayout l, Object out, Object x) {
        switch (dtype) {
            case I32:
                I32Reduction.accumulate(op, l, out, x);
                return;
            case I64:
                I64Reduction.accumulate(op, l, out, x);
                return;
            case F32:
                F32Reduction.accumulate(op, l, out, x);
                return;
            case F64:
                F64Reduction.accumulate(op, l, out, x);
                return;
            case C64:
                C64Reduction.accumulate(op, l, out, x);
                return;
            case C128:
                C128Reduction.accumulate(op, l, out, x);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }

    /**
     * @param dtype an input dtype the operation table defines MEAN for
     * @param l a one-operand layout over the output
     * @param out output storage
     * @param count elements reduced into each output
     */
    public static void meanDivide(DType dtype, StridedLayout l, Object out, long count) {
        switch (dtype) {
            case F32:
                F32Reduction.divide(l, out, count);
                return;
            case F64:
                F64Reduction.divide(l, out, count);
                return;
            case C64:
                C64Reduction.divide(l, out, count);
                return;
            case C128:
                C128Reduction.divide(l, out, count);
                return;
            default:
                throw new IllegalArgumentException(dtype.name());
        }
    }
}
