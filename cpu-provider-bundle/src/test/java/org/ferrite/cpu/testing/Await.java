package org.ferrite.cpu.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Bounded waiting for an observable condition (an arbiter's queue length, a thread's state) — never
 * sleeping for a guessed time. Fails the test if the condition does not hold within the bound.
 */
public final class Await {
    /** The bound used by tests unless they say otherwise: generous, only reached on failure. */
    public static final Duration BOUND = Duration.ofSeconds(10);

    private Await() {
    }

    /**
     * @param condition what must become true
     * @param description what is awaited, for the failure message
     */
    public static void until(BooleanSupplier condition, Supplier<String> description) {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + BOUND + ": " + description.get());
            }
            Thread.yield();
        }
    }

    /**
     * Waits until {@code thread} is parked or blocked (it reached its waiting point).
     *
     * @param thread the thread
     */
    public static void parked(Thread thread) {
        until(() -> thread.getState() == Thread.State.WAITING || thread.getState() == Thread.State.TIMED_WAITING,
                () -> thread.getName() + " to wait, but it is " + thread.getState());
    }

    /**
     * @param future a result to come
     * @param <T> its type
     * @return the result, within the bound
     */
    public static <T> T result(java.util.concurrent.Future<T> future) {
        try {
            return future.get(BOUND.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for a result", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError("the awaited task failed", e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no result within " + BOUND, e);
        }
    }

    /**
     * Joins a thread within the bound.
     *
     * @param thread the thread
     */
    public static void joined(Thread thread) {
        try {
            thread.join(BOUND.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while joining " + thread.getName(), e);
        }
        if (thread.isAlive()) {
            throw new AssertionError(thread.getName() + " did not finish within " + BOUND + "; stack: "
                    + java.util.Arrays.toString(thread.getStackTrace()));
        }
    }
}
