package org.ferrite.einsum;

import java.util.Arrays;
import java.util.Objects;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;

/**
 * What {@link Einsum#compile} needs to know of one operand: its dtype and shape. Strides, offsets and
 * placement are not part of it — an {@link EinsumExpression} runs on any layout and any provider.
 *
 * <pre>{@code
 * OperandSpec matrix = OperandSpec.of(DType.F64, 64, 64);
 * OperandSpec likeA = OperandSpec.of(a);   // a's dtype and shape
 * }</pre>
 *
 * <p>Thread-safe (immutable); lives as long as it is referenced.
 */
public final class OperandSpec {
    private final DType dtype;
    private final long[] shape;

    private OperandSpec(DType dtype, long[] shape) {
        this.dtype = dtype;
        this.shape = shape;
    }

    /**
     * @param dtype the element type
     * @param shape the extents, each {@code >= 0}
     * @return the spec
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code "shape"}) for a negative extent
     */
    public static OperandSpec of(DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "dtype");
        long[] s = shape.clone();
        for (int a = 0; a < s.length; a++) {
            if (s[a] < 0) {
                throw ValidationException.invalidAxisArgument(SubscriptErrors.OP, "shape", a, "an extent >= 0",
                        String.valueOf(s[a]));
            }
        }
        return new OperandSpec(dtype, s);
    }

    /**
     * @param example a tensor or view (on any placement; only its metadata is read)
     * @return its dtype and shape
     */
    public static OperandSpec of(TensorRead example) {
        Objects.requireNonNull(example, "example");
        return new OperandSpec(example.dtype(), example.shape());
    }

    /** @return the element type */
    public DType dtype() {
        return dtype;
    }

    /** @return a copy of the shape */
    public long[] shape() {
        return shape.clone();
    }

    /** @return the rank */
    public int rank() {
        return shape.length;
    }

    /**
     * @param axis an axis
     * @return its extent
     */
    public long dim(int axis) {
        return shape[axis];
    }

    /**
     * @param t a tensor
     * @return true if {@code t} has this dtype and shape (allocates nothing)
     */
    boolean matches(TensorRead t) {
        return t.dtype() == dtype && hasShape(t, shape);
    }

    /**
     * @param t a tensor
     * @param shape extents
     * @return true if {@code t} has exactly that shape (allocates nothing); the test of
     *     {@code org.ferrite.api.spi.OperandChecks.hasShape}, which this user-facing package must not use —
     *     ranks up to 2 without a loop, as there: an evaluation runs it once per operand and for the
     *     output, and C2 wraps even a two-trip loop in pre- and post-loops (about 3 ns each)
     */
    static boolean hasShape(TensorRead t, long[] shape) {
        int rank = shape.length;
        if (t.rank() != rank) {
            return false;
        }
        switch (rank) {
            case 0:
                return true;
            case 1:
                return t.dim(0) == shape[0];
            case 2:
                return t.dim(0) == shape[0] & t.dim(1) == shape[1];
            default:
                for (int a = 0; a < rank; a++) {
                    if (t.dim(a) != shape[a]) {
                        return false;
                    }
                }
                return true;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OperandSpec && ((OperandSpec) o).dtype == dtype && Arrays.equals(((OperandSpec) o).shape,
                shape);
    }

    @Override
    public int hashCode() {
        return 31 * dtype.hashCode() + Arrays.hashCode(shape);
    }

    /** @return e.g. {@code "F64[2, 3]"} */
    @Override
    public String toString() {
        return dtype + Arrays.toString(shape);
    }
}
