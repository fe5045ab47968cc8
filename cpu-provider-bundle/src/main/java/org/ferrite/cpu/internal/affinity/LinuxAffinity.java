package org.ferrite.cpu.internal.affinity;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Platform;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * Linux affinity through JNA direct mapping of glibc's {@code sched_getaffinity} and
 * {@code sched_setaffinity} on the calling thread ({@code pid 0}). Loading this class loads JNA and
 * libc; callers guard against {@link LinkageError} where JNA may be absent.
 *
 * <p>Thread-safe (stateless after construction). Lifetime: one instance per process
 * ({@link Affinities#platform()}).
 */
public final class LinuxAffinity implements AffinityControl {
    /** Words of a mask: 128 × 64 = 8192 CPUs, Linux's default {@code CONFIG_NR_CPUS} limit. */
    static final int WORDS = (CpuMask.MAX_CPU + 1) / 64;
    private static final NativeLong MASK_BYTES = new NativeLong(WORDS * 8L);

    static {
        Native.register(LinuxAffinity.class, Platform.C_LIBRARY_NAME);
    }

    private static native int sched_getaffinity(int pid, NativeLong cpusetsize, long[] mask)
            throws LastErrorException;

    private static native int sched_setaffinity(int pid, NativeLong cpusetsize, long[] mask)
            throws LastErrorException;

    private final CpuMask processCpus;

    /**
     * Loads the native functions and captures the process's CPU set from its main thread
     * ({@code sched_getaffinity(pid)}).
     *
     * @throws AffinityException if the process's CPU set cannot be read
     */
    LinuxAffinity() throws AffinityException {
        long[] mask = new long[WORDS];
        try {
            sched_getaffinity((int) ProcessHandle.current().pid(), MASK_BYTES, mask);
        } catch (LastErrorException e) {
            throw new AffinityException("sched_getaffinity of the process failed: errno " + e.getErrorCode(), e);
        }
        this.processCpus = CpuMask.fromWords(mask);
    }

    @Override
    public boolean isSupported() {
        return true;
    }

    @Override
    public String unsupportedReason() {
        return "";
    }

    @Override
    public CpuMask processCpus() {
        return processCpus;
    }

    @Override
    public long[] newMaskBuffer() {
        return new long[WORDS];
    }

    @Override
    public void read(long[] into) throws AffinityException {
        if (into.length < WORDS) {
            throw new AffinityException("mask buffer of " + into.length + " words; need " + WORDS, null);
        }
        try {
            sched_getaffinity(0, MASK_BYTES, into);
        } catch (LastErrorException e) {
            throw new AffinityException("sched_getaffinity failed: errno " + e.getErrorCode(), e);
        }
    }

    @Override
    public void write(long[] mask) throws AffinityException {
        long[] full = mask.length == WORDS ? mask : java.util.Arrays.copyOf(mask, WORDS);
        try {
            sched_setaffinity(0, MASK_BYTES, full);
        } catch (LastErrorException e) {
            throw new AffinityException("sched_setaffinity to CPUs " + CpuMask.fromWords(mask) + " failed: errno "
                    + e.getErrorCode(), e);
        }
    }
}
