package org.ferrite.cpu.internal.plan;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ferrite.cpu.CacheStats;

/**
 * LRU cache of compiled indexed-traversal plans (gather and scatter), bounded by an entry count and
 * by estimated retained bytes (each entry charges its plan's {@link IndexedPlan#estimatedBytes()} plus
 * its key). A limit of 0 disables retention, and a plan larger than the byte limit is never retained;
 * both still compile and run, counted as misses.
 *
 * <p>Use: fill {@link #probe()}, {@link #get} it (a hit moves the entry to most recently used), and on a
 * miss compile and {@link #put} the plan. Lookups allocate nothing.
 *
 * <p>Not thread-safe: one instance belongs to one session at a time (checked out by value).
 * Lifetime: plans live until evicted or {@link #clear() cleared}.
 */
public final class IndexedPlanCache {
    /*
     * Implementation notes. Invariants: entries.size() <= maxEntries and bytes <= maxBytes after every
     * put; bytes is the sum of the charges of the retained entries; counters only grow. The map runs in
     * access order, so its first entry is the least recently used.
     */
    private final int maxEntries;
    private final long maxBytes;
    private final LinkedHashMap<PlanKey, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private final PlanKey probe = new PlanKey();
    private long bytes;
    private long hits;
    private long misses;
    private long evictions;
    private long clears;

    private static final class Entry {
        final IndexedPlan plan;
        final long charge;

        Entry(IndexedPlan plan, long charge) {
            this.plan = plan;
            this.charge = charge;
        }
    }

    /**
     * @param maxEntries entry limit ({@code >= 0}; 0 retains nothing)
     * @param maxBytes estimated byte limit ({@code >= 0}; 0 retains nothing)
     */
    public IndexedPlanCache(int maxEntries, long maxBytes) {
        if (maxEntries < 0 || maxBytes < 0) {
            throw new IllegalArgumentException("limits must be >= 0: " + maxEntries + " entries, " + maxBytes
                    + " bytes");
        }
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
    }

    /** @return this cache's reusable probe key; reset it before filling */
    public PlanKey probe() {
        return probe;
    }

    /**
     * Looks a filled probe up, counting a hit or a miss.
     *
     * @param key the probe, filled
     * @return the plan, or {@code null} on a miss
     */
    public IndexedPlan get(PlanKey key) {
        key.seal();
        Entry e = entries.get(key);
        if (e == null) {
            misses++;
            return null;
        }
        hits++;
        return e.plan;
    }

    /**
     * Retains a plan compiled after a miss under a copy of {@code key}, then evicts least recently
     * used entries until both limits hold.
     *
     * @param key the probe the miss was looked up with
     * @param plan the compiled plan
     */
    public void put(PlanKey key, IndexedPlan plan) {
        key.seal();
        long charge = plan.estimatedBytes() + key.estimatedBytes();
        if (maxEntries == 0 || charge > maxBytes) {
            return;
        }
        Entry old = entries.put(key.copy(), new Entry(plan, charge));
        if (old != null) {
            bytes -= old.charge;
        }
        bytes += charge;
        Iterator<Map.Entry<PlanKey, Entry>> eldest = entries.entrySet().iterator();
        while (entries.size() > maxEntries || bytes > maxBytes) {
            Entry evicted = eldest.next().getValue();
            eldest.remove();
            bytes -= evicted.charge;
            evictions++;
        }
    }

    /** @return a snapshot of the counters (for monitoring, not for control flow) */
    public CacheStats stats() {
        return new CacheStats(hits, misses, evictions, clears, entries.size(), bytes, maxEntries, maxBytes);
    }

    /** Drops every plan (counted as a clear; dropped plans are not counted as evictions). */
    public void clear() {
        entries.clear();
        bytes = 0;
        clears++;
    }
}
