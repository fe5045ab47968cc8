package org.ferrite.cpu.internal.affinity;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * A supported affinity control that only pretends: each thread has a simulated mask (initially the
 * process's CPUs), and writes can be made to fail, so tests can narrow to any CPU ids and inject a
 * restore failure. Thread-safe.
 */
public final class FakeAffinity implements AffinityControl {
    private final CpuMask processCpus;
    private final ThreadLocal<long[]> threadMask;
    private final AtomicInteger writes = new AtomicInteger();
    private volatile int failWriteNumber = -1;

    /** @param processCpus the CPUs the pretend process may use */
    public FakeAffinity(CpuMask processCpus) {
        this.processCpus = processCpus;
        this.threadMask = ThreadLocal.withInitial(() -> Arrays.copyOf(processCpus.toWords(), WORDS));
    }

    private static final int WORDS = 4;

    /** Makes the {@code n}-th write from now (1 = the next) fail once. */
    public void failWrite(int n) {
        failWriteNumber = writes.get() + n;
    }

    /** @return the number of writes so far (narrowing and restoring count one each) */
    public int writes() {
        return writes.get();
    }

    /** @return the calling thread's simulated mask */
    public CpuMask currentThreadCpus() {
        return CpuMask.fromWords(threadMask.get());
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
    public void read(long[] into) {
        System.arraycopy(threadMask.get(), 0, into, 0, WORDS);
    }

    @Override
    public void write(long[] mask) throws AffinityException {
        int number = writes.incrementAndGet();
        if (number == failWriteNumber) {
            throw new AffinityException("injected failure of write #" + number, null);
        }
        long[] current = threadMask.get();
        Arrays.fill(current, 0);
        System.arraycopy(mask, 0, current, 0, Math.min(WORDS, mask.length));
    }
}
