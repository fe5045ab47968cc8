package org.ferrite.cpu;

import org.ferrite.api.error.ValidationException;
import org.ferrite.cpu.internal.affinity.Affinities;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * A set of CPU ids: the execution domain of a {@link CpuBackend}. Admission never lets two sessions
 * whose domains overlap run at once; sessions on disjoint domains run concurrently. On Linux a
 * session's calling thread is narrowed to its domain while the session is open, when the domain is
 * narrower than what the process may use.
 *
 * <pre>{@code
 * CpuDomain left = CpuDomain.parse("0-3");
 * CpuDomain right = CpuDomain.of(4, 5, 6, 7);
 * assert !left.overlaps(right);            // their backends run sessions concurrently
 * }</pre>
 *
 * <p>Thread-safe (immutable). Lifetime: a value.
 */
public final class CpuDomain {
    private final CpuMask mask;

    private CpuDomain(CpuMask mask) {
        this.mask = mask;
    }

    /**
     * @param cpus CPU ids, at least one, each in {@code [0, 8191]}
     * @return the domain of those CPUs
     * @throws ValidationException if empty or an id is out of range
     */
    public static CpuDomain of(int... cpus) {
        if (cpus.length == 0) {
            throw ValidationException.invalidArgument("CpuDomain.of", "cpus", "at least one CPU id", "none", null);
        }
        try {
            return new CpuDomain(CpuMask.of(cpus));
        } catch (IllegalArgumentException e) {
            throw ValidationException.invalidArgument("CpuDomain.of", "cpus", "ids in [0, " + CpuMask.MAX_CPU + "]",
                    e.getMessage(), null);
        }
    }

    /**
     * Parses the Linux CPU list format, as in {@code taskset -c} or {@code Cpus_allowed_list} — the
     * format of the {@code cpus} setting ({@code Backends.create("cpu", Map.of("cpus", …))} and the
     * OSGi configurations), whose key a parse error names.
     *
     * @param cpus e.g. {@code "0-3,8,10-11"}
     * @return the domain it names
     * @throws ValidationException naming argument {@code cpus} if the list is {@code null}, empty or
     *     malformed
     */
    public static CpuDomain parse(String cpus) {
        if (cpus == null) {
            throw ValidationException.invalidArgument("CpuDomain.parse", "cpus", "a CPU list such as \"0-3,8\"",
                    "null", null);
        }
        try {
            return new CpuDomain(CpuMask.parse(cpus));
        } catch (IllegalArgumentException e) {
            throw ValidationException.invalidArgument("CpuDomain.parse", "cpus", "a CPU list such as \"0-3,8\"",
                    "\"" + cpus + "\" (" + e.getMessage() + ")", "write CPU ids and ranges, e.g. \"0-3,8\"");
        }
    }

    /**
     * The CPUs this process may run on: its affinity mask where the platform reports one (Linux; read
     * once, when the provider first needed it), else CPUs {@code 0} to {@code availableProcessors() - 1}.
     *
     * @return the process's CPUs
     */
    public static CpuDomain available() {
        return new CpuDomain(Affinities.platform().processCpus());
    }

    static CpuDomain ofMask(CpuMask mask) {
        return new CpuDomain(mask);
    }

    CpuMask mask() {
        return mask;
    }

    /** @return the CPU ids in ascending order (a copy) */
    public int[] cpus() {
        return mask.toArray();
    }

    /** @return the number of CPUs */
    public int size() {
        return mask.cardinality();
    }

    /**
     * @param cpu a CPU id
     * @return true if it belongs to this domain
     */
    public boolean contains(int cpu) {
        return mask.contains(cpu);
    }

    /**
     * @param other another domain
     * @return true if they share a CPU (their sessions exclude each other)
     */
    public boolean overlaps(CpuDomain other) {
        return mask.overlaps(other.mask);
    }

    /**
     * @param other another domain
     * @return true if every CPU of {@code other} belongs to this one
     */
    public boolean containsAll(CpuDomain other) {
        return mask.containsAll(other.mask);
    }

    /** @return the Linux list format, e.g. {@code "0-3,8"} (accepted by {@link #parse}) */
    @Override
    public String toString() {
        return mask.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuDomain && mask.equals(((CpuDomain) o).mask);
    }

    @Override
    public int hashCode() {
        return mask.hashCode();
    }
}
