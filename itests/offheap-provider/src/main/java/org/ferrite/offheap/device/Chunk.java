package org.ferrite.offheap.device;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One allocation of the off-heap provider's memory: a direct {@link ByteBuffer} outside the Java heap,
 * carved by the {@link Arena} into windows that {@link OffHeapStorage} handles describe. The chunk is the
 * <em>allocation identity</em> those handles report ({@code DeviceStorage.allocation()}), so the shared
 * overlap rule sees two windows of one chunk as one allocation.
 *
 * <p>Not thread-safe: only the stream thread reads or writes its bytes (kernels and transfers run
 * there). Lifetime: from the arena's first use of it to the backend's close, which drops it.
 */
public final class Chunk {
    private final int id;
    private final ByteBuffer memory;

    Chunk(int id, int bytes) {
        this.id = id;
        this.memory = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }

    /** @return the memory, native byte order; absolute accesses only */
    ByteBuffer memory() {
        return memory;
    }

    /** @return its size in bytes */
    int bytes() {
        return memory.capacity();
    }

    @Override
    public String toString() {
        return "offheap chunk " + id + " (" + memory.capacity() + " bytes)";
    }
}
