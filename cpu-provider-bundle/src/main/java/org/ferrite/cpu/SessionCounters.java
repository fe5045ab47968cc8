package org.ferrite.cpu;

/**
 * A snapshot of a backend's session counters, cumulative since it was built — for monitoring, not
 * for control flow (the counters are read one by one, so a snapshot taken while sessions run may mix
 * moments). Thread-safe (immutable). Lifetime: a value, independent of the backend it was read from.
 *
 * @param heldOpened held sessions opened
 * @param scopedEntries scoped entries admitted
 * @param childEntries child executions entered
 * @param waits entries (held or scoped) that queued for admission before being admitted
 * @param contended entries refused as contended: by {@code tryOpenSession}, an elapsed bounded wait,
 *     an interrupted wait, or a thread that must not wait
 * @param reentered entries refused because the thread already ran inside an overlapping session
 * @param leaked held sessions released by the cleaner because they were never closed
 */
public record SessionCounters(long heldOpened, long scopedEntries, long childEntries, long waits, long contended,
        long reentered, long leaked) {
}
