package org.ferrite.spark;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.spark.SparkConf;
import org.ferrite.api.Backends;
import org.ferrite.api.error.ValidationException;
import scala.Tuple2;

/**
 * What backend an executor makes, by name: the provider, its settings and how task slots share it — a
 * small serializable value that travels in closures where a {@link org.ferrite.api.Backend} never can.
 * The executor turns it into backends once per JVM ({@link ExecutorBackends#of}).
 *
 * <pre>{@code
 * BackendSpec spec = BackendSpec.of("cpu").withSetting("gemmRoute", "JAVA");
 * BackendSpec fromConf = BackendSpec.fromConf(sc.getConf());   // spark.ferrite.backend, spark.ferrite.setting.*
 * }</pre>
 *
 * <p>Settings are the provider's own ({@code Backends.create(name, settings)}); an unknown key is the
 * provider's error, raised on the executor when the backend is made. Specs are equal when provider,
 * settings and slots are: equal specs share the executor's backends.
 *
 * <p>Thread-safe (immutable). Lifetime: a value.
 */
public final class BackendSpec implements Serializable {
    /** Spark setting: the provider's name (absent: the highest-priority provider of the executor). */
    public static final String CONF_BACKEND = "spark.ferrite.backend";
    /** Spark setting prefix: {@code spark.ferrite.setting.KEY=VALUE} is the provider setting KEY. */
    public static final String CONF_SETTING_PREFIX = "spark.ferrite.setting.";
    /** Spark setting: a {@link TaskSlots} name (absent: {@link TaskSlots#AUTO}). */
    public static final String CONF_SLOTS = "spark.ferrite.slots";

    private static final long serialVersionUID = 1L;

    /** The provider's name, or {@code null} for the highest-priority provider. */
    private final String provider;
    /** Sorted, so that equal settings serialize and compare alike; never exposed mutable. */
    private final TreeMap<String, String> settings;
    /** How concurrent tasks share the provider. */
    private final TaskSlots slots;

    private BackendSpec(String provider, TreeMap<String, String> settings, TaskSlots slots) {
        this.provider = provider;
        this.settings = settings;
        this.slots = slots;
    }

    /**
     * @param provider the provider's name, e.g. {@code "cpu"}
     * @return a spec with no settings and {@link TaskSlots#AUTO}
     * @throws ValidationException if the name is blank
     */
    public static BackendSpec of(String provider) {
        if (provider == null || provider.isBlank()) {
            throw ValidationException.invalidArgument("BackendSpec.of", "provider", "a provider name such as \"cpu\"",
                    String.valueOf(provider), "use BackendSpec.highestPriority() for the default provider");
        }
        return new BackendSpec(provider.trim(), new TreeMap<>(), TaskSlots.AUTO);
    }

    /** @return a spec of the executor's highest-priority provider ({@link Backends#get()}'s choice) */
    public static BackendSpec highestPriority() {
        return new BackendSpec(null, new TreeMap<>(), TaskSlots.AUTO);
    }

    /**
     * Reads {@value #CONF_BACKEND}, {@value #CONF_SLOTS} and every {@value #CONF_SETTING_PREFIX}{@code KEY}.
     *
     * @param conf a Spark configuration
     * @return the spec it describes
     * @throws ValidationException if {@value #CONF_SLOTS} names no {@link TaskSlots}
     */
    public static BackendSpec fromConf(SparkConf conf) {
        String name = conf.get(CONF_BACKEND, "").trim();
        BackendSpec spec = name.isEmpty() ? highestPriority() : of(name);
        for (Tuple2<String, String> entry : conf.getAllWithPrefix(CONF_SETTING_PREFIX)) {
            spec = spec.withSetting(entry._1(), entry._2());
        }
        String slots = conf.get(CONF_SLOTS, TaskSlots.AUTO.name()).trim();
        try {
            return spec.withSlots(TaskSlots.valueOf(slots));
        } catch (IllegalArgumentException e) {
            throw ValidationException.invalidArgument("BackendSpec.fromConf", CONF_SLOTS, "one of AUTO, DISJOINT_CPUS, "
                    + "SHARED", "\"" + slots + "\"", null);
        }
    }

    /**
     * @param key a provider setting, e.g. {@code "gemmRoute"}
     * @param value its value
     * @return a spec with that setting (replacing an earlier value)
     * @throws ValidationException if the key is blank or the value {@code null}
     */
    public BackendSpec withSetting(String key, String value) {
        if (key == null || key.isBlank() || value == null) {
            throw ValidationException.invalidArgument("BackendSpec.withSetting", key == null || key.isBlank() ? "key"
                    : "value", "a non-blank key and a value", key + "=" + value, null);
        }
        TreeMap<String, String> next = new TreeMap<>(settings);
        next.put(key, value);
        return new BackendSpec(provider, next, slots);
    }

    /**
     * @param policy how concurrent tasks share the provider
     * @return a spec with that policy
     */
    public BackendSpec withSlots(TaskSlots policy) {
        return new BackendSpec(provider, settings, Objects.requireNonNull(policy, "policy"));
    }

    /** @return the provider's name; empty for the executor's highest-priority provider */
    public Optional<String> provider() {
        return Optional.ofNullable(provider);
    }

    /** @return the provider settings (unmodifiable, sorted by key) */
    public Map<String, String> settings() {
        return Collections.unmodifiableMap(settings);
    }

    /** @return the slot policy as set ({@link TaskSlots#AUTO} is resolved on the executor) */
    public TaskSlots slots() {
        return slots;
    }

    /**
     * @param providerName the name of the provider this spec resolved to
     * @return the policy that applies: {@link #slots()}, with {@code AUTO} resolved
     */
    TaskSlots resolvedSlots(String providerName) {
        if (slots != TaskSlots.AUTO) {
            return slots;
        }
        return "cpu".equals(providerName) ? TaskSlots.DISJOINT_CPUS : TaskSlots.SHARED;
    }

    /** @return the provider's name on this JVM: the spec's, or the highest-priority provider's */
    String resolvedProvider() {
        return provider != null ? provider : Backends.get().name();
    }

    /**
     * Checks what arrives: a spec read from a stream is as valid as one built.
     *
     * @param in the stream
     * @throws java.io.IOException from the stream, or {@link InvalidObjectException} for an invalid spec
     * @throws ClassNotFoundException from the stream
     */
    private void readObject(ObjectInputStream in) throws java.io.IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (settings == null || slots == null || (provider != null && provider.isBlank())) {
            throw new InvalidObjectException("a BackendSpec needs settings, a slot policy and a non-blank provider");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BackendSpec other && Objects.equals(provider, other.provider)
                && settings.equals(other.settings) && slots == other.slots;
    }

    @Override
    public int hashCode() {
        return Objects.hash(provider, settings, slots);
    }

    @Override
    public String toString() {
        return "BackendSpec[provider=" + (provider == null ? "(highest priority)" : provider) + ", settings="
                + settings + ", slots=" + slots + "]";
    }
}
