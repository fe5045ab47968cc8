package org.ferrite.offheap.device;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds a device's stream with a latch, so that a test observes "queued but not yet run" as a state
 * instead of racing the stream: {@link #hold} queues a kernel that waits for the latch; the test opens
 * it with {@code countDown()}. Thread-safe (stateless). Lifetime: static helpers only.
 */
final class StreamGate {
    /** The bound of every wait, generous for a loaded machine. */
    static final long BOUND_SECONDS = 20;

    private StreamGate() {
    }

    /**
     * Holds {@code scope}'s stream until {@code gate} opens.
     *
     * @param scope a session's scope on the stream
     * @param gate the latch the test opens
     */
    static void hold(DeviceScope scope, CountDownLatch gate) {
        scope.submit("hold", () -> {
            try {
                if (!gate.await(BOUND_SECONDS, TimeUnit.SECONDS)) {
                    throw new AssertionError("the test did not open the gate");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
