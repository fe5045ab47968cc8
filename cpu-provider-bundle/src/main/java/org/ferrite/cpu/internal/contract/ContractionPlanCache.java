package org.ferrite.cpu.internal.contract;

import java.util.LinkedHashMap;
import java.util.Map;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.CacheStats;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.DoubleGemmResources;
import org.ferrite.cpu.internal.gemm.FloatGemmResources;

/**
 * Per-session cache of contraction analyses keyed by config, dtype, GEMM route, shapes and strides
 * (never storage or offsets), plus the scratch memory the plans run in, so a repeated
 * {@code dotGeneral} does no re-analysis and no allocation.
 *
 * <p>Lookup: first the plan of the previous call, compared field by field with the config compared by
 * identity (a few integer comparisons); then a least-recently-used hash map over all plans, probed
 * without allocating. At most {@code maxEntries} plans are kept (the least recently used is evicted).
 * Scratch arrays up to {@code maxBytes} each are kept and reused; larger ones are allocated per call.
 *
 * <p>Implementation notes: {@code last} is either null or a plan present in {@code plans}; counters
 * only grow, except that {@link #clear()} empties plans and scratch. Not thread-safe: one instance
 * belongs to one session at a time (checked out by value). Lifetime: the backend's; {@link #clear()}
 * releases everything it holds.
 */
public final class ContractionPlanCache {
    /** Default plan limit. */
    public static final int DEFAULT_MAX_ENTRIES = 256;
    /** Default limit of one retained scratch array, in bytes. */
    public static final long DEFAULT_MAX_BYTES = 64L << 20;

    private final int maxEntries;
    private final long maxBytes;
    private final LinkedHashMap<Object, ContractionPlan> plans;
    private final PlanProbe probe = new PlanProbe();
    private ContractionPlan last;
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
        this.plans = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, ContractionPlan> eldest) {
                if (size() <= ContractionPlanCache.this.maxEntries) {
                    return false;
                }
                evicted(eldest.getValue());
                return true;
            }
        };
    }

    private void evicted(ContractionPlan plan) {
        evictions++;
        planBytes -= plan.bytes();
        if (last == plan) {
            last = null;
        }
    }

    /**
     * @return the plan compiled for this call shape, or null (a miss, not counted until {@link #add})
     */
    ContractionPlan find(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorRead out, GemmRoute route) {
        ContractionPlan p = last;
        if (p != null && p.matches(lhs, rhs, config, out, route, true)) {
            hits++;
            return p;
        }
        p = plans.get(probe.arm(lhs, rhs, config, out, route));
        probe.disarm();
        if (p != null) {
            hits++;
            last = p;
        }
        return p;
    }

    /** Records a freshly compiled plan (a miss). */
    void add(ContractionPlan plan) {
        misses++;
        planBytes += plan.bytes();
        ContractionPlan previous = plans.put(plan, plan);
        if (previous != null) {
            planBytes -= previous.bytes();
        }
        last = plan;
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
        return new CacheStats(hits, misses, evictions, clears, plans.size(), bytes, maxEntries, maxBytes);
    }

    /** Drops every plan and all scratch memory (counted as a clear). */
    public void clear() {
        plans.clear();
        last = null;
        planBytes = 0;
        doubles = null;
        floats = null;
        clears++;
    }
}
