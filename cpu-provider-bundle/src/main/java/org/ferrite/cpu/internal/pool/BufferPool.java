package org.ferrite.cpu.internal.pool;

import org.ferrite.api.error.MemoryExhaustedException;
import org.ferrite.api.spi.HostMemory;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.BufferPoolStats;

/**
 * Reuse of host storage arrays: a best-fit pool per storage type, with a retention cap enforced by
 * evicting the smallest arrays first.
 *
 * <p><b>Fit.</b> A tensor's storage array is exactly its storage length (so that
 * {@code Tensor.f64Data().length} stays the element count), and Java arrays cannot shrink; the best
 * fit of a request is therefore a retained array of exactly the requested length. Types that share a
 * storage class share a pool ({@code F64} with {@code C128}, {@code F32} with {@code C64}).
 * Requests below {@link #POOLING_THRESHOLD_BYTES} bypass the pool: allocating a small array is cheaper
 * than looking one up. The pool keeps the reclaimed tensor with its array and hands that very object
 * out again for a request of its dtype and shape (a repeated intermediate, an einsum plan's step):
 * no wrapper, shape or stride array is made, and an operand-identity cache sees the same object.
 *
 * <p><b>Accounting.</b> {@code retainedBytes} is always the exact sum over retained arrays of their
 * length times their element size; an array leaves the accounting the moment it is handed out, so an
 * exception thrown by the caller afterwards cannot skew it.
 *
 * <p>Not thread-safe: one pool belongs to one session at a time (checked out by value); the handover
 * between sessions and management calls publishes it safely. Lifetime: the backend's (or a child
 * session's).
 */
public final class BufferPool {
    /** Smallest request, in bytes, that is served from and returned to the pool. */
    public static final int POOLING_THRESHOLD_BYTES = 1024;

    private static final int BOOLEANS = 0;
    private static final int INTS = 1;
    private static final int LONGS = 2;
    private static final int FLOATS = 3;
    private static final int DOUBLES = 4;

    private final RetainedTensors[] pools = {
        new RetainedTensors(1), new RetainedTensors(4), new RetainedTensors(8), new RetainedTensors(4),
        new RetainedTensors(8) };
    private long limitBytes;
    private long retainedBytes;
    private int buffers;
    private long hits;
    private long misses;
    private long reclaims;
    private long rejected;
    private long evictions;

    /**
     * @param limitBytes the retention cap in bytes; 0 retains nothing
     * @throws IllegalArgumentException if negative
     */
    public BufferPool(long limitBytes) {
        if (limitBytes < 0) {
            throw new IllegalArgumentException("limitBytes must be >= 0, got " + limitBytes);
        }
        this.limitBytes = limitBytes;
    }

    /**
     * A compact tensor of {@code shape} with unspecified contents, on a retained array when one fits:
     * the very tensor that was reclaimed when it has this dtype and shape (tensors are immutable, so it
     * is indistinguishable from a new wrapper of its array), else a new wrapper of the retained array.
     *
     * @param dtype the element type
     * @param shape the extents
     * @return the tensor
     * @throws org.ferrite.api.error.ValidationException if the shape is invalid, or too large for one host
     *     array (naming the shape and its size: {@link Shapes#hostStorageLength}); the pool is unchanged
     * @throws MemoryExhaustedException if the heap cannot hold it, even without the retained arrays
     */
    public Tensor allocate(DType dtype, long... shape) {
        int length = Shapes.hostStorageLength("allocate", dtype, shape);
        Tensor retained = take(dtype, length);
        if (retained == null) {
            return Tensor.wrap(dtype, newArray(dtype, length), shape);
        }
        return retained.dtype() == dtype && OperandChecks.hasShape(retained, shape) ? retained
                : Tensor.wrap(dtype, retained.storage(), shape);
    }

    /**
     * {@link #allocate} of {@code like}'s dtype and shape, which are valid already: nothing is
     * validated again ({@link Tensor#wrapLike}).
     *
     * @param like a tensor of the dtype and shape wanted (its storage is not touched)
     * @return a compact tensor of that dtype and shape with unspecified contents
     */
    public Tensor allocateLike(Tensor like) {
        DType dtype = like.dtype();
        int length = (int) like.size() * dtype.scalarsPerElement();
        Tensor retained = take(dtype, length);
        if (retained == null) {
            return Tensor.wrapLike(like, newArray(dtype, length));
        }
        return retained.dtype() == dtype && OperandChecks.sameShape(retained, like) ? retained
                : Tensor.wrapLike(like, retained.storage());
    }

    /**
     * A new array, or {@link MemoryExhaustedException}: when the heap is full, the retained arrays are
     * dropped (their memory is what the pool holds back) and the allocation is tried once more.
     */
    private Object newArray(DType dtype, int length) {
        try {
            return HostMemory.newArray("allocate", dtype, length);
        } catch (MemoryExhaustedException e) {
            if (e.getCause() == null || buffers == 0) { // refused before allocating, or nothing to give back
                throw e;
            }
            clear();
            return HostMemory.newArray("allocate", dtype, length);
        }
    }

    /** @return a retained tensor whose array has exactly {@code length} scalars of {@code dtype}'s kind, or null */
    private Tensor take(DType dtype, int length) {
        if (dtype.computeType() != dtype) { // the narrow dtypes' short[] and byte[] are not pooled
            return null;
        }
        RetainedTensors pool = pools[kindOf(dtype)];
        long bytes = (long) length * pool.scalarBytes;
        if (bytes < POOLING_THRESHOLD_BYTES) {
            return null;
        }
        Tensor tensor = pool.take(length);
        if (tensor == null) {
            misses++;
            return null;
        }
        hits++;
        buffers--;
        retainedBytes -= bytes;
        return tensor;
    }

    /**
     * Retains a tensor and its storage array for reuse, if it is a host array (not of a narrow dtype: F16,
     * BF16, I8 and U8 are never pooled) of at least the threshold, fits the cap, is not retained already, and fewer than {@value RetainedTensors#MAX_PER_LENGTH}
     * arrays of its length are retained; then evicts the smallest arrays while over the cap.
     *
     * @param tensor the tensor whose storage to retain; the caller must not use it afterwards
     */
    public void reclaim(Tensor tensor) {
        if (!tensor.placement().isHost() || tensor.dtype().computeType() != tensor.dtype()) {
            rejected++;
            return;
        }
        int kind = kindOf(tensor.dtype());
        Object array = tensor.storage();
        int length = lengthOf(kind, array);
        RetainedTensors pool = pools[kind];
        long bytes = (long) length * pool.scalarBytes;
        if (bytes < POOLING_THRESHOLD_BYTES || bytes > limitBytes || !pool.hasRoom(length)
                || pool.contains(array, length)) {
            rejected++;
            return;
        }
        pool.add(tensor, length);
        buffers++;
        retainedBytes += bytes;
        reclaims++;
        evictOverLimit();
    }

    /**
     * Sets the retention cap and evicts at once down to it.
     *
     * @param bytes the new cap, at least 0
     * @throws IllegalArgumentException if negative
     */
    public void setLimitBytes(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("limitBytes must be >= 0, got " + bytes);
        }
        limitBytes = bytes;
        evictOverLimit();
    }

    /** @return the retention cap in bytes */
    public long limitBytes() {
        return limitBytes;
    }

    /** Drops every retained array (counted as evictions). */
    public void clear() {
        for (RetainedTensors pool : pools) {
            pool.clear();
        }
        evictions += buffers;
        buffers = 0;
        retainedBytes = 0;
    }

    /** @return the number of retained arrays */
    public int length() {
        return buffers;
    }

    /** @return a snapshot of the pool's counters */
    public BufferPoolStats stats() {
        return new BufferPoolStats(buffers, retainedBytes, limitBytes, hits, misses, reclaims, rejected, evictions);
    }

    /**
     * Recomputes the retained bytes and count from the arrays themselves and compares them with the
     * running accounting. For tests of the accounting invariant.
     *
     * @return null if consistent, else a description of the mismatch
     */
    public String checkAccounting() {
        long bytes = 0;
        int count = 0;
        for (RetainedTensors pool : pools) {
            bytes += pool.recomputeBytes();
            count += pool.size();
        }
        if (bytes != retainedBytes || count != buffers) {
            return "accounted " + buffers + " arrays / " + retainedBytes + " bytes, retained " + count + " / " + bytes;
        }
        if (retainedBytes > limitBytes) {
            return "retains " + retainedBytes + " bytes over the cap of " + limitBytes;
        }
        return null;
    }

    private void evictOverLimit() {
        while (retainedBytes > limitBytes) {
            RetainedTensors smallest = pools[0];
            for (RetainedTensors pool : pools) {
                if (pool.smallestBytes() < smallest.smallestBytes()) {
                    smallest = pool;
                }
            }
            if (smallest.smallestBytes() == Long.MAX_VALUE) {
                throw new IllegalStateException("buffer pool accounting broken: " + checkAccounting());
            }
            retainedBytes -= smallest.evictSmallest();
            buffers--;
            evictions++;
        }
    }

    private static int kindOf(DType dtype) {
        switch (dtype) {
            case BOOL:
                return BOOLEANS;
            case I32:
                return INTS;
            case I64:
                return LONGS;
            case F32:
            case C64:
                return FLOATS;
            default:
                return DOUBLES;
        }
    }

    private static int lengthOf(int kind, Object array) {
        switch (kind) {
            case BOOLEANS:
                return ((boolean[]) array).length;
            case INTS:
                return ((int[]) array).length;
            case LONGS:
                return ((long[]) array).length;
            case FLOATS:
                return ((float[]) array).length;
            default:
                return ((double[]) array).length;
        }
    }
}
