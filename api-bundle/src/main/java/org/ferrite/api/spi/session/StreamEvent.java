package org.ferrite.api.spi.session;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.session.Event;
import org.ferrite.api.tensor.Placement;

/**
 * The {@link Event} of an asynchronous provider, written once: the provider queues a marker on its stream
 * behind the work the event covers, and the marker {@linkplain #complete() completes} it — or
 * {@linkplain #fail fails} it with the first failure of that work not yet reported — when it runs. Waiting
 * follows {@code Event}'s contract: {@link #await()} does not give up on interrupt (the status is set again
 * afterwards), {@link #await(Duration)} gives up after its bound, and both throw the failure, the same
 * instance to every waiter.
 *
 * <pre>{@code
 * public Event recordEvent() {
 *     guard.enter("recordEvent");
 *     StreamEvent event = new StreamEvent(placement);
 *     stream.submit(() -> scope.pendingFailure().ifPresentOrElse(event::fail, event::complete));
 *     return event;
 * }
 * }</pre>
 *
 * <p>Thread-safe: completed once, by any thread (the stream's); awaited from any thread. Lifetime: a value;
 * an event never completed (its stream discarded) blocks {@link #await()} for ever — a provider completes
 * every event it queued, also when its backend closes (it lets queued work finish).
 *
 * <pre>
 * Implementation notes.
 * done counts down once, by the first complete/fail (settled guards it); failure is written before the
 * count-down, so a waiter that saw done sees the failure (the latch orders them).
 * </pre>
 */
public final class StreamEvent implements Event {
    private final Placement placement;
    private final CountDownLatch done = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicBoolean settled = new java.util.concurrent.atomic.AtomicBoolean();
    /** The failure, written once before done counts down. */
    private volatile TensorException failure;

    /**
     * A pending event.
     *
     * @param placement where the recording session computes
     */
    public StreamEvent(Placement placement) {
        this.placement = Objects.requireNonNull(placement, "placement");
    }

    /**
     * Completes the event successfully; the first of {@code complete} and {@link #fail} wins.
     *
     * @return true if this call completed it
     */
    public boolean complete() {
        if (!settled.compareAndSet(false, true)) {
            return false;
        }
        done.countDown();
        return true;
    }

    /**
     * Completes the event with the failure of the work before it; the first of {@link #complete} and
     * {@code fail} wins.
     *
     * @param cause the failure, typed as the work threw it
     * @return true if this call completed it
     */
    public boolean fail(TensorException cause) {
        Objects.requireNonNull(cause, "cause");
        if (!settled.compareAndSet(false, true)) {
            return false;
        }
        failure = cause;
        done.countDown();
        return true;
    }

    /** @return the failure of a complete, failed event; empty while pending or after success */
    public Optional<TensorException> failure() {
        return done.getCount() == 0 ? Optional.ofNullable(failure) : Optional.empty();
    }

    @Override
    public Placement placement() {
        return placement;
    }

    @Override
    public boolean isComplete() {
        return done.getCount() == 0;
    }

    @Override
    public void await() {
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        rethrow();
    }

    @Override
    public boolean await(Duration maxWait) {
        long nanos = Durations.saturatedNanos(maxWait);
        long deadline = System.nanoTime() + nanos;
        boolean interrupted = false;
        boolean complete = isComplete();
        while (!complete && nanos > 0) {
            try {
                complete = done.await(nanos, TimeUnit.NANOSECONDS);
                break;
            } catch (InterruptedException e) {
                interrupted = true;
                nanos = deadline - System.nanoTime();
                complete = isComplete();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (complete) {
            rethrow();
        }
        return complete;
    }

    private void rethrow() {
        TensorException f = failure;
        if (f != null) {
            throw f;
        }
    }

    @Override
    public String toString() {
        return "Event[" + placement + ", " + (!isComplete() ? "pending" : failure == null ? "complete"
                : "failed: " + failure.getMessage()) + "]";
    }
}
