package org.ferrite.api;

import java.util.Map;
import org.ferrite.api.tensor.DeviceKind;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The {@link java.util.ServiceLoader} type by which providers make backends discoverable on a plain
 * JVM, in fat jars and on the module path ({@code provides org.ferrite.api.BackendProvider with …}).
 * In OSGi, use the {@link Backend} services instead.
 *
 * <p>Construction contract: a public no-argument constructor that is cheap and has no side effects;
 * {@link #isAvailable()} likewise. Only {@link #create} may start threads or load native code.
 *
 * <p>Thread-safe: implementations must be, since discovery may run on any thread. Lifetime: an
 * instance is created by each {@link java.util.ServiceLoader} scan and holds no resources; the
 * backends it {@link #create creates} belong to the caller.
 */
@ProviderType
public interface BackendProvider {

    /** @return the backend name users select by ({@code "cpu"}), unique among providers */
    String name();

    /** @return where its backends compute */
    DeviceKind device();

    /** @return the priority for automatic selection; higher wins (the CPU provider uses 100) */
    int priority();

    /**
     * @return true if {@link #create} can succeed here (for example, the device exists); must not
     *     throw and must not have side effects
     */
    boolean isAvailable();

    /**
     * @return why {@link #isAvailable()} is false, or an empty string
     */
    default String unavailableReason() {
        return "";
    }

    /**
     * Creates a backend.
     *
     * @param properties provider-specific settings (for the CPU provider: {@code threads},
     *     {@code cpus}, …); an empty map gives the defaults
     * @return a new backend owned by the caller
     * @throws org.ferrite.api.error.TensorException if the settings are invalid or creation fails
     */
    Backend create(Map<String, String> properties);
}
