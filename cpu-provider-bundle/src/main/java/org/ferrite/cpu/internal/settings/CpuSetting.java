package org.ferrite.cpu.internal.settings;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;

/**
 * The CPU provider's settings, one constant per setting: its key, value type, default, how a written
 * value is parsed and checked, the {@code CpuBackend.Builder} method that sets it, and its one-line
 * description. Every way of configuring a CPU backend derives from this table: the builder's
 * argument checks ({@link #checkAtLeast}), the {@code ServiceLoader} map of
 * {@code Backends.create("cpu", Map)} and the Configuration Admin properties of both Declarative
 * Services components ({@code internal.registration.CpuSettings}, which applies each row through an
 * exhaustive {@code switch}); the metatype interfaces and the documentation tables are copies that
 * {@code CpuSettingParityTest} checks against it, naming what is missing.
 *
 * <p>Written values come from a {@code Map<String, String>} (ServiceLoader) or a Configuration Admin
 * dictionary (a {@code String}, or an {@code Integer}, {@code Long} or {@code Boolean} of the row's
 * type); a value that fails is reported under the key the user wrote, quoting the value as written.
 * Some rows have a <em>fallback</em> value that stands for the builder's own default
 * ({@code threads=0}: one per CPU of the set; {@code cpus} blank: every CPU the process may use;
 * {@code bufferPoolLimitBytes} negative: the system property, environment variable or 100 MiB;
 * {@code leakDetection=false}: the system property {@code ferrite.leakDetection}) — so that the
 * documented default, which Declarative Services publishes and hands back, means "not set".
 *
 * <p>Adding a setting: CONTRIBUTING.md, "Adding a provider setting".
 *
 * <p>Thread-safe (an enum). Lifetime: constants.
 */
public enum CpuSetting {
    /** The thread budget. */
    THREADS("threads", Kind.INT, null, "0", Fallback.ZERO, 1, "threads",
            "Thread budget, at least 1; 0 for one per CPU of the set"),
    /** The CPU set. */
    CPUS("cpus", Kind.CPU_LIST, null, "", Fallback.BLANK, 0, "cpus",
            "CPU list such as 0-3,8; blank for every CPU the process may use (a factory configuration requires it)"),
    /** Whether sessions narrow the calling thread. */
    PIN_CALLER("pinCaller", Kind.BOOLEAN, null, "true", Fallback.NONE, 0, "pinCaller",
            "Narrow the calling thread to the CPU set during sessions"),
    /** The buffer pool's retention cap. */
    BUFFER_POOL_LIMIT_BYTES("bufferPoolLimitBytes", Kind.LONG, null, "-1", Fallback.NEGATIVE, 0,
            "bufferPoolLimitBytes", "Buffer-pool retention cap in bytes; negative for the default"
                    + " (ferrite.cpu.bufferPoolLimitBytes, else FERRITE_CPU_BUFFER_POOL_LIMIT_BYTES, else 100 MiB)"),
    /** The indexed-plan cache's entry limit. */
    INDEXED_PLAN_CACHE_MAX_ENTRIES("indexedPlanCacheMaxEntries", Kind.INT, null, "256", Fallback.NONE, 0,
            "indexedPlanCacheMaxEntries", "Indexed-plan cache entry limit; 0 retains no plan"),
    /** The indexed-plan cache's byte limit. */
    INDEXED_PLAN_CACHE_MAX_BYTES("indexedPlanCacheMaxBytes", Kind.LONG, null, "8388608", Fallback.NONE, 0,
            "indexedPlanCacheMaxBytes", "Indexed-plan cache byte limit (8 MiB); 0 retains no plan"),
    /** The GEMM route. */
    GEMM_ROUTE("gemmRoute", Kind.CHOICE, GemmRoute.class, "AUTO", Fallback.NONE, 0, "gemmRoute",
            "GEMM route: AUTO, JAVA or NATIVE"),
    /** The linear-algebra route. */
    LINALG_ROUTE("linalgRoute", Kind.CHOICE, LinalgRoute.class, "AUTO", Fallback.NONE, 0, "linalgRoute",
            "Linear-algebra route: AUTO (by size), JAVA, SMALL, DENSE or NATIVE"),
    /** Leak detection of held sessions. */
    LEAK_DETECTION("leakDetection", Kind.BOOLEAN, null, "false", Fallback.FALSE, 0, "leakDetection",
            "Record where held sessions are opened and log it if one leaks; false leaves it to the system"
                    + " property ferrite.leakDetection"),
    /** The long-wait warning's delay. */
    LONG_WAIT_WARNING_MILLIS("longWaitWarningMillis", Kind.LONG, null, "10000", Fallback.NONE, 1, "longWaitWarning",
            "Milliseconds, at least 1, after which an entry that waits without bound logs who holds its CPUs");

    private static final Map<String, CpuSetting> BY_KEY = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(CpuSetting::key, Function.identity()));

    private final String key;
    private final Kind kind;
    private final Class<? extends Enum<?>> choices;
    private final String defaultText;
    private final Fallback fallback;
    private final long min;
    private final String builderMethod;
    private final String description;

    CpuSetting(String key, Kind kind, Class<? extends Enum<?>> choices, String defaultText, Fallback fallback,
            long min, String builderMethod, String description) {
        this.key = key;
        this.kind = kind;
        this.choices = choices;
        this.defaultText = defaultText;
        this.fallback = fallback;
        this.min = min;
        this.builderMethod = builderMethod;
        this.description = description;
    }

    /**
     * @param key a key as written
     * @return the setting of that key, or empty
     */
    public static Optional<CpuSetting> forKey(String key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    /** @return the key, in maps, configurations and the documentation; also the metatype attribute's id */
    public String key() {
        return key;
    }

    /** @return the value's kind */
    public Kind kind() {
        return kind;
    }

    /** @return the default as documented and as the metatype declares it ({@code ""}: blank) */
    public String defaultText() {
        return defaultText;
    }

    /** @return the name of the {@code CpuBackend.Builder} method that sets it */
    public String builderMethod() {
        return builderMethod;
    }

    /** @return one line for the documentation tables and the metatype attribute's description */
    public String description() {
        return description;
    }

    /** @return the constants a {@link Kind#CHOICE} accepts, by name; empty for the other kinds */
    private String[] choices() {
        return choices == null ? new String[0]
                : Arrays.stream(choices.getEnumConstants()).map(Enum::name).toArray(String[]::new);
    }

    /**
     * Parses and checks a written value.
     *
     * @param op the operation, for messages
     * @param written the value as written: a {@code String}, or a value of the row's type (an
     *     {@code Integer} or {@code Long} for a number within range, a {@code Boolean}, a constant of the
     *     route enum)
     * @return an {@code Integer} ({@link Kind#INT}), {@code Long} ({@link Kind#LONG}), {@code Boolean},
     *     the trimmed CPU list ({@code String}; its syntax is {@code CpuDomain.parse}'s to check) or the
     *     enum constant ({@link Kind#CHOICE})
     * @throws ValidationException naming this key, what was expected and the value as written
     */
    public Object parse(String op, Object written) {
        Object value = kind.read(written, choices);
        if (value == null) {
            throw refused(op, written, kind == Kind.CHOICE ? oneOf(choices()) : kind.expected);
        }
        if (value instanceof Number number && !meansDefault(value) && number.longValue() < min) {
            throw refused(op, written, "an integer >= " + min + fallback.alternative);
        }
        return value;
    }

    /**
     * @param value a parsed value
     * @return whether it stands for the builder's default (this row's fallback), so that applying it
     *     is leaving the setting alone
     */
    public boolean meansDefault(Object value) {
        return fallback.test(value);
    }

    /**
     * The builder's check of a numeric argument against this row's lower bound.
     *
     * @param op the builder method, for messages
     * @param argument its parameter's name
     * @param value the argument
     * @throws ValidationException if {@code value} is below the bound
     */
    public void checkAtLeast(String op, String argument, long value) {
        if (value < min) {
            throw ValidationException.invalidArgument(op, argument, ">= " + min, String.valueOf(value), null);
        }
    }

    /**
     * @param written a value as written
     * @return the value as a message quotes it: a string in quotes (at most
     *     {@link TensorException#EXCERPT_LIMIT} characters), anything else as {@code String.valueOf}
     */
    public static String shown(Object written) {
        return written instanceof CharSequence text ? "\"" + TensorException.excerpt(text) + "\""
                : String.valueOf(written);
    }

    private ValidationException refused(String op, Object written, String expected) {
        return ValidationException.invalidArgument(op, key, expected, shown(written), null);
    }

    private static String oneOf(String[] names) {
        int last = names.length - 1;
        return String.join(", ", Arrays.copyOf(names, last)) + " or " + names[last];
    }

    /**
     * The kind of a setting's value: how it is written, parsed and declared in the metatype.
     *
     * <p>Thread-safe (an enum). Lifetime: constants.
     */
    public enum Kind {
        /** A 32-bit integer. */
        INT("int", int.class, "an integer"),
        /** A 64-bit integer. */
        LONG("long", long.class, "an integer"),
        /** {@code true} or {@code false}. */
        BOOLEAN("boolean", boolean.class, "true or false"),
        /** A CPU list such as {@code "0-3,8"}. */
        CPU_LIST("String", String.class, "a CPU list such as \"0-3,8\""),
        /** The name of an enum constant, case-insensitive. */
        CHOICE("String", String.class, null);

        private final String documented;
        private final Class<?> attributeType;
        private final String expected;

        Kind(String documented, Class<?> attributeType, String expected) {
            this.documented = documented;
            this.attributeType = attributeType;
            this.expected = expected;
        }

        /** @return the type as the documentation tables name it */
        public String documented() {
            return documented;
        }

        /** @return the return type of the metatype attribute method */
        public Class<?> attributeType() {
            return attributeType;
        }

        /** @return the parsed value, or {@code null} if {@code written} is not one of this kind */
        Object read(Object written, Class<? extends Enum<?>> choices) {
            String text = written instanceof String s ? s.trim() : null;
            switch (this) {
                case INT: {
                    Long wide = integer(written, text);
                    return wide != null && wide == wide.intValue() ? Integer.valueOf(wide.intValue()) : null;
                }
                case LONG:
                    return integer(written, text);
                case BOOLEAN:
                    if (written instanceof Boolean flag) {
                        return flag;
                    }
                    return "true".equalsIgnoreCase(text) ? Boolean.TRUE
                            : "false".equalsIgnoreCase(text) ? Boolean.FALSE : null;
                case CPU_LIST:
                    return text != null ? text : written instanceof Integer cpu ? String.valueOf(cpu) : null;
                default:
                    return constant(written, text, choices);
            }
        }

        private static Long integer(Object written, String text) {
            if (written instanceof Integer || written instanceof Long || written instanceof Short
                    || written instanceof Byte) {
                return ((Number) written).longValue();
            }
            if (text == null) {
                return null;
            }
            try {
                return Long.valueOf(text.replace("_", ""));
            } catch (NumberFormatException e) {
                return null;
            }
        }

        private static Object constant(Object written, String text, Class<? extends Enum<?>> choices) {
            if (choices.isInstance(written)) {
                return written;
            }
            for (Enum<?> constant : choices.getEnumConstants()) {
                if (constant.name().equalsIgnoreCase(text)) {
                    return constant;
                }
            }
            return null;
        }
    }

    /** A value that stands for the builder's default. */
    private enum Fallback {
        NONE(""), ZERO(", or 0 for the default"), NEGATIVE(""), BLANK(""), FALSE("");

        private final String alternative;

        Fallback(String alternative) {
            this.alternative = alternative;
        }

        boolean test(Object value) {
            switch (this) {
                case ZERO:
                    return ((Number) value).longValue() == 0;
                case NEGATIVE:
                    return ((Number) value).longValue() < 0;
                case BLANK:
                    return ((String) value).isBlank();
                case FALSE:
                    return Boolean.FALSE.equals(value);
                default:
                    return false;
            }
        }
    }
}
