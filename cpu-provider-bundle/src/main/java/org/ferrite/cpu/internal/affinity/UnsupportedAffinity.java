package org.ferrite.cpu.internal.affinity;

import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * Affinity where the platform cannot do it: CPU domains are advisory, every call fails.
 * Thread-safe (immutable). Lifetime: as long as it is referenced (held by the engines that use it).
 */
public final class UnsupportedAffinity implements AffinityControl {
    private final String reason;
    private final CpuMask processCpus;

    /** @param reason why affinity is unsupported */
    public UnsupportedAffinity(String reason) {
        this.reason = reason;
        this.processCpus = CpuMask.range(0, Runtime.getRuntime().availableProcessors() - 1);
    }

    @Override
    public boolean isSupported() {
        return false;
    }

    @Override
    public String unsupportedReason() {
        return reason;
    }

    @Override
    public CpuMask processCpus() {
        return processCpus;
    }

    @Override
    public long[] newMaskBuffer() {
        return new long[1];
    }

    @Override
    public void read(long[] into) throws AffinityException {
        throw new AffinityException("CPU affinity is unsupported: " + reason, null);
    }

    @Override
    public void write(long[] mask) throws AffinityException {
        throw new AffinityException("CPU affinity is unsupported: " + reason, null);
    }
}
