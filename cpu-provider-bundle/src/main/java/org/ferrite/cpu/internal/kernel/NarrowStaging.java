package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;
import org.ferrite.cpu.internal.kernel.typed.NarrowStorage;

/**
 * How the CPU provider computes on the narrow dtypes (F16, BF16, I8, U8): every operand is widened,
 * exactly, into a compact tensor of its compute type ({@link DType#computeType()}: F32 for F16 and BF16, I32
 * for I8 and U8), the compute type's generated kernel runs on those, and the result is stored back narrow:
 * rounded to nearest even for F16 and BF16, wrapped to the low eight bits for I8 and U8. This is what
 * NumPy's loops for {@code float16}, {@code int8} and {@code uint8} and {@code ml_dtypes}' for
 * {@code bfloat16} compute, element by element (an operation, then one rounding or wrap of its result).
 * The staged call is made after the public entry validated the narrow operands, so errors name the
 * caller's dtype; the compute-type call validates again (cheap) and raises the same data errors (integer
 * division by zero) before {@code out} is written. Costs one compact temporary per operand.
 *
 * <p>Casts with a narrow side run {@link NarrowStorage}'s loops directly where one exists (a narrow dtype
 * to its compute type, F32 or F64 to F16 or BF16, I32 to I8 or U8), else through one intermediate dtype:
 * the narrow source's compute type, or for a narrow target F64 (one rounding to F16), I32 (an integer
 * source's low bits) or I64 (floating values truncate toward zero into I64, saturating, NaN to 0, then
 * wrap into I8 or U8: NumPy's {@code astype} on x86-64 for every value inside the I64 range). Thread-safe (stateless; the context
 * is the caller's); it has no instances and holds no resources.
 */
public final class NarrowStaging {
    private NarrowStaging() {
    }

    /**
     * @param ctx the running session
     * @param x a tensor of a narrow dtype
     * @return a compact tensor of {@code x}'s compute type holding {@code x}'s values, exactly
     */
    public static Tensor widen(KernelContext ctx, TensorRead x) {
        Tensor wide = Tensor.zeros(x.dtype().computeType(), x.shape());
        StructuralKernels.castInto(ctx, x, wide);
        return wide;
    }

    /**
     * @param out a tensor of a narrow dtype
     * @return a compact zero tensor of {@code out}'s compute type and shape, for a staged result
     */
    public static Tensor scratch(TensorRead out) {
        return Tensor.zeros(out.dtype().computeType(), out.shape());
    }

    static void binary(KernelContext ctx, BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        Tensor wide = scratch(out);
        ElementwiseKernels.binaryInto(ctx, op, widen(ctx, lhs), widen(ctx, rhs), wide);
        StructuralKernels.castInto(ctx, wide, out);
    }

    static void unary(KernelContext ctx, UnaryOp op, TensorRead x, TensorWrite out) {
        Tensor wide = scratch(out);
        ElementwiseKernels.unaryInto(ctx, op, widen(ctx, x), wide);
        StructuralKernels.castInto(ctx, wide, out);
    }

    static void compare(KernelContext ctx, CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        ElementwiseKernels.compareInto(ctx, op, widen(ctx, lhs), widen(ctx, rhs), out);
    }

    static void select(KernelContext ctx, TensorRead p, TensorRead t, TensorRead f, TensorWrite out) {
        Tensor wide = scratch(out);
        ElementwiseKernels.selectInto(ctx, p, widen(ctx, t), widen(ctx, f), wide);
        StructuralKernels.castInto(ctx, wide, out);
    }

    static void reduce(KernelContext ctx, ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        Tensor wide = scratch(out);
        ReductionKernels.reduceInto(ctx, op, widen(ctx, x), axes, wide);
        StructuralKernels.castInto(ctx, wide, out);
    }

    static void gather(KernelContext ctx, TensorRead operand, TensorRead indices, GatherConfig config,
            TensorWrite out) {
        Tensor wide = scratch(out);
        IndexingKernels.gatherInto(ctx, widen(ctx, operand), indices, config, wide);
        StructuralKernels.castInto(ctx, wide, out);
    }

    static void scatter(KernelContext ctx, TensorRead operand, TensorRead indices, TensorRead updates,
            ScatterConfig config, TensorWrite out) {
        Tensor wide = scratch(out);
        IndexingKernels.scatterInto(ctx, widen(ctx, operand), indices, widen(ctx, updates), config, wide);
        StructuralKernels.castInto(ctx, wide, out);
    }

    /**
     * The cast {@code out[i] = (out.dtype) src[i]} where at least one side is narrow and the dtypes differ;
     * checked by {@link StructuralKernels#castInto}.
     */
    static void cast(KernelContext ctx, TensorRead src, TensorWrite out) {
        DType from = src.dtype();
        DType to = out.dtype();
        boolean widening = NarrowStorage.isNarrow(from) && to == from.computeType();
        boolean narrowing = NarrowStorage.isNarrow(to) && (to.isInteger() ? from == DType.I32
                : from == DType.F32 || from == DType.F64);
        if (widening || narrowing) {
            StridedLayout l = ctx.layouts().primary().begin(out, 2).operand(0, out, 1).operand(1, src, 1);
            if (!l.finish(0)) {
                return;
            }
            if (widening) {
                NarrowStorage.widen(from, l, out.storage(), src.storage());
            } else {
                NarrowStorage.narrow(from, to, l, out.storage(), src.storage());
            }
            return;
        }
        DType via = NarrowStorage.isNarrow(from) ? from.computeType() : !to.isInteger() ? DType.F64
                : from.isInteger() || from.isBool() ? DType.I32 : DType.I64;
        Tensor middle = Tensor.zeros(via, src.shape());
        StructuralKernels.castInto(ctx, src, middle);
        StructuralKernels.castInto(ctx, middle, out);
    }
}
