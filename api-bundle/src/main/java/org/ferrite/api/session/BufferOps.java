package org.ferrite.api.session;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Output buffers. Every allocation form of every family allocates through {@link #allocate}, so a
 * provider's buffer pool serves all of them.
 * Confined to the thread that opened the session. Lifetime: that of the session view,
 * valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface BufferOps {
    /**
     * Hook: a compact tensor of the given dtype and shape whose contents are <em>unspecified</em>
     * (a pooled buffer may hold stale values). Use {@link StructuralOps#zeros} for zeros.
     *
     * @param dtype the element type
     * @param shape the extents
     * @return a new or pooled tensor owned by the caller
     * @throws org.ferrite.api.error.ValidationException if the shape is invalid or too large
     */
    Tensor allocate(DType dtype, int... shape);

    /**
     * Hook: hands a tensor's storage back to the session's buffer pool for reuse. The caller must not
     * use {@code tensor}, or any view of it, afterwards. Tensors not allocated by this backend are
     * accepted and simply pooled or dropped.
     *
     * @param tensor the tensor to give back
     */
    void reclaim(Tensor tensor);
}
