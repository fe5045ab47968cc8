package org.ferrite.spark;

/**
 * A snapshot of one executor holder's counters ({@link ExecutorBackends#stats()}), cumulative since the
 * holder was made — for monitoring (the {@link FerritePlugin}'s metrics), not for control flow: the
 * counters are read one by one, so a snapshot taken while tasks run may mix moments.
 *
 * <p>Thread-safe (immutable). Lifetime: a value.
 *
 * @param provider the provider's name
 * @param slots the slot policy in force ({@link TaskSlots#AUTO} resolved)
 * @param slotCount task slots made so far
 * @param sharedCpuSlots of those, how many share CPUs with a lower slot (more concurrent tasks than
 *     {@code CPUs / spark.task.cpus}: their tasks take turns)
 * @param sessionsOpened held sessions opened for tasks
 * @param sessionsClosed of those, how many were closed (by their task's completion listener)
 * @param admissionWaits openings that found the slot's backend busy and waited for admission
 * @param batches calls of a {@link BatchFunction}
 * @param rows rows handed to those calls
 */
public record ExecutorBackendStats(String provider, TaskSlots slots, int slotCount, int sharedCpuSlots,
        long sessionsOpened, long sessionsClosed, long admissionWaits, long batches, long rows) {
}
