package org.ferrite.cpu.internal.affinity;

import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * The CPU-affinity operations a session and the worker pool need, on the calling thread only.
 * Behind an interface so that tests can inject failures (a failing restore) and so that platforms
 * without support degrade to advisory domains.
 *
 * <p>Implementations are thread-safe; {@link #read} and {@link #write} act on the calling thread.
 * Lifetime: the process's (one platform instance, chosen by {@link Affinities}); test doubles live as
 * long as the engine they are injected into.
 */
public interface AffinityControl {
    /** @return true if {@link #read} and {@link #write} work here */
    boolean isSupported();

    /** @return why affinity is unsupported, or an empty string */
    String unsupportedReason();

    /**
     * @return the CPUs the process may run on (captured once, when the control was created); where
     *     unsupported, {@code 0 … availableProcessors-1}
     */
    CpuMask processCpus();

    /** @return a buffer of the size {@link #read} fills, for reuse by the caller */
    long[] newMaskBuffer();

    /**
     * Reads the calling thread's affinity mask.
     *
     * @param into a buffer from {@link #newMaskBuffer()}; overwritten
     * @throws AffinityException if the call failed or is unsupported
     */
    void read(long[] into) throws AffinityException;

    /**
     * Sets the calling thread's affinity mask.
     *
     * @param mask a {@code cpu_set_t}-layout mask, at most {@link #newMaskBuffer()}'s length
     * @throws AffinityException if the call failed or is unsupported
     */
    void write(long[] mask) throws AffinityException;
}
