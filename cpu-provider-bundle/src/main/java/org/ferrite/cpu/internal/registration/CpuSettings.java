package org.ferrite.cpu.internal.registration;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.ferrite.api.error.ValidationException;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuDomain;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.settings.CpuSetting;

/**
 * Turns written settings — ServiceLoader's {@code create(Map)} and Configuration Admin properties —
 * into a configured {@link CpuBackend.Builder}, one {@link CpuSetting} row at a time, so that both
 * routes accept every key of the table with the same meaning. A value that stands for the builder's
 * default ({@link CpuSetting#meansDefault}) leaves the setting alone; a refused value is reported under
 * the key the user wrote, quoting the value as written — also when the builder refuses it.
 *
 * <p>Thread-safe (stateless). Lifetime: static; each builder returned belongs to its caller.
 */
public final class CpuSettings {
    private CpuSettings() {
    }

    /**
     * The ServiceLoader route.
     *
     * @param properties the settings; an unknown key is an error (a typo must not pass silently)
     * @param op the operation, for messages
     * @return a builder configured accordingly
     * @throws ValidationException naming the key, what was expected and the value as written
     */
    public static CpuBackend.Builder fromMap(Map<String, String> properties, String op) {
        for (String key : properties.keySet()) {
            if (CpuSetting.forKey(key).isEmpty()) {
                throw ValidationException.invalidArgument(op, key, "one of " + Arrays.stream(CpuSetting.values())
                        .map(CpuSetting::key).sorted().toList(), CpuSetting.shown(key),
                        "remove or correct the unknown setting");
            }
        }
        return configured(properties, op);
    }

    /**
     * The Configuration Admin route: the component properties Declarative Services hands a component,
     * which also hold properties that are not settings ({@code service.pid}, {@code component.name},
     * {@code ferrite.backend.name}, …); those are ignored.
     *
     * @param properties the component properties
     * @param op the operation, for messages
     * @return a builder configured accordingly
     * @throws ValidationException naming the key, what was expected and the value as written
     */
    public static CpuBackend.Builder fromConfiguration(Map<String, ?> properties, String op) {
        return configured(properties, op);
    }

    private static CpuBackend.Builder configured(Map<String, ?> properties, String op) {
        CpuBackend.Builder builder = CpuBackend.builder();
        for (CpuSetting setting : CpuSetting.values()) {
            Object written = properties.get(setting.key());
            if (written == null) {
                continue;
            }
            Object value = setting.parse(op, written);
            if (!setting.meansDefault(value)) {
                try {
                    apply(builder, setting, value);
                } catch (ValidationException e) {
                    throw ValidationException.invalidArgument(op, setting.key(), e.expected(),
                            CpuSetting.shown(written), "the setting '" + setting.key() + "' is refused: "
                                    + e.getMessage());
                }
            }
        }
        return builder;
    }

    /**
     * Calls the row's builder method. An exhaustive {@code switch}: a new row does not compile until it
     * is applied here.
     */
    private static CpuBackend.Builder apply(CpuBackend.Builder builder, CpuSetting setting, Object value) {
        return switch (setting) {
            case THREADS -> builder.threads((Integer) value);
            case CPUS -> builder.cpus(CpuDomain.parse((String) value));
            case PIN_CALLER -> builder.pinCaller((Boolean) value);
            case BUFFER_POOL_LIMIT_BYTES -> builder.bufferPoolLimitBytes((Long) value);
            case INDEXED_PLAN_CACHE_MAX_ENTRIES -> builder.indexedPlanCacheMaxEntries((Integer) value);
            case INDEXED_PLAN_CACHE_MAX_BYTES -> builder.indexedPlanCacheMaxBytes((Long) value);
            case GEMM_ROUTE -> builder.gemmRoute((GemmRoute) value);
            case LINALG_ROUTE -> builder.linalgRoute((LinalgRoute) value);
            case LEAK_DETECTION -> builder.leakDetection((Boolean) value);
            case LONG_WAIT_WARNING_MILLIS -> builder.longWaitWarning(Duration.ofMillis((Long) value));
        };
    }
}
