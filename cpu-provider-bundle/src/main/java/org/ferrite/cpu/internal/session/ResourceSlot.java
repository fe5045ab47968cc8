package org.ferrite.cpu.internal.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Function;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.cpu.BufferPoolStats;
import org.ferrite.cpu.CacheStats;

/**
 * Where a backend's engine resources live while no session has them, and the management calls on
 * them. A session checks the resources out by value (a CAS) and gives them back at its end; a
 * management call borrows them for its short duration and fails at once — never waits — while a
 * session has them.
 *
 * <p>Thread-safe. Lifetime: the backend's; {@link #retire()} ends it (after the backend closed and its
 * last session left): then every checkout fails, and management calls act on the emptied resources.
 *
 * <pre>
 * Implementation notes.
 * slot (volatile Object, CAS) holds the EngineResources when idle, CHECKED_OUT while a session has
 * them, or MANAGED during a management call. Only permit holders check out, so at most one session
 * races with management calls; a management call fails on CHECKED_OUT, and a session waits for a
 * management call only for its bounded duration (a spin, then yields). The CAS and the release stores
 * hand the (not thread-safe) resources over between threads safely. RETIRED is final.
 * checkOut and giveBack are failure-atomic: one CAS is the commit, nothing is called after it.
 * </pre>
 */
public final class ResourceSlot {
    private static final Object CHECKED_OUT = new Object();
    private static final Object MANAGED = new Object();
    private static final Object RETIRED = new Object();
    private static final VarHandle SLOT;

    static {
        try {
            SLOT = MethodHandles.lookup().findVarHandle(ResourceSlot.class, "slot", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String owner;
    private volatile Object slot;
    /** The resources once retired; management calls still read them, one at a time (guarded by this). */
    private volatile EngineResources retired;

    ResourceSlot(EngineResources resources, String owner) {
        this.slot = resources;
        this.owner = owner;
    }

    /**
     * @return the resources, now checked out; {@code null} if a session already has them (a bug) or
     *     the slot is retired ({@link #isRetired()})
     */
    EngineResources checkOut() {
        for (int spins = 0;; spins++) {
            Object current = slot;
            if (current instanceof EngineResources) {
                if (SLOT.compareAndSet(this, current, CHECKED_OUT)) {
                    return (EngineResources) current;
                }
            } else if (current == MANAGED) {
                backOff(spins);
            } else {
                return null;
            }
        }
    }

    /**
     * Gives the resources back. Idempotent: a second call (a release completed twice) changes nothing.
     *
     * @param resources the resources a session checked out
     */
    void giveBack(EngineResources resources) {
        SLOT.compareAndSet(this, CHECKED_OUT, resources);
    }

    /**
     * Retires the slot if no session has the resources.
     *
     * @return the resources, now retired for good; {@code null} if a session has them or the slot
     *     was retired already
     */
    EngineResources retire() {
        for (int spins = 0;; spins++) {
            Object current = slot;
            if (current instanceof EngineResources) {
                retired = (EngineResources) current;
                if (SLOT.compareAndSet(this, current, RETIRED)) {
                    return (EngineResources) current;
                }
            } else if (current == MANAGED) {
                backOff(spins);
            } else {
                return null;
            }
        }
    }

    /** @return true once {@link #retire()} succeeded */
    boolean isRetired() {
        return slot == RETIRED;
    }

    private <T> T manage(String op, Function<EngineResources, T> action) {
        for (int spins = 0;; spins++) {
            Object current = slot;
            if (current == RETIRED) {
                synchronized (this) { // the backend is closed: its (emptied) resources answer, one call at a time
                    return action.apply(retired);
                }
            }
            if (current == CHECKED_OUT) {
                throw new RuntimeStateException(op, "the engine resources of the " + owner + " are checked out by"
                        + " an open session (held, or a scoped callback still running); management calls never"
                        + " wait for a session: call again after it closes");
            }
            if (current == MANAGED) {
                backOff(spins);
                continue;
            }
            if (SLOT.compareAndSet(this, current, MANAGED)) {
                try {
                    return action.apply((EngineResources) current);
                } finally {
                    SLOT.setRelease(this, current);
                }
            }
        }
    }

    private static void backOff(int spins) {
        if (spins < 128) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /** @return retained buffers; see {@code CpuBackend.bufferPoolLength()} */
    public int bufferPoolLength() {
        return manage("bufferPoolLength", r -> r.buffers.length());
    }

    /** @return buffer pool stats; see {@code CpuBackend.bufferPoolStats()} */
    public BufferPoolStats bufferPoolStats() {
        return manage("bufferPoolStats", r -> r.buffers.stats());
    }

    /** @return indexed-plan cache stats */
    public CacheStats indexedPlanCacheStats() {
        return manage("indexedPlanCacheStats", r -> r.indexedPlans.stats());
    }

    /** @return contraction-plan cache stats */
    public CacheStats contractionPlanCacheStats() {
        return manage("contractionPlanCacheStats", r -> r.contractionPlans.stats());
    }

    /** @param bytes the new retention cap, at least 0 */
    public void setBufferPoolLimitBytes(long bytes) {
        manage("setBufferPoolLimitBytes", r -> {
            r.buffers.setLimitBytes(bytes);
            return null;
        });
    }

    /** Drops every retained buffer. */
    public void resetBufferPool() {
        manage("resetBufferPool", r -> {
            r.buffers.clear();
            return null;
        });
    }

    /** @return null if the buffer pool's accounting is exact, else the mismatch (for tests) */
    public String checkBufferPoolAccounting() {
        return manage("checkBufferPoolAccounting", r -> r.buffers.checkAccounting());
    }
}
