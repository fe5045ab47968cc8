package org.ferrite.api;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;

/**
 * What a backend supports, as {@link Backend#capabilities()} reports it: the device, where tensors
 * are allocated, the dtypes, the thread budget, memory where known, the extensions a session offers,
 * and provider-specific typed details. Built with {@link #builder(DeviceKind)}; a final class (not a
 * record), so later versions can add properties without breaking providers.
 *
 * <pre>{@code
 * BackendCapabilities caps = backend.capabilities();
 * if (caps.supports(DType.C128) && caps.supportsExtension(EinsumKernels.class)) { ... }
 * boolean pinned = caps.detail(CpuCapabilities.AFFINITY_SUPPORTED).orElse(false);
 * }</pre>
 *
 * <p>Memory figures are a snapshot taken when {@code capabilities()} was called; they are for
 * reports and sizing decisions, not for control flow.
 *
 * <p>Thread-safe (immutable); a value that lives as long as it is referenced.
 */
public final class BackendCapabilities {
    /** The SPI version of this API bundle. */
    public static final String SPI_VERSION = "0.3.0";

    private final DeviceKind device;
    private final Placement placement;
    private final Set<DType> dtypes;
    private final int threadBudget;
    private final long memoryTotalBytes;
    private final long memoryAvailableBytes;
    private final Set<Class<?>> extensions;
    private final Map<CapabilityKey<?>, Object> details;
    private final String spiVersion;

    private BackendCapabilities(Builder b) {
        this.device = b.device;
        this.placement = b.placement != null ? b.placement : new Placement(b.device, 0);
        this.dtypes = Collections.unmodifiableSet(EnumSet.copyOf(b.dtypes));
        this.threadBudget = b.threadBudget;
        this.memoryTotalBytes = b.memoryTotalBytes;
        this.memoryAvailableBytes = b.memoryAvailableBytes;
        this.extensions = Collections.unmodifiableSet(new LinkedHashSet<>(b.extensions));
        TreeMap<String, CapabilityKey<?>> byName = new TreeMap<>();
        for (CapabilityKey<?> key : b.details.keySet()) {
            byName.put(key.name(), key);
        }
        LinkedHashMap<CapabilityKey<?>, Object> sorted = new LinkedHashMap<>();
        for (CapabilityKey<?> key : byName.values()) {
            sorted.put(key, b.details.get(key));
        }
        this.details = Collections.unmodifiableMap(sorted);
        this.spiVersion = b.spiVersion;
    }

    /**
     * @param device where the backend computes
     * @return a builder: placement {@code device:0} (the host for {@link DeviceKind#CPU}), no dtypes,
     *     thread budget 1, memory unknown, no extensions, no details, {@link #SPI_VERSION}
     * @throws NullPointerException if {@code device} is {@code null}
     */
    public static Builder builder(DeviceKind device) {
        return new Builder(Objects.requireNonNull(device, "device"));
    }

    /** @return a builder holding every value of this object, to derive a changed copy */
    public Builder toBuilder() {
        Builder b = new Builder(device).placement(placement).threadBudget(threadBudget).spiVersion(spiVersion);
        b.dtypes.addAll(dtypes);
        b.extensions.addAll(extensions);
        b.details.putAll(details);
        b.memoryTotalBytes = memoryTotalBytes;
        b.memoryAvailableBytes = memoryAvailableBytes;
        return b;
    }

    /** @return where the backend computes */
    public DeviceKind device() {
        return device;
    }

    /** @return where a session's {@code allocate} puts tensors ({@code BackendSession.placement()}) */
    public Placement placement() {
        return placement;
    }

    /**
     * @return the dtypes the backend accepts, in {@link DType} order (contraction is further limited to
     *     the floating ones)
     */
    public Set<DType> dtypes() {
        return dtypes;
    }

    /**
     * @param dtype a dtype
     * @return true if supported
     */
    public boolean supports(DType dtype) {
        return dtypes.contains(dtype);
    }

    /** @return how many worker threads one session may use (at least 1) */
    public int threadBudget() {
        return threadBudget;
    }

    /** @return the memory of the backend's placement in bytes, if known (a snapshot) */
    public OptionalLong memoryTotalBytes() {
        return memoryTotalBytes < 0 ? OptionalLong.empty() : OptionalLong.of(memoryTotalBytes);
    }

    /** @return the memory still available when the capabilities were taken, in bytes, if known (a snapshot) */
    public OptionalLong memoryAvailableBytes() {
        return memoryAvailableBytes < 0 ? OptionalLong.empty() : OptionalLong.of(memoryAvailableBytes);
    }

    /**
     * @return the extension interfaces a session's {@code extension(Class)} returns an implementation
     *     of, so callers need not open a session to ask (iteration in the order the provider listed them)
     */
    public Set<Class<?>> extensions() {
        return extensions;
    }

    /**
     * @param type an extension interface
     * @return true if a session's {@code extension(type)} returns an implementation
     */
    public boolean supportsExtension(Class<?> type) {
        return extensions.contains(type);
    }

    /**
     * @param key a provider's detail key
     * @param <T> its value type
     * @return the provider's value for it, or empty if the provider does not report it
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code key}) if the value under that name
     *     has another type than {@code key} declares
     */
    public <T> Optional<T> detail(CapabilityKey<T> key) {
        Object value = details.get(Objects.requireNonNull(key, "key"));
        if (value == null) {
            return Optional.empty();
        }
        if (!key.type().isInstance(value)) {
            throw ValidationException.invalidArgument("detail", "key", "a key of type "
                    + value.getClass().getSimpleName() + " for '" + key.name() + "'", key.toString(),
                    "use the provider's own key constant");
        }
        return Optional.of(key.type().cast(value));
    }

    /** @return every provider-specific detail, read-only, ordered by key name (for diagnostics) */
    public Map<CapabilityKey<?>, Object> details() {
        return details;
    }

    /** @return the version of the Ferrite SPI the backend implements, e.g. {@code "0.3.0"} */
    public String spiVersion() {
        return spiVersion;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BackendCapabilities)) {
            return false;
        }
        BackendCapabilities c = (BackendCapabilities) o;
        return device == c.device && placement.equals(c.placement) && dtypes.equals(c.dtypes)
                && threadBudget == c.threadBudget && memoryTotalBytes == c.memoryTotalBytes
                && memoryAvailableBytes == c.memoryAvailableBytes && extensions.equals(c.extensions)
                && details.equals(c.details) && spiVersion.equals(c.spiVersion);
    }

    @Override
    public int hashCode() {
        return Objects.hash(device, placement, dtypes, threadBudget, memoryTotalBytes, memoryAvailableBytes,
                extensions, details, spiVersion);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(128).append("BackendCapabilities[device=").append(device)
                .append(", placement=").append(placement).append(", dtypes=").append(dtypes)
                .append(", threadBudget=").append(threadBudget);
        if (memoryTotalBytes >= 0) {
            b.append(", memoryTotalBytes=").append(memoryTotalBytes);
        }
        if (memoryAvailableBytes >= 0) {
            b.append(", memoryAvailableBytes=").append(memoryAvailableBytes);
        }
        b.append(", extensions=[");
        String sep = "";
        for (Class<?> e : extensions) {
            b.append(sep).append(e.getName());
            sep = ", ";
        }
        b.append("], details={");
        sep = "";
        for (Map.Entry<CapabilityKey<?>, Object> e : details.entrySet()) {
            b.append(sep).append(e.getKey().name()).append('=').append(e.getValue());
            sep = ", ";
        }
        return b.append("}, spiVersion=").append(spiVersion).append(']').toString();
    }

    /**
     * Builds {@link BackendCapabilities}. Every setter validates its argument at once
     * ({@link ValidationException}, naming it); {@link #build()} validates how they combine. Not
     * thread-safe. Lifetime: reusable; each {@link #build()} copies what it holds.
     */
    public static final class Builder {
        private static final String OP = "BackendCapabilities.Builder";
        private final DeviceKind device;
        private Placement placement;
        private final EnumSet<DType> dtypes = EnumSet.noneOf(DType.class);
        private int threadBudget = 1;
        private long memoryTotalBytes = -1;
        private long memoryAvailableBytes = -1;
        private final LinkedHashSet<Class<?>> extensions = new LinkedHashSet<>();
        private final LinkedHashMap<CapabilityKey<?>, Object> details = new LinkedHashMap<>();
        private String spiVersion = SPI_VERSION;

        private Builder(DeviceKind device) {
            this.device = device;
        }

        /**
         * @param where where {@code allocate} puts tensors; its device must be the builder's
         * @return this
         * @throws ValidationException (argument {@code placement}) for another device kind
         */
        public Builder placement(Placement where) {
            Objects.requireNonNull(where, "placement");
            if (where.device() != device) {
                throw ValidationException.invalidArgument(OP, "placement", "a placement on " + device,
                        where.toString(), null);
            }
            this.placement = where;
            return this;
        }

        /**
         * @param supported the dtypes to add (at least one in total by {@link #build()})
         * @return this
         */
        public Builder dtypes(DType... supported) {
            for (DType d : supported) {
                dtypes.add(Objects.requireNonNull(d, "dtype"));
            }
            return this;
        }

        /**
         * @param supported the dtypes to add
         * @return this
         */
        public Builder dtypes(Set<DType> supported) {
            return dtypes(supported.toArray(new DType[0]));
        }

        /**
         * @param budget worker threads one session may use, {@code >= 1}
         * @return this
         * @throws ValidationException (argument {@code threadBudget}) if below 1
         */
        public Builder threadBudget(int budget) {
            if (budget < 1) {
                throw ValidationException.invalidArgument(OP, "threadBudget", "a budget >= 1",
                        String.valueOf(budget), null);
            }
            this.threadBudget = budget;
            return this;
        }

        /**
         * @param total the memory of the placement, in bytes ({@code >= 0})
         * @param available the part still available now, in bytes ({@code 0 <= available <= total})
         * @return this
         * @throws ValidationException (argument {@code memoryTotalBytes} or {@code memoryAvailableBytes})
         *     for a negative value or {@code available > total}
         */
        public Builder memory(long total, long available) {
            if (total < 0) {
                throw ValidationException.invalidArgument(OP, "memoryTotalBytes", "a byte count >= 0",
                        String.valueOf(total), null);
            }
            if (available < 0 || available > total) {
                throw ValidationException.invalidArgument(OP, "memoryAvailableBytes", "a byte count in [0, "
                        + total + "]", String.valueOf(available), null);
            }
            this.memoryTotalBytes = total;
            this.memoryAvailableBytes = available;
            return this;
        }

        /**
         * @param type an extension interface a session's {@code extension(type)} returns
         * @return this
         * @throws ValidationException (argument {@code extension}) if {@code type} is not an interface
         */
        public Builder extension(Class<?> type) {
            Objects.requireNonNull(type, "extension");
            if (!type.isInterface()) {
                throw ValidationException.invalidArgument(OP, "extension", "an interface", type.getName(),
                        "extensions are looked up by their interface");
            }
            extensions.add(type);
            return this;
        }

        /**
         * @param key a provider's detail key
         * @param value its value, an instance of {@code key.type()}
         * @param <T> the value type
         * @return this
         * @throws ValidationException (argument {@code value}) if the value is not of the key's type
         */
        public <T> Builder detail(CapabilityKey<T> key, T value) {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            if (!key.type().isInstance(value)) {
                throw ValidationException.invalidArgument(OP, "value", "a " + key.type().getSimpleName()
                        + " for '" + key.name() + "'", value.getClass().getSimpleName(), null);
            }
            details.remove(key); // one value per name: a key of another type replaces the old one
            details.put(key, value);
            return this;
        }

        /**
         * @param version the SPI version the backend implements, not blank
         * @return this
         * @throws ValidationException (argument {@code spiVersion}) if blank
         */
        public Builder spiVersion(String version) {
            Objects.requireNonNull(version, "spiVersion");
            if (version.isBlank()) {
                throw ValidationException.invalidArgument(OP, "spiVersion", "a version such as " + SPI_VERSION,
                        "\"" + version + "\"", null);
            }
            this.spiVersion = version;
            return this;
        }

        /**
         * @return the capabilities
         * @throws ValidationException (argument {@code dtypes}) if no dtype was given
         */
        public BackendCapabilities build() {
            if (dtypes.isEmpty()) {
                throw ValidationException.invalidArgument(OP, "dtypes", "at least one supported dtype", "none",
                        null);
            }
            return new BackendCapabilities(this);
        }
    }
}
