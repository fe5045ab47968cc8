package org.ferrite.cpu.internal.gemm;

import java.lang.System.Logger.Level;
import java.util.concurrent.Callable;
import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps netlib's start-up warnings out of the user's log. On its first use, netlib's
 * {@code dev.ludovic.netlib.blas.InstanceBuilder} tries every implementation it knows and logs, through
 * {@code java.util.logging} at {@code WARNING}, each one it cannot load: on JDK 17 always
 * "Failed to load implementation from:dev.ludovic.netlib.blas.VectorBLAS" (the incubator Vector API is
 * not enabled), and "…JNIBLAS" on a machine without a system BLAS. Ferrite asks only for the native
 * implementation and reports the outcome itself ({@link NativeBlas}), so those lines are noise.
 *
 * <p>{@link #call} runs netlib's first call with a {@link Filter} on netlib's own logger — that one
 * logger, not the root logger, no handler and no level — that drops exactly those records, passing
 * their text to Ferrite's {@code System.Logger} at {@code DEBUG}; any other record goes to the filter
 * that was installed before (kept and chained), which is restored afterwards. Nothing of the user's
 * logging configuration changes, and once netlib is initialised its logger never logs again.
 *
 * <p>Thread-safe (stateless); a first call racing another copy of the provider that does the same may
 * restore the other's filter a moment early, which only lets one such warning through. It has no
 * instances and holds no resources.
 */
final class NetlibStartup {
    /** The logger of netlib's implementation selection (the class name, as netlib names it). */
    static final String NETLIB_LOGGER = "dev.ludovic.netlib.blas.InstanceBuilder";
    private static final String FAILED_TO_LOAD = "Failed to load implementation from";
    private static final System.Logger LOG = System.getLogger(NativeBlas.class.getName());

    private NetlibStartup() {
    }

    /**
     * Runs {@code firstUse} with netlib's "failed to load" warnings redirected to Ferrite's debug log.
     *
     * @param firstUse the call that initialises netlib (e.g. {@code NativeBLAS::getInstance})
     * @param <T> its result type
     * @return what it returned
     * @throws Exception what it threw
     */
    static <T> T call(Callable<T> firstUse) throws Exception {
        Logger netlib = Logger.getLogger(NETLIB_LOGGER); // held strongly for the call: the filter lives on it
        Filter previous = netlib.getFilter();
        netlib.setFilter(record -> keep(record) && (previous == null || previous.isLoggable(record)));
        try {
            return firstUse.call();
        } finally {
            netlib.setFilter(previous);
        }
    }

    private static boolean keep(LogRecord record) {
        String message = record.getMessage();
        if (message != null && message.startsWith(FAILED_TO_LOAD)) {
            LOG.log(Level.DEBUG, "netlib: {0}", message);
            return false;
        }
        return true;
    }
}
