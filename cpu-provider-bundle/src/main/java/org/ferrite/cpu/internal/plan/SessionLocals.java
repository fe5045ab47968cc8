package org.ferrite.cpu.internal.plan;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The values of {@code BackendSession.sessionLocal}: a least-recently-used map of at most
 * {@link #DEFAULT_MAX_ENTRIES} entries, keys compared with {@code equals}. It lives in a session's
 * engine resources, so it persists across the sessions of one backend (held and scoped alike) and a
 * child execution or phase lane, which runs with resources of its own, has its own.
 *
 * <p>Not thread-safe: one instance belongs to one session at a time (checked out by value with its
 * engine resources). Lifetime: the resources'; a value lives until it is evicted, {@link #clear()}ed,
 * or the backend is dropped.
 */
public final class SessionLocals {
    /** Default entry limit. */
    public static final int DEFAULT_MAX_ENTRIES = 256;

    private final LinkedHashMap<Object, Object> values;

    /** A map of at most {@link #DEFAULT_MAX_ENTRIES} entries. */
    public SessionLocals() {
        this(DEFAULT_MAX_ENTRIES);
    }

    /**
     * @param maxEntries the entry limit, {@code >= 1}
     */
    public SessionLocals(int maxEntries) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be >= 1, got " + maxEntries);
        }
        this.values = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
                return size() > maxEntries;
            }
        };
    }

    /**
     * @param key the key
     * @param create makes the value when absent; must not return {@code null}
     * @param <T> the value type
     * @return the cached value (now the most recently used), or the new one, cached
     * @throws NullPointerException if {@code key}, {@code create} or its result is {@code null}
     */
    public <T> T get(Object key, Supplier<T> create) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(create, "create");
        Object value = values.get(key);
        if (value == null) {
            value = Objects.requireNonNull(create.get(), "create returned null");
            values.put(key, value);
        }
        @SuppressWarnings("unchecked") // one value type per key: the sessionLocal contract
        T typed = (T) value;
        return typed;
    }

    /** @return the number of values held (a snapshot, for tests and diagnostics) */
    public int size() {
        return values.size();
    }

    /** Drops every value. */
    public void clear() {
        values.clear();
    }
}
