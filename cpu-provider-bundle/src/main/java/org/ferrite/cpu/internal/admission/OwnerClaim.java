package org.ferrite.cpu.internal.admission;

import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * What a thread's {@link ExecutionOwner} marker records for one session it runs inside: the CPU set
 * it owns and whether that session was released elsewhere (a leaked held session released by the
 * cleaner, whose marker on its opener thread is then stale). Implementations are thread-safe.
 * Lifetime: the session's; a claim outliving it is stale and says so ({@link #isReleased()}).
 */
public interface OwnerClaim {
    /** @return the CPU set of the session */
    CpuMask cpus();

    /** @return true once the session was released, so the marker no longer counts */
    boolean isReleased();

    /** @return a short description for error messages, e.g. "a held session on CPUs 0-3" */
    String describe();
}
