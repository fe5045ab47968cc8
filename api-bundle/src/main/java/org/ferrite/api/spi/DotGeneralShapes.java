package org.ferrite.api.spi;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Shape rules of {@code dotGeneral}, shared by every provider: axis bounds, paired extents, and the
 * output shape {@code [lhs free…, rhs free…, batch…]} (free axes in operand order, batch axes in the
 * order of the batch lists). For provider implementations.
 *
 * <p>The validation of a {@code dotGeneralAccumulate} call is split in two, so that a plan cache keyed
 * by config, dtypes, extents and strides skips exactly what its key proves:
 * {@link #checkShapes} (dtypes, axes, extents, output shape and writability — cacheable) and
 * {@link #checkCall} (placement, aliasing, scalars — on every call, hit or miss).
 * {@link #checkAccumulate} runs both. None of them allocates on success.
 *
 * <p>Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class DotGeneralShapes {
    private static final String OP = "dotGeneral";

    private DotGeneralShapes() {
    }

    /**
     * Checks {@code lhs}, {@code rhs} against {@code config}: a dtype {@link OpTable#DOT_GENERAL} accepts
     * (every one but BOOL), equal dtypes, axes in bounds, paired contracting and batch extents equal (placement
     * is a per-call check).
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param config the contraction
     * @throws ValidationException naming the offending argument
     */
    public static void checkOperands(TensorRead lhs, TensorRead rhs, DotGeneralConfig config) {
        if (!OpTable.DOT_GENERAL.accepts(lhs.dtype())) {
            throw ValidationException.dtypeMismatch(OP, "lhs", "one of " + OpTable.DOT_GENERAL.dtypeList()
                    + " (OpTable)", lhs.dtype() + " (cast it to I32 first, or contract it with einsum)");
        }
        if (rhs.dtype() != lhs.dtype()) {
            throw ValidationException.dtypeMismatch(OP, "rhs", lhs.dtype().name() + " (the dtype of lhs)",
                    rhs.dtype().name());
        }
        for (int i = 0; i < config.contractingCount(); i++) {
            int l = config.lhsContracting(i);
            int r = config.rhsContracting(i);
            checkAxis("lhsContracting", l, lhs.rank());
            checkAxis("rhsContracting", r, rhs.rank());
            if (lhs.dim(l) != rhs.dim(r)) {
                throw ValidationException.extentMismatch(OP, "rhs", r, lhs.dim(l), rhs.dim(r),
                        "contracting axis " + r + " of rhs pairs with axis " + l + " of lhs");
            }
        }
        for (int i = 0; i < config.batchCount(); i++) {
            int l = config.lhsBatch(i);
            int r = config.rhsBatch(i);
            checkAxis("lhsBatch", l, lhs.rank());
            checkAxis("rhsBatch", r, rhs.rank());
            if (lhs.dim(l) != rhs.dim(r)) {
                throw ValidationException.extentMismatch(OP, "rhs", r, lhs.dim(l), rhs.dim(r),
                        "batch axis " + r + " of rhs pairs with axis " + l + " of lhs");
            }
        }
    }

    private static void checkAxis(String argument, int axis, int rank) {
        if (axis >= rank) {
            throw ValidationException.axisOutOfBounds(OP, argument, axis, rank);
        }
    }

    /**
     * @param lhs left operand (already checked)
     * @param rhs right operand (already checked)
     * @param config the contraction
     * @return the output shape {@code [lhs free…, rhs free…, batch…]}
     */
    public static long[] outputShape(TensorRead lhs, TensorRead rhs, DotGeneralConfig config) {
        int lhsFree = lhs.rank() - config.contractingCount() - config.batchCount();
        int rhsFree = rhs.rank() - config.contractingCount() - config.batchCount();
        long[] shape = new long[lhsFree + rhsFree + config.batchCount()];
        int k = 0;
        for (int a = 0; a < lhs.rank(); a++) {
            if (isFree(a, config, true)) {
                shape[k++] = lhs.dim(a);
            }
        }
        for (int a = 0; a < rhs.rank(); a++) {
            if (isFree(a, config, false)) {
                shape[k++] = rhs.dim(a);
            }
        }
        for (int i = 0; i < config.batchCount(); i++) {
            shape[k++] = lhs.dim(config.lhsBatch(i));
        }
        return shape;
    }

    /**
     * @param axis an axis of the operand
     * @param config the contraction
     * @param lhs true for an lhs axis, false for rhs
     * @return true if the axis is neither contracting nor batch
     */
    public static boolean isFree(int axis, DotGeneralConfig config, boolean lhs) {
        for (int i = 0; i < config.contractingCount(); i++) {
            if ((lhs ? config.lhsContracting(i) : config.rhsContracting(i)) == axis) {
                return false;
            }
        }
        for (int i = 0; i < config.batchCount(); i++) {
            if ((lhs ? config.lhsBatch(i) : config.rhsBatch(i)) == axis) {
                return false;
            }
        }
        return true;
    }

        /**
     * The cacheable half of the check of a {@code dotGeneralInto}/{@code dotGeneralAccumulate} call:
     * {@link #checkOperands}, then the output's dtype, shape and writability. Depends only on the
     * config, the dtypes, extents and strides — what a plan cache key records.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param config the contraction
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkShapes(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorWrite out) {
        checkOperands(lhs, rhs, config);
        OperandChecks.requireDtype(OP, "out", out, lhs.dtype());
        int lhsFree = lhs.rank() - config.contractingCount() - config.batchCount();
        int rhsFree = rhs.rank() - config.contractingCount() - config.batchCount();
        boolean ok = out.rank() == lhsFree + rhsFree + config.batchCount();
        int k = 0;
        for (int a = 0; ok && a < lhs.rank(); a++) {
            if (isFree(a, config, true)) {
                ok = out.dim(k++) == lhs.dim(a);
            }
        }
        for (int a = 0; ok && a < rhs.rank(); a++) {
            if (isFree(a, config, false)) {
                ok = out.dim(k++) == rhs.dim(a);
            }
        }
        for (int i = 0; ok && i < config.batchCount(); i++) {
            ok = out.dim(k++) == lhs.dim(config.lhsBatch(i));
        }
        if (!ok) {
            throw ValidationException.shapeMismatch(OP, "out", outputShape(lhs, rhs, config), out.shape());
        }
        OperandChecks.requireWritable(OP, out);
    }

    /**
     * The per-call half: every operand on the session's placement, {@code out} disjoint from both
     * operands, and — for a real dtype — real alpha and beta (integers, for an integer dtype). Run on every call, including plan-cache
     * hits; assumes {@link #checkShapes} passed for this call shape (it reads only dtypes of the
     * operands). Costs a few field reads and comparisons when everything is valid and the operands'
     * placement is the very {@code session} object (a provider passes its one placement constant; an
     * equal placement object is accepted too, on a slower path).
     *
     * @param session where the session computes
     * @param lhs left operand
     * @param rhs right operand
     * @param accumulation alpha, beta and conjugation
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkCall(Placement session, TensorRead lhs, TensorRead rhs, Accumulation accumulation,
            TensorWrite out) {
        // the hit path of a plan cache: one branch over cheap tests; the precise errors out of line
        if (lhs.placement() != session || rhs.placement() != session || out.placement() != session
                || Overlap.mayOverlap(out, lhs) || Overlap.mayOverlap(out, rhs)
                || !lhs.dtype().isComplex() && !accumulation.isReal()
                || lhs.dtype().isInteger() && !accumulation.isIntegral()) {
            reportCall(session, lhs, rhs, accumulation, out);
        }
    }

    /** The precise checks of {@link #checkCall}, in order; returns normally if they all pass. */
    private static void reportCall(Placement session, TensorRead lhs, TensorRead rhs, Accumulation accumulation,
            TensorWrite out) {
        OperandChecks.requirePlacement(OP, "lhs", lhs, session);
        OperandChecks.requirePlacement(OP, "rhs", rhs, session);
        OperandChecks.requirePlacement(OP, "out", out, session);
        OperandChecks.requireNoAlias(OP, out, lhs, "lhs");
        OperandChecks.requireNoAlias(OP, out, rhs, "rhs");
        if (!lhs.dtype().isComplex() && !accumulation.isReal()) {
            throw ValidationException.invalidArgument(OP, "accumulation", "real alpha and beta for dtype "
                    + lhs.dtype(), "alpha " + accumulation.alphaRe() + (accumulation.alphaIm() < 0 ? "" : "+")
                            + accumulation.alphaIm() + "i, beta " + accumulation.betaRe()
                            + (accumulation.betaIm() < 0 ? "" : "+") + accumulation.betaIm() + "i",
                    "use a complex dtype for complex scalars");
        }
        if (lhs.dtype().isInteger() && !accumulation.isIntegral()) {
            throw ValidationException.invalidArgument(OP, "accumulation", "integer alpha and beta for dtype "
                    + lhs.dtype() + " (exact integer arithmetic)", "alpha " + accumulation.alphaRe() + ", beta "
                            + accumulation.betaRe(), "convert the operands to a floating dtype to scale by a"
                                    + " fraction");
        }
    }

    /**
     * The whole check of a {@code dotGeneralAccumulate} call: {@link #checkShapes}, then
     * {@link #checkCall}. Allocates nothing on success.
     *
     * @param session where the session computes
     * @param lhs left operand
     * @param rhs right operand
     * @param config the contraction
     * @param accumulation alpha, beta and conjugation
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkAccumulate(Placement session, TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            Accumulation accumulation, TensorWrite out) {
        checkShapes(lhs, rhs, config, out);
        checkCall(session, lhs, rhs, accumulation, out);
    }
}
