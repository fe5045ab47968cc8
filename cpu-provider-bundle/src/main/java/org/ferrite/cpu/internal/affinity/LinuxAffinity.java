package org.ferrite.cpu.internal.affinity;

import com.sun.jna.LastErrorException;
import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.NativeLong;
import com.sun.jna.Platform;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * Linux affinity through JNA calls of glibc's {@code sched_getaffinity} and {@code sched_setaffinity}
 * on the calling thread ({@code pid 0}). Loading this class loads JNA and libc; callers guard against
 * {@link LinkageError} where JNA may be absent.
 *
 * <p>The functions are called through {@link Function} handles, not JNA direct mapping
 * ({@code Native.register}) or a library interface ({@code Native.load}): JNA caches the options of
 * every mapped class in a static map keyed weakly by that class whose value references the class
 * itself, and never removes the entry (not even {@code Native.unregister}), so a mapped class would pin
 * this bundle's class loader — an updated bundle's old revision could never be collected. A
 * {@code Function} call costs one small argument array per call, paid only when a session narrows.
 *
 * <p>Thread-safe (stateless after construction). Lifetime: one instance per process
 * ({@link Affinities#platform()}).
 */
public final class LinuxAffinity implements AffinityControl {
    /** Words of a mask: 128 × 64 = 8192 CPUs, Linux's default {@code CONFIG_NR_CPUS} limit. */
    static final int WORDS = (CpuMask.MAX_CPU + 1) / 64;
    private static final NativeLong MASK_BYTES = new NativeLong(WORDS * 8L);
    private static final NativeLibrary LIBC = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME);
    private static final Function GET = LIBC.getFunction("sched_getaffinity", Function.THROW_LAST_ERROR);
    private static final Function SET = LIBC.getFunction("sched_setaffinity", Function.THROW_LAST_ERROR);

    private static int sched_getaffinity(int pid, NativeLong cpusetsize, long[] mask) throws LastErrorException {
        return GET.invokeInt(new Object[] {pid, cpusetsize, mask});
    }

    private static int sched_setaffinity(int pid, NativeLong cpusetsize, long[] mask) throws LastErrorException {
        return SET.invokeInt(new Object[] {pid, cpusetsize, mask});
    }

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
