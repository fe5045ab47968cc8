package org.ferrite.cpu.internal.gemm;

import java.lang.System.Logger.Level;

/**
 * Reads and sets OpenBLAS's thread count through JNA, when both are present. Isolated in its own class
 * so that a missing JNA (an optional import of the bundle) is one caught {@link LinkageError}.
 * Thread-safe (stateless).
 */
final class OpenBlasControl {
    private static final System.Logger LOG = System.getLogger(OpenBlasControl.class.getName());

    private OpenBlasControl() {
    }

    /**
     * If {@code library} is OpenBLAS: pins it to one thread unless {@code OPENBLAS_NUM_THREADS} is set,
     * and describes its configuration.
     *
     * @param library the shared library netlib loaded
     * @return e.g. {@code "OpenBLAS 0.3.21 DYNAMIC_ARCH Zen MAX_THREADS=64, 1 thread"}, or empty if
     *     the library is not OpenBLAS or JNA is absent
     */
    static String configure(String library) {
        try {
            return Jna.configure(library, System.getenv("OPENBLAS_NUM_THREADS"));
        } catch (LinkageError | RuntimeException e) {
            LOG.log(Level.DEBUG, "cannot inspect {0} through JNA: {1}", library, e);
            return "";
        }
    }

    /** The JNA calls; loading this class fails with a LinkageError when JNA is absent. */
    private static final class Jna {
        static String configure(String library, String threadsFromEnvironment) {
            com.sun.jna.NativeLibrary lib = com.sun.jna.NativeLibrary.getInstance(library);
            com.sun.jna.Function config;
            com.sun.jna.Function setThreads;
            com.sun.jna.Function getThreads;
            try {
                config = lib.getFunction("openblas_get_config");
                setThreads = lib.getFunction("openblas_set_num_threads");
                getThreads = lib.getFunction("openblas_get_num_threads");
            } catch (UnsatisfiedLinkError notOpenBlas) {
                return "";
            }
            if (threadsFromEnvironment == null) {
                setThreads.invokeVoid(new Object[] {1});
            }
            int threads = getThreads.invokeInt(new Object[0]);
            String cfg = config.invokeString(new Object[0], false);
            return cfg.trim() + ", " + threads + (threads == 1 ? " thread" : " threads")
                    + (threadsFromEnvironment == null ? "" : " from OPENBLAS_NUM_THREADS");
        }
    }
}
