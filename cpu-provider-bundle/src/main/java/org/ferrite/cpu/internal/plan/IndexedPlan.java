package org.ferrite.cpu.internal.plan;

/**
 * A compiled traversal plan held by an {@link IndexedPlanCache}. Implementations are immutable in
 * their description and may keep mutable walk scratch, so one plan is used by one thread at a time
 * (the cache's owner). Lifetime: as long as the cache retains it or a kernel runs it.
 */
public interface IndexedPlan {
    /** @return an estimate of the plan's retained heap bytes, charged against the cache's byte limit */
    long estimatedBytes();
}
