package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.stride.ParallelSplit;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;
import org.ferrite.cpu.internal.kernel.typed.NarrowStorage;
import org.ferrite.cpu.internal.kernel.typed.TypedDispatch;

/**
 * Entry points of the elementwise and analytic kernels: the {@code ElementwiseOps} hooks.
 *
 * <ul>
 *   <li>{@link #binaryInto}: {@code out[i] = op(lhs[i], rhs[i])}; operands and output share dtype and
 *       shape. Integer DIV, REM, FLOOR_DIVIDE and REMAINDER by zero throw
 *       {@link NumericalFailureException} and integer POW with a
 *       negative exponent throws {@link ValidationException}, both found by a scan of {@code rhs}
 *       before the first write.
 *   <li>{@link #unaryInto}: {@code out[i] = op(x[i])}, output dtype that of {@code x} except ABS of a
 *       complex {@code x} (its real type).
 *   <li>{@link #compareInto}: {@code out[i] = lhs[i] cmp rhs[i]}, BOOL output; IEEE NaN semantics.
 *   <li>{@link #selectInto}: {@code out[i] = predicate[i] ? onTrue[i] : onFalse[i]}.
 * </ul>
 *
 * <p>Which dtypes each operation accepts is the API's operation table ({@link OpTable}), checked by
 * {@link OpChecks} before anything else; any other pair raises
 * {@link org.ferrite.api.error.UnsupportedOpException} naming both. The generated loop classes of
 * {@code org.ferrite.cpu.internal.kernel.typed} have a loop for exactly the pairs the table defines
 * (the generator checks it).
 *
 * <p>Aliasing: {@code out} may be exactly {@code lhs}, {@code rhs} or {@code x} (in place) for binary
 * and unary maps and must not otherwise overlap an input; compare and select outputs must not overlap
 * any input. Every check runs before the first write. Operands that are all column-major compact run
 * one flat loop; others walk a coalesced {@link StridedLayout}; layouts of at least
 * {@value ParallelSplit#MIN_PARALLEL_ELEMENTS} elements split across the session's workers with
 * results identical to a serial run. Nothing is allocated on serial paths. Thread-safe (stateless;
 * the context is the caller's). It has no instances and holds no resources.
 */
public final class ElementwiseKernels {
    private ElementwiseKernels() {
    }

    /**
     * @param ctx the running session
     * @param op the operation
     * @param lhs left operand, dtype and shape of {@code out}
     * @param rhs right operand, dtype and shape of {@code out}
     * @param out the output, overwritten; may be exactly {@code lhs} or {@code rhs}
     */
    public static void binaryInto(KernelContext ctx, BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        String name = OpTable.of(op).name();
        DType dtype = lhs.dtype();
        OperandChecks.requireDtype(name, "rhs", rhs, dtype);
        OpChecks.requireDefined(op, dtype);
        OperandChecks.requireSameShape(name, "rhs", lhs, rhs);
        OperandChecks.requireOutput(name, out, dtype, lhs);
        KernelChecks.requireHost(name, "lhs", lhs);
        KernelChecks.requireHost(name, "rhs", rhs);
        KernelChecks.requireHost(name, "out", out);
        OperandChecks.requireNoPartialAlias(name, out, lhs, "lhs");
        OperandChecks.requireNoPartialAlias(name, out, rhs, "rhs");
        if (NarrowStorage.isNarrow(dtype)) {
            NarrowStaging.binary(ctx, op, lhs, rhs, out);
            return;
        }
        if (dtype.isInteger()) {
            checkIntegerDivisor(ctx, name, op, rhs);
        }
        int lanes = dtype.scalarsPerElement();
        if (out.isColumnMajorContiguous() && lhs.isColumnMajorContiguous() && rhs.isColumnMajorContiguous()) {
            // int narrowing: the operands have the shape of a writable host output (see StridedLayout)
            TypedDispatch.binaryFlat(op, dtype, (int) out.size(), out.storage(), (int) out.offset() * lanes,
                    lhs.storage(), (int) lhs.offset() * lanes, rhs.storage(), (int) rhs.offset() * lanes);
            return;
        }
        StridedLayout l = ctx.layouts().primary().begin(out, 3).operand(0, out, lanes).operand(1, lhs, lanes)
                .operand(2, rhs, lanes);
        if (!l.finish(0)) {
            return;
        }
        Object o = out.storage();
        Object a = lhs.storage();
        Object b = rhs.storage();
        int chunks = ParallelSplit.chunks(ctx.parallel(), l);
        if (chunks == 1) {
            TypedDispatch.binary(op, dtype, l, o, a, b);
        } else {
            ctx.parallel().run(chunks, c -> TypedDispatch.binary(op, dtype, ParallelSplit.chunk(l, c, chunks), o, a,
                    b));
        }
    }

    private static void checkIntegerDivisor(KernelContext ctx, String name, BinaryOp op, TensorRead rhs) {
        if (op == BinaryOp.DIV || op == BinaryOp.REM || op == BinaryOp.FLOOR_DIVIDE || op == BinaryOp.REMAINDER) {
            if (IntegerScan.any(ctx, rhs, IntegerScan.ZERO)) {
                throw new NumericalFailureException(name, "integer division by zero: argument 'rhs' holds a 0 "
                        + "(of shape " + java.util.Arrays.toString(rhs.shape()) + "); nothing was written");
            }
        } else if (op == BinaryOp.POW && IntegerScan.any(ctx, rhs, IntegerScan.NEGATIVE)) {
            throw ValidationException.invalidArgument(name, "rhs", "integer exponents >= 0",
                    "a negative exponent", "convert to a floating dtype for negative powers");
        }
    }

    /**
     * @param ctx the running session
     * @param op the operation
     * @param x the operand, shape of {@code out}
     * @param out the output ({@code x}'s dtype, or its real type for ABS of complex); may be exactly
     *     {@code x}
     */
    public static void unaryInto(KernelContext ctx, UnaryOp op, TensorRead x, TensorWrite out) {
        String name = OpTable.of(op).name();
        DType dtype = x.dtype();
        OpChecks.requireDefined(op, dtype);
        DType outType = OpTable.of(op).resultType(dtype);
        OperandChecks.requireOutput(name, out, outType, x);
        KernelChecks.requireHost(name, "x", x);
        KernelChecks.requireHost(name, "out", out);
        if (outType == dtype) {
            OperandChecks.requireNoPartialAlias(name, out, x, "x");
        } else {
            OperandChecks.requireNoAlias(name, out, x, "x");
        }
        if (NarrowStorage.isNarrow(dtype)) {
            NarrowStaging.unary(ctx, op, x, out);
            return;
        }
        int inLanes = dtype.scalarsPerElement();
        int outLanes = outType.scalarsPerElement();
        if (out.isColumnMajorContiguous() && x.isColumnMajorContiguous()) {
            TypedDispatch.unaryFlat(op, dtype, (int) out.size(), out.storage(), (int) out.offset() * outLanes,
                    x.storage(), (int) x.offset() * inLanes);
            return;
        }
        StridedLayout l = ctx.layouts().primary().begin(out, 2).operand(0, out, outLanes).operand(1, x, inLanes);
        if (!l.finish(0)) {
            return;
        }
        Object o = out.storage();
        Object a = x.storage();
        int chunks = ParallelSplit.chunks(ctx.parallel(), l);
        if (chunks == 1) {
            TypedDispatch.unary(op, dtype, l, o, a);
        } else {
            ctx.parallel().run(chunks, c -> TypedDispatch.unary(op, dtype, ParallelSplit.chunk(l, c, chunks), o, a));
        }
    }

    /**
     * @param ctx the running session
     * @param op the comparison
     * @param lhs left operand, shape of {@code out}
     * @param rhs right operand, dtype and shape of {@code lhs}
     * @param out BOOL output; must not overlap an input
     */
    public static void compareInto(KernelContext ctx, CompareOp op, TensorRead lhs, TensorRead rhs,
            TensorWrite out) {
        String name = OpTable.of(op).name();
        DType dtype = lhs.dtype();
        OperandChecks.requireDtype(name, "rhs", rhs, dtype);
        OpChecks.requireDefined(op, dtype);
        OperandChecks.requireSameShape(name, "rhs", lhs, rhs);
        OperandChecks.requireOutput(name, out, DType.BOOL, lhs);
        KernelChecks.requireHost(name, "lhs", lhs);
        KernelChecks.requireHost(name, "rhs", rhs);
        KernelChecks.requireHost(name, "out", out);
        OperandChecks.requireNoAlias(name, out, lhs, "lhs");
        OperandChecks.requireNoAlias(name, out, rhs, "rhs");
        if (NarrowStorage.isNarrow(dtype)) {
            NarrowStaging.compare(ctx, op, lhs, rhs, out);
            return;
        }
        int lanes = dtype.scalarsPerElement();
        if (out.isColumnMajorContiguous() && lhs.isColumnMajorContiguous() && rhs.isColumnMajorContiguous()) {
            TypedDispatch.compareFlat(op, dtype, (int) out.size(), out.storage(), (int) out.offset(), lhs.storage(),
                    (int) lhs.offset() * lanes, rhs.storage(), (int) rhs.offset() * lanes);
            return;
        }
        StridedLayout l = ctx.layouts().primary().begin(out, 3).operand(0, out, 1).operand(1, lhs, lanes)
                .operand(2, rhs, lanes);
        if (!l.finish(0)) {
            return;
        }
        Object o = out.storage();
        Object a = lhs.storage();
        Object b = rhs.storage();
        int chunks = ParallelSplit.chunks(ctx.parallel(), l);
        if (chunks == 1) {
            TypedDispatch.compare(op, dtype, l, o, a, b);
        } else {
            ctx.parallel().run(chunks, c -> TypedDispatch.compare(op, dtype, ParallelSplit.chunk(l, c, chunks), o, a,
                    b));
        }
    }

    /**
     * @param ctx the running session
     * @param p BOOL predicate, shape of {@code out}
     * @param t values where true, dtype and shape of {@code out}
     * @param f values where false, dtype and shape of {@code out}
     * @param out the output; must not overlap an input
     */
    public static void selectInto(KernelContext ctx, TensorRead p, TensorRead t, TensorRead f, TensorWrite out) {
        String name = "select";
        DType dtype = t.dtype();
        OperandChecks.requireDtype(name, "predicate", p, DType.BOOL);
        OperandChecks.requireDtype(name, "onFalse", f, dtype);
        OperandChecks.requireSameShape(name, "predicate", t, p);
        OperandChecks.requireSameShape(name, "onFalse", t, f);
        OperandChecks.requireOutput(name, out, dtype, t);
        KernelChecks.requireHost(name, "predicate", p);
        KernelChecks.requireHost(name, "onTrue", t);
        KernelChecks.requireHost(name, "onFalse", f);
        KernelChecks.requireHost(name, "out", out);
        OperandChecks.requireNoAlias(name, out, p, "predicate");
        OperandChecks.requireNoAlias(name, out, t, "onTrue");
        OperandChecks.requireNoAlias(name, out, f, "onFalse");
        if (NarrowStorage.isNarrow(dtype)) {
            NarrowStaging.select(ctx, p, t, f, out);
            return;
        }
        int lanes = dtype.scalarsPerElement();
        StridedLayout l = ctx.layouts().primary().begin(out, 4).operand(0, out, lanes).operand(1, p, 1)
                .operand(2, t, lanes).operand(3, f, lanes);
        if (lanes == 2) {
            int axis = l.appendAxis(2);
            l.stride(0, axis, 1).stride(2, axis, 1).stride(3, axis, 1);
        }
        if (!l.finish(0)) {
            return;
        }
        Object o = out.storage();
        Object pa = p.storage();
        Object ta = t.storage();
        Object fa = f.storage();
        int chunks = ParallelSplit.chunks(ctx.parallel(), l);
        if (chunks == 1) {
            TypedDispatch.select(dtype, l, o, pa, ta, fa);
        } else {
            ctx.parallel().run(chunks, c -> TypedDispatch.select(dtype, ParallelSplit.chunk(l, c, chunks), o, pa, ta,
                    fa));
        }
    }
}
