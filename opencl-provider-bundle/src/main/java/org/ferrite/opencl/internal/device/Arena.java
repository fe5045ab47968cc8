package org.ferrite.opencl.internal.device;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.MemoryExhaustedException;
import org.ferrite.opencl.internal.cl.Cl;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_event;
import org.jocl.cl_mem;

/**
 * A backend's device memory: OpenCL buffers ({@link Chunk}s) carved into {@link Block}s. Small requests
 * share chunks (first fit, {@link #ALIGNMENT}-byte aligned, neighbouring free ranges coalesced); a
 * request larger than a chunk gets a buffer of its own. The arena never reserves more than its limit
 * (the device's global memory unless configured lower), and no single buffer exceeds the device's
 * {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}: a request that does not fit fails with
 * {@link MemoryExhaustedException} before anything is allocated, as does a buffer the driver refuses.
 *
 * <p><b>Stream-ordered release.</b> {@link #freeAfter} takes a block back only once an OpenCL event —
 * a marker queued behind the last work that may use the block — has completed; until then the block is
 * pending and is not handed out again. Pending blocks are swept on every allocation; an allocation that
 * does not fit waits for the pending ones first.
 *
 * <p>Thread-safe: every method synchronises on the arena; none runs a kernel. Lifetime: the backend's;
 * {@link #close()} releases every buffer.
 *
 * <pre>
 * Implementation notes.
 * free: per shared chunk, its free ranges, offset -> length, disjoint and never adjacent (coalesced).
 * pending: blocks with the event after which they may be reused. Guarded by this.
 * reservedBytes = sum of chunk sizes <= limitBytes; usedBytes = sum of live and pending block sizes.
 * </pre>
 */
public final class Arena {
    /** Alignment of every block, in bytes: the widest element (16) and every device's base alignment we met. */
    public static final long ALIGNMENT = 256;

    private final cl_context context;
    private final long chunkBytes;
    private final long limitBytes;
    private final long maxAllocationBytes;
    private final Map<Chunk, TreeMap<Long, Long>> free = new IdentityHashMap<>();
    private final List<Chunk> shared = new ArrayList<>();
    private final java.util.Set<Chunk> dedicated = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Pending> pending = new ArrayList<>();
    private long reservedBytes;
    private long usedBytes;
    private int nextId;
    private boolean closed;

    private record Pending(Block block, cl_event after) {
    }

    /**
     * @param context the OpenCL context the buffers belong to
     * @param chunkBytes the size of a shared chunk
     * @param limitBytes the most memory the arena may reserve
     * @param maxAllocationBytes the device's largest single buffer
     */
    public Arena(cl_context context, long chunkBytes, long limitBytes, long maxAllocationBytes) {
        this.context = context;
        this.chunkBytes = Math.min(chunkBytes, Math.min(limitBytes, maxAllocationBytes));
        this.limitBytes = limitBytes;
        this.maxAllocationBytes = maxAllocationBytes;
    }

    /**
     * @param op the operation, for the error
     * @param requested the bytes needed (0 is allowed)
     * @return a block of at least {@code requested} bytes, aligned
     * @throws MemoryExhaustedException if the memory is full or the request exceeds one buffer's limit
     * @throws BackendFailureException if the arena is closed or the driver fails otherwise
     */
    public synchronized Block allocate(String op, long requested) {
        if (closed) {
            throw new BackendFailureException(op, "the OpenCL device memory was released (backend closed)", null);
        }
        if (requested > maxAllocationBytes || requested > limitBytes) {
            throw new MemoryExhaustedException(op, requested, limitBytes, "one OpenCL buffer holds at most "
                    + Math.min(maxAllocationBytes, limitBytes) + " bytes on this device (CL_DEVICE_MAX_MEM_ALLOC_SIZE and"
                    + " the backend's memory limit); " + requested + " were requested", null);
        }
        sweep(false);
        long size = Math.max(ALIGNMENT, (requested + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT);
        Block b = size > chunkBytes ? null : fromShared(size);
        if (b != null) {
            return b;
        }
        long bytes = size > chunkBytes ? size : chunkBytes;
        if (reservedBytes + bytes > limitBytes && !pending.isEmpty()) {
            sweep(true); // wait for the memory queued for release, then look again
            b = size > chunkBytes ? null : fromShared(size);
            if (b != null) {
                return b;
            }
        }
        Chunk c = reserve(op, requested, bytes);
        usedBytes += size;
        if (size > chunkBytes) {
            dedicated.add(c);
            return new Block(c, 0, size);
        }
        shared.add(c);
        TreeMap<Long, Long> ranges = new TreeMap<>();
        if (size < chunkBytes) {
            ranges.put(size, chunkBytes - size);
        }
        free.put(c, ranges);
        return new Block(c, 0, size);
    }

    private Block fromShared(long bytes) {
        for (Chunk c : shared) {
            TreeMap<Long, Long> ranges = free.get(c);
            for (Map.Entry<Long, Long> r : ranges.entrySet()) {
                long length = r.getValue();
                if (length >= bytes) {
                    long offset = r.getKey(); // read before removing (TreeMap may move the node's contents)
                    ranges.remove(offset);
                    if (length > bytes) {
                        ranges.put(offset + bytes, length - bytes);
                    }
                    usedBytes += bytes;
                    return new Block(c, offset, bytes);
                }
            }
        }
        return null;
    }

    private Chunk reserve(String op, long requested, long bytes) {
        if (reservedBytes + bytes > limitBytes) {
            throw new MemoryExhaustedException(op, requested, limitBytes, "out of OpenCL device memory: " + requested
                    + " bytes requested, " + usedBytes + " of " + limitBytes + " in use (" + reservedBytes + " reserved);"
                    + " reclaim tensors, close sessions or free persistent tensors first", null);
        }
        int[] status = new int[1];
        cl_mem memory = CL.clCreateBuffer(context, CL.CL_MEM_READ_WRITE, bytes, null, status);
        if (status[0] != CL.CL_SUCCESS) {
            if (Cl.isOutOfMemory(status[0])) {
                throw Cl.outOfMemory(op, requested, limitBytes, status[0]);
            }
            throw Cl.failure(op, "clCreateBuffer", status[0]);
        }
        reservedBytes += bytes;
        return new Chunk(nextId++, memory, bytes);
    }

    /**
     * Takes a block back once {@code after} has completed (the caller gives up its reference to the event).
     *
     * @param block a block of this arena, not yet freed
     * @param after a marker behind the last work that may use the block, or {@code null} if none may
     */
    public synchronized void freeAfter(Block block, cl_event after) {
        if (closed) {
            release(after);
            return;
        }
        if (after == null) {
            give(block);
        } else {
            pending.add(new Pending(block, after));
        }
    }

    private void sweep(boolean wait) {
        for (Iterator<Pending> it = pending.iterator(); it.hasNext();) {
            Pending p = it.next();
            if (wait) {
                CL.clWaitForEvents(1, new cl_event[] {p.after()});
            } else if (!isComplete(p.after())) {
                continue;
            }
            it.remove();
            release(p.after());
            give(p.block());
        }
    }

    private static boolean isComplete(cl_event e) {
        int[] status = new int[1];
        int rc = CL.clGetEventInfo(e, CL.CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(status), null);
        return rc != CL.CL_SUCCESS || status[0] <= CL.CL_COMPLETE; // an error status also ends the command
    }

    private static void release(cl_event e) {
        if (e != null) {
            CL.clReleaseEvent(e);
        }
    }

    private void give(Block block) {
        usedBytes -= block.bytes();
        TreeMap<Long, Long> ranges = free.get(block.chunk());
        if (ranges == null) { // a dedicated buffer: released whole (OpenCL defers it past queued commands)
            reservedBytes -= block.chunk().bytes();
            dedicated.remove(block.chunk());
            CL.clReleaseMemObject(block.chunk().memory());
            return;
        }
        long offset = block.offset();
        long bytes = block.bytes();
        Map.Entry<Long, Long> before = ranges.floorEntry(offset);
        if (before != null && before.getKey() + before.getValue() == offset) {
            offset = before.getKey();
            bytes += before.getValue();
            ranges.remove(before.getKey());
        }
        Long after = ranges.get(offset + bytes);
        if (after != null) {
            ranges.remove(offset + bytes);
            bytes += after;
        }
        ranges.put(offset, bytes);
    }

    /** @return the bytes in live and pending blocks (a snapshot) */
    public synchronized long usedBytes() {
        return usedBytes;
    }

    /** @return the most bytes the arena may reserve */
    public long limitBytes() {
        return limitBytes;
    }

    /** Waits for the pending releases, then releases every buffer; later calls fail or do nothing. Idempotent. */
    public synchronized void close() {
        if (closed) {
            return;
        }
        sweep(true);
        closed = true;
        for (Chunk c : shared) {
            CL.clReleaseMemObject(c.memory());
        }
        for (Chunk c : dedicated) {
            CL.clReleaseMemObject(c.memory());
        }
        shared.clear();
        dedicated.clear();
        free.clear();
        usedBytes = 0;
        reservedBytes = 0;
    }
}
