package org.ferrite.cpu.internal.contract;

import java.util.LinkedHashMap;
import java.util.Map;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.cpu.CacheStats;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.gemm.DoubleGemmResources;
import org.ferrite.cpu.internal.gemm.FloatGemmResources;

/**
 * Per-session cache of contraction analyses keyed by config, dtype, GEMM route, shapes and strides
 * (never storage or offsets), plus the scratch memory the plans run in, so a repeated
 * {@code dotGeneral} does no re-analysis and no allocation.
 *
 * <p>Lookup, cheapest first: the very operand objects of the previous call (five reference
 * comparisons: a {@link Tensor} or {@link TensorView} never changes its dtype, shape, strides or
 * storage, so the same objects prove the previous plan's key); then the plan of the previous call,
 * compared field by field with the config compared by identity (a few integer comparisons); then a
 * least-recently-used hash map over all plans, probed without allocating. At most {@code maxEntries}
 * plans are kept (the least recently used is evicted). Scratch arrays up to {@code maxBytes} each are
 * kept and reused; larger ones are allocated per call.
 *
 * <p>Only what a key proves is skipped: the per-call checks (placement, aliasing, scalars) run on every
 * path. The remembered operands are only ever compared, never read; they are remembered only when all
 * three are {@code Tensor}s or {@code TensorView}s (other {@code TensorRead} implementations may
 * change) whose storage arrays hold at most {@value #IDENTITY_MAX_SCALARS} scalars (so the cache pins
 * little memory), and forgotten when the session ends ({@link #forgetOperands()}). The allocating form
 * keeps its own last operands the same way, with the plan and a tensor of its result's shape
 * ({@link #findAllocating}).
 *
 * <p>Implementation notes: {@code last} is either null or a plan present in {@code plans};
 * {@code lastLhs} is non-null only while {@code last} is the plan compiled for the (immutable) metadata
 * of {@code lastLhs}, {@code lastRhs}, {@code lastOut} with {@code lastConfig} and {@code lastRoute};
 * counters only grow, except that {@link #clear()} empties plans and scratch. Not thread-safe: one
 * instance belongs to one session at a time (checked out by value). Lifetime: the backend's;
 * {@link #clear()} releases everything it holds.
 */
public final class ContractionPlanCache {
    /** Default plan limit. */
    public static final int DEFAULT_MAX_ENTRIES = 256;
    /** Default limit of one retained scratch array, in bytes. */
    public static final long DEFAULT_MAX_BYTES = 64L << 20;
    /** Largest storage array, in scalars, of an operand whose identity is remembered. */
    static final int IDENTITY_MAX_SCALARS = 1 << 16;

    private final int maxEntries;
    private final long maxBytes;
    private final LinkedHashMap<Object, ContractionPlan> plans;
    private final PlanProbe probe = new PlanProbe();
    private ContractionPlan last;
    private TensorRead lastLhs;
    private TensorRead lastRhs;
    private TensorRead lastOut;
    private DotGeneralConfig lastConfig;
    private GemmRoute lastRoute;
    /** The operands of the previous allocating call, its plan, and a tensor of its result's shape. */
    private TensorRead allocLhs;
    private TensorRead allocRhs;
    private DotGeneralConfig allocConfig;
    private GemmRoute allocRoute;
    private ContractionPlan allocPlan;
    private Tensor allocLike;
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
            forgetOperands();
        }
    }

    /**
     * @return the plan compiled for this call shape, or null (a miss, not counted until {@link #add})
     */
    ContractionPlan find(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorRead out, GemmRoute route) {
        ContractionPlan p = last;
        if (lhs == lastLhs && rhs == lastRhs && out == lastOut && config == lastConfig && route == lastRoute) {
            hits++; // the same immutable operands as the previous call: its key is proven
            return p;
        }
        if (p != null && p.matches(lhs, rhs, config, out, route, true)) {
            hits++;
            remember(lhs, rhs, out, config, route);
            return p;
        }
        p = plans.get(probe.arm(lhs, rhs, config, out, route));
        probe.disarm();
        if (p != null) {
            hits++;
            last = p;
            remember(lhs, rhs, out, config, route);
        }
        return p;
    }

    /** Records a freshly compiled plan (a miss) for the operands it was compiled for. */
    void add(ContractionPlan plan, TensorRead lhs, TensorRead rhs, TensorRead out) {
        misses++;
        planBytes += plan.bytes();
        ContractionPlan previous = plans.put(plan, plan);
        if (previous != null) {
            planBytes -= previous.bytes();
        }
        last = plan;
        remember(lhs, rhs, out, plan.config, plan.route);
    }

    /** Remembers the operands of {@code last}, or forgets the previous ones if these may not be remembered. */
    private void remember(TensorRead lhs, TensorRead rhs, TensorRead out, DotGeneralConfig config, GemmRoute route) {
        if (immutableAndSmall(lhs) && immutableAndSmall(rhs) && immutableAndSmall(out)) {
            // a reference store into this long-lived object costs a G1 post-write barrier (a fence when
            // the card is clean): store only what changed (in a chain, the config and route never do)
            if (lastLhs != lhs) {
                lastLhs = lhs;
            }
            if (lastRhs != rhs) {
                lastRhs = rhs;
            }
            if (lastOut != out) {
                lastOut = out;
            }
            if (lastConfig != config) {
                lastConfig = config;
            }
            if (lastRoute != route) {
                lastRoute = route;
            }
        } else {
            forgetOperands();
        }
    }

    private static boolean immutableAndSmall(TensorRead t) {
        Class<?> type = t.getClass();
        if (type != Tensor.class && type != TensorView.class || !t.placement().isHost()) {
            return false;
        }
        Object storage = t.storage();
        return storage instanceof double[] ? ((double[]) storage).length <= IDENTITY_MAX_SCALARS
                : storage instanceof float[] && ((float[]) storage).length <= IDENTITY_MAX_SCALARS;
    }

    /**
     * Forgets the operands of the previous call (the next call matches by key): called when the session
     * ends, so no tensor is kept alive between sessions.
     */
    public void forgetOperands() {
        allocLhs = null;
        allocRhs = null;
        allocConfig = null;
        allocRoute = null;
        allocPlan = null;
        allocLike = null;
        lastLhs = null;
        lastRhs = null;
        lastOut = null;
        lastConfig = null;
        lastRoute = null;
    }

    /**
     * The allocating form's lookup: the same config and route as the previous allocating call, and
     * either its very operands (immutable: their metadata is proven) or operands with the dtype, extents
     * and strides of its plan's key — a chain {@code v ← A·v} passes a new {@code v} every call. Either
     * proves that call's output shape, and a fresh compact output of that shape has that plan's key.
     *
     * @return the plan of the previous allocating call, or null
     */
    ContractionPlan findAllocating(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, GemmRoute route) {
        ContractionPlan p = allocPlan;
        if (p == null || config != allocConfig || route != allocRoute) {
            return null;
        }
        if (lhs == allocLhs && rhs == allocRhs) {
            hits++;
            return p;
        }
        if (!p.matchesOperands(lhs, rhs)) {
            return null;
        }
        hits++;
        boolean remembered = immutableAndSmall(lhs) && immutableAndSmall(rhs);
        if (allocLhs != lhs) {
            allocLhs = remembered ? lhs : null;
        }
        if (allocRhs != rhs) {
            allocRhs = remembered ? rhs : null;
        }
        return p;
    }

    /** @return a tensor of the shape and dtype of the previous allocating call's result */
    Tensor allocatingLike() {
        return allocLike;
    }

    /**
     * Remembers an allocating call whose output {@code out} (fresh and compact) was just computed with
     * the plan {@link #find} or {@link #add} last recorded, if its operands may be remembered.
     */
    void rememberAllocating(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, GemmRoute route, Tensor out) {
        if (last != null && immutableAndSmall(lhs) && immutableAndSmall(rhs) && immutableAndSmall(out)) {
            allocLhs = lhs;
            allocRhs = rhs;
            allocConfig = config;
            allocRoute = route;
            allocPlan = last;
            // the shape's carrier: a zero-filled copy, so no result of the caller stays reachable from here;
            // kept while the result's dtype and shape stay the same, so a chain of calls on new operands (each
            // a miss) allocates no carrier per call
            if (allocLike == null || allocLike.dtype() != out.dtype() || !OperandChecks.sameShape(allocLike, out)) {
                allocLike = Tensor.wrapLike(out, java.lang.reflect.Array.newInstance(
                        out.storage().getClass().getComponentType(), java.lang.reflect.Array.getLength(out.storage())));
            }
        } else {
            allocLhs = null;
            allocRhs = null;
            allocPlan = null;
        }
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
        return new CacheStats(hits, misses, evictions, clears, plans.size(), bytes, maxEntries, maxBytes);
    }

    /** Drops every plan and all scratch memory (counted as a clear). */
    public void clear() {
        plans.clear();
        last = null;
        forgetOperands();
        planBytes = 0;
        doubles = null;
        floats = null;
        clears++;
    }
}
