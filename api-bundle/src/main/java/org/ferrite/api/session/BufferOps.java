package org.ferrite.api.session;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Output buffers and where they live. Every allocation form of every family allocates through
 * {@link #allocate}, so a provider's buffer pool serves all of them; {@link #placement()} says where
 * those tensors live, which is also where the session computes.
 * Confined to the thread that opened the session. Lifetime: that of the session view,
 * valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface BufferOps {
    /**
     * Hook: where this session computes and where {@link #allocate} puts tensors ({@link Placement#HOST}
     * for host providers). Every operation but a transfer requires its operands to live here.
     *
     * @return the session's placement; the same value for the whole session
     */
    Placement placement();

    /**
     * Hook: a compact tensor of the given dtype and shape on {@link #placement()}, whose contents are
     * <em>unspecified</em> (a pooled buffer may hold stale values). Use {@link StructuralOps#zeros} for
     * zeros. Device memory allocated here belongs to this session (see {@link BackendSession},
     * "Memory").
     *
     * @param dtype the element type
     * @param shape the extents ({@code long}; int literals convert)
     * @return a new or pooled tensor owned by the caller
     * @throws org.ferrite.api.error.ValidationException if the shape is invalid or too large for the
     *     placement (for the host: more than {@link org.ferrite.api.tensor.Shapes#MAX_HOST_SCALARS}
     *     scalars, naming the shape and its size)
     * @throws org.ferrite.api.error.MemoryExhaustedException if the placement's memory cannot hold it
     *     (the JVM heap for host tensors), before allocating or when the allocation failed; nothing was
     *     allocated and the session stays usable
     */
    Tensor allocate(DType dtype, long... shape);

    /**
     * Hook: hands a tensor's storage back to the session for reuse or release. The caller must not use
     * {@code tensor}, or any view of it, afterwards. Host providers pool or drop it; a device provider
     * frees (or pools) its memory stream-ordered — reused only after work already queued on it has
     * completed. Tensors not allocated by this backend are accepted and simply pooled or dropped.
     *
     * @param tensor the tensor to give back
     */
    void reclaim(Tensor tensor);
}
