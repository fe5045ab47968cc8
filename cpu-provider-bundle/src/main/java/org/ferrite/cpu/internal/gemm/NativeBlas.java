package org.ferrite.cpu.internal.gemm;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.NativeBLAS;
import java.lang.System.Logger.Level;
import java.util.concurrent.Callable;
import org.ferrite.cpu.internal.openblas.OpenBlasThreads;

/**
 * The system BLAS reached through {@code dev.ludovic.netlib}'s JNI shim, or the reason it is not
 * reachable. Thread-safe (immutable).
 *
 * <p>Lifetime: loaded once per class loader on first use ({@link #get()}). The shim is unpacked to a
 * fresh temporary file by the class that loads it, so a provider bundle that is stopped, refreshed
 * and started again (a new class loader) loads its own copy; nothing here is process-global except
 * the BLAS library's own thread setting (below).
 *
 * <p>Degradation: if the shim or the library cannot be loaded (no {@code libblas.so.3} installed,
 * netlib missing from the bundle, an unsupported platform) or a 2×2 sanity product comes back wrong,
 * {@link #available()} is false, the reason is logged once through {@link System.Logger} at
 * {@code INFO}, and every route runs on the Java kernels. {@code -Dferrite.blas.native=false}
 * disables the native route on purpose.
 *
 * <p>Threads: Ferrite parallelises over its own worker pool (the backend's thread budget), so when
 * the library is OpenBLAS and the environment does not set {@code OPENBLAS_NUM_THREADS}, it is
 * switched to one thread per call ({@code openblas_set_num_threads(1)}, through JNA when present).
 * This setting is process-wide, as is any OpenBLAS configuration.
 *
 * <p>Logging: netlib's own start-up warnings (which implementations it failed to load) are kept out of
 * the application's log ({@link NetlibStartup}); the outcome is logged once here, as above.
 */
public final class NativeBlas {
    /** System property that disables the native route when set to {@code false}. */
    public static final String ENABLE_PROPERTY = "ferrite.blas.native";

    private static final System.Logger LOG = System.getLogger(NativeBlas.class.getName());

    private final BLAS blas;
    private final String description;

    private NativeBlas(BLAS blas, String description) {
        this.blas = blas;
        this.description = description;
    }

    private static final class Holder {
        static final NativeBlas INSTANCE = load(System.getProperty(ENABLE_PROPERTY, "true"),
                () -> NetlibStartup.call(NativeBLAS::getInstance)); // netlib's own start-up warnings: DEBUG
    }

    /** @return the native BLAS of this class loader, loading it on first call */
    public static NativeBlas get() {
        return Holder.INSTANCE;
    }

    /**
     * Loads and checks a native BLAS (visible for tests, which inject failing loaders).
     *
     * @param enabled the value of {@link #ENABLE_PROPERTY}
     * @param loader produces the native implementation, or throws
     * @return the loaded instance, or an unavailable one carrying the reason
     */
    static NativeBlas load(String enabled, Callable<? extends BLAS> loader) {
        if ("false".equalsIgnoreCase(enabled)) {
            return unavailable("disabled by -D" + ENABLE_PROPERTY + "=false");
        }
        BLAS candidate;
        try {
            candidate = loader.call();
        } catch (Throwable t) { // LinkageError (missing classes, no library) or the loader's own failure
            return unavailable("cannot load native BLAS: " + describe(t));
        }
        try {
            if (!sane(candidate)) {
                return unavailable("native BLAS " + candidate.getClass().getName()
                        + " failed the 2x2 dgemm sanity check");
            }
        } catch (Throwable t) {
            return unavailable("native BLAS " + candidate.getClass().getName() + " failed: " + describe(t));
        }
        String library = libraryName();
        String threads = OpenBlasThreads.forLibrary(library).description();
        String text = "native " + candidate.getClass().getName() + " over " + library
                + (threads.isEmpty() ? "" : " (" + threads + ")");
        LOG.log(Level.DEBUG, "Ferrite GEMM: {0}", text);
        return new NativeBlas(candidate, text);
    }

    private static NativeBlas unavailable(String reason) {
        LOG.log(Level.INFO, "Ferrite GEMM: native BLAS unavailable, using the Java kernels: {0}", reason);
        return new NativeBlas(null, "unavailable (" + reason + "); Java kernels");
    }

    private static String describe(Throwable t) {
        String message = t.getMessage();
        Throwable cause = t.getCause();
        String text = t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        return cause == null || cause == t ? text : text + " (caused by " + describe(cause) + ")";
    }

    private static boolean sane(BLAS candidate) {
        double[] a = {1, 2, 3, 4};
        double[] b = {5, 6, 7, 8};
        double[] c = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        candidate.dgemm("N", "N", 2, 2, 2, 1, a, 0, 2, b, 0, 2, 0, c, 0, 2);
        return c[0] == 23 && c[1] == 34 && c[2] == 31 && c[3] == 46;
    }

    /** @return the shared library netlib's shim opens, per its documented system properties */
    private static String libraryName() {
        String path = System.getProperty("dev.ludovic.netlib.blas.nativeLibPath");
        if (path != null) {
            return path;
        }
        String name = System.getProperty("dev.ludovic.netlib.blas.nativeLib");
        return name != null ? "lib" + name + ".so" : "libblas.so.3";
    }

    /** @return true if the native route can be taken */
    public boolean available() {
        return blas != null;
    }

    /**
     * @return the implementation in use, e.g. {@code "native dev.ludovic.netlib.blas.JNIBLAS over
     *     libblas.so.3 (OpenBLAS 0.3.21 …, 1 thread)"}, or {@code "unavailable (reason); Java kernels"}
     */
    public String description() {
        return description;
    }

    /**
     * @return the native implementation
     * @throws IllegalStateException if {@link #available()} is false
     */
    public BLAS blas() {
        if (blas == null) {
            throw new IllegalStateException("native BLAS is " + description);
        }
        return blas;
    }

    @Override
    public String toString() {
        return description;
    }
}
