package org.ferrite.api.session;

import java.time.Duration;
import java.util.Objects;
import org.ferrite.api.tensor.Placement;

/**
 * The event of a synchronous provider: complete when made, never failed. Thread-safe (immutable).
 * Lifetime: a value.
 */
final class CompletedEvent implements Event {
    private final Placement placement;

    CompletedEvent(Placement placement) {
        this.placement = Objects.requireNonNull(placement, "placement");
    }

    @Override
    public Placement placement() {
        return placement;
    }

    @Override
    public boolean isComplete() {
        return true;
    }

    @Override
    public void await() {
        // complete when made
    }

    @Override
    public boolean await(Duration maxWait) {
        Objects.requireNonNull(maxWait, "maxWait");
        return true;
    }

    @Override
    public String toString() {
        return "Event[" + placement + ", complete]";
    }
}
