package org.ferrite.opencl.internal.device;

import org.jocl.cl_mem;

/**
 * One OpenCL buffer ({@code cl_mem}) of a backend's device memory, carved by the {@link Arena} into
 * {@link Block}s that tensors address by element offset (never sub-buffers, whose alignment rules differ
 * between devices). The chunk is the <em>allocation identity</em> its tensors report
 * ({@code DeviceStorage.allocation()}), so the shared overlap rule compares windows of one chunk by byte
 * range.
 *
 * <p>Thread-safe (immutable; the buffer's contents are reached only through the command queues).
 * Lifetime: from the arena's first use of it until the arena frees it (a dedicated chunk) or closes.
 */
public final class Chunk {
    private final int id;
    private final cl_mem memory;
    private final long bytes;

    Chunk(int id, cl_mem memory, long bytes) {
        this.id = id;
        this.memory = memory;
        this.bytes = bytes;
    }

    /** @return the OpenCL buffer */
    public cl_mem memory() {
        return memory;
    }

    /** @return its size in bytes */
    public long bytes() {
        return bytes;
    }

    @Override
    public String toString() {
        return "OpenCL buffer " + id + " (" + bytes + " bytes)";
    }
}
