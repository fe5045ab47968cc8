package org.ferrite.cpu.internal.admission;

import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * What a thread's {@link ExecutionOwner} marker records for one session it runs inside: the CPU set
 * it owns, whether it narrowed the thread's affinity, and whether it is still live. Claims are
 * reused objects (one per engine resources), so liveness is judged together with the generation the
 * claim was pushed with. Implementations are thread-safe. Lifetime: the session's; a claim outliving
 * it is stale and says so.
 */
public interface OwnerClaim {
    /** @return the CPU set of the session */
    CpuMask cpus();

    /**
     * @param generation the generation the claim was pushed with
     * @return true while that session still runs (false once released, here or by a cleaner)
     */
    boolean isLive(long generation);

    /** @return the affinity mask the session narrowed its thread to, or {@code null} if it did not */
    long[] narrowedTo();

    /** @return a short description for error messages, e.g. "a held session on CPUs 0-3" */
    String describe();
}
