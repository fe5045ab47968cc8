package org.ferrite.api.spi.session;

import java.lang.ref.Cleaner;

/**
 * The one {@link Cleaner} of the provider-support layer (one daemon thread for the whole layer): held
 * sessions and persistent allocations that become unreachable without being closed or freed are released
 * on it, with a warning through {@code System.Logger} {@value #LOGGER}; with
 * {@code -Dferrite.leakDetection=true} the warning carries the stack trace of where the object was made.
 *
 * <p>Thread-safe. Lifetime: the class's.
 */
final class LeakBackstop {
    /** The logger of leak warnings. */
    static final String LOGGER = "org.ferrite.api.spi.session";
    /** The cleaner. */
    static final Cleaner CLEANER = Cleaner.create();
    /** The logger. */
    static final System.Logger LOG = System.getLogger(LOGGER);

    private LeakBackstop() {
    }

    /**
     * @param what a description of the object, for the trace's message
     * @return the site where the object is being made, or {@code null} without leak detection
     */
    static Throwable site(String what) {
        return Boolean.getBoolean("ferrite.leakDetection") ? new Throwable(what) : null;
    }

    /**
     * Logs a leak warning.
     *
     * @param message what leaked and what was done
     * @param site where it was made, or {@code null}
     */
    static void warn(String message, Throwable site) {
        if (site != null) {
            LOG.log(System.Logger.Level.WARNING, message + " It was made at:", site);
        } else {
            LOG.log(System.Logger.Level.WARNING, message + " Run with -Dferrite.leakDetection=true to log where it"
                    + " was made.");
        }
    }
}
