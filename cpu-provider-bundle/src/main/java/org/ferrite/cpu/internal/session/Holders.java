package org.ferrite.cpu.internal.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * Who holds a CPU domain, for the messages of entries that are refused or wait long: the thread of the
 * root session that has the CPUs, what kind of session it is, and for how long it has been seen holding
 * them. Looked up only when an entry cannot be admitted at once; the uncontended path records nothing
 * for it beyond what it already keeps (each root {@link Entry}'s owner marker and generation).
 *
 * <p>"How long" is a lower bound: the uncontended path reads no clock, so the time is measured from the
 * first moment an entry of this copy of the provider found that session holding the CPUs (its
 * generation), and messages say "for at least". A holder of another copy of the provider (an older
 * bundle revision) is not visible here; the description says so.
 *
 * <p>Thread-safe: the registry and each root entry's observation stamp are guarded by {@link #LOCK};
 * nothing here runs inside the admission arbiter's critical sections, and a lookup never blocks a holder.
 * Lifetime: the class's; registered engines are held weakly and drop out when collected.
 */
final class Holders {
    private static final Object LOCK = new Object();
    // Guarded by LOCK: the root entry of every engine of this copy of the provider, weakly.
    private static final Map<Entry, Boolean> ROOTS = new WeakHashMap<>();

    private Holders() {
    }

    /** @param root an engine's root entry, registered for the engine's lifetime */
    static void register(Entry root) {
        synchronized (LOCK) {
            ROOTS.put(root, Boolean.TRUE);
        }
    }

    /**
     * Stamps the observation time of the holders of CPUs overlapping {@code cpus} seen for the first
     * time (an entry is about to wait for them).
     *
     * @param cpus the CPUs an entry wants
     */
    static void observe(CpuMask cpus) {
        long now = System.nanoTime();
        synchronized (LOCK) {
            for (Entry root : ROOTS.keySet()) {
                if (root.cpus().overlaps(cpus) && root.inUse()) {
                    root.observedHolding(now);
                }
            }
        }
    }

    /**
     * Describes the holders of CPUs overlapping {@code cpus}, stamping each one's observation time when it
     * is seen for the first time.
     *
     * @param cpus the CPUs an entry wanted
     * @return e.g. {@code "held by thread 'main' (a held session of the cpu backend on CPUs 0-1 (1
     *     thread)) for at least 2.0 s"}, or a sentence saying no holder is visible
     */
    static String describe(CpuMask cpus) {
        long now = System.nanoTime();
        List<String> found = new ArrayList<>(2);
        synchronized (LOCK) {
            for (Entry root : ROOTS.keySet()) {
                if (root.cpus().overlaps(cpus) && root.inUse()) {
                    Thread holder = root.holderThread();
                    long held = root.observedHolding(now);
                    found.add("held by thread '" + (holder == null ? "?" : holder.getName()) + "' (" + root.describe()
                            + ") for at least " + seconds(held));
                }
            }
        }
        if (found.isEmpty()) {
            return "held by a session this copy of the CPU provider does not see (another bundle revision or"
                    + " class loader), or released a moment ago";
        }
        return String.join("; ", found);
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
