package org.ferrite.api.session;

import java.util.Objects;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
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

    /**
     * Hook (with a default for host providers): a compact tensor on {@link #placement()} that belongs to
     * the <b>backend</b>, not to this session — device memory that outlives a session, as a CUDA
     * allocation, a PyTorch tensor or a DJL {@code NDManager}'s arrays do. Contents unspecified.
     * <ul>
     * <li>It stays valid after this session ends, and every session of the same backend may use it, on
     * any thread (the backend's sessions run one at a time; its child executions run beside their root).
     * Work of different sessions on it is ordered by the completion rules: a session's end waits for its
     * work, so a session that begins after the writer's ended sees its writes; work that may run at the
     * same time — child executions, sessions of another device of the provider — is ordered with events
     * ({@code BackendSession.recordEvent}, {@code waitEvent}).</li>
     * <li>It lives until {@link #free} in any session of the backend (stream-ordered: after the work
     * queued on it) or until the backend's {@code close()}; using it afterwards fails with
     * {@link org.ferrite.api.error.RuntimeStateException}. The garbage collector never frees it: a
     * provider may keep a {@link java.lang.ref.Cleaner} only as a leak backstop that frees, with a logged
     * warning, a persistent tensor that became unreachable without {@code free}.</li>
     * </ul>
     * The default serves host providers, whose tensors are Java arrays that outlive sessions anyway: for a
     * host session it returns {@link #allocate}; for any other placement it throws
     * {@link UnsupportedOpException} (a device provider without backend-owned memory).
     *
     * <pre>{@code
     * Tensor weights = held.withSession(s -> s.toPersistent(hostWeights));   // stays on the device
     * … any later session of the backend, on any thread: s.matmul(weights, x) …
     * backend.run(s -> s.free(weights));
     * }</pre>
     *
     * @param dtype the element type
     * @param shape the extents
     * @return a new tensor owned by the backend
     * @throws ValidationException if the shape is invalid or too large for the placement
     * @throws org.ferrite.api.error.MemoryExhaustedException if the placement's memory cannot hold it
     * @throws UnsupportedOpException if the provider has no backend-owned memory on its placement
     */
    default Tensor allocatePersistent(DType dtype, long... shape) {
        if (placement().isHost()) {
            return allocate(dtype, shape);
        }
        throw new UnsupportedOpException("allocatePersistent", null, "this provider has no backend-owned memory on "
                + placement() + "; keep the tensor on the host and transfer it in each session");
    }

    /**
     * Hook (with a default for host providers): frees a {@linkplain #allocatePersistent persistent} tensor
     * of this backend, <b>stream-ordered</b>: the memory is reused only after every operation this session
     * queued before the call completed; work of other sessions on it must be complete (their session ended)
     * or waited for ({@code waitEvent}) first. The caller must not use {@code tensor}, or a view of it,
     * afterwards: a device provider then rejects it with {@link org.ferrite.api.error.RuntimeStateException}.
     * A host tensor is accepted and nothing happens (host memory is the garbage collector's; the default
     * does exactly this).
     *
     * @param tensor a persistent tensor of this backend, or a host tensor
     * @throws org.ferrite.api.error.RuntimeStateException if it was freed already or its backend is closed
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code tensor}) for a device tensor that is not
     *     a persistent tensor of this backend (a session's tensor goes back with {@link #reclaim})
     */
    default void free(Tensor tensor) {
        Objects.requireNonNull(tensor, "tensor");
        placement();
        if (!tensor.placement().isHost()) {
            throw ValidationException.invalidArgument("free", "tensor", "a persistent tensor of this backend or a"
                    + " host tensor", "a tensor on " + tensor.placement() + " that this backend did not allocate"
                    + " as persistent", "give a session's tensors back with reclaim; free a persistent tensor in a"
                    + " session of its own backend");
        }
    }
}
