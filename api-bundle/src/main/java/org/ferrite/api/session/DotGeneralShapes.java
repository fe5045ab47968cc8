package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Shape rules of {@code dotGeneral}, shared by every provider: axis bounds, paired extents, and the
 * output shape {@code [lhs free…, rhs free…, batch…]} (free axes in operand order, batch axes in the
 * order of the batch lists). Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class DotGeneralShapes {
    private static final String OP = "dotGeneral";

    private DotGeneralShapes() {
    }

    /**
     * Checks {@code lhs}, {@code rhs} against {@code config}: floating dtypes, equal dtypes, one
     * placement, axes in bounds, paired contracting and batch extents equal.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param config the contraction
     * @throws ValidationException naming the offending argument
     */
    public static void checkOperands(TensorRead lhs, TensorRead rhs, DotGeneralConfig config) {
        OperandChecks.requireFloating(OP, "lhs", lhs);
        if (rhs.dtype() != lhs.dtype()) {
            throw ValidationException.dtypeMismatch(OP, "rhs", lhs.dtype().name() + " (the dtype of lhs)",
                    rhs.dtype().name());
        }
        OperandChecks.requireSamePlacement(OP, "rhs", lhs, rhs);
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
    public static int[] outputShape(TensorRead lhs, TensorRead rhs, DotGeneralConfig config) {
        int lhsFree = lhs.rank() - config.contractingCount() - config.batchCount();
        int rhsFree = rhs.rank() - config.contractingCount() - config.batchCount();
        int[] shape = new int[lhsFree + rhsFree + config.batchCount()];
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
     * Full check of a {@code dotGeneralInto}/{@code dotGeneralAccumulate} call, without allocating on
     * success: operands, output dtype, output shape, writability and aliasing.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param config the contraction
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkInto(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorWrite out) {
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
        OperandChecks.requireSamePlacement(OP, "out", lhs, out);
        OperandChecks.requireNoAlias(OP, out, lhs, "lhs");
        OperandChecks.requireNoAlias(OP, out, rhs, "rhs");
    }

    /**
     * {@link #checkInto} plus the scalars of a {@code dotGeneralAccumulate}: for a real dtype, alpha and
     * beta must be real. Allocates nothing on success.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param config the contraction
     * @param accumulation alpha, beta and conjugation
     * @param out the output
     * @throws ValidationException naming the offending argument; nothing has been written
     */
    public static void checkAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            Accumulation accumulation, TensorWrite out) {
        checkInto(lhs, rhs, config, out);
        if (!lhs.dtype().isComplex() && !accumulation.isReal()) {
            throw ValidationException.invalidArgument(OP, "accumulation", "real alpha and beta for dtype "
                    + lhs.dtype(), "alpha " + accumulation.alphaRe() + (accumulation.alphaIm() < 0 ? "" : "+")
                            + accumulation.alphaIm() + "i, beta " + accumulation.betaRe()
                            + (accumulation.betaIm() < 0 ? "" : "+") + accumulation.betaIm() + "i",
                    "use a complex dtype for complex scalars");
        }
    }
}
