package org.ferrite.offheap.device;

import org.ferrite.api.tensor.Placement;

/**
 * The off-heap "device" of one backend: its memory ({@link Arena}) and its {@link Stream}. Sessions work
 * on it through {@link DeviceScope}s.
 *
 * <p>Thread-safe. Lifetime: created with the backend; {@link #release()} (when the closed backend's last
 * session has left) ends the stream after its queued work and drops the memory.
 */
public final class DeviceContext {
    private final Placement placement;
    private final Arena arena;
    private final Stream stream = new Stream();
    private final java.util.concurrent.atomic.AtomicBoolean released = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * @param placement where the device's tensors live
     * @param chunkBytes the size of a shared memory chunk
     * @param limitBytes the most device memory
     */
    public DeviceContext(Placement placement, int chunkBytes, long limitBytes) {
        this.placement = placement;
        this.arena = new Arena(chunkBytes, limitBytes);
    }

    /** @return where the device's tensors live */
    public Placement placement() {
        return placement;
    }

    /** @return the device memory */
    public Arena arena() {
        return arena;
    }

    Stream stream() {
        return stream;
    }

    /** @return a new scope for one session: the memory it allocates and the failures of its work */
    public DeviceScope newScope() {
        return new DeviceScope(this);
    }

    /** Ends the stream (after its queued work) and drops the memory. Idempotent. */
    public void release() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        stream.drain("close");
        stream.shutdown();
        arena.close();
    }
}
