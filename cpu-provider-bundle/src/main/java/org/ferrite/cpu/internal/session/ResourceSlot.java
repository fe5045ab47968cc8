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
 * <p>Thread-safe. Lifetime: the backend's.
 *
 * <pre>
 * Implementation notes.
 * slot (volatile Object, CAS) holds the EngineResources when idle, CHECKED_OUT while a session has
 * them, or MANAGED during a management call. Only permit holders check out, so at most one session
 * races with management calls; a management call fails on CHECKED_OUT, and a session waits for a
 * management call only for its bounded duration (a spin, then yields). The CAS and the release stores
 * hand the (not thread-safe) resources over between threads safely.
 * </pre>
 */
public final class ResourceSlot {
    private static final Object CHECKED_OUT = new Object();
    private static final Object MANAGED = new Object();
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

    ResourceSlot(EngineResources resources, String owner) {
        this.slot = resources;
        this.owner = owner;
    }

    /** @return the resources, now checked out; {@code null} if a session already has them (a bug) */
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

    /** @param resources the resources a session checked out */
    void giveBack(EngineResources resources) {
        SLOT.setRelease(this, resources);
    }

    private <T> T manage(String op, Function<EngineResources, T> action) {
        for (int spins = 0;; spins++) {
            Object current = slot;
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
