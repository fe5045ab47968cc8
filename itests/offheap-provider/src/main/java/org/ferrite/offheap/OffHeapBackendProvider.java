package org.ferrite.offheap;

import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendProvider;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DeviceKind;

/**
 * The {@link java.util.ServiceLoader} entry of the off-heap provider: name {@value #NAME}, device
 * {@code OTHER}, priority {@value #PRIORITY} (below the CPU provider's 100 and the reference provider's
 * 10: a test device is never chosen automatically over a real one), always available. Two settings:
 * {@value #MEMORY_BYTES}, the device memory in bytes (default {@link OffHeapBackend#DEFAULT_MEMORY_BYTES}),
 * and {@value #ORDINAL}, the device's ordinal (default 0; the backend's placement is {@code other:ordinal}).
 *
 * <p>Thread-safe (stateless). Lifetime: created by each ServiceLoader scan; holds no resources, the
 * backends it creates belong to the caller.
 */
public final class OffHeapBackendProvider implements BackendProvider {
    /** The provider's (and its backends') name. */
    public static final String NAME = OffHeapBackend.NAME;
    /** The priority for automatic selection. */
    public static final int PRIORITY = 5;
    /** The setting of the device memory, in bytes. */
    public static final String MEMORY_BYTES = "memoryBytes";
    /** The setting of the device's ordinal. */
    public static final String ORDINAL = "ordinal";

    /** ServiceLoader constructor: cheap, no side effects. */
    public OffHeapBackendProvider() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public DeviceKind device() {
        return DeviceKind.OTHER;
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    /**
     * @param properties at most {@value #MEMORY_BYTES}, a positive number of bytes, and {@value #ORDINAL}, a
     *     device ordinal {@code >= 0}
     * @return a new {@link OffHeapBackend}, owned by the caller
     * @throws ValidationException (INVALID_ARGUMENT) naming an unknown key or a bad value
     */
    @Override
    public Backend create(Map<String, String> properties) {
        long memory = OffHeapBackend.DEFAULT_MEMORY_BYTES;
        int ordinal = 0;
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (e.getKey().equals(MEMORY_BYTES)) {
                memory = parse(MEMORY_BYTES, e.getValue(), 1, Long.MAX_VALUE, "a positive number of bytes");
            } else if (e.getKey().equals(ORDINAL)) {
                ordinal = (int) parse(ORDINAL, e.getValue(), 0, Integer.MAX_VALUE, "a device ordinal >= 0");
            } else {
                throw ValidationException.invalidArgument("create", e.getKey(), "'" + MEMORY_BYTES + "' or '" + ORDINAL
                        + "'", e.getKey() + "=" + e.getValue(), "remove the key");
            }
        }
        return new OffHeapBackend(ordinal, memory);
    }

    private static long parse(String key, String value, long min, long max, String expected) {
        try {
            long v = Long.parseLong(value.trim());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ValidationException.invalidArgument("create", key, expected, value, null);
    }

    @Override
    public String toString() {
        return "OffHeapBackendProvider[" + NAME + ", priority " + PRIORITY + "]";
    }
}
