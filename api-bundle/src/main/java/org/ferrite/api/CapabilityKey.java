package org.ferrite.api;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;

/**
 * The typed name of a provider-specific detail in {@link BackendCapabilities}: a name and the type of
 * its value. Providers publish their keys as constants (for example {@code CpuCapabilities.AFFINITY_SUPPORTED},
 * a {@code Boolean}); callers look values up with {@link BackendCapabilities#detail(CapabilityKey)}.
 *
 * <p>Identity is the name alone: two keys with the same name are equal whatever their types, so a
 * capabilities object holds at most one value per name. Use a dotted, provider-qualified name
 * ({@code "cpu.affinity.supported"}) so names of different providers never meet.
 *
 * <p>Thread-safe (immutable); a value that lives as long as it is referenced.
 *
 * @param <T> the value type
 */
public final class CapabilityKey<T> {
    private final String name;
    private final Class<T> type;

    private CapabilityKey(String name, Class<T> type) {
        this.name = name;
        this.type = type;
    }

    /**
     * @param name the key's name, not blank
     * @param type the value type (a boxed type for primitives, e.g. {@code Boolean.class})
     * @param <T> the value type
     * @return the key
     * @throws ValidationException (INVALID_ARGUMENT) for a blank name or a primitive type
     * @throws NullPointerException if an argument is {@code null}
     */
    public static <T> CapabilityKey<T> of(String name, Class<T> type) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (name.isBlank()) {
            throw ValidationException.invalidArgument("CapabilityKey.of", "name", "a non-blank name", "\"" + name
                    + "\"", "use a provider-qualified name such as \"cpu.affinity.supported\"");
        }
        if (type.isPrimitive()) {
            throw ValidationException.invalidArgument("CapabilityKey.of", "type", "a reference type",
                    type.getName(), "use the boxed type, e.g. Boolean.class for boolean");
        }
        return new CapabilityKey<>(name, type);
    }

    /** @return the name */
    public String name() {
        return name;
    }

    /** @return the value type */
    public Class<T> type() {
        return type;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CapabilityKey && ((CapabilityKey<?>) o).name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name + " (" + type.getSimpleName() + ")";
    }
}
