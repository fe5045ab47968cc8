package org.ferrite.api.spi.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.session.Event;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.junit.jupiter.api.Test;

/** {@link StreamEvent} and {@link Event#completed}: completion once, polling, bounded and unbounded waits, failures. */
class StreamEventTest {
    private static final Placement DEVICE = new Placement(DeviceKind.OTHER, 3);

    @Test
    void aPendingEventPollsFalseAndABoundedWaitGivesUp() {
        StreamEvent e = new StreamEvent(DEVICE);
        assertThat(e.isComplete()).isFalse();
        assertThat(e.await(Duration.ZERO)).isFalse();
        assertThat(e.await(Duration.ofMillis(-5))).isFalse();
        assertThat(e.await(Duration.ofMillis(20))).isFalse();
        assertThat(e.failure()).isEmpty();
        assertThat(e.placement()).isEqualTo(DEVICE);
        assertThat(e.toString()).contains("pending");
    }

    @Test
    void theFirstCompletionWinsAndReleasesEveryWaiter() throws Exception {
        StreamEvent e = new StreamEvent(DEVICE);
        CompletableFuture<Void> waiter = CompletableFuture.runAsync(e::await);
        CompletableFuture<Boolean> bounded = CompletableFuture.supplyAsync(() -> e.await(Duration.ofSeconds(20)));
        assertThat(e.complete()).isTrue();
        assertThat(e.fail(new BackendFailureException("late", "too late", null))).isFalse();
        assertThat(e.complete()).isFalse();
        waiter.get(20, TimeUnit.SECONDS);
        assertThat(bounded.get(20, TimeUnit.SECONDS)).isTrue();
        assertThat(e.isComplete()).isTrue();
        assertThat(e.failure()).isEmpty();
        assertThat(e.await(Duration.ZERO)).isTrue();
        assertThat(e.toString()).contains("complete");
    }

    @Test
    void aFailedEventThrowsItsFailureToEveryWaiterButNotToAPoll() throws Exception {
        StreamEvent e = new StreamEvent(DEVICE);
        NumericalFailureException cause = new NumericalFailureException("div", "integer division by zero");
        CompletableFuture<Throwable> waiter = CompletableFuture.supplyAsync(() -> catchThrowable(e::await));
        assertThat(e.fail(cause)).isTrue();
        assertThat(waiter.get(20, TimeUnit.SECONDS)).isSameAs(cause);
        assertThat(e.isComplete()).isTrue();
        assertThat(e.failure()).containsSame(cause);
        assertThatThrownBy(e::await).isSameAs(cause);
        assertThatThrownBy(() -> e.await(Duration.ZERO)).isSameAs(cause);
        assertThat(e.toString()).contains("failed");
    }

    @Test
    void anInterruptDoesNotEndAWaitAndIsKept() throws Exception {
        StreamEvent e = new StreamEvent(DEVICE);
        CompletableFuture<Thread> started = new CompletableFuture<>();
        CompletableFuture<Boolean> interruptedAfter = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            started.complete(Thread.currentThread());
            e.await();
            interruptedAfter.complete(Thread.interrupted());
        });
        t.start();
        started.get(20, TimeUnit.SECONDS);
        awaitWaiting(t);
        t.interrupt();
        awaitWaiting(t); // back to waiting: the interrupt did not end the wait
        assertThat(interruptedAfter).isNotDone();
        e.complete();
        assertThat(interruptedAfter.get(20, TimeUnit.SECONDS)).as("the interrupt status is set again").isTrue();
        Thread.currentThread().interrupt();
        try {
            assertThat(e.await(Duration.ofSeconds(1))).isTrue();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    private static void awaitWaiting(Thread t) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (t.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(t.getState()).isEqualTo(Thread.State.WAITING);
    }

    @Test
    void aCompletedEventIsCompleteAtOnceAndNeverFails() {
        Event e = Event.completed(Placement.HOST);
        assertThat(e.isComplete()).isTrue();
        e.await();
        assertThat(e.await(Duration.ZERO)).isTrue();
        assertThat(e.placement()).isEqualTo(Placement.HOST);
        assertThatThrownBy(() -> e.await(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Event.completed(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new StreamEvent(DEVICE).fail(null)).isInstanceOf(NullPointerException.class);
    }
}
