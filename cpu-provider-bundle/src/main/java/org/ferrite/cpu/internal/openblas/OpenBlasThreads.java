package org.ferrite.cpu.internal.openblas;

import java.lang.System.Logger.Level;

/**
 * OpenBLAS's thread count, read and set through JNA direct mapping when the library a native route
 * opened is OpenBLAS. Shared by the native GEMM route ({@code libblas.so.3}) and the native LAPACK
 * tier ({@code liblapack.so.3}): on Debian both are thin libraries over the one
 * {@code libopenblas.so.0}, whose {@code openblas_*} symbols a look-up through either finds.
 * Thread-safe.
 *
 * <p>Lifetime: the functions are bound once per class loader, to the first library examined that
 * exports them; a later library whose {@code openblas_set_num_threads} is a different function (a
 * second OpenBLAS build in the process) is reported as not controllable rather than steered
 * through the wrong instance.
 *
 * <p><b>Process-wide</b>: OpenBLAS keeps one thread count for the whole process
 * ({@code openblas_set_num_threads} sets a global); every BLAS or LAPACK call made afterwards, from
 * any thread, uses it. Binding pins OpenBLAS to <b>one thread</b> — Ferrite parallelises over its own
 * worker pool, and OpenBLAS threads on top would oversubscribe the CPUs — unless the environment sets
 * {@code OPENBLAS_NUM_THREADS}, in which case Ferrite never changes the count (the user's choice
 * wins, and {@link #controllable()} is false). A caller that raises the count for one call
 * ({@link #set(int)}) and lowers it back to {@link #baseline()} may race with another thread doing
 * the same with a different count: the result is a different thread count for some call, never a
 * wrong result (OpenBLAS serialises concurrent callers of its threaded kernels).
 */
public final class OpenBlasThreads {
    private static final System.Logger LOG = System.getLogger(OpenBlasThreads.class.getName());
    private static final OpenBlasThreads ABSENT = new OpenBlasThreads(false, 0, "");

    private final boolean controllable;
    private final int baseline;
    private final String description;

    private OpenBlasThreads(boolean controllable, int baseline, String description) {
        this.controllable = controllable;
        this.baseline = baseline;
        this.description = description;
    }

    /**
     * Examines {@code library}: if it is OpenBLAS (exports {@code openblas_set_num_threads}), binds the
     * thread functions on first use, pins OpenBLAS to one thread unless {@code OPENBLAS_NUM_THREADS}
     * is set, and describes its configuration. Never throws.
     *
     * @param library the shared library a native route opened (a JNA library name or path)
     * @return the control; {@link #description()} is empty if the library is not OpenBLAS or JNA is
     *     absent
     */
    public static OpenBlasThreads forLibrary(String library) {
        try {
            return Jna.examine(library, System.getenv("OPENBLAS_NUM_THREADS"));
        } catch (LinkageError | RuntimeException e) {
            LOG.log(Level.DEBUG, "cannot inspect {0} through JNA: {1}", library, e);
            return ABSENT;
        }
    }

    /**
     * @return true if {@link #set(int)} changes OpenBLAS's thread count: the library is OpenBLAS, bound
     *     here, and {@code OPENBLAS_NUM_THREADS} is not set
     */
    public boolean controllable() {
        return controllable;
    }

    /** @return the thread count Ferrite keeps between calls (1), or 0 when not {@link #controllable()} */
    public int baseline() {
        return baseline;
    }

    /**
     * Sets OpenBLAS's process-wide thread count (OpenBLAS clamps it to the maximum it was built for).
     * Allocation-free; a no-op when not {@link #controllable()}.
     *
     * @param threads the thread count, at least 1
     */
    public void set(int threads) {
        if (controllable) {
            Bound.openblas_set_num_threads(threads);
        }
    }

    /**
     * @return OpenBLAS's current process-wide thread count (a snapshot, for diagnostics and tests), or
     *     0 when not {@link #controllable()}
     */
    public int current() {
        return controllable ? Bound.openblas_get_num_threads() : 0;
    }

    /**
     * @return e.g. {@code "OpenBLAS 0.3.21 DYNAMIC_ARCH Zen MAX_THREADS=64, 1 thread"}, or empty if the
     *     library is not OpenBLAS or JNA is absent
     */
    public String description() {
        return description;
    }

    @Override
    public String toString() {
        return description.isEmpty() ? "not OpenBLAS" : description;
    }

    /** The direct-mapped OpenBLAS functions; registered once, by {@link Jna#examine}. */
    private static final class Bound {
        private Bound() {
        }

        static native void openblas_set_num_threads(int threads);

        static native int openblas_get_num_threads();

        static native String openblas_get_config();
    }

    /** The JNA calls; loading this class fails with a LinkageError when JNA is absent. */
    private static final class Jna {
        private static final String SET_THREADS = "openblas_set_num_threads";
        /** Address of the bound {@code openblas_set_num_threads}; guarded by the class lock. */
        private static long boundAddress;

        static synchronized OpenBlasThreads examine(String library, String threadsFromEnvironment) {
            com.sun.jna.NativeLibrary lib = com.sun.jna.NativeLibrary.getInstance(library);
            long address;
            try {
                address = com.sun.jna.Pointer.nativeValue(lib.getFunction(SET_THREADS));
            } catch (UnsatisfiedLinkError notOpenBlas) {
                return ABSENT;
            }
            if (boundAddress == 0) {
                com.sun.jna.Native.register(Bound.class, lib);
                boundAddress = address;
                if (threadsFromEnvironment == null) {
                    Bound.openblas_set_num_threads(1);
                }
            } else if (boundAddress != address) {
                return new OpenBlasThreads(false, 0, "a second OpenBLAS instance, threads not controlled");
            }
            int threads = Bound.openblas_get_num_threads();
            String text = Bound.openblas_get_config().trim() + ", " + threads + (threads == 1 ? " thread" : " threads")
                    + (threadsFromEnvironment == null ? "" : " from OPENBLAS_NUM_THREADS");
            boolean controllable = threadsFromEnvironment == null;
            return new OpenBlasThreads(controllable, controllable ? 1 : 0, text);
        }
    }
}
