package org.ferrite.api.spi.session;

import java.time.Duration;
import java.util.Objects;

/**
 * The bound of a wait in nanoseconds, saturated: a {@link Duration} too long for a {@code long} of
 * nanoseconds waits without bound, one too negative does not wait. Thread-safe (stateless). Lifetime:
 * static helpers only.
 */
final class Durations {
    private Durations() {
    }

    /**
     * @param maxWait the bound
     * @return its nanoseconds, {@link Long#MAX_VALUE} or 0 where they do not fit a {@code long}
     */
    static long saturatedNanos(Duration maxWait) {
        Objects.requireNonNull(maxWait, "maxWait");
        try {
            return maxWait.toNanos();
        } catch (ArithmeticException e) {
            return maxWait.isNegative() ? 0 : Long.MAX_VALUE;
        }
    }
}
