package org.ferrite.opencl.internal.registration;

import java.util.Map;
import org.ferrite.api.error.ValidationException;
import org.ferrite.opencl.OpenClBackend;

/**
 * The OpenCL provider's settings as text (ServiceLoader properties) and as Configuration Admin values: one
 * table, read into an {@link OpenClBackend.Builder}. Keys: {@value #PLATFORM}, {@value #DEVICE},
 * {@value #MEMORY_LIMIT_BYTES}, {@value #SYNCHRONOUS}, {@value #WARM_UP} (docs/opencl.md).
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class OpenClSettings {
    /** The platform's index; without it {@value #DEVICE} counts over every platform. */
    public static final String PLATFORM = "platform";
    /** The device's index (default 0). */
    public static final String DEVICE = "device";
    /** The most device memory the backend uses, in bytes. */
    public static final String MEMORY_LIMIT_BYTES = "memoryLimitBytes";
    /** {@code true} to wait for every launch and report its failure at the call (debugging). */
    public static final String SYNCHRONOUS = "synchronous";
    /** {@code true} to compile every program when the backend is built. */
    public static final String WARM_UP = "warmUp";

    private OpenClSettings() {
    }

    /**
     * @param properties the settings, each value as text or as its type; other keys are refused, except the
     *     framework's own (dotted keys, {@code objectClass}) when {@code framework}
     * @param framework true for a Configuration Admin dictionary (framework keys are ignored)
     * @return a builder with the settings applied
     * @throws ValidationException (INVALID_ARGUMENT) naming the key of an unknown key or a bad value
     */
    public static OpenClBackend.Builder builder(Map<String, ?> properties, boolean framework) {
        OpenClBackend.Builder b = OpenClBackend.builder();
        for (Map.Entry<String, ?> e : properties.entrySet()) {
            String key = e.getKey();
            String value = String.valueOf(e.getValue()).trim();
            switch (key) {
                case PLATFORM -> b.platform((int) parse(key, value, Integer.MAX_VALUE, "a platform index >= 0"));
                case DEVICE -> b.device((int) parse(key, value, Integer.MAX_VALUE, "a device index >= 0"));
                case MEMORY_LIMIT_BYTES -> b.memoryLimitBytes(parse(key, value, Long.MAX_VALUE,
                        "a positive number of bytes"));
                case SYNCHRONOUS -> b.synchronous(bool(key, value));
                case WARM_UP -> b.warmUp(bool(key, value));
                default -> {
                    if (!(framework && isFrameworkKey(key))) {
                        throw ValidationException.invalidArgument("create", key, "one of '" + PLATFORM + "', '"
                                + DEVICE + "', '" + MEMORY_LIMIT_BYTES + "', '" + SYNCHRONOUS + "', '" + WARM_UP
                                + "'", key + "=" + value, "remove the key");
                    }
                }
            }
        }
        return b;
    }

    /** The framework's and Declarative Services' own keys are dotted ({@code service.pid}, {@code osgi.ds.…}); settings are not. */
    private static boolean isFrameworkKey(String key) {
        return key.indexOf('.') >= 0 || key.equals("objectClass");
    }

    private static long parse(String key, String value, long max, String expected) {
        try {
            long v = Long.parseLong(value);
            if (v >= (key.equals(MEMORY_LIMIT_BYTES) ? 1 : 0) && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ValidationException.invalidArgument("create", key, expected, value, null);
    }

    private static boolean bool(String key, String value) {
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw ValidationException.invalidArgument("create", key, "true or false", value, null);
    }
}
