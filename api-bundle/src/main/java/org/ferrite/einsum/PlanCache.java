package org.ferrite.einsum;

import org.ferrite.api.tensor.TensorRead;

/**
 * The ad-hoc plan cache of one session (kept by {@code BackendSession.sessionLocal}): at most
 * {@value #CAPACITY} compiled expressions keyed by notation (the subscripts {@code String} or
 * {@link Subscripts}), options, and operand dtypes and shapes; the least recently used is replaced.
 * A lookup allocates nothing and never parses: the previous hit is tried first, comparing the notation
 * and options by identity before {@code equals}, then every entry.
 *
 * <p>Not thread-safe: a session-local value is used by one session thread at a time (the
 * {@code sessionLocal} contract). Lifetime: the provider's, which may evict it at any time.
 */
final class PlanCache {
    /** The most expressions kept. */
    static final int CAPACITY = 32;

    private final Object[] notations = new Object[CAPACITY];
    private final EinsumOptions[] options = new EinsumOptions[CAPACITY];
    private final EinsumExpression[] expressions = new EinsumExpression[CAPACITY];
    private final long[] used = new long[CAPACITY];
    private int size;
    private int last = -1;
    private long clock;

    /**
     * @param notation a {@code String} or {@link Subscripts}
     * @param opts the options
     * @param operands the operands
     * @return the cached expression for them, compiling and caching it on a miss
     */
    EinsumExpression get(Object notation, EinsumOptions opts, TensorRead[] operands) {
        if (last >= 0 && hit(last, notation, opts, operands)) {
            used[last] = ++clock;
            return expressions[last];
        }
        for (int i = 0; i < size; i++) {
            if (hit(i, notation, opts, operands)) {
                last = i;
                used[i] = ++clock;
                return expressions[i];
            }
        }
        EinsumExpression e = Einsum.compileFor(notation, opts, operands);
        int slot = size < CAPACITY ? size++ : leastRecentlyUsed();
        notations[slot] = notation;
        options[slot] = opts;
        expressions[slot] = e;
        used[slot] = ++clock;
        last = slot;
        return e;
    }

    /** @return the number of expressions held (a snapshot, for tests) */
    int size() {
        return size;
    }

    private boolean hit(int i, Object notation, EinsumOptions opts, TensorRead[] operands) {
        Object n = notations[i];
        return (n == notation || n.equals(notation)) && (options[i] == opts || options[i].equals(opts))
                && expressions[i].matches(operands);
    }

    private int leastRecentlyUsed() {
        int oldest = 0;
        for (int i = 1; i < CAPACITY; i++) {
            if (used[i] < used[oldest]) {
                oldest = i;
            }
        }
        return oldest;
    }
}
