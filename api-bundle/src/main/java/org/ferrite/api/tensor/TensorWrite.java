package org.ferrite.api.tensor;

/**
 * A tensor an operation may write: an owned {@link Tensor} or a {@link #isWritable() writable}
 * {@link TensorView}. A write target is never resized: operations require its dtype and shape to match
 * exactly, and reject targets that are not writable or that overlap an input.
 *
 * <p>Thread-safety and lifetime as for {@link TensorRead}.
 */
public sealed interface TensorWrite extends TensorRead permits Tensor, TensorView {

    /**
     * @return true if every element has its own storage slot (no zero strides on extents above 1, no
     *     overlap between distinct indices), so writing through it is well defined
     */
    boolean isWritable();
}
