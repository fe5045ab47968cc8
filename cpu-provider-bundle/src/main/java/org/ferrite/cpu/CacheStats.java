package org.ferrite.cpu;

/**
 * A snapshot of a plan cache's counters — for monitoring, not for control flow. Thread-safe
 * (immutable). Lifetime: a value, independent of the cache it was read from.
 *
 * @param hits lookups that found a plan
 * @param misses lookups that compiled a new plan
 * @param evictions plans dropped to respect the limits
 * @param clears times the cache was emptied on request
 * @param entries plans held now
 * @param bytes estimated bytes held now
 * @param maxEntries the entry limit
 * @param maxBytes the byte limit
 */
public record CacheStats(long hits, long misses, long evictions, long clears, int entries, long bytes,
        int maxEntries, long maxBytes) {
}
