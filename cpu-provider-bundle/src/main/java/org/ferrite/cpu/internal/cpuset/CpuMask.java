package org.ferrite.cpu.internal.cpuset;

import java.util.Arrays;

/**
 * An immutable set of CPU ids held as a bit mask in the layout of Linux's {@code cpu_set_t}: CPU
 * {@code c} is bit {@code c % 64} of word {@code c / 64}.
 *
 * <p>The admission arbiter keeps CPUs 0–62 in one atomic word (bit 63 is its queue flag), so every
 * mask also precomputes {@link #low()} (its CPUs below {@link #LOW_CPUS}) and whether it has no
 * others ({@link #isLowOnly()}); the uncontended admission path needs nothing else.
 *
 * <p>Thread-safe (immutable). Lifetime: a value.
 */
public final class CpuMask {
    /** CPUs {@code 0 … LOW_CPUS-1} fit the arbiter's atomic word. */
    public static final int LOW_CPUS = 63;
    /** The highest CPU id accepted (Linux's default {@code CONFIG_NR_CPUS} limit is 8192). */
    public static final int MAX_CPU = 8191;
    /** The empty set. */
    public static final CpuMask EMPTY = new CpuMask(new long[0]);

    private static final long LOW_BITS = (1L << LOW_CPUS) - 1;

    // Invariant: words has no trailing zero word; low == words[0] & LOW_BITS (or 0);
    // lowOnly == every set bit is below LOW_CPUS.
    private final long[] words;
    private final long low;
    private final boolean lowOnly;
    private final int cardinality;
    /** What the arbiter keeps outside its atomic word: bit 63 of word 0, then words 1 and up. */
    private final long[] high;
    /** {@link #toString()}, once made; not part of the value. */
    private String text;

    private CpuMask(long[] trimmed) {
        this.words = trimmed;
        this.low = trimmed.length == 0 ? 0 : trimmed[0] & LOW_BITS;
        boolean onlyLow = trimmed.length <= 1 && (trimmed.length == 0 || (trimmed[0] & ~LOW_BITS) == 0);
        this.lowOnly = onlyLow;
        int count = 0;
        for (long w : trimmed) {
            count += Long.bitCount(w);
        }
        this.cardinality = count;
        this.high = trimmed.clone();
        if (high.length > 0) {
            high[0] &= ~LOW_BITS;
        }
    }

    /**
     * @param cpus CPU ids in {@code [0, MAX_CPU]}, in any order, duplicates allowed
     * @return the set of them
     * @throws IllegalArgumentException if an id is out of range
     */
    public static CpuMask of(int... cpus) {
        int max = -1;
        for (int cpu : cpus) {
            checkCpu(cpu);
            max = Math.max(max, cpu);
        }
        long[] words = new long[max / 64 + 1];
        for (int cpu : cpus) {
            words[cpu >>> 6] |= 1L << cpu;
        }
        return fromWordsUnsafe(words);
    }

    /**
     * @param from first CPU id, inclusive
     * @param to last CPU id, inclusive
     * @return {@code {from, …, to}}
     * @throws IllegalArgumentException if the range is empty or out of bounds
     */
    public static CpuMask range(int from, int to) {
        checkCpu(from);
        checkCpu(to);
        if (to < from) {
            throw new IllegalArgumentException("empty CPU range " + from + "-" + to);
        }
        long[] words = new long[to / 64 + 1];
        for (int cpu = from; cpu <= to; cpu++) {
            words[cpu >>> 6] |= 1L << cpu;
        }
        return fromWordsUnsafe(words);
    }

    /**
     * @param words a {@code cpu_set_t}-layout mask (copied)
     * @return the set it holds
     */
    public static CpuMask fromWords(long[] words) {
        return fromWordsUnsafe(words.clone());
    }

    private static CpuMask fromWordsUnsafe(long[] words) {
        int n = words.length;
        while (n > 0 && words[n - 1] == 0) {
            n--;
        }
        return n == 0 ? EMPTY : new CpuMask(n == words.length ? words : Arrays.copyOf(words, n));
    }

    /**
     * Parses the Linux list format ({@code "0-3,8,10-11"}; blanks ignored).
     *
     * @param list the list
     * @return the set it names
     * @throws IllegalArgumentException if the list is empty or malformed, naming the bad part
     */
    public static CpuMask parse(String list) {
        String text = list.replace(" ", "");
        if (text.isEmpty()) {
            throw new IllegalArgumentException("an empty CPU list; expected e.g. \"0-3,8\"");
        }
        CpuMask result = EMPTY;
        for (String part : text.split(",", -1)) {
            int dash = part.indexOf('-');
            try {
                if (dash < 0) {
                    result = result.union(of(Integer.parseInt(part)));
                } else {
                    result = result.union(range(Integer.parseInt(part.substring(0, dash)),
                            Integer.parseInt(part.substring(dash + 1))));
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("malformed CPU list entry \"" + part + "\" in \"" + list
                        + "\"; expected ids or ranges like \"0-3,8\"", e);
            }
        }
        return result;
    }

    private static void checkCpu(int cpu) {
        if (cpu < 0 || cpu > MAX_CPU) {
            throw new IllegalArgumentException("CPU id " + cpu + " is outside [0, " + MAX_CPU + "]");
        }
    }

    /** @return the CPUs below {@link #LOW_CPUS}, as bits of one word */
    public long low() {
        return low;
    }

    /** @return true if every CPU is below {@link #LOW_CPUS} */
    public boolean isLowOnly() {
        return lowOnly;
    }

    /**
     * The CPUs the arbiter keeps outside its atomic word: bit 63 of word 0, then words 1 and up. The
     * array is shared, not copied — callers must not modify it — so that the arbiter's critical sections
     * can read it without a call.
     *
     * @return the words of the CPUs from {@link #LOW_CPUS} up (the low bits of word 0 cleared)
     */
    public long[] highWords() {
        return high;
    }

    /** @return the number of words (no trailing zero words) */
    public int wordCount() {
        return words.length;
    }

    /**
     * @param index a word index
     * @return that word, or 0 beyond {@link #wordCount()}
     */
    public long word(int index) {
        return index < words.length ? words[index] : 0;
    }

    /** @return a copy of the words */
    public long[] toWords() {
        return words.clone();
    }

    /** @return true if no CPU is in the set */
    public boolean isEmpty() {
        return words.length == 0;
    }

    /** @return the number of CPUs */
    public int cardinality() {
        return cardinality;
    }

    /**
     * @param cpu a CPU id
     * @return true if it is in the set
     */
    public boolean contains(int cpu) {
        return cpu >= 0 && (cpu >>> 6) < words.length && (words[cpu >>> 6] & (1L << cpu)) != 0;
    }

    /**
     * @param other another set
     * @return true if they share a CPU
     */
    public boolean overlaps(CpuMask other) {
        if (lowOnly && other.lowOnly) {
            return (low & other.low) != 0;
        }
        int n = Math.min(words.length, other.words.length);
        for (int i = 0; i < n; i++) {
            if ((words[i] & other.words[i]) != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param other another set
     * @return true if every CPU of {@code other} is in this set
     */
    public boolean containsAll(CpuMask other) {
        if (other.words.length > words.length) {
            return false;
        }
        for (int i = 0; i < other.words.length; i++) {
            if ((other.words[i] & ~words[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param other another set
     * @return the CPUs in both
     */
    public CpuMask intersect(CpuMask other) {
        long[] out = new long[Math.min(words.length, other.words.length)];
        for (int i = 0; i < out.length; i++) {
            out[i] = words[i] & other.words[i];
        }
        return fromWordsUnsafe(out);
    }

    /**
     * @param other another set
     * @return the CPUs in either
     */
    public CpuMask union(CpuMask other) {
        long[] out = Arrays.copyOf(words, Math.max(words.length, other.words.length));
        for (int i = 0; i < other.words.length; i++) {
            out[i] |= other.words[i];
        }
        return fromWordsUnsafe(out);
    }

    /** @return the CPU ids in ascending order */
    public int[] toArray() {
        int[] out = new int[cardinality];
        int k = 0;
        for (int w = 0; w < words.length; w++) {
            long bits = words[w];
            while (bits != 0) {
                out[k++] = w * 64 + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        return out;
    }

    /**
     * @return the Linux list format, e.g. {@code "0-3,8"}; {@code ""} when empty — made once (an engine's
     *     mask is a field of every session event it records)
     */
    @Override
    public String toString() {
        String t = text; // a benign race, as String.hashCode: every thread computes the same value
        if (t == null) {
            t = format();
            text = t;
        }
        return t;
    }

    private String format() {
        int[] cpus = toArray();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cpus.length;) {
            int j = i;
            while (j + 1 < cpus.length && cpus[j + 1] == cpus[j] + 1) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(cpus[i]);
            if (j > i) {
                sb.append('-').append(cpus[j]);
            }
            i = j + 1;
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuMask && Arrays.equals(words, ((CpuMask) o).words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words);
    }
}
