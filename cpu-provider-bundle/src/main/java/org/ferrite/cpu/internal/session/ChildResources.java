package org.ferrite.cpu.internal.session;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The engine resources of child executions and phase lanes, checked out by value for one child
 * entry and given back at its end, so that the children of a held session — and the lanes of its
 * successive phase runs — reuse warm buffer pools and plan caches instead of replanning from empty
 * ones. A child that finds none idle gets fresh resources; resources given back beyond
 * {@link #capacity()} are dropped.
 *
 * <p>Thread-safe: any thread checks out and gives back. Lifetime: the engine's.
 *
 * <pre>
 * Implementation notes.
 * idle is a fixed array of slots, null when empty; checkOut CASes a full slot to null and giveBack an
 * empty slot to the resources. Both are failure-atomic: the CAS is the commit and nothing is called
 * after it. A resources object is held by one child entry, one slot, or no one (garbage).
 * </pre>
 */
final class ChildResources {
    private final SessionEngine engine;
    private final AtomicReferenceArray<EngineResources> idle;

    ChildResources(SessionEngine engine, int capacity) {
        this.engine = engine;
        this.idle = new AtomicReferenceArray<>(capacity);
    }

    /** @return idle resources, now checked out, or fresh ones */
    EngineResources checkOut() {
        for (int i = 0; i < idle.length(); i++) {
            EngineResources resources = idle.get(i);
            if (resources != null && idle.compareAndSet(i, resources, null)) {
                return resources;
            }
        }
        return engine.newChildResources();
    }

    /** @param resources resources a child entry checked out; kept if a slot is free */
    void giveBack(EngineResources resources) {
        for (int i = 0; i < idle.length(); i++) {
            if (idle.get(i) == null && idle.compareAndSet(i, null, resources)) {
                return;
            }
        }
    }

    /** Drops every idle resources object (the engine retired). */
    void clear() {
        for (int i = 0; i < idle.length(); i++) {
            idle.set(i, null);
        }
    }

    /** @return how many idle resources objects are kept at most */
    int capacity() {
        return idle.length();
    }

    /** @return how many are idle now (a snapshot, for tests) */
    int idleCount() {
        int count = 0;
        for (int i = 0; i < idle.length(); i++) {
            if (idle.get(i) != null) {
                count++;
            }
        }
        return count;
    }
}
