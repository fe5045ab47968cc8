package org.ferrite.offheap.device;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.api.error.BackendFailureException;

/**
 * The off-heap provider's stream: one thread that runs submitted work in submission order, as a CUDA
 * stream does. Every kernel, every transfer into or out of device memory and every stream-ordered
 * release of memory runs here, so each observes the effects of everything submitted before it.
 *
 * <p>Work never throws into the stream: a {@link DeviceScope} catches what its kernel throws and keeps
 * it for its session's next synchronisation point. {@link #drain()} waits until everything submitted so
 * far ran.
 *
 * <p>Thread-safe. Lifetime: from the backend's creation to its release, when {@link #shutdown()} lets the
 * queued work finish and ends the thread (a daemon, so a forgotten backend never keeps a JVM alive).
 */
public final class Stream {
    private static final AtomicInteger STREAMS = new AtomicInteger();

    private final ExecutorService thread;

    /** Starts the stream's thread. */
    public Stream() {
        String name = "ferrite-offheap-stream-" + STREAMS.incrementAndGet();
        this.thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Queues {@code work} behind everything submitted before.
     *
     * @param op the operation, for the error if the stream was shut down
     * @param work the work; it must not throw (see {@link DeviceScope#submit})
     * @throws BackendFailureException if the stream was shut down
     */
    void submit(String op, Runnable work) {
        try {
            thread.execute(work);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            throw new BackendFailureException(op, "the off-heap stream was shut down (backend released)", e);
        }
    }

    /**
     * Waits, without giving up on interrupt, until everything submitted before this call ran; the interrupt
     * status is set again afterwards if the wait was interrupted. A synchronisation must complete: memory is
     * freed and results are read only after it.
     *
     * @param op the operation, for the error
     */
    void drain(String op) {
        CompletableFuture<Void> marker = new CompletableFuture<>();
        submit(op, () -> marker.complete(null));
        boolean interrupted = false;
        while (true) {
            try {
                marker.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                throw new BackendFailureException(op, "the off-heap stream failed", e.getCause());
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }


    /** Lets queued work finish and ends the thread. Idempotent. */
    public void shutdown() {
        thread.shutdown();
    }
}
