package org.ferrite.cpu.internal.simd;

import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * Whether the Vector API kernels are in use, and the guarded loading of them. Decided once per class
 * loader, at first use: the kernels are on when the module {@code jdk.incubator.vector} is in the boot
 * layer (the JVM was started with {@code --add-modules jdk.incubator.vector}), its classes load from
 * this bundle, its preferred vector shape holds at least {@value #MIN_BITS} bits, and the system
 * property {@value #PROPERTY} is not {@code false}. Thread-safe (immutable after class
 * initialisation).
 *
 * <p>A kernel family declares an interface in the main source folder, implements its scalar form
 * there and its vector form in {@code src/main/simd}, and keeps the result of
 * {@link #load(Class, String, Object)} in a {@code static final} field: the JIT then treats the chosen
 * implementation as a constant, so the choice costs nothing per call.
 */
public final class Simd {
    /** System property that switches the Vector API kernels off ({@code -Dferrite.simd=false}). */
    public static final String PROPERTY = "ferrite.simd";
    /** Narrowest preferred vector the kernels are used with: a 128-bit unit would not repay them. */
    static final int MIN_BITS = 256;
    private static final String MODULE = "jdk.incubator.vector";
    private static final String PACKAGE = Simd.class.getPackageName() + ".";
    private static final int BITS;
    private static final String WHY_OFF;

    static {
        IntSupplier[] probe = new IntSupplier[1]; // loaded at most once, by the decision
        String whyOff = whyOff(System.getProperty(PROPERTY), ModuleLayer.boot().findModule(MODULE).isPresent(),
                () -> probe[0] = instantiate(IntSupplier.class, "VectorShape"));
        BITS = whyOff == null ? probe[0].getAsInt() : 0;
        WHY_OFF = whyOff;
    }

    /**
     * The decision, apart from where its inputs come from.
     *
     * @param property the value of {@value #PROPERTY}, or null
     * @param modulePresent whether {@code jdk.incubator.vector} is in the boot layer
     * @param probe loads the probe; returns null if the module's classes are not visible
     * @return null if the kernels are on, else why they are off
     */
    static String whyOff(String property, boolean modulePresent, Supplier<IntSupplier> probe) {
        if ("false".equalsIgnoreCase(property)) {
            return "switched off by -D" + PROPERTY + "=false";
        }
        if (!modulePresent) {
            return "the JVM was started without --add-modules " + MODULE;
        }
        IntSupplier shape = probe.get();
        if (shape == null) {
            return "the bundle cannot load " + MODULE + " (in OSGi: the framework does not export it)";
        }
        int bits = shape.getAsInt();
        return bits < MIN_BITS ? "the preferred vector is " + bits + " bits (fewer than " + MIN_BITS + ")" : null;
    }

    private Simd() {
    }

    /** @return true if the Vector API kernels are in use */
    public static boolean enabled() {
        return BITS > 0;
    }

    /** @return the preferred vector size in bits, 0 when the kernels are off */
    public static int bits() {
        return BITS;
    }

    /**
     * @return {@code "Vector API, 512-bit"} when on, else why not (for reports and capabilities)
     */
    public static String describe() {
        return enabled() ? "Vector API, " + BITS + "-bit" : "off: " + WHY_OFF;
    }

    /**
     * The vector implementation of a kernel family when the kernels are on, else the fallback.
     *
     * @param <T> the family's interface
     * @param type the family's interface
     * @param simpleName the implementation's simple class name in this package (public, with a public
     *     no-argument constructor)
     * @param fallback the scalar implementation, or {@code null} when the caller keeps a scalar path of
     *     its own for "no vector kernel" (it then tests the field for null, a constant to the JIT)
     * @return the implementation to keep in a {@code static final} field
     */
    public static <T> T load(Class<T> type, String simpleName, T fallback) {
        if (!enabled()) {
            return fallback;
        }
        T kernel = instantiate(type, simpleName);
        return kernel != null ? kernel : fallback;
    }

    static <T> T instantiate(Class<T> type, String simpleName) {
        try {
            Class<?> implementation = Class.forName(PACKAGE + simpleName, true, Simd.class.getClassLoader());
            return type.cast(implementation.getConstructor().newInstance());
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            return null; // the module's classes are not visible here: keep the scalar kernels
        }
    }
}
