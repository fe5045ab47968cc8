package org.ferrite.api.session;

import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * An operand's elements in row-major (C) order as one axis — NumPy's {@code x.ravel()}, for the defaults
 * that take no axis ({@code cumsum(x)}, {@code argmax(x)}): a view when strides express it (every rank-0 or
 * rank-1 operand, every row-major layout), else a copy from the session's pool, which {@link #release}
 * hands back. Not thread-safe (a value of one call). Lifetime: that call.
 */
final class RowMajorFlat {
    /** The elements as one axis of {@code x.size()} elements. */
    final TensorRead flat;
    private final Tensor copy;

    private RowMajorFlat(TensorRead flat, Tensor copy) {
        this.flat = flat;
        this.copy = copy;
    }

    static RowMajorFlat of(StructuralOps s, TensorRead x) {
        if (Shapes.hasRowMajorView(x, x.size())) {
            return new RowMajorFlat(x.reshapeRowMajor(x.size()), null);
        }
        Tensor copy = s.reshapeRowMajor(x, x.size());
        return new RowMajorFlat(copy, copy);
    }

    void release(StructuralOps s) {
        if (copy != null) {
            s.reclaim(copy);
        }
    }
}
