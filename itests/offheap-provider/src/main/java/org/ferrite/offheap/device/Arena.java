package org.ferrite.offheap.device;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.MemoryExhaustedException;

/**
 * The off-heap provider's device memory: a pool of {@link Chunk}s carved into {@link Block}s. Small
 * requests share chunks (first fit, 64-byte aligned, neighbouring free ranges coalesced), so several
 * storage handles are windows of one allocation at different byte offsets — the case the aliasing rule
 * exists for; a request larger than a chunk gets a chunk of its own. The pool never grows past its
 * limit: a request that does not fit fails with {@link BackendFailureException}, as a device
 * allocation does when the device is full.
 *
 * <p>Memory comes back only through {@link #free} (called, stream-ordered, by {@code reclaim}, a
 * session's end and the backend's close) — never through the garbage collector; {@link #close()} drops
 * the chunks, whose native memory the JDK then releases as for any direct buffer.
 *
 * <p>Thread-safe: every method synchronises on the arena; no method runs a kernel or waits.
 * Lifetime: the backend's.
 *
 * <pre>
 * Implementation notes.
 * free: per shared chunk, its free ranges, offset -> length, disjoint and never adjacent (coalesced).
 * dedicated: chunks that hold one large block; freed whole. Guarded by this.
 * reservedBytes = sum of chunk sizes <= limitBytes; usedBytes = sum of live block sizes.
 * </pre>
 */
public final class Arena {
    /** Alignment of every block, in bytes (the widest element, C128, is 16). */
    static final int ALIGNMENT = 64;

    private final int chunkBytes;
    private final long limitBytes;
    private final Map<Chunk, TreeMap<Integer, Integer>> free = new IdentityHashMap<>();
    private final List<Chunk> shared = new ArrayList<>();
    private long reservedBytes;
    private long usedBytes;
    private int nextId;
    private boolean closed;

    /**
     * @param chunkBytes the size of a shared chunk (at most {@code limitBytes})
     * @param limitBytes the most memory the arena may reserve
     */
    public Arena(int chunkBytes, long limitBytes) {
        this.chunkBytes = (int) Math.min(chunkBytes, limitBytes); // a small memory is one chunk
        this.limitBytes = limitBytes;
    }

    /**
     * @param op the operation, for the error
     * @param requested the bytes needed (0 is allowed)
     * @return a block of at least {@code requested} bytes, aligned
     * @throws MemoryExhaustedException if the arena is full (nothing was allocated)
     * @throws BackendFailureException if the arena is closed
     */
    synchronized Block allocate(String op, long requested) {
        if (closed) {
            throw new BackendFailureException(op, "the off-heap device memory was released (backend closed)", null);
        }
        long size = Math.max(ALIGNMENT, (requested + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT);
        if (size > chunkBytes) {
            return dedicated(op, requested, size);
        }
        int bytes = (int) size;
        for (Chunk c : shared) {
            TreeMap<Integer, Integer> ranges = free.get(c);
            for (Map.Entry<Integer, Integer> r : ranges.entrySet()) {
                int length = r.getValue();
                if (length >= bytes) {
                    // read the entry before removing it: TreeMap's removal of a node with two children moves
                    // its successor's key and value into that node, so the entry would then describe another range
                    int offset = r.getKey();
                    ranges.remove(offset);
                    if (length > bytes) {
                        ranges.put(offset + bytes, length - bytes);
                    }
                    usedBytes += bytes;
                    return new Block(c, offset, bytes);
                }
            }
        }
        Chunk c = reserve(op, requested, chunkBytes);
        shared.add(c);
        TreeMap<Integer, Integer> ranges = new TreeMap<>();
        if (bytes < chunkBytes) {
            ranges.put(bytes, chunkBytes - bytes);
        }
        free.put(c, ranges);
        usedBytes += bytes;
        return new Block(c, 0, bytes);
    }

    private Block dedicated(String op, long requested, long size) {
        if (size > Integer.MAX_VALUE - ALIGNMENT) {
            throw new BackendFailureException(op, "one off-heap allocation holds at most " + (Integer.MAX_VALUE
                    - ALIGNMENT) + " bytes; " + requested + " were requested (a direct buffer's limit)", null);
        }
        Chunk c = reserve(op, requested, (int) size);
        usedBytes += size;
        return new Block(c, 0, (int) size);
    }

    private Chunk reserve(String op, long requested, int bytes) {
        if (reservedBytes + bytes > limitBytes) {
            throw new MemoryExhaustedException(op, requested, limitBytes, "out of off-heap device memory: "
                    + requested + " bytes requested, " + usedBytes + " of " + limitBytes + " in use (" + reservedBytes
                    + " reserved); reclaim tensors or close sessions first", null);
        }
        Chunk chunk;
        try {
            chunk = new Chunk(nextId, bytes);
        } catch (OutOfMemoryError e) { // the JVM's direct-memory limit (-XX:MaxDirectMemorySize) is below ours
            throw new MemoryExhaustedException(op, requested, limitBytes, "the JVM refused " + bytes + " bytes of"
                    + " direct memory (" + e.getMessage() + "); raise -XX:MaxDirectMemorySize or lower this"
                    + " backend's memory limit", e);
        }
        nextId++;
        reservedBytes += bytes;
        return chunk;
    }

    /**
     * Returns a block; the caller guarantees that no queued work still uses it.
     *
     * @param block a block this arena handed out, not yet freed
     */
    synchronized void free(Block block) {
        if (closed) {
            return;
        }
        usedBytes -= block.bytes();
        TreeMap<Integer, Integer> ranges = free.get(block.chunk());
        if (ranges == null) { // a dedicated chunk: released whole
            reservedBytes -= block.chunk().bytes();
            return;
        }
        int offset = block.offset();
        int bytes = block.bytes();
        Map.Entry<Integer, Integer> before = ranges.floorEntry(offset);
        if (before != null && before.getKey() + before.getValue() == offset) {
            offset = before.getKey();
            bytes += before.getValue();
            ranges.remove(before.getKey());
        }
        Integer after = ranges.get(offset + bytes);
        if (after != null) {
            ranges.remove(offset + bytes);
            bytes += after;
        }
        ranges.put(offset, bytes);
    }

    /** @return the bytes in live blocks (a snapshot) */
    public synchronized long usedBytes() {
        return usedBytes;
    }

    /** @return the most bytes the arena may reserve */
    public long limitBytes() {
        return limitBytes;
    }

    /** Drops every chunk; later allocations fail, later frees are ignored. Idempotent. */
    public synchronized void close() {
        closed = true;
        shared.clear();
        free.clear();
        usedBytes = 0;
        reservedBytes = 0;
    }
}
