package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.BlasLayout;
import org.ferrite.cpu.internal.gemm.GemmTier;

/**
 * Compiles a {@link ContractionPlan} for a validated call. Thread-safe (stateless).
 *
 * <p>The operands' {@code long} metadata is narrowed to {@code int} here, once per plan: the kernel
 * checked their index spaces ({@code KernelChecks.requireIndexSpace}), so every extent fits, and every
 * stride of an axis longer than 1 of a non-empty host operand fits (it reaches inside its array); the
 * strides of extent-1 axes are dropped by {@link AxisGroup}, and an empty product never reads them.
 *
 * <p>The analysis: classify every axis (lhs free → rows {@code M}, rhs free → columns {@code N},
 * contracting pairs → inner {@code K}, batch pairs → batch), simplify each group ({@link AxisGroup}:
 * drop extent 1, merge axes that are contiguous in every tensor), then
 * <ol>
 *   <li>choose the kernel tier from the route and {@code m·n·k};</li>
 *   <li>read {@code C} in place when {@code M} and {@code N} are single dimensions, computing
 *       {@code Cᵀ = Bᵀ·Aᵀ} instead if that makes {@code C} column-major; otherwise compute into
 *       compact scratch and combine;</li>
 *   <li>read each factor in place when its two groups are single dimensions (and, for native BLAS,
 *       its strides are expressible); otherwise gather it into compact scratch;</li>
 *   <li>loop over the (merged) batch dimensions, offsetting all three tensors.</li>
 * </ol>
 */
final class ContractionPlanner {
    private ContractionPlanner() {
    }

    static ContractionPlan compile(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorRead out,
            GemmRoute route, boolean nativeAvailable) {
        ContractionPlan.Key key = new ContractionPlan.Key(lhs, rhs, config, out, route);
        ContractionPlan.Analysis plan = new ContractionPlan.Analysis();
        int lhsFree = lhs.rank() - config.contractingCount() - config.batchCount();
        int rhsFree = rhs.rank() - config.contractingCount() - config.batchCount();
        AxisGroup rows = freeGroup(lhs, config, true, out, 0, lhsFree);
        AxisGroup cols = freeGroup(rhs, config, false, out, lhsFree, rhsFree);
        AxisGroup inner = innerGroup(lhs, rhs, config);
        AxisGroup batch = batchGroup(lhs, rhs, config, out, lhsFree + rhsFree);
        plan.a = OperandPlan.NONE;
        plan.b = OperandPlan.NONE;
        if (rows.isEmpty() || cols.isEmpty() || batch.isEmpty()) {
            plan.kind = ContractionPlan.Kind.EMPTY;
            return new ContractionPlan(key, plan);
        }
        if (inner.isEmpty()) {
            plan.kind = ContractionPlan.Kind.SCALE;
            return new ContractionPlan(key, plan);
        }
        boolean complex = lhs.dtype().isComplex();
        plan.batch = batch;
        plan.tier = GemmTier.choose(route, rows.size(), cols.size(), inner.size(), nativeAvailable);
        boolean nativeReal = plan.tier == GemmTier.NATIVE && !complex;
        chooseOutput(plan, rows, cols, nativeReal);
        AxisGroup aRows = plan.swapped ? cols : rows;
        AxisGroup bCols = plan.swapped ? rows : cols;
        plan.m = aRows.size();
        plan.n = bCols.size();
        plan.k = inner.size();
        int scratch = 0;
        plan.a = operand(plan.swapped, aRows, inner, true, nativeReal, scratch);
        scratch += plan.a.packed ? plan.m * plan.k : 0;
        plan.b = operand(!plan.swapped, bCols, inner, false, nativeReal, scratch);
        scratch += plan.b.packed ? plan.k * plan.n : 0;
        if (plan.outputScratch) {
            plan.scratchOffsetOfProduct = scratch;
            scratch += plan.m * plan.n;
        }
        plan.scratchScalars = scratch * lhs.dtype().scalarsPerElement();
        return new ContractionPlan(key, plan);
    }

    /** Decides between writing C in place (possibly transposed) and going through scratch. */
    private static void chooseOutput(ContractionPlan.Analysis plan, AxisGroup rows, AxisGroup cols,
            boolean nativeReal) {
        if (rows.dims() <= 1 && cols.dims() <= 1) {
            int m = rows.size();
            int n = cols.size();
            int rs = rows.stride(rows.out);
            int cs = cols.stride(cols.out);
            if (BlasLayout.isColumnMajor(m, n, rs, cs)) {
                plan.outRowStride = rs;
                plan.outColStride = cs;
                return;
            }
            if (BlasLayout.isColumnMajor(n, m, cs, rs)) {
                plan.swapped = true;
                plan.outRowStride = cs;
                plan.outColStride = rs;
                return;
            }
            if (!nativeReal) {
                plan.outRowStride = rs;
                plan.outColStride = cs;
                return;
            }
        }
        plan.outputScratch = true;
        plan.combineExtents = concat(rows.extents, cols.extents);
        plan.combineStrides = concat(rows.out, cols.out);
    }

    /**
     * @param fromRhs the factor is the rhs tensor
     * @param outer the factor's non-inner group (rows of A, or columns of B)
     * @param inner the contracting group
     * @param isA true for A (outer × inner), false for B (inner × outer)
     */
    private static OperandPlan operand(boolean fromRhs, AxisGroup outer, AxisGroup inner, boolean isA,
            boolean nativeReal, int scratchOffset) {
        int[] outerStrides = fromRhs ? outer.rhs : outer.lhs;
        int[] innerStrides = fromRhs ? inner.rhs : inner.lhs;
        int rowsN = isA ? outer.size() : inner.size();
        int colsN = isA ? inner.size() : outer.size();
        boolean pack = outer.dims() > 1 || inner.dims() > 1;
        int rs = 0;
        int cs = 0;
        if (!pack) {
            rs = isA ? outer.stride(outerStrides) : inner.stride(innerStrides);
            cs = isA ? inner.stride(innerStrides) : outer.stride(outerStrides);
            pack = nativeReal && BlasLayout.encode(rowsN, colsN, rs, cs) == BlasLayout.INCOMPATIBLE;
        }
        if (!pack) {
            return new OperandPlan(fromRhs, false, rs, cs, new int[0], new int[0], 0);
        }
        int[] extents = isA ? concat(outer.extents, inner.extents) : concat(inner.extents, outer.extents);
        int[] strides = isA ? concat(outerStrides, innerStrides) : concat(innerStrides, outerStrides);
        return new OperandPlan(fromRhs, true, 1, rowsN, extents, strides, scratchOffset);
    }

    private static AxisGroup freeGroup(TensorRead t, DotGeneralConfig config, boolean isLhs, TensorRead out,
            int firstOutAxis, int count) {
        int[] e = new int[count];
        int[] s = new int[count];
        int[] o = new int[count];
        int i = 0;
        for (int axis = 0; axis < t.rank(); axis++) {
            if (DotGeneralShapes.isFree(axis, config, isLhs)) {
                e[i] = (int) t.dim(axis);
                s[i] = (int) t.stride(axis);
                o[i] = (int) out.stride(firstOutAxis + i);
                i++;
            }
        }
        int[] none = new int[count];
        return isLhs ? AxisGroup.of(e, s, none, o, o) : AxisGroup.of(e, none, s, o, o);
    }

    private static AxisGroup innerGroup(TensorRead lhs, TensorRead rhs, DotGeneralConfig config) {
        int count = config.contractingCount();
        int[] e = new int[count];
        int[] l = new int[count];
        int[] r = new int[count];
        for (int i = 0; i < count; i++) {
            e[i] = (int) lhs.dim(config.lhsContracting(i));
            l[i] = (int) lhs.stride(config.lhsContracting(i));
            r[i] = (int) rhs.stride(config.rhsContracting(i));
        }
        return AxisGroup.of(e, l, r, new int[count], l);
    }

    private static AxisGroup batchGroup(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorRead out,
            int firstOutAxis) {
        int count = config.batchCount();
        int[] e = new int[count];
        int[] l = new int[count];
        int[] r = new int[count];
        int[] o = new int[count];
        for (int i = 0; i < count; i++) {
            e[i] = (int) lhs.dim(config.lhsBatch(i));
            l[i] = (int) lhs.stride(config.lhsBatch(i));
            r[i] = (int) rhs.stride(config.rhsBatch(i));
            o[i] = (int) out.stride(firstOutAxis + i);
        }
        return AxisGroup.of(e, l, r, o, o);
    }

    private static int[] concat(int[] x, int[] y) {
        int[] z = java.util.Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, z, x.length, y.length);
        return z;
    }
}
