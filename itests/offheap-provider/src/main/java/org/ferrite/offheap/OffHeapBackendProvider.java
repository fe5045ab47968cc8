package org.ferrite.offheap;

import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendProvider;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DeviceKind;

/**
 * The {@link java.util.ServiceLoader} entry of the off-heap provider: name {@value #NAME}, device
 * {@code OTHER}, priority {@value #PRIORITY} (below the CPU provider's 100 and the reference provider's
 * 10: a test device is never chosen automatically over a real one), always available. One setting:
 * {@value #MEMORY_BYTES}, the device memory in bytes (default {@link OffHeapBackend#DEFAULT_MEMORY_BYTES}).
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
     * @param properties at most {@value #MEMORY_BYTES}, a positive number of bytes
     * @return a new {@link OffHeapBackend}, owned by the caller
     * @throws ValidationException (INVALID_ARGUMENT) naming an unknown key or a bad value
     */
    @Override
    public Backend create(Map<String, String> properties) {
        long memory = OffHeapBackend.DEFAULT_MEMORY_BYTES;
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (!e.getKey().equals(MEMORY_BYTES)) {
                throw ValidationException.invalidArgument("create", e.getKey(), "only '" + MEMORY_BYTES + "'",
                        e.getKey() + "=" + e.getValue(), "remove the key");
            }
            memory = parsePositive(e.getValue());
        }
        return new OffHeapBackend(memory);
    }

    private static long parsePositive(String value) {
        try {
            long v = Long.parseLong(value.trim());
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ValidationException.invalidArgument("create", MEMORY_BYTES, "a positive number of bytes", value, null);
    }

    @Override
    public String toString() {
        return "OffHeapBackendProvider[" + NAME + ", priority " + PRIORITY + "]";
    }
}
