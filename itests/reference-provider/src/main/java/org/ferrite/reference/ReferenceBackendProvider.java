package org.ferrite.reference;

import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendProvider;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DeviceKind;

/**
 * The {@link java.util.ServiceLoader} entry of the reference provider: name {@value #NAME}, priority
 * {@value #PRIORITY} (below the CPU provider's 100, so it is chosen automatically only when nothing
 * better is present), always available, no settings.
 *
 * <p>Thread-safe (stateless). Lifetime: created by each ServiceLoader scan; holds no resources, the
 * backends it creates belong to the caller.
 */
public final class ReferenceBackendProvider implements BackendProvider {
    /** The provider's (and its backends') name. */
    public static final String NAME = ReferenceBackend.NAME;
    /** The priority for automatic selection. */
    public static final int PRIORITY = 10;

    /** ServiceLoader constructor: cheap, no side effects. */
    public ReferenceBackendProvider() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public DeviceKind device() {
        return DeviceKind.CPU;
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
     * @param properties must be empty: the reference provider has no settings
     * @return a new {@link ReferenceBackend}
     * @throws ValidationException (INVALID_ARGUMENT) naming the first key given
     */
    @Override
    public Backend create(Map<String, String> properties) {
        for (String key : properties.keySet()) {
            throw ValidationException.invalidArgument("create", key, "no settings (the reference provider has"
                    + " none)", key + "=" + properties.get(key), "pass an empty map");
        }
        return new ReferenceBackend();
    }

    @Override
    public String toString() {
        return "ReferenceBackendProvider[" + NAME + ", priority " + PRIORITY + "]";
    }
}
