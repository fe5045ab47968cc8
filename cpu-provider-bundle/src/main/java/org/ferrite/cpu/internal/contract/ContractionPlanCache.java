package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.CacheStats;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.DoubleGemmResources;
import org.ferrite.cpu.internal.gemm.FloatGemmResources;

/**
 * The per-session state of the contraction kernels: the plans of ad hoc {@code dotGeneral} calls, keyed
 * by their layout — config, dtype, GEMM route, and the extents and strides of {@code lhs}, {@code rhs}
 * and {@code out}; never storage, offsets or object identity — and the scratch memory plans run in
 * (GEMM packing buffers, index arrays), so a repeated call does no analysis and no allocation.
 *
 * <p>One lookup for every caller, and one predicate — {@link ContractionPlan#matches}, the call's layout
 * against a plan's key — so "equal" cannot mean two things: first the most recently used plan (a loop of
 * calls of one shape, the common case, computes no hash), then a chained hash table over
 * {@link ContractionPlan#hashOf} (the operands' part of the key). Fresh operand objects of the same layout
 * find the same plan as the previous call's objects. At most {@code maxEntries} plans are kept; a miss beyond
 * that evicts the least recently used (a scan of the table, on a miss only: a miss compiles a plan,
 * which costs far more). Scratch arrays up to {@code maxBytes} each are kept and reused; larger ones are
 * allocated per call. Callers that hold a plan themselves (prepared contractions) use only the scratch.
 *
 * <p>Only what a key proves is skipped: the per-call checks (placement, aliasing, scalars) run on every
 * path, hit or miss. The cache holds no tensor.
 *
 * <p>Implementation notes: {@code table} has a power-of-two length of at least twice
 * {@code maxEntries}; an entry lives in bucket {@code plan.hashCode() & (table.length - 1)}; {@code last}
 * is null or an entry in the table (cleared when it is evicted); {@code size}
 * counts the entries; {@code clock} only grows, and an entry's {@code used} is the clock at which it
 * stopped being {@code last} (or was added): {@code last} is the most recently used entry whatever its
 * stamp, so a hit on it stores nothing but the hit count, and a switch stamps the entry it replaces. Counters only grow, except
 * that {@link #clear()} empties plans and scratch. Not thread-safe: one instance belongs to one session at
 * a time (checked out by value). Lifetime: the backend's; {@link #clear()} releases everything it holds.
 */
public final class ContractionPlanCache {
    /** Default plan limit. */
    public static final int DEFAULT_MAX_ENTRIES = 256;
    /** Default limit of one retained scratch array, in bytes. */
    public static final long DEFAULT_MAX_BYTES = 64L << 20;

    /** A cached plan in its bucket's chain. */
    private static final class Entry {
        final ContractionPlan plan;
        Entry next;
        long used;

        Entry(ContractionPlan plan, Entry next, long used) {
            this.plan = plan;
            this.next = next;
            this.used = used;
        }
    }

    private final int maxEntries;
    private final long maxBytes;
    private final Entry[] table;
    /** The entry of the most recently used plan, or null; always an entry of {@link #table}. */
    private Entry last;
    private int size;
    private long clock;
    private int[] batchIndex = new int[0];
    private int[] gatherIndex = new int[0];
    private BatchSplit batchSplit;
    private long hits;
    private long misses;
    private long evictions;
    private long clears;
    private long planBytes;
    private DoubleGemmResources doubles;
    private FloatGemmResources floats;

    /** A cache with {@link #DEFAULT_MAX_ENTRIES} plans and {@link #DEFAULT_MAX_BYTES} scratch arrays. */
    public ContractionPlanCache() {
        this(DEFAULT_MAX_ENTRIES, DEFAULT_MAX_BYTES);
    }

    /**
     * @param maxEntries the number of plans kept, {@code >= 1}
     * @param maxBytes the largest scratch array kept between calls, in bytes
     */
    public ContractionPlanCache(int maxEntries, long maxBytes) {
        if (maxEntries < 1 || maxBytes < 0) {
            throw new IllegalArgumentException("maxEntries must be >= 1 and maxBytes >= 0, got " + maxEntries
                    + " and " + maxBytes);
        }
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
        this.table = new Entry[Integer.highestOneBit(Math.max(1, Math.min(maxEntries, 1 << 20)) * 2 - 1) << 1];
    }

    /**
     * @return the plan compiled for this call shape (now the most recently used), or null (a miss, not
     *     counted until {@link #add})
     */
    ContractionPlan find(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorRead out, GemmRoute route) {
        Entry recent = last;
        if (recent != null && recent.plan.matches(lhs, rhs, config, out, route)) {
            hit(recent);
            return recent.plan;
        }
        int hash = ContractionPlan.hashOf(lhs, rhs, config, route);
        for (Entry e = table[hash & (table.length - 1)]; e != null; e = e.next) {
            ContractionPlan p = e.plan;
            if (p.hashCode() == hash && p.matches(lhs, rhs, config, out, route)) {
                hit(e);
                return p;
            }
        }
        return null;
    }

    /**
     * The allocating form's lookup: a plan for these operands with a compact output (the config and
     * route prove the output's shape, so a fresh compact output of it has the plan's whole key).
     *
     * @return the plan (now the most recently used), or null
     */
    ContractionPlan findForCompactOutput(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, GemmRoute route) {
        Entry recent = last;
        if (recent != null && recent.plan.matchesForCompactOutput(lhs, rhs, config, route)) {
            hit(recent);
            return recent.plan;
        }
        int hash = ContractionPlan.hashOf(lhs, rhs, config, route);
        for (Entry e = table[hash & (table.length - 1)]; e != null; e = e.next) {
            ContractionPlan p = e.plan;
            if (p.hashCode() == hash && p.matchesForCompactOutput(lhs, rhs, config, route)) {
                hit(e);
                return p;
            }
        }
        return null;
    }

    private void hit(Entry e) {
        hits++;
        if (last != e) { // a reference store into this long-lived object costs a G1 write barrier: only on change
            makeLast(e);
        }
    }

    /** {@code e} becomes the most recently used entry; the one it replaces is stamped with the time it left. */
    private void makeLast(Entry e) {
        if (last != null) {
            last.used = ++clock;
        }
        last = e;
    }

    /** Records a freshly compiled plan (a miss), evicting the least recently used one at the limit. */
    void add(ContractionPlan plan) {
        misses++;
        if (size == maxEntries) {
            evictLeastRecentlyUsed();
        }
        int bucket = plan.hashCode() & (table.length - 1);
        Entry e = new Entry(plan, table[bucket], 0); // stamped when it stops being last
        table[bucket] = e;
        makeLast(e);
        size++;
        planBytes += plan.bytes();
    }

    private void evictLeastRecentlyUsed() {
        if (last != null) {
            last.used = ++clock; // the most recent entry carries no stamp of its current use
        }
        int bucket = -1;
        Entry oldest = null;
        for (int b = 0; b < table.length; b++) {
            for (Entry e = table[b]; e != null; e = e.next) {
                if (oldest == null || e.used < oldest.used) {
                    oldest = e;
                    bucket = b;
                }
            }
        }
        if (oldest == null) {
            return;
        }
        if (table[bucket] == oldest) {
            table[bucket] = oldest.next;
        } else {
            Entry e = table[bucket];
            while (e.next != oldest) {
                e = e.next;
            }
            e.next = oldest.next;
        }
        if (last == oldest) {
            last = null;
        }
        size--;
        evictions++;
        planBytes -= oldest.plan.bytes();
    }

    /**
     * @param plan the plan about to run in this session
     * @return the batch odometer's scratch, at least {@code plan.batch.dims()} long
     */
    int[] batchIndex(ContractionPlan plan) {
        int n = plan.batch.dims();
        if (batchIndex.length < n) {
            batchIndex = new int[n];
        }
        return batchIndex;
    }

    /**
     * @param plan the plan about to run in this session
     * @return the gather, combine and scale odometers' scratch, at least {@link ContractionPlan#indexLength}
     */
    int[] gatherIndex(ContractionPlan plan) {
        int n = plan.indexLength;
        if (gatherIndex.length < n) {
            gatherIndex = new int[n];
        }
        return gatherIndex;
    }

    /** @return the reusable job that splits a batched direct product over the session's threads */
    BatchSplit batchSplit() {
        if (batchSplit == null) {
            batchSplit = new BatchSplit();
        }
        return batchSplit;
    }

    /** @return the {@code double[]} scratch and workspaces of this session */
    public DoubleGemmResources doubles() {
        if (doubles == null) {
            doubles = new DoubleGemmResources(maxBytes);
        }
        return doubles;
    }

    /** @return the {@code float[]} scratch and workspaces of this session */
    public FloatGemmResources floats() {
        if (floats == null) {
            floats = new FloatGemmResources(maxBytes);
        }
        return floats;
    }

    /** @return a snapshot of the counters, for monitoring (not for control flow) */
    public CacheStats stats() {
        long bytes = planBytes + (doubles == null ? 0 : doubles.bytes()) + (floats == null ? 0 : floats.bytes());
        return new CacheStats(hits, misses, evictions, clears, size, bytes, maxEntries, maxBytes);
    }

    /** Drops every plan and all scratch memory (counted as a clear). */
    public void clear() {
        java.util.Arrays.fill(table, null);
        last = null;
        size = 0;
        planBytes = 0;
        doubles = null;
        floats = null;
        batchIndex = new int[0];
        gatherIndex = new int[0];
        clears++;
    }
}
