package org.ferrite.testkit.suite;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.opentest4j.AssertionFailedError;

/**
 * Runs test code on a fresh thread with bounded waits, never sleeping: {@link #start} returns a handle
 * whose {@link Handle#awaitBlocked()} observes the thread parked (waiting for admission) and whose
 * {@link Handle#join()} returns the result or rethrows what the code threw.
 *
 * <p>Thread-safe. Lifetime: a handle lives until joined; its thread is a daemon.
 */
final class OtherThread {
    /** The bound of every wait, generous for a loaded CI machine. */
    public static final Duration BOUND = Duration.ofSeconds(20);

    private OtherThread() {
    }

    /**
     * @param name the thread's name
     * @param body the code to run
     * @param <T> its result type
     * @return a handle on the started thread
     */
    public static <T> Handle<T> start(String name, Callable<T> body) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(body.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return new Handle<>(thread, result);
    }

    /**
     * Runs {@code body} on a fresh thread and waits for it.
     *
     * @param body the code
     * @param <T> its result type
     * @return its result
     * @throws Throwable whatever it threw
     */
    public static <T> T call(Callable<T> body) throws Throwable {
        return start("ferrite-conformance-other", body).join();
    }

    /**
     * A started thread.
     *
     * @param <T> its result type
     */
    public static final class Handle<T> {
        private final Thread thread;
        private final CompletableFuture<T> result;

        Handle(Thread thread, CompletableFuture<T> result) {
            this.thread = thread;
            this.result = result;
        }

        /** @return the thread */
        public Thread thread() {
            return thread;
        }

        /**
         * Waits until the thread is parked ({@code WAITING} or {@code TIMED_WAITING}), i.e. blocked in an
         * admission queue, by observing its state — never by sleeping.
         */
        public void awaitBlocked() {
            long deadline = System.nanoTime() + BOUND.toNanos();
            while (true) {
                Thread.State state = thread.getState();
                if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) {
                    return;
                }
                if (result.isDone() || System.nanoTime() > deadline) {
                    throw new AssertionFailedError("thread " + thread.getName() + " did not block (state " + state
                            + ", done " + result.isDone() + ")");
                }
                Thread.onSpinWait();
                Thread.yield();
            }
        }

        /**
         * @return the result
         * @throws Throwable what the code threw
         */
        public T join() throws Throwable {
            try {
                return result.get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw e.getCause();
            } catch (TimeoutException e) {
                throw new AssertionFailedError("thread " + thread.getName() + " did not finish within " + BOUND);
            }
        }
    }
}
