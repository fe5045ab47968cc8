package org.ferrite.bench;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Silences netlib's start-up warning that its incubator Vector API implementation is unavailable
 * (JDK 17 runs without {@code --add-modules jdk.incubator.vector}; netlib then uses its Java 11 code).
 * The warning would otherwise interleave with every benchmark's and the report's output. Call before
 * netlib's first use. Thread-safe.
 */
public final class QuietNetlib {
    /** Held strongly: java.util.logging keeps loggers only weakly, and the level lives on the logger. */
    private static final Logger NETLIB = Logger.getLogger("dev.ludovic.netlib");

    private QuietNetlib() {
    }

    /** Raises netlib's logging threshold to {@code SEVERE}. Idempotent. */
    public static void apply() {
        NETLIB.setLevel(Level.SEVERE);
    }
}
