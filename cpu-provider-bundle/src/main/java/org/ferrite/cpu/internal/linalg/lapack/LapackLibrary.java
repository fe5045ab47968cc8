package org.ferrite.cpu.internal.linalg.lapack;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.cpu.internal.openblas.OpenBlasThreads;

/**
 * The system LAPACK reached through JNA, or the reason it is not reachable. Thread-safe (immutable).
 *
 * <p>Lifetime: probed once per class loader, lazily, on the first {@link #get()}: a provider bundle
 * that is refreshed (a new class loader) probes and binds again. Nothing here throws to callers: every
 * failure — JNA absent (it is an optional import of the bundle), the library not found, a symbol
 * missing, the sanity check failing — makes {@link #available()} false with the reason in
 * {@link #description()}, logged once through {@link System.Logger} at {@code INFO}.
 *
 * <p>Configuration (read once, at the probe): {@code -Dferrite.lapack.native=false} disables the tier;
 * {@code -Dferrite.lapack.library=NAME} names the library to open (a JNA name such as
 * {@code lapack} or a file name or path; default {@code liblapack.so.3}, Debian's LAPACK alternative,
 * which {@code libopenblas0-pthread} provides).
 *
 * <p>The probe opens the library, checks that every routine this package binds is exported (listing
 * the missing ones), registers the direct mapping, and runs a sanity check through the bindings — a
 * 2×2 symmetric eigenproblem in {@code dsyevd} (Fortran, hidden character lengths, workspace query)
 * and a 2×2 Cholesky in {@code zpotrf} (complex) — so a library with another integer width or calling
 * convention is refused rather than trusted. If the library is OpenBLAS, its thread count is pinned
 * to one (see {@link OpenBlasThreads}).
 */
public final class LapackLibrary {
    /** System property that disables the tier when set to {@code false}. */
    public static final String ENABLE_PROPERTY = "ferrite.lapack.native";
    /** System property naming the library to open. */
    public static final String LIBRARY_PROPERTY = "ferrite.lapack.library";
    /** The library opened by default. */
    public static final String DEFAULT_LIBRARY = "liblapack.so.3";

    private static final System.Logger LOG = System.getLogger(LapackLibrary.class.getName());

    private final boolean available;
    private final String description;
    private final OpenBlasThreads openBlas;

    private LapackLibrary(boolean available, String description, OpenBlasThreads openBlas) {
        this.available = available;
        this.description = description;
        this.openBlas = openBlas;
    }

    private static final class Holder {
        static final LapackLibrary INSTANCE = load(System.getProperty(ENABLE_PROPERTY, "true"),
                System.getProperty(LIBRARY_PROPERTY, DEFAULT_LIBRARY));
    }

    /** The result of {@link #get()} once it has run; read by {@link #located()}. */
    private static volatile LapackLibrary bound;

    /** @return the LAPACK of this class loader, probing and binding it on first call */
    public static LapackLibrary get() {
        LapackLibrary library = Holder.INSTANCE;
        bound = library;
        return library;
    }

    /**
     * What a backend's capabilities report, without binding anything: the answer of {@link #get()} if it
     * has run, else whether the library opens and exports every routine (the binding and the sanity
     * check wait for the first call routed to LAPACK). Binding early would pin this class loader for
     * good — JNA's direct mapping keeps every class it binds, and its loader, reachable — so a provider
     * copy (an updated bundle's old revision) that built backends but never ran native LAPACK stays
     * collectable. If the later sanity check fails, the Java tiers serve and the failure is logged.
     *
     * @return the library as located, described
     */
    public static LapackLibrary located() {
        LapackLibrary library = bound;
        if (library != null) {
            return library;
        }
        String name = System.getProperty(LIBRARY_PROPERTY, DEFAULT_LIBRARY);
        if ("false".equalsIgnoreCase(System.getProperty(ENABLE_PROPERTY, "true"))) {
            return new LapackLibrary(false, "unavailable (disabled by -D" + ENABLE_PROPERTY + "=false)", null);
        }
        String failure;
        try {
            failure = Jna.locate(name);
        } catch (LinkageError e) {
            failure = "JNA is not available: " + describe(e);
        } catch (RuntimeException e) {
            failure = "cannot open " + name + ": " + describe(e);
        }
        return failure == null ? new LapackLibrary(true, "native " + name + " (bound on first use)", null)
                : new LapackLibrary(false, "unavailable (" + failure + ")", null);
    }

    /**
     * Probes a library (visible for tests, which pass bogus names).
     *
     * @param enabled the value of {@link #ENABLE_PROPERTY}
     * @param library the library to open
     * @return the loaded library, or an unavailable one carrying the reason
     */
    static LapackLibrary load(String enabled, String library) {
        if ("false".equalsIgnoreCase(enabled)) {
            return unavailable("disabled by -D" + ENABLE_PROPERTY + "=false");
        }
        String failure;
        try {
            failure = Jna.open(library);
        } catch (LinkageError e) { // JNA absent, or its native part cannot load
            return unavailable("JNA is not available: " + describe(e));
        } catch (RuntimeException e) {
            return unavailable("cannot bind " + library + ": " + describe(e));
        }
        if (failure != null) {
            return unavailable(failure);
        }
        OpenBlasThreads openBlas = OpenBlasThreads.forLibrary(library);
        LapackLibrary loaded = new LapackLibrary(true, "native " + library
                + (openBlas.description().isEmpty() ? "" : " (" + openBlas.description() + ")"), openBlas);
        String insane = sanityCheck(loaded);
        if (insane != null) {
            return unavailable(library + " failed the sanity check: " + insane);
        }
        LOG.log(Level.DEBUG, "Ferrite linalg: {0}", loaded.description);
        return loaded;
    }

    private static LapackLibrary unavailable(String reason) {
        LOG.log(Level.INFO, "Ferrite linalg: native LAPACK unavailable, using the Java kernels: {0}", reason);
        return new LapackLibrary(false, "unavailable (" + reason + ")", null);
    }

    private static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null ? "" : ": " + message.trim());
    }

    /** @return null if the bound routines compute what they should, else what went wrong */
    private static String sanityCheck(LapackLibrary library) {
        try (LapackWorkspace ws = new LapackWorkspace(library)) {
            double[] symmetric = {2, 1, 1, 2};
            double[] w = new double[2];
            int info = Eigh.f64(ws, Triangle.LOWER, false, 2, symmetric, 0, 2, w, 0, null, 0, 1);
            if (info != 0 || Math.abs(w[0] - 1) > 1e-12 || Math.abs(w[1] - 3) > 1e-12) {
                return "dsyevd of [[2, 1], [1, 2]] gave info " + info + ", eigenvalues " + w[0] + ", " + w[1];
            }
            double[] hermitian = {4, 0, 0, 2, 0, -2, 5, 0}; // [[4, -2i], [2i, 5]]
            double[] l = new double[8];
            info = Cholesky.c128(ws, Triangle.LOWER, 2, hermitian, 0, 2, l, 0, 2);
            // L = [[2, 0], [i, 2]]
            if (info != 0 || l[0] != 2 || l[1] != 0 || l[2] != 0 || l[3] != 1 || l[6] != 2 || l[7] != 0) {
                return "zpotrf of [[4, -2i], [2i, 5]] gave info " + info + ", L(0, 0) = " + l[0] + ", L(1, 0) = "
                        + l[2] + (l[3] >= 0 ? "+" : "") + l[3] + "i";
            }
            return null;
        } catch (RuntimeException | LinkageError e) {
            return describe(e);
        }
    }

    /** @return true if the native tier can be used */
    public boolean available() {
        return available;
    }

    /**
     * @return e.g. {@code "native liblapack.so.3 (OpenBLAS 0.3.21 …, 1 thread)"}, or
     *     {@code "unavailable (reason)"}
     */
    public String description() {
        return description;
    }

    /**
     * @return OpenBLAS's thread control for this library
     * @throws IllegalStateException if not {@link #available()}
     */
    OpenBlasThreads openBlas() {
        if (!available) {
            throw new IllegalStateException("native LAPACK is " + description);
        }
        return openBlas;
    }

    @Override
    public String toString() {
        return description;
    }

    /** The JNA calls; loading this class fails with a LinkageError when JNA is absent. */
    private static final class Jna {
        /** @return null when bound, else why not */
        static String open(String library) {
            com.sun.jna.NativeLibrary lib;
            try {
                lib = com.sun.jna.NativeLibrary.getInstance(library, Map.of(com.sun.jna.Library.OPTION_FUNCTION_MAPPER,
                        (com.sun.jna.FunctionMapper) (l, method) -> method.getName() + "_"));
            } catch (UnsatisfiedLinkError notFound) {
                return "cannot load " + library + ": " + describe(notFound);
            }
            String missing = missing(library, lib);
            return missing != null ? missing : LapackNative.bind(lib);
        }

        /**
         * Opens the library without options (JNA then holds nothing of this class loader) and checks
         * its symbols, binding nothing.
         *
         * @return null when every routine is exported, else why not
         */
        static String locate(String library) {
            try {
                return missing(library, com.sun.jna.NativeLibrary.getInstance(library));
            } catch (UnsatisfiedLinkError notFound) {
                return "cannot load " + library + ": " + describe(notFound);
            }
        }

        /** @return null when {@code lib} exports every routine, else which it lacks */
        private static String missing(String library, com.sun.jna.NativeLibrary lib) {
            List<String> missing = new ArrayList<>();
            for (String symbol : LapackNative.symbols()) {
                try {
                    lib.getFunction(symbol);
                } catch (UnsatisfiedLinkError absent) {
                    missing.add(symbol);
                }
            }
            if (!missing.isEmpty()) {
                return library + " (" + lib.getFile() + ") lacks " + missing.size() + " LAPACK symbol"
                        + (missing.size() == 1 ? "" : "s") + " " + missing
                        + " (not a complete LP64 LAPACK with gfortran names; ILP64 builds suffix them 64_)";
            }
            return null;
        }
    }
}
