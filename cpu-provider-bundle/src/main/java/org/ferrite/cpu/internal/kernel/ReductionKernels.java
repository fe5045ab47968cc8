package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.stride.ParallelSplit;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;
import org.ferrite.cpu.internal.kernel.typed.NarrowStorage;
import org.ferrite.cpu.internal.kernel.typed.TypedDispatch;
import org.ferrite.api.tensor.Shapes;

/**
 * Entry point of the reduction kernels: the {@code ReductionOps.reduceInto} hook,
 * {@code out[j] = ⊕_{i ∈ reduced(j)} x[i]} where {@code j} indexes the kept axes of {@code x} in order.
 *
 * <ul>
 *   <li>SUM (identity 0), PROD (identity 1); integers wrap.
 *   <li>MAX, MIN: NaN propagates (any NaN gives NaN, as NumPy); a reduced axis of extent 0 is a
 *       {@link ValidationException} (INVALID_ARGUMENT, argument {@code axes}).
 *   <li>MEAN: SUM divided by the reduced count; NaN for an empty reduction.
 *   <li>SUM_SQUARES: {@code Σ |x|²}, real output for complex input.
 * </ul>
 *
 * <p>Which dtypes each accepts is its row of the API's operation table ({@code OpTable.of(op)}),
 * checked first ({@code OpChecks}).
 *
 * <p>An empty axis set reduces each element on its own: a copy of {@code x}, except SUM_SQUARES,
 * which gives {@code |x|²}. A floating sum over a non-empty set starts from {@code -0.0}, so the sum of
 * a single {@code -0.0} is {@code -0.0}; an empty sum is {@code +0.0}.
 *
 * <p>Determinism and accuracy: the reduction order depends only on the operand layout (reduced inner
 * runs fold into four partial accumulators, kept in double for F32 and C64, rounded once per run);
 * parallel chunks split only kept axes, so every thread count gives
 * bit-identical results. {@code out} must not overlap {@code x}; every check runs before the first
 * write; serial paths allocate nothing. Thread-safe (stateless; the context is the caller's);
 * it has no instances and holds no resources.
 */
public final class ReductionKernels {
    private ReductionKernels() {
    }

    /**
     * @param ctx the running session
     * @param op the reduction
     * @param x the operand
     * @param axes distinct axes of {@code x}
     * @param out shape {@link OperandChecks#reducedShape}, dtype {@link ReductionOps#resultType}
     */
    public static void reduceInto(KernelContext ctx, ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        String name = OpTable.of(op).name();
        DType dtype = x.dtype();
        OpChecks.requireDefined(op, dtype);
        axes = Shapes.normalizeAxes(name, "axes", axes, x.rank());
        if (!axesValid(x, axes)) {
            OperandChecks.reducedShape(name, x, axes); // throws the shared error
        }
        DType outType = ReductionOps.resultType(op, dtype);
        OperandChecks.requireDtype(name, "out", out, outType);
        if (!outShapeMatches(x, axes, out)) {
            OperandChecks.requireShape(name, "out", OperandChecks.reducedShape(name, x, axes), out);
        }
        OperandChecks.requireWritable(name, out);
        KernelChecks.requireHost(name, "x", x);
        KernelChecks.requireHost(name, "out", out);
        KernelChecks.requireIndexSpace(name, "x", x); // x may be a broadcast view larger than out
        OperandChecks.requireNoAlias(name, out, x, "x");
        long count = 1;
        for (int axis : axes) {
            count *= x.dim(axis);
            if (x.dim(axis) == 0 && (op == ReduceOp.MAX || op == ReduceOp.MIN)) {
                throw ValidationException.invalidAxisArgument(name, "axes", axis,
                        "reduced axes of extent >= 1 (" + name + " of no elements has no value)", "extent 0");
            }
        }
        if (axes.length == 0 && op != ReduceOp.SUM_SQUARES) {
            StridedCopy.copy(ctx, x, out);
            return;
        }
        if (NarrowStorage.isNarrow(dtype)) {
            NarrowStaging.reduce(ctx, op, x, axes, out);
            return;
        }
        int outLanes = outType.scalarsPerElement();
        Object o = out.storage();
        StridedLayout l = ctx.layouts().primary().begin(out, 1).operand(0, out, outLanes);
        if (!l.finish(0)) {
            return;
        }
        TypedDispatch.reduceInit(op, dtype, l, o, count == 0);
        if (count > 0) {
            accumulate(ctx, op, x, axes, out, outLanes);
        }
        if (op == ReduceOp.MEAN) {
            l = ctx.layouts().primary().begin(out, 1).operand(0, out, outLanes);
            l.finish(0);
            TypedDispatch.meanDivide(dtype, l, o, count);
        }
    }

    private static void accumulate(KernelContext ctx, ReduceOp op, TensorRead x, int[] axes, TensorWrite out,
            int outLanes) {
        DType dtype = x.dtype();
        int rank = x.rank();
        StridedLayout l = ctx.layouts().primary().begin(x, 2).operand(1, x, dtype.scalarsPerElement())
                .offset(0, (int) out.offset() * outLanes);
        for (int axis = 0, k = 0; axis < rank; axis++) {
            l.stride(0, axis, contains(axes, axis) ? 0 : (int) out.stride(k++) * outLanes);
        }
        if (!l.finish(1)) {
            return;
        }
        Object o = out.storage();
        Object a = x.storage();
        int outer = l.rank() - 1;
        // only chunks along a kept axis write disjoint outputs in the serial order
        int chunks = outer > 0 && l.strideOf(0, outer) != 0 ? ParallelSplit.chunks(ctx.parallel(), l) : 1;
        if (chunks == 1) {
            TypedDispatch.reduceAccumulate(op, dtype, l, o, a);
        } else {
            ctx.parallel().run(chunks, c -> TypedDispatch.reduceAccumulate(op, dtype, ParallelSplit.chunk(l, c,
                    chunks), o, a));
        }
    }

    private static boolean contains(int[] axes, int axis) {
        for (int a : axes) {
            if (a == axis) {
                return true;
            }
        }
        return false;
    }

    private static boolean axesValid(TensorRead x, int[] axes) {
        for (int i = 0; i < axes.length; i++) {
            if (axes[i] < 0 || axes[i] >= x.rank()) {
                return false;
            }
            for (int j = 0; j < i; j++) {
                if (axes[j] == axes[i]) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean outShapeMatches(TensorRead x, int[] axes, TensorRead out) {
        if (out.rank() != x.rank() - axes.length) {
            return false;
        }
        for (int axis = 0, k = 0; axis < x.rank(); axis++) {
            if (!contains(axes, axis) && x.dim(axis) != out.dim(k++)) {
                return false;
            }
        }
        return true;
    }
}
