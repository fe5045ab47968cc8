package org.ferrite.api.spi;

import java.util.Arrays;
import java.util.Objects;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The call shape of a prepared {@code dotGeneral} ({@code org.ferrite.api.session.PreparedContraction}):
 * the config, the dtype, and the extents and strides of {@code lhs}, {@code rhs} and {@code out} —
 * copied from example tensors once, validated with {@link DotGeneralShapes#checkShapes} — and the
 * per-call layout check of a run. A value: equal by content. For provider implementations.
 *
 * <p>Thread-safe (immutable). Lifetime: as long as it is referenced; it keeps no tensor.
 */
public final class DotGeneralLayouts {
    private static final String OP = "dotGeneral";

    private final DotGeneralConfig config;
    private final DType dtype;
    private final long[] lhsShape;
    private final long[] lhsStrides;
    private final long[] rhsShape;
    private final long[] rhsStrides;
    private final long[] outShape;
    private final long[] outStrides;

    private DotGeneralLayouts(DotGeneralConfig config, TensorRead lhs, TensorRead rhs, TensorRead out) {
        this.config = config;
        this.dtype = lhs.dtype();
        this.lhsShape = lhs.shape();
        this.lhsStrides = lhs.strides();
        this.rhsShape = rhs.shape();
        this.rhsStrides = rhs.strides();
        this.outShape = out.shape();
        this.outStrides = out.strides();
    }

    /**
     * The layouts of example tensors, checked as a {@code dotGeneralInto} call on a session computing on
     * {@code session} would check them (dtypes, axes, extents, the output's shape and writability, every
     * example on that placement); their storage, offsets and values are not read.
     *
     * @param session where the preparing session computes
     * @param lhs an example left operand
     * @param rhs an example right operand
     * @param config the contraction
     * @param out an example output
     * @return the layouts
     * @throws ValidationException naming the offending argument
     * @throws NullPointerException if an argument is null
     */
    public static DotGeneralLayouts of(Placement session, TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            TensorWrite out) {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(lhs, "lhs");
        Objects.requireNonNull(rhs, "rhs");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(out, "out");
        DotGeneralShapes.checkShapes(lhs, rhs, config, out);
        OperandChecks.requirePlacement(OP, "lhs", lhs, session);
        OperandChecks.requirePlacement(OP, "rhs", rhs, session);
        OperandChecks.requirePlacement(OP, "out", out, session);
        return new DotGeneralLayouts(config, lhs, rhs, out);
    }

    /** @return the config */
    public DotGeneralConfig config() {
        return config;
    }

    /** @return the dtype of all three tensors */
    public DType dtype() {
        return dtype;
    }

    /** @return a copy of the output's extents */
    public long[] outputShape() {
        return outShape.clone();
    }

    /** @return true if the output's strides are the compact column-major strides of its extents */
    public boolean compactOutput() {
        long expected = 1;
        for (int a = 0; a < outShape.length; a++) {
            if (outStrides[a] != expected) {
                return false;
            }
            expected *= outShape[a];
        }
        return true;
    }

    /**
     * Whether the tensors have these layouts: the dtype, the extents and the strides of each. Allocates
     * nothing.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param out the output
     * @return true if all three match
     */
    public boolean matches(TensorRead lhs, TensorRead rhs, TensorRead out) {
        return lhs.dtype() == dtype && rhs.dtype() == dtype && out.dtype() == dtype
                && OperandChecks.hasLayout(lhs, lhsShape, lhsStrides) && OperandChecks.hasLayout(rhs, rhsShape, rhsStrides)
                && OperandChecks.hasLayout(out, outShape, outStrides);
    }

    /**
     * The layout half of a run's per-call check: {@link #matches}, else the first difference as a typed
     * error. Allocates nothing on success.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param out the output
     * @throws ValidationException naming {@code lhs}, {@code rhs} or {@code out}: DTYPE_MISMATCH,
     *     SHAPE_MISMATCH, or INVALID_ARGUMENT for other strides, with the prepared value and the given one
     * @throws NullPointerException if an argument is null
     */
    public void requireMatch(TensorRead lhs, TensorRead rhs, TensorRead out) {
        Objects.requireNonNull(lhs, "lhs");
        Objects.requireNonNull(rhs, "rhs");
        Objects.requireNonNull(out, "out");
        if (!matches(lhs, rhs, out)) {
            requireLayout("lhs", lhs, lhsShape, lhsStrides);
            requireLayout("rhs", rhs, rhsShape, rhsStrides);
            requireLayout("out", out, outShape, outStrides);
        }
    }

    private void requireLayout(String argument, TensorRead t, long[] shape, long[] strides) {
        if (t.dtype() != dtype) {
            throw ValidationException.dtypeMismatch(OP, argument, dtype + " (as prepared)", t.dtype().name());
        }
        if (!OperandChecks.hasShape(t, shape)) {
            throw ValidationException.shapeMismatch(OP, argument, shape, t.shape());
        }
        if (!OperandChecks.hasLayout(t, shape, strides)) {
            throw ValidationException.invalidArgument(OP, argument, "strides " + Arrays.toString(strides)
                    + " (the layout the contraction was prepared for)", "strides " + Arrays.toString(t.strides()),
                    "prepare a contraction for this layout, or call dotGeneralAccumulate");
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DotGeneralLayouts)) {
            return false;
        }
        DotGeneralLayouts l = (DotGeneralLayouts) o;
        return dtype == l.dtype && config.equals(l.config) && Arrays.equals(lhsShape, l.lhsShape)
                && Arrays.equals(lhsStrides, l.lhsStrides) && Arrays.equals(rhsShape, l.rhsShape)
                && Arrays.equals(rhsStrides, l.rhsStrides) && Arrays.equals(outShape, l.outShape)
                && Arrays.equals(outStrides, l.outStrides);
    }

    @Override
    public int hashCode() {
        int h = config.hashCode() * 31 + dtype.hashCode();
        h = h * 31 + Arrays.hashCode(lhsShape) + 7 * Arrays.hashCode(lhsStrides);
        h = h * 31 + Arrays.hashCode(rhsShape) + 7 * Arrays.hashCode(rhsStrides);
        return h * 31 + Arrays.hashCode(outShape) + 7 * Arrays.hashCode(outStrides);
    }

    @Override
    public String toString() {
        return "DotGeneralLayouts[" + dtype + " " + config + ", lhs " + Arrays.toString(lhsShape) + "/"
                + Arrays.toString(lhsStrides) + ", rhs " + Arrays.toString(rhsShape) + "/"
                + Arrays.toString(rhsStrides) + ", out " + Arrays.toString(outShape) + "/"
                + Arrays.toString(outStrides) + "]";
    }
}
