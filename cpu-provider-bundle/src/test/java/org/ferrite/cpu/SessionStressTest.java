package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.Test;

/**
 * A bounded stress run: eight threads for about 1.5 s drive random mixes of held and scoped entries,
 * {@code tryOpenSession}, short bounded waits, self-interrupted waits, children on a foreign pool,
 * exceptions inside work, pool traffic and concurrent management calls over backends with
 * overlapping, disjoint and high-numbered CPU sets. Invariants: no two sessions with overlapping CPU
 * sets are ever inside their callbacks together (checked by per-CPU occupancy counters), every
 * refusal is one of the documented kinds, every wait ends, nothing stays queued or held, and every
 * buffer pool's accounting is exact.
 */
class SessionStressTest {
    private static final Duration RUN = Duration.ofMillis(1500);
    private static final String[] DOMAINS = {"0-1", "1-2", "3", "0-3", "4-5", "63-64", "100", "64,100"};

    private final AtomicIntegerArray occupancy = new AtomicIntegerArray(128);
    private final ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    private final AtomicLong callbacks = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    @Test
    void randomMixesKeepEveryAdmissionInvariant() throws Exception {
        try (TestBackends backends = new TestBackends()) {
            List<CpuBackend> all = new ArrayList<>();
            for (String domain : DOMAINS) {
                all.add(backends.add(backends.builder(domain).bufferPoolLimitBytes(64 * 1024).build()));
            }
            ForkJoinPool children = new ForkJoinPool(2);
            long deadline = System.nanoTime() + RUN.toNanos();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                long seed = 1000 + t;
                Thread thread = new Thread(() -> drive(all, children, deadline, new SplittableRandom(seed)),
                        "stress-" + t);
                thread.setUncaughtExceptionHandler((th, e) -> violations.add(th.getName() + " died: " + e));
                threads.add(thread);
                thread.start();
            }
            Thread monitor = new Thread(() -> manage(all, deadline), "management");
            monitor.start();
            Thread pressure = new Thread(() -> collectAndDrop(all, deadline), "gc-pressure");
            pressure.start();
            threads.forEach(Await::joined);
            Await.joined(monitor);
            Await.joined(pressure);
            children.shutdownNow();
            Await.until(() -> {
                System.gc();
                return all.stream().mapToLong(b -> b.sessionCounters().leaked()).sum() == dropped.get();
            }, () -> "the cleaner to release every dropped session (" + dropped + ")");

            assertThat(violations).isEmpty();
            assertThat(callbacks.get()).isPositive();
            assertThat(TestBackends.arbiter().queueLength()).isZero();
            for (CpuBackend backend : all) {
                assertThat(TestBackends.arbiter().heldCpus().overlaps(backend.domain().mask()))
                        .as("permit of %s released", backend.domain()).isFalse();
                assertThat(backend.engine().resources().checkBufferPoolAccounting()).as("pool of %s", backend.domain()).isNull();
                assertThat(backend.bufferPoolStats().retainedBytes()).isLessThanOrEqualTo(64 * 1024);
            }
        }
    }

    private void drive(List<CpuBackend> all, ForkJoinPool children, long deadline, SplittableRandom random) {
        while (System.nanoTime() - deadline < 0) {
            CpuBackend backend = all.get(random.nextInt(all.size()));
            try {
                switch (random.nextInt(7)) {
                    case 0 -> backend.withSession(s -> work(backend, s, random, children));
                    case 1 -> {
                        try (CpuHeldSession held = backend.openSession()) {
                            for (int i = random.nextInt(4); i >= 0; i--) {
                                held.withSession(s -> work(backend, s, random, children));
                            }
                        }
                    }
                    case 2 -> {
                        Optional<HeldSession> maybe = backend.tryOpenSession();
                        maybe.ifPresent(held -> {
                            try (held) {
                                held.withSession(s -> work(backend, s, random, children));
                            }
                        });
                    }
                    case 3 -> {
                        try (CpuHeldSession held = backend.openSession(Duration.ofNanos(random.nextLong(2_000_000)))) {
                            held.withSession(s -> work(backend, s, random, children));
                        }
                    }
                    case 4 -> {
                        Thread.currentThread().interrupt();
                        try {
                            backend.withSession(s -> work(backend, s, random, children));
                        } finally {
                            Thread.interrupted();
                        }
                    }
                    case 5 -> backend.withSession(s -> {
                        work(backend, s, random, children);
                        throw new ExpectedFailure();
                    });
                    default -> nested(backend, all.get(random.nextInt(all.size())));
                }
            } catch (SessionEntryException.Contended e) {
                // tryOpen, an elapsed bound, or the self-interrupted wait: documented refusals
                Thread.interrupted();
            } catch (ExpectedFailure e) {
                // passed through unchanged
            }
        }
    }

    private Object work(CpuBackend backend, BackendSession session, SplittableRandom random, ForkJoinPool children) {
        CpuMask cpus = backend.domain().mask();
        for (int cpu : cpus.toArray()) {
            if (occupancy.incrementAndGet(cpu) != 1) {
                violations.add("CPU " + cpu + " entered twice (" + backend.domain() + ")");
            }
        }
        try {
            callbacks.incrementAndGet();
            Tensor t = session.allocate(DType.F64, 256 + 128 * random.nextInt(4));
            if (random.nextBoolean()) {
                session.reclaim(t);
            }
            if (children != null && random.nextInt(8) == 0) {
                ChildExecution child = session.childExecution();
                Object result = children.submit(() -> child.withSession(c -> {
                    c.reclaim(c.allocate(DType.F32, 512));
                    return c.allocate(DType.I32, 3).size();
                })).join();
                if (!Long.valueOf(3).equals(result)) {
                    violations.add("child returned " + result);
                }
            }
            return null;
        } finally {
            for (int cpu : cpus.toArray()) {
                occupancy.decrementAndGet(cpu);
            }
        }
    }

    private void nested(CpuBackend outer, CpuBackend inner) {
        outer.withSession(s -> {
            boolean overlaps = outer.domain().overlaps(inner.domain());
            // bounded: holding one permit while waiting without bound for another can deadlock
            try (CpuHeldSession nested = inner.openSession(Duration.ofMillis(1))) {
                if (overlaps) {
                    violations.add("nested entry " + outer.domain() + " -> " + inner.domain() + " was admitted");
                }
                nested.withSession(t -> work(inner, t, new SplittableRandom(1), null));
            } catch (SessionEntryException.Reentered e) {
                if (!overlaps) {
                    violations.add("disjoint nested entry refused as reentered: " + e.getMessage());
                }
            } catch (SessionEntryException.Contended e) {
                if (overlaps) {
                    violations.add("overlapping nested entry waited instead of being refused: " + e);
                }
            }
            return null;
        });
    }

    /**
     * GC pressure and dropped handles: collects every few milliseconds, and now and then opens a held
     * session on a short-lived thread that runs one callback and drops the handle unclosed, so the
     * cleaner releases sessions while the others run.
     */
    private void collectAndDrop(List<CpuBackend> all, long deadline) {
        SplittableRandom random = new SplittableRandom(11);
        while (System.nanoTime() - deadline < 0) {
            CpuBackend backend = all.get(random.nextInt(all.size()));
            Thread dropper = new Thread(() -> {
                try {
                    backend.openSession(Duration.ofMillis(2)).withSession(s -> work(backend, s, random.split(), null));
                    dropped.incrementAndGet();
                } catch (SessionEntryException.Contended e) {
                    // busy: nothing was opened
                }
            }, "dropper");
            dropper.start();
            Await.joined(dropper);
            byte[][] garbage = new byte[64][];
            for (int i = 0; i < garbage.length; i++) {
                garbage[i] = new byte[16 << 10];
            }
            System.gc();
        }
    }

    private void manage(List<CpuBackend> all, long deadline) {
        SplittableRandom random = new SplittableRandom(7);
        while (System.nanoTime() - deadline < 0) {
            CpuBackend backend = all.get(random.nextInt(all.size()));
            try {
                if (random.nextBoolean()) {
                    backend.bufferPoolStats();
                } else {
                    backend.setBufferPoolLimitBytes(32 * 1024 + random.nextInt(2) * 32 * 1024);
                }
            } catch (RuntimeStateException e) {
                if (e instanceof SessionEntryException) {
                    violations.add("management refused as entry: " + e);
                }
            }
            Thread.yield();
        }
    }

    /** Thrown by work on purpose. */
    private static final class ExpectedFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
}
