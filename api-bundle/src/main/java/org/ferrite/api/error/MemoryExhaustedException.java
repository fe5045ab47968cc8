package org.ferrite.api.error;

import java.util.OptionalLong;

/**
 * Memory a backend cannot give: an allocation (a tensor, a pooled buffer, an einsum intermediate)
 * larger than what the backend's placement can hold — the JVM heap for host tensors, the device's
 * memory for a device provider. Thrown <em>instead of</em> {@link OutOfMemoryError}: before allocating
 * when the request can never fit (more than the whole memory), or when the allocation itself failed; in
 * both cases nothing was allocated, no output was written, and the backend and session stay usable.
 *
 * <p>Its {@link #kind()} is {@link ErrorKind#BACKEND_FAILURE}, so {@code catch (BackendFailureException
 * e)} sees it too. {@link #requestedBytes()} is what was asked; {@link #limitBytes()} the memory it was
 * measured against, where known (for the heap: {@code Runtime.maxMemory()}).
 *
 * <pre>{@code
 * try {
 *     s.allocate(DType.F64, 1L << 30);               // 8 GiB on a 4 GiB heap
 * } catch (MemoryExhaustedException e) {
 *     e.requestedBytes();                            // 8589934592
 * }
 * }</pre>
 *
 * <p>Thread-safe (immutable once thrown); lives as long as it is referenced.
 */
public final class MemoryExhaustedException extends BackendFailureException {
    private static final long serialVersionUID = 1L;

    /** The size of the allocation that could not be made, in bytes. */
    private final long requestedBytes;
    /** The memory it was measured against in bytes, negative if unknown. */
    private final long limitBytes;

    /**
     * @param op the operation
     * @param requestedBytes the size of the allocation that could not be made, in bytes
     * @param limitBytes the memory it was measured against in bytes, or a negative value if unknown
     * @param message what was asked, where, what is available, and what to do
     * @param cause the underlying failure (an {@link OutOfMemoryError}), or {@code null} when refused
     *     before allocating
     */
    public MemoryExhaustedException(String op, long requestedBytes, long limitBytes, String message,
            Throwable cause) {
        super(op, message, cause);
        this.requestedBytes = requestedBytes;
        this.limitBytes = limitBytes;
    }

    /**
     * The refusal of a host (JVM heap) allocation of {@code requestedBytes}: the message states the
     * request, the heap's maximum ({@code -Xmx}) and what it had free, and what to do.
     *
     * @param op the operation
     * @param requestedBytes the size of the allocation, in bytes
     * @param cause the {@link OutOfMemoryError} of a failed allocation, or {@code null} when refused
     *     before allocating
     * @return the exception
     */
    public static MemoryExhaustedException onHeap(String op, long requestedBytes, OutOfMemoryError cause) {
        Runtime runtime = Runtime.getRuntime();
        long max = runtime.maxMemory();
        long free = Math.max(0, max - (runtime.totalMemory() - runtime.freeMemory()));
        return new MemoryExhaustedException(op, requestedBytes, max, "cannot allocate " + requestedBytes
                + " bytes on the JVM heap: its maximum is " + max + " bytes (-Xmx), about " + free
                + " of them free" + (cause == null ? " (refused before allocating)" : " (" + cause.getMessage() + ")")
                + "; raise -Xmx, work on smaller blocks, or bound einsum intermediates with"
                + " EinsumOptions.memoryLimit", cause);
    }

    /** @return the size of the allocation that could not be made, in bytes */
    public long requestedBytes() {
        return requestedBytes;
    }

    /** @return the memory the request was measured against, in bytes, if known */
    public OptionalLong limitBytes() {
        return limitBytes < 0 ? OptionalLong.empty() : OptionalLong.of(limitBytes);
    }
}
