package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.ferrite.cpu.internal.worker.CpuWorkerThread;
import org.ferrite.cpu.internal.worker.WorkerPool;
import org.ferrite.cpu.testing.Await;

/** Shared steps of the phase tests: bounded waits, and running code on a worker of a backend's pool. */
final class PhaseFixtures {
    private PhaseFixtures() {
    }

    /** Waits (bounded) for the latch. */
    static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS)).as("latch reached zero").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A lane that stays active until its run is cancelled (bounded). */
    static void awaitCancelled(PhaseLane lane) {
        Await.until(lane::cancelled, () -> "the run to be cancelled");
    }

    /** @return the backend's worker pool (created if needed) */
    static WorkerPool poolOf(CpuBackend backend) {
        return backend.engine().workerPool();
    }

    /**
     * Runs {@code body} on a worker thread of the backend's pool while that pool is idle: two chunks
     * that wait for each other, so one of them must run on a worker.
     */
    static <T> T onWorkerOf(CpuBackend backend, Supplier<T> body) {
        AtomicReference<T> result = new AtomicReference<>();
        CountDownLatch both = new CountDownLatch(2);
        poolOf(backend).run(2, chunk -> {
            both.countDown();
            await(both);
            if (Thread.currentThread() instanceof CpuWorkerThread) {
                result.set(body.get());
            }
        });
        return result.get();
    }

    /**
     * Holds a session of {@code backend} on a thread of its own until closed.
     *
     * @param backend the backend whose CPUs to keep busy
     * @return the holder; close it to release the session
     */
    static AutoCloseable holdOnAnotherThread(CpuBackend backend) {
        CountDownLatch opened = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> done = onNewThread("holder", () -> {
            try (CpuHeldSession held = backend.openSession()) {
                assertThat(held.isOpen()).isTrue();
                opened.countDown();
                await(release);
            }
            return null;
        });
        await(opened);
        return () -> {
            release.countDown();
            Await.result(done);
        };
    }

    /** Runs {@code body} on a new daemon thread. */
    static <T> CompletableFuture<T> onNewThread(String name, Supplier<T> body) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(body.get());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return result;
    }
}
