package org.ferrite.cpu;

/**
 * A snapshot of a backend's buffer pool — for monitoring, not for control flow. Counters are
 * cumulative since the backend was built; {@link #buffers} and {@link #retainedBytes} describe what
 * is retained now. Thread-safe (immutable). Lifetime: a value, independent of the backend it was
 * read from.
 *
 * @param buffers arrays retained for reuse now
 * @param retainedBytes their total size in bytes (exact: the sum of their lengths times the element
 *     size of their storage type)
 * @param limitBytes the retention cap; the pool never retains more
 * @param hits allocations served by a retained array
 * @param misses poolable allocations (at least the pooling threshold) that found no retained array of
 *     their length and allocated a new one
 * @param reclaims arrays handed back with {@code reclaim} and retained
 * @param rejected arrays handed back but not retained: below the pooling threshold, larger than the
 *     cap, a device tensor, or already retained (a second {@code reclaim} of the same tensor)
 * @param evictions retained arrays dropped, smallest first, to respect the cap
 */
public record BufferPoolStats(int buffers, long retainedBytes, long limitBytes, long hits, long misses,
        long reclaims, long rejected, long evictions) {
}
