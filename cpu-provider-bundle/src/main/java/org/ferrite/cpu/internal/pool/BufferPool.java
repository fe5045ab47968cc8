package org.ferrite.cpu.internal.pool;

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
 * than looking one up.
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

    private final RetainedArrays[] pools = {
        new RetainedArrays(1), new RetainedArrays(4), new RetainedArrays(8), new RetainedArrays(4),
        new RetainedArrays(8) };
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
     * A compact tensor of {@code shape} with unspecified contents, on a retained array when one fits.
     *
     * @param dtype the element type
     * @param shape the extents
     * @return the tensor
     * @throws org.ferrite.api.error.ValidationException if the shape is invalid, or too large for one host
     *     array (naming the shape and its size: {@link Shapes#hostStorageLength}); the pool is unchanged
     */
    public Tensor allocate(DType dtype, long... shape) {
        int length = Shapes.hostStorageLength("allocate", dtype, shape);
        return Tensor.wrap(dtype, acquire(dtype, length), shape);
    }

    /**
     * @param dtype the element type
     * @param length the storage length in scalars (elements times scalars per element), at least 0
     * @return a retained array of exactly that length, or a new one
     */
    public Object acquire(DType dtype, int length) {
        int kind = kindOf(dtype);
        RetainedArrays pool = pools[kind];
        long bytes = (long) length * pool.scalarBytes;
        if (bytes >= POOLING_THRESHOLD_BYTES) {
            Object array = pool.take(length);
            if (array != null) {
                hits++;
                buffers--;
                retainedBytes -= bytes;
                return array;
            }
            misses++;
        }
        return newArray(kind, length);
    }

    /**
     * Retains a tensor's storage array for reuse, if it is a host array of at least the threshold,
     * fits the cap, and is not retained already; then evicts the smallest arrays while over the cap.
     *
     * @param tensor the tensor whose storage to retain; the caller must not use it afterwards
     */
    public void reclaim(Tensor tensor) {
        if (!tensor.placement().isHost()) {
            rejected++;
            return;
        }
        int kind = kindOf(tensor.dtype());
        Object array = tensor.storage();
        int length = lengthOf(kind, array);
        RetainedArrays pool = pools[kind];
        long bytes = (long) length * pool.scalarBytes;
        if (bytes < POOLING_THRESHOLD_BYTES || bytes > limitBytes || pool.contains(array, length)) {
            rejected++;
            return;
        }
        pool.add(array, length);
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
        for (RetainedArrays pool : pools) {
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
        for (RetainedArrays pool : pools) {
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
            RetainedArrays smallest = pools[0];
            for (RetainedArrays pool : pools) {
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

    private static Object newArray(int kind, int length) {
        switch (kind) {
            case BOOLEANS:
                return new boolean[length];
            case INTS:
                return new int[length];
            case LONGS:
                return new long[length];
            case FLOATS:
                return new float[length];
            default:
                return new double[length];
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
