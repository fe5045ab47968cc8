package org.ferrite.offheap.device;

import java.util.concurrent.atomic.AtomicBoolean;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.session.PersistentMemory;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;

/**
 * The off-heap "device" of one backend: its memory ({@link Arena}), its {@link Stream}, and the
 * backend-owned (persistent) part of its memory, whose rules are the API's {@link PersistentMemory}.
 * Sessions work on it through {@link DeviceScope}s.
 *
 * <p>Thread-safe. Lifetime: created with the backend; {@link #release()} (when the closed backend's last
 * session has left) ends the stream after its queued work, closes the persistent memory and drops the
 * memory.
 */
public final class DeviceContext {
    private final Placement placement;
    private final Arena arena;
    private final Stream stream = new Stream();
    private final PersistentMemory<Block> persistent;
    private final AtomicBoolean released = new AtomicBoolean();

    /**
     * @param name the backend's name, for messages
     * @param placement where the device's tensors live
     * @param chunkBytes the size of a shared memory chunk
     * @param limitBytes the most device memory
     */
    public DeviceContext(String name, Placement placement, int chunkBytes, long limitBytes) {
        this.placement = placement;
        this.arena = new Arena(chunkBytes, limitBytes);
        this.persistent = new PersistentMemory<>(name + " (" + placement + ")", this::releaseLeaked);
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

    /** @return how many persistent tensors are live (a snapshot, for tests and diagnostics) */
    public int persistentCount() {
        return persistent.liveCount();
    }

    /** @return a new scope for one session: the memory it allocates and the failures of its work */
    public DeviceScope newScope() {
        return new DeviceScope(this);
    }

    /**
     * A tensor of the backend's own memory: valid until {@link DeviceScope#free} or {@link #release()}.
     *
     * @param op the operation
     * @param dtype the element type
     * @param shape the extents
     * @return the tensor, contents unspecified
     * @throws org.ferrite.api.error.MemoryExhaustedException if the device memory is full
     * @throws RuntimeStateException if the backend was released
     */
    public Tensor allocatePersistent(String op, DType dtype, long[] shape) {
        long elements = Shapes.elementCount(op, "shape", shape);
        Block block = arena.allocate(op, bytes(op, dtype, shape, elements));
        OffHeapStorage storage;
        try {
            storage = persistent.register(block, lease -> OffHeapStorage.persistent(this, elements, lease));
        } catch (RuntimeStateException e) {
            arena.free(block);
            throw e;
        }
        return Tensor.wrapDevice(dtype, storage, shape);
    }

    /** @return the byte size of {@code elements} elements of {@code dtype}, checked */
    static long bytes(String op, DType dtype, long[] shape, long elements) {
        try {
            return Math.multiplyExact(elements, dtype.byteSize());
        } catch (ArithmeticException e) {
            throw ValidationException.invalidArgument(op, "shape", "a tensor whose byte size fits a long",
                    java.util.Arrays.toString(shape) + " of " + dtype, null);
        }
    }

    /** The leak backstop's release: stream-ordered, behind the work that may still use the block. */
    private void releaseLeaked(Block block) {
        try {
            stream.submit("free", () -> arena.free(block));
        } catch (BackendFailureException e) {
            // the stream is shut down: the backend released the whole memory
        }
    }

    /** Ends the stream (after its queued work), closes the persistent memory and drops the memory. Idempotent. */
    public void release() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        stream.drain("close");
        stream.shutdown();
        persistent.close();
        arena.close();
    }
}
