package org.ferrite.api.spi.session;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.api.error.RuntimeStateException;

/**
 * The state of one backend-owned allocation of {@link PersistentMemory}: live until the first of
 * {@link #free} (by a session), the backend's close, or the leak backstop; afterwards every use is refused
 * with {@link RuntimeStateException}, whose message says which of them ended it. The provider's storage
 * handle keeps it and checks it on every use of a persistent tensor.
 *
 * <p>Thread-safe: the state changes once, atomically. Lifetime: that of the storage handle that keeps it.
 *
 * @param <A> the provider's allocation
 */
public final class PersistentAllocation<A> {
    private static final int LIVE = 0;
    private static final int FREED = 1;
    private static final int CLOSED = 2;
    private static final int LEAKED = 3;

    private final PersistentMemory<A> memory;
    private final A allocation;
    private final Throwable site;
    private final AtomicInteger state = new AtomicInteger(LIVE);
    /** The leak backstop's registration, set once right after construction; cleaned when the state ends. */
    private volatile Cleaner.Cleanable cleanable;

    PersistentAllocation(PersistentMemory<A> memory, A allocation, Throwable site) {
        this.memory = memory;
        this.allocation = allocation;
        this.site = site;
    }

    /** @return the provider's allocation */
    public A allocation() {
        return allocation;
    }

    /** @return true until freed, closed with its backend, or released as a leak (a snapshot) */
    public boolean isLive() {
        return state.get() == LIVE;
    }

    /**
     * The check at every use of a persistent tensor.
     *
     * @param op the operation
     * @param argument the tensor's argument name
     * @throws RuntimeStateException if it was freed or its backend closed
     */
    public void requireLive(String op, String argument) {
        int s = state.get();
        if (s != LIVE) {
            throw ended(op, argument, s);
        }
    }

    /**
     * Frees the allocation (once): it is no longer live; the provider releases the returned memory
     * stream-ordered, behind the work queued on it.
     *
     * @param op the operation, usually {@code "free"}
     * @return the allocation to release
     * @throws RuntimeStateException if it was freed already or its backend closed
     */
    public A free(String op) {
        int s = state.get();
        if (s != LIVE || !state.compareAndSet(LIVE, FREED)) {
            throw ended(op, "tensor", state.get());
        }
        memory.forget(this);
        unwatch();
        return allocation;
    }

    void close() {
        if (state.compareAndSet(LIVE, CLOSED)) {
            unwatch();
        }
    }

    void watch(Cleaner.Cleanable registration) {
        cleanable = registration;
    }

    /** Drops the leak backstop's registration (its action does nothing once the state ended). */
    private void unwatch() {
        Cleaner.Cleanable c = cleanable;
        if (c != null) {
            c.clean();
        }
    }

    /** The cleaner's action: the handle became unreachable. */
    void leaked() {
        if (state.compareAndSet(LIVE, LEAKED)) {
            memory.leaked(this);
        }
    }

    Throwable site() {
        return site;
    }

    private RuntimeStateException ended(String op, String argument, int s) {
        String how = s == CLOSED ? "its " + memory.backend() + " backend was closed" : s == FREED
                ? "it was freed (free)" : "its handle became unreachable and the leak backstop freed it";
        return new RuntimeStateException(op, "argument '" + argument + "' is a persistent tensor whose memory is gone: "
                + how + "; free a persistent tensor only after its last use, and keep results by copying them to"
                + " the host (toHost) before the backend closes");
    }

    @Override
    public String toString() {
        return "PersistentAllocation[" + allocation + ", " + (isLive() ? "live" : "ended") + "]";
    }
}
