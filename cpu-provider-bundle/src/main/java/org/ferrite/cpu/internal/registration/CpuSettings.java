package org.ferrite.cpu.internal.registration;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.ferrite.api.error.ValidationException;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuDomain;
import org.ferrite.cpu.GemmRoute;

/**
 * Turns textual settings — ServiceLoader's {@code create(Map)} and Configuration Admin properties —
 * into a configured {@link CpuBackend.Builder}. One place, so both routes accept the same keys with
 * the same meaning:
 * <ul>
 * <li>{@value #THREADS}: thread budget, {@code 0} or absent for one per CPU of the set;</li>
 * <li>{@value #CPUS}: CPU list such as {@code "0-3,8"}, absent or blank for every CPU the process may
 * use;</li>
 * <li>{@value #PIN_CALLER}: {@code true}/{@code false};</li>
 * <li>{@value #BUFFER_POOL_LIMIT_BYTES}: bytes, negative or absent for the default;</li>
 * <li>{@value #PLAN_CACHE_MAX_ENTRIES}, {@value #PLAN_CACHE_MAX_BYTES}: indexed-plan cache limits;</li>
 * <li>{@value #GEMM_ROUTE}: {@code AUTO}, {@code JAVA} or {@code NATIVE};</li>
 * <li>{@value #LEAK_DETECTION}: {@code true}/{@code false};</li>
 * <li>{@value #LONG_WAIT_WARNING_MILLIS}: milliseconds, {@code > 0}, after which an entry that waits without
 * bound logs who holds its CPUs (absent: 10 000).</li>
 * </ul>
 * Thread-safe (stateless). Lifetime: static; each builder returned belongs to its caller.
 */
public final class CpuSettings {
    /** Key of the thread budget. */
    public static final String THREADS = "threads";
    /** Key of the CPU list. */
    public static final String CPUS = "cpus";
    /** Key of the caller-pinning policy. */
    public static final String PIN_CALLER = "pinCaller";
    /** Key of the buffer-pool cap. */
    public static final String BUFFER_POOL_LIMIT_BYTES = "bufferPoolLimitBytes";
    /** Key of the indexed-plan cache's entry limit. */
    public static final String PLAN_CACHE_MAX_ENTRIES = "indexedPlanCacheMaxEntries";
    /** Key of the indexed-plan cache's byte limit. */
    public static final String PLAN_CACHE_MAX_BYTES = "indexedPlanCacheMaxBytes";
    /** Key of the GEMM route. */
    public static final String GEMM_ROUTE = "gemmRoute";
    /** Key of leak detection. */
    public static final String LEAK_DETECTION = "leakDetection";
    /** Key of the long-wait warning's delay. */
    public static final String LONG_WAIT_WARNING_MILLIS = "longWaitWarningMillis";

    private static final Set<String> KEYS = Set.of(THREADS, CPUS, PIN_CALLER, BUFFER_POOL_LIMIT_BYTES,
            PLAN_CACHE_MAX_ENTRIES, PLAN_CACHE_MAX_BYTES, GEMM_ROUTE, LEAK_DETECTION, LONG_WAIT_WARNING_MILLIS);

    private CpuSettings() {
    }

    /**
     * @param properties the settings; unknown keys are an error (a typo must not pass silently)
     * @param op the operation, for messages
     * @return a builder configured accordingly
     * @throws ValidationException naming the key, expected and actual value
     */
    public static CpuBackend.Builder fromMap(Map<String, String> properties, String op) {
        for (String key : properties.keySet()) {
            if (!KEYS.contains(key)) {
                throw ValidationException.invalidArgument(op, key, "one of " + new TreeSet<>(KEYS), "\"" + key + "\"",
                        "remove or correct the unknown setting");
            }
        }
        CpuBackend.Builder builder = CpuBackend.builder();
        String threadsText = properties.get(THREADS);
        int threads = threadsText == null ? 0 : parseInt(op, THREADS, threadsText);
        if (threads != 0) {
            keyed(op, THREADS, threadsText, () -> builder.threads(threads));
        }
        String cpus = properties.get(CPUS);
        if (cpus != null && !cpus.isBlank()) {
            keyed(op, CPUS, cpus, () -> builder.cpus(CpuDomain.parse(cpus)));
        }
        String pin = properties.get(PIN_CALLER);
        if (pin != null) {
            builder.pinCaller(parseBoolean(op, PIN_CALLER, pin));
        }
        String limitText = properties.get(BUFFER_POOL_LIMIT_BYTES);
        long limit = limitText == null ? -1 : parseLong(op, BUFFER_POOL_LIMIT_BYTES, limitText);
        if (limit >= 0) {
            keyed(op, BUFFER_POOL_LIMIT_BYTES, limitText, () -> builder.bufferPoolLimitBytes(limit));
        }
        String entries = properties.get(PLAN_CACHE_MAX_ENTRIES);
        String bytes = properties.get(PLAN_CACHE_MAX_BYTES);
        if (entries != null || bytes != null) {
            int maxEntries = entries == null ? CpuBackend.DEFAULT_PLAN_CACHE_MAX_ENTRIES
                    : parseInt(op, PLAN_CACHE_MAX_ENTRIES, entries);
            long maxBytes = bytes == null ? CpuBackend.DEFAULT_PLAN_CACHE_MAX_BYTES
                    : parseLong(op, PLAN_CACHE_MAX_BYTES, bytes);
            keyed(op, PLAN_CACHE_MAX_ENTRIES, entries, () -> builder.indexedPlanCacheLimits(maxEntries,
                    CpuBackend.DEFAULT_PLAN_CACHE_MAX_BYTES));
            keyed(op, PLAN_CACHE_MAX_BYTES, bytes, () -> builder.indexedPlanCacheLimits(maxEntries, maxBytes));
        }
        String route = properties.get(GEMM_ROUTE);
        if (route != null) {
            builder.gemmRoute(parseRoute(op, route));
        }
        String leaks = properties.get(LEAK_DETECTION);
        if (leaks != null) {
            builder.leakDetection(parseBoolean(op, LEAK_DETECTION, leaks));
        }
        String wait = properties.get(LONG_WAIT_WARNING_MILLIS);
        if (wait != null) {
            long millis = parseLong(op, LONG_WAIT_WARNING_MILLIS, wait);
            if (millis <= 0) {
                throw ValidationException.invalidArgument(op, LONG_WAIT_WARNING_MILLIS, "milliseconds > 0",
                        "\"" + wait + "\"", null);
            }
            builder.longWaitWarning(java.time.Duration.ofMillis(millis));
        }
        return builder;
    }

    /**
     * Runs one builder setter for the setting {@code key}; its refusal, which names the builder's own
     * parameter, is reported under the key the user wrote, with the value as written.
     */
    private static void keyed(String op, String key, String written, Runnable setter) {
        try {
            setter.run();
        } catch (ValidationException e) {
            throw ValidationException.invalidArgument(op, key, e.expected(), "\"" + written + "\"",
                    "the setting '" + key + "' is refused: " + e.getMessage());
        }
    }

    /**
     * @param op the operation, for messages
     * @param threads the thread budget, 0 for the default
     * @param cpus the CPU list, blank for every CPU
     * @param pinCaller the caller-pinning policy
     * @param bufferPoolLimitBytes the cap, negative for the default
     * @param planEntries the plan cache's entry limit
     * @param planBytes the plan cache's byte limit
     * @param gemmRoute the route name
     * @param leakDetection leak detection on; {@code false} leaves the default (the system property)
     * @return a builder configured accordingly
     */
    public static CpuBackend.Builder fromValues(String op, int threads, String cpus, boolean pinCaller,
            long bufferPoolLimitBytes, int planEntries, long planBytes, String gemmRoute, boolean leakDetection) {
        CpuBackend.Builder builder = CpuBackend.builder().pinCaller(pinCaller)
                .indexedPlanCacheLimits(planEntries, planBytes).gemmRoute(parseRoute(op, gemmRoute));
        if (leakDetection) {
            builder.leakDetection(true);
        }
        if (threads != 0) {
            builder.threads(threads);
        }
        if (cpus != null && !cpus.isBlank()) {
            builder.cpus(CpuDomain.parse(cpus));
        }
        if (bufferPoolLimitBytes >= 0) {
            builder.bufferPoolLimitBytes(bufferPoolLimitBytes);
        }
        return builder;
    }

    private static int parseInt(String op, String key, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw ValidationException.invalidArgument(op, key, "an integer", "\"" + value + "\"", null);
        }
    }

    private static long parseLong(String op, String key, String value) {
        try {
            return Long.parseLong(value.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw ValidationException.invalidArgument(op, key, "an integer", "\"" + value + "\"", null);
        }
    }

    private static boolean parseBoolean(String op, String key, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return v.equals("true");
        }
        throw ValidationException.invalidArgument(op, key, "true or false", "\"" + value + "\"", null);
    }

    private static GemmRoute parseRoute(String op, String value) {
        try {
            return GemmRoute.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw ValidationException.invalidArgument(op, GEMM_ROUTE, "AUTO, JAVA or NATIVE", "\"" + value + "\"",
                    null);
        }
    }
}
