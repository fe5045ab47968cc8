package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionCloseException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.internal.affinity.AffinityException;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contract points of {@link CpuHeldSession}, one test each (named as in its Javadoc). */
class CpuHeldSessionTest {
    private final TestBackends backends = new TestBackends();
    private final ForkJoinPool enclosingPool = new ForkJoinPool(1);

    @AfterEach
    void closeAll() {
        enclosingPool.shutdownNow();
        backends.close();
    }

    // ------------------------------------------------------------------ results

    @Test
    void heldAndScopedEntriesGiveIdenticalResults() {
        CpuBackend backend = backends.on("0-1");
        Tensor a = Tensor.random(DType.F64, 11, 3, 5);
        Tensor b = Tensor.random(DType.F64, 12, 3, 5);
        Tensor z = Tensor.random(DType.C128, 13, 4);
        // hand-checked case first: 1 + 2 = 3
        Tensor one = Tensor.of(new double[] {1}, 1);
        Tensor two = Tensor.of(new double[] {2}, 1);
        assertThat(backend.withSession(s -> s.add(one, two)).f64Data()).containsExactly(3);

        List<Tensor> scoped = List.of(backend.withSession(s -> s.add(a, b)),
                backend.withSession(s -> s.sum(s.mul(a, b), 1)), backend.withSession(s -> s.exp(s.neg(a))),
                backend.withSession(s -> s.transpose(s.sub(a, b), 1, 0)), backend.withSession(s -> s.mul(z, z)));
        List<Tensor> held;
        try (CpuHeldSession session = backend.openSession()) {
            held = List.of(session.withSession(s -> s.add(a, b)), session.withSession(s -> s.sum(s.mul(a, b), 1)),
                    session.withSession(s -> s.exp(s.neg(a))),
                    session.withSession(s -> s.transpose(s.sub(a, b), 1, 0)), session.withSession(s -> s.mul(z, z)));
        }
        for (int i = 0; i < scoped.size(); i++) {
            assertThat(Tensor.contentEquals(held.get(i), scoped.get(i))).as("result %d", i).isTrue();
        }
        double[] sum = scoped.get(1).f64Data(); // and both equal the plain loop
        for (int i = 0; i < 3; i++) {
            double expected = 0;
            for (int j = 0; j < 5; j++) {
                expected += a.f64Data()[i + 3 * j] * b.f64Data()[i + 3 * j];
            }
            assertThat(sum[i]).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-12));
        }
    }

    @Test
    void aHostTensorProducedUnderAOneThreadBackendIsReadInATwoThreadHeldSessionWithoutACopy() {
        CpuBackend producer = backends.add(backends.builder("0").threads(1).build());
        CpuBackend consumer = backends.add(backends.builder("0-1").threads(2).build());
        Tensor x = Tensor.random(DType.F64, 5, 1024);
        Tensor produced = producer.withSession(s -> s.add(x, x)); // from the producer's pool
        BufferPoolStats producerBefore = producer.bufferPoolStats();
        Tensor out = Tensor.zeros(DType.F64, 1024);
        try (CpuHeldSession held = consumer.openSession()) {
            held.withSession(s -> {
                s.addInto(produced, produced, out);
                return null;
            });
            assertThat(out.f64Data()[7]).isEqualTo(4 * x.f64Data()[7]);
            produced.set(100.0, 7); // the session reads the live array, not a converted copy
            held.withSession(s -> {
                s.addInto(produced, produced, out);
                return null;
            });
            assertThat(out.f64Data()[7]).isEqualTo(200.0);
        }
        BufferPoolStats consumerStats = consumer.bufferPoolStats();
        assertThat(consumerStats.hits() + consumerStats.misses()).as("no conversion buffer").isZero();
        assertThat(producer.bufferPoolStats()).isEqualTo(producerBefore);
    }

    // ------------------------------------------------------------------ reentrancy

    @Test
    void nestedEntriesInsideAHeldSessionAreReenteredBeforeBlocking() {
        CpuBackend backend = backends.on("0-1");
        CpuBackend overlapping = backends.on("1-2");
        CpuBackend disjoint = backends.on("3");
        try (CpuHeldSession held = backend.openSession()) {
            assertThatThrownBy(backend::openSession).isInstanceOf(SessionEntryException.Reentered.class)
                    .hasMessageContaining("already runs inside a held session");
            assertThatThrownBy(() -> backend.openSession(Duration.ofMinutes(1)))
                    .isInstanceOf(SessionEntryException.Reentered.class);
            assertThatThrownBy(backend::tryOpenSession).isInstanceOf(SessionEntryException.Reentered.class);
            assertThatThrownBy(() -> backend.withSession(s -> null))
                    .isInstanceOf(SessionEntryException.Reentered.class);
            assertThatThrownBy(() -> overlapping.withSession(s -> null))
                    .isInstanceOf(SessionEntryException.Reentered.class);
            held.withSession(s -> {
                assertThatThrownBy(() -> held.withSession(t -> null))
                        .isInstanceOf(SessionEntryException.Reentered.class);
                assertThatThrownBy(() -> backend.withSession(t -> null))
                        .isInstanceOf(SessionEntryException.Reentered.class);
                return null;
            });
            // nothing was queued: every refusal came before any blocking step
            assertThat(TestBackends.arbiter().queueLength()).isZero();
            // a disjoint CPU set is not reentry
            assertThat(disjoint.<Long>withSession(s -> s.allocate(DType.F64, 3).size())).isEqualTo(3);
            // the session stays usable
            assertThat(held.<Long>withSession(s -> s.allocate(DType.I32, 2, 2).size())).isEqualTo(4);
        }
        assertThat(backend.sessionCounters().reentered()).isEqualTo(6);
    }

    @Test
    void aHeldRootInsideAScopedEntryIsReentered() {
        CpuBackend backend = backends.on("0-1");
        Throwable refused = backend.withSession(s -> catchThrowable(backend::openSession));
        assertThat(refused).isInstanceOf(SessionEntryException.Reentered.class)
                .hasMessageContaining("a scoped session");
        try (CpuHeldSession held = backend.openSession()) {
            assertThat(held.isOpen()).isTrue();
        }
    }

    // ------------------------------------------------------------------ children

    @Test
    void aChildCannotOpenAHeldRoot() throws Exception {
        CpuBackend backend = backends.on("0-1");
        try (CpuHeldSession held = backend.openSession()) {
            ChildExecution child = held.withSession(BackendSession::childExecution);
            Throwable refused = enclosingPool.submit(() -> child.withSession(c -> catchThrowable(backend::openSession)))
                    .get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(refused).isInstanceOf(SessionEntryException.Reentered.class)
                    .hasMessageContaining("a child execution");
            Throwable scoped = enclosingPool.submit(() -> child.withSession(c -> catchThrowable(
                    () -> backend.withSession(t -> null)))).get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(scoped).isInstanceOf(SessionEntryException.Reentered.class);
        }
    }

    @Test
    void childWorkOnAWorkerOfAnEnclosingPoolSucceedsWhileTheParentHoldsTheRoot() throws Exception {
        CpuBackend backend = backends.on("0-1");
        backend.withSession(s -> {
            s.reclaim(s.allocate(DType.F64, 1024));
            return null;
        });
        try (CpuHeldSession held = backend.openSession()) {
            double[] parentData = held.withSession(s -> {
                ChildExecution child = s.childExecution();
                Tensor fromChild = Await.result(enclosingPool.submit(() -> child.withSession(c -> {
                    assertThat(c).isNotSameAs(s); // private view and resources
                    assertThat(TestBackends.arbiter().heldCpus().containsAll(CpuMask.range(0, 1))).isTrue();
                    Tensor t = c.allocate(DType.F64, 2);
                    t.set(7, 1);
                    return t;
                })));
                assertThat(fromChild.f64Data()[1]).isEqualTo(7);
                return s.allocate(DType.F64, 1024).f64Data(); // the parent's pool is intact: a hit
            });
            assertThat(parentData).hasSize(1024);
            // the handle stays valid between callbacks while the session is open
            ChildExecution later = held.withSession(BackendSession::childExecution);
            assertThat(enclosingPool.submit(() -> later.withSession(c -> "ok")).get(Await.BOUND.toMillis(),
                    TimeUnit.MILLISECONDS)).isEqualTo("ok");
        }
        assertThat(backend.bufferPoolStats().hits()).isEqualTo(1);
        assertThat(backend.sessionCounters().childEntries()).isEqualTo(2);
    }

    @Test
    void aChildOnItsParentsOwnThreadIsReentered() {
        CpuBackend backend = backends.on("0-1");
        try (CpuHeldSession held = backend.openSession()) {
            ChildExecution child = held.withSession(BackendSession::childExecution);
            assertThatThrownBy(() -> child.withSession(c -> null)).isInstanceOf(SessionEntryException.Reentered.class);
        }
    }

    @Test
    void aChildHandleIsRefusedOnceItsParentEnded() throws Exception {
        CpuBackend backend = backends.on("0-1");
        CpuHeldSession held = backend.openSession();
        ChildExecution fromHeld = held.withSession(BackendSession::childExecution);
        held.close();
        ChildExecution fromScoped = backend.withSession(BackendSession::childExecution);
        try (CpuHeldSession next = backend.openSession()) { // a later session must not revive old handles
            for (ChildExecution stale : List.of(fromHeld, fromScoped)) {
                Throwable refused = enclosingPool.submit(() -> catchThrowable(() -> stale.withSession(c -> null)))
                        .get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
                assertThat(refused).isInstanceOf(SessionEntryException.IncompatibleContext.class)
                        .hasMessageContaining("has ended");
            }
            assertThat(next.isOpen()).isTrue();
        }
    }

    @Test
    void closingWaitsForAChildStillRunningBeforeReleasingThePermit() throws Exception {
        CpuBackend backend = backends.on("0-1");
        CpuHeldSession held = backend.openSession();
        ChildExecution child = held.withSession(BackendSession::childExecution);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        List<String> events = new CopyOnWriteArrayList<>();
        var running = enclosingPool.submit(() -> child.withSession(c -> {
            inside.countDown();
            await(finish);
            events.add("child done");
            return null;
        }));
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
        Thread closer = Thread.currentThread();
        Thread releaser = new Thread(() -> {
            Await.parked(closer); // close() is waiting for the child
            events.add("close waiting");
            finish.countDown();
        });
        releaser.start();
        held.close();
        events.add("closed");
        running.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(events).containsExactly("close waiting", "child done", "closed");
        assertThat(TestBackends.arbiter().heldCpus().overlaps(CpuMask.range(0, 1))).isFalse();
    }

    // ------------------------------------------------------------------ management

    @Test
    void managementCallsFailFastWhileHeldAndWorkAfterClose() throws Exception {
        CpuBackend backend = backends.on("0-1");
        backend.withSession(s -> {
            s.reclaim(s.allocate(DType.F64, 1024));
            return null;
        });
        assertThat(backend.bufferPoolLength()).isEqualTo(1);
        try (CpuHeldSession held = backend.openSession()) {
            List<Runnable> calls = List.of(backend::bufferPoolLength, backend::bufferPoolStats,
                    backend::indexedPlanCacheStats, backend::contractionPlanCacheStats, backend::resetBufferPool,
                    () -> backend.setBufferPoolLimitBytes(0));
            // from another thread, within a bound: fail fast, never wait for the session
            CompletableFuture<List<Throwable>> fromOther = CompletableFuture.supplyAsync(
                    () -> calls.stream().map(c -> catchThrowable(c::run)).toList());
            assertThat(fromOther.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS))
                    .allSatisfy(t -> assertThat(t).isExactlyInstanceOf(RuntimeStateException.class)
                            .hasMessageContaining("checked out by an open session"));
            held.withSession(s -> {
                assertThatThrownBy(backend::bufferPoolStats).isExactlyInstanceOf(RuntimeStateException.class);
                return null;
            });
            assertThat(backend.sessionCounters().heldOpened()).isEqualTo(1); // counters never fail
        }
        assertThat(backend.bufferPoolLength()).isEqualTo(1);
        assertThat(backend.bufferPoolStats().limitBytes()).isEqualTo(CpuBackend.DEFAULT_BUFFER_POOL_LIMIT_BYTES);
        assertThat(backend.indexedPlanCacheStats().maxEntries()).isEqualTo(256);
        backend.resetBufferPool();
        assertThat(backend.bufferPoolLength()).isZero();
        try (CpuHeldSession again = backend.openSession()) {
            assertThat(again.<Long>withSession(s -> s.allocate(DType.F64, 4).size())).isEqualTo(4);
        }
    }

    // ------------------------------------------------------------------ leaks

    @Test
    void aLeakedSessionIsReleasedByTheCleanerAndItsOpenSiteIsLogged() {
        CpuBackend backend = backends.add(backends.builder("5-6").leakDetection(true).build());
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Logger logger = Logger.getLogger("org.ferrite.cpu.session");
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(handler);
        logger.setUseParentHandlers(false); // the leak is provoked: its warning is checked here, not printed
        try {
            openAndDrop(backend);
            assertThat(TestBackends.arbiter().heldCpus().overlaps(CpuMask.range(5, 6))).isTrue();
            Await.until(() -> {
                System.gc();
                return backend.sessionCounters().leaked() == 1 && !records.isEmpty();
            }, () -> "the cleaner to release the dropped session and log it");
        } finally {
            logger.removeHandler(handler);
            logger.setUseParentHandlers(true);
        }
        assertThat(TestBackends.arbiter().heldCpus().overlaps(CpuMask.range(5, 6))).isFalse();
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.getMessage()).contains("never closed").contains("It was opened at:");
            assertThat(r.getThrown().getStackTrace()).anySatisfy(
                    e -> assertThat(e.getMethodName()).isEqualTo("openAndDrop"));
        });
        // same thread, new session: the stale owner marker does not count, the resources are back
        assertThat(backend.bufferPoolLength()).isZero();
        try (CpuHeldSession again = backend.openSession()) {
            assertThat(again.isOpen()).isTrue();
        }
    }

    @Test
    void aSessionLeakedByAThreadThatEndedIsReleasedEvenAfterItsBackendClosed() throws Exception {
        CpuBackend backend = backends.on("7");
        Thread opener = new Thread(() -> openAndDrop(backend), "short-lived opener");
        opener.start();
        opener.join(10_000);
        assertThat(opener.isAlive()).isFalse();
        backend.close(); // the open session keeps the leak watch alive
        Await.until(() -> {
            System.gc();
            return backend.sessionCounters().leaked() == 1;
        }, () -> "the cleaner to release the session of the ended thread");
        assertThat(TestBackends.arbiter().heldCpus().contains(7)).isFalse();
        assertThat(backend.bufferPoolLength()).isZero();
    }

    private static void openAndDrop(CpuBackend backend) {
        backend.openSession().withSession(s -> s.allocate(DType.F64, 2));
    }

    // ------------------------------------------------------------------ confinement and expiry

    @Test
    void aHeldSessionUsedFromAnotherThreadIsIncompatibleContext() throws Exception {
        CpuBackend backend = backends.on("0-1");
        try (CpuHeldSession held = backend.openSession()) {
            List<Throwable> refusals = CompletableFuture.supplyAsync(() -> List.of(
                    catchThrowable(() -> held.withSession(s -> null)), catchThrowable(held::close)))
                    .get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(refusals).allSatisfy(t -> assertThat(t)
                    .isInstanceOf(SessionEntryException.IncompatibleContext.class)
                    .hasMessageContaining("confined to thread '" + Thread.currentThread().getName() + "'"));
            assertThat(held.isOpen()).isTrue();
            assertThat(held.<Integer>withSession(s -> 1)).isEqualTo(1);
        }
    }

    @Test
    void anEscapedViewIsRuntimeState() throws Exception {
        CpuBackend backend = backends.on("0-1");
        // a view that escaped a scoped session of another thread, used by that thread later: dead for ever
        BackendSession otherThreads = enclosingPool.submit(() -> backend.withSession(s -> s))
                .get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS);
        try (CpuHeldSession held = backend.openSession()) {
            held.withSession(s -> {
                Throwable refused = enclosingPool.submit(() -> catchThrowable(() -> otherThreads.allocate(DType.F64, 1)))
                        .join();
                assertThat(refused).isExactlyInstanceOf(RuntimeStateException.class).hasMessageContaining("escaped");
                return null;
            });
            BackendSession escaped = held.withSession(s -> s);
            assertEscaped(escaped);
            // from another thread while no callback runs: still "escaped"
            assertThat(CompletableFuture.supplyAsync(() -> catchThrowable(() -> escaped.allocate(DType.F64, 1)))
                    .get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS))
                    .isExactlyInstanceOf(RuntimeStateException.class);
            // from another thread while its callback runs: the wrong thread
            held.withSession(s -> {
                assertThat(CompletableFuture.supplyAsync(() -> catchThrowable(() -> s.allocate(DType.F64, 1)))
                        .join()).isInstanceOf(SessionEntryException.IncompatibleContext.class)
                        .hasMessageContaining("belongs to thread '" + Thread.currentThread().getName() + "'");
                return null;
            });
        }
        assertEscaped(backend.withSession(s -> s));
    }

    @Test
    void anEscapedViewStaysDeadInsideALaterSessionOfTheSameResources() {
        CpuBackend backend = backends.on("0-1");
        BackendSession scoped = backend.withSession(s -> s);
        backend.withSession(s -> {
            assertEscaped(scoped);
            return null;
        });
        BackendSession held;
        try (CpuHeldSession first = backend.openSession()) {
            held = first.withSession(s -> s);
        }
        try (CpuHeldSession later = backend.openSession()) {
            later.withSession(s -> {
                assertEscaped(held);
                assertEscaped(scoped);
                assertThat(s.zeros(DType.F64, 2).shape()).containsExactly(2);
                return null;
            });
        }
    }

    private static void assertEscaped(BackendSession view) {
        assertThat(List.of(catchThrowable(() -> view.allocate(DType.F64, 2)),
                catchThrowable(() -> view.zeros(DType.F64, 2)), catchThrowable(view::childExecution),
                catchThrowable(() -> view.extension(Object.class)),
                catchThrowable(() -> view.reclaim(Tensor.zeros(DType.F64, 1)))))
                .allSatisfy(t -> assertThat(t).isExactlyInstanceOf(RuntimeStateException.class)
                        .hasMessageContaining("escaped"));
    }

    @Test
    void closingTwiceIsANoOpAndAClosedSessionRefusesWork() {
        CpuBackend backend = backends.on("0-1");
        CpuHeldSession held = backend.openSession();
        held.close();
        held.close();
        assertThat(held.isOpen()).isFalse();
        assertThatThrownBy(() -> held.withSession(s -> null)).isExactlyInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("closed");
        assertThat(backend.sessionCounters().heldOpened()).isEqualTo(1);
    }

    @Test
    void closingInsideItsOwnCallbackIsRefused() {
        CpuBackend backend = backends.on("0-1");
        try (CpuHeldSession held = backend.openSession()) {
            Throwable refused = held.withSession(s -> catchThrowable(held::close));
            assertThat(refused).isExactlyInstanceOf(RuntimeStateException.class).hasMessageContaining("own callback");
            assertThat(held.isOpen()).isTrue();
        }
    }

    // ------------------------------------------------------------------ failures

    @Test
    void anExceptionThrownInsideWorkLeavesPoolAccountingExactAndTheSessionUsable() {
        CpuBackend backend = backends.on("0-1");
        backend.withSession(s -> {
            Tensor first = s.allocate(DType.F64, 1024);
            Tensor second = s.allocate(DType.F64, 1024);
            s.reclaim(first);
            s.reclaim(second);
            return null;
        });
        IllegalStateException boom = new IllegalStateException("boom");
        try (CpuHeldSession held = backend.openSession()) {
            Throwable thrown = catchThrowable(() -> held.withSession(s -> {
                s.allocate(DType.F64, 1024);               // a hit: leaves the pool
                s.reclaim(Tensor.zeros(DType.F64, 2048));  // retained
                throw boom;
            }));
            assertThat(thrown).isSameAs(boom);
            AssertionError error = new AssertionError("error");
            assertThat(catchThrowable(() -> held.withSession(s -> {
                throw error;
            }))).isSameAs(error);
            assertThat(held.<Long>withSession(s -> s.allocate(DType.F32, 3).size())).isEqualTo(3);
        }
        assertThat(catchThrowable(() -> backend.withSession(s -> {
            s.allocate(DType.F64, 2048);                  // a hit
            throw boom;
        }))).isSameAs(boom);
        BufferPoolStats stats = backend.bufferPoolStats();
        assertThat(stats.buffers()).isEqualTo(1);
        assertThat(stats.retainedBytes()).isEqualTo(1024 * 8);
        assertThat(stats.hits()).isEqualTo(2);
        assertThat(backend.engine().resources().checkBufferPoolAccounting()).isNull();
    }

    @Test
    void anAffinityRestoreFailureIsReportedAfterResourcesAndPermitWereReleased() throws Exception {
        CpuBackend backend = backends.on("2-3");
        CpuHeldSession held = backend.openSession();
        assertThat(backends.affinity.currentThreadCpus()).isEqualTo(CpuMask.range(2, 3));
        CompletableFuture<String> queued = CompletableFuture.supplyAsync(() -> {
            try (CpuHeldSession next = backend.openSession()) {
                return (next.isOpen() ? "admitted on " : "closed on ") + backends.affinity.currentThreadCpus();
            }
        }, runnable -> new Thread(runnable, "queued opener").start());
        Await.until(() -> TestBackends.arbiter().queueLength() == 1, () -> "the opener to queue");

        backends.affinity.failWrite(1);
        Throwable failure = catchThrowable(held::close);

        assertThat(failure).isInstanceOf(SessionCloseException.class)
                .hasMessageContaining("could not restore the CPU affinity")
                .hasCauseInstanceOf(AffinityException.class);
        assertThat(queued.get(Await.BOUND.toMillis(), TimeUnit.MILLISECONDS)).isEqualTo("admitted on 2-3");
        assertThat(backend.bufferPoolLength()).isZero();
        assertThat(held.isOpen()).isFalse();
        held.close(); // no second report
    }

    @Test
    void aScopedEntrySuppressesARestoreFailureIntoTheWorksOwnException() {
        CpuBackend backend = backends.on("2-3");
        backends.affinity.failWrite(2); // narrowing is write 1, restoring write 2
        IllegalStateException boom = new IllegalStateException("boom");
        Throwable thrown = catchThrowable(() -> backend.withSession(s -> {
            throw boom;
        }));
        assertThat(thrown).isSameAs(boom);
        assertThat(boom.getSuppressed()).singleElement().isInstanceOf(SessionCloseException.class);

        backends.affinity.failWrite(2);
        assertThatThrownBy(() -> backend.withSession(s -> "result")).isInstanceOf(SessionCloseException.class);
        assertThat(TestBackends.arbiter().heldCpus().overlaps(CpuMask.range(2, 3))).isFalse();
    }

    @Test
    void aNarrowingFailureRefusesEntryAndReleasesEverything() {
        CpuBackend backend = backends.on("2-3");
        backends.affinity.failWrite(1);
        assertThatThrownBy(backend::openSession).isInstanceOf(SessionEntryException.ExecutorFailure.class)
                .hasMessageContaining("could not narrow");
        assertThat(TestBackends.arbiter().heldCpus().overlaps(CpuMask.range(2, 3))).isFalse();
        assertThat(backend.bufferPoolLength()).isZero();
        try (CpuHeldSession held = backend.openSession()) {
            assertThat(held.isOpen()).isTrue();
        }
    }

    @Test
    void theCallerIsNarrowedOnlyWhileTheSessionIsOpen() {
        CpuBackend narrow = backends.on("2-3");
        CpuMask before = backends.affinity.currentThreadCpus();
        try (CpuHeldSession held = narrow.openSession()) {
            assertThat(backends.affinity.currentThreadCpus()).isEqualTo(CpuMask.range(2, 3));
            assertThat(held.isOpen()).isTrue();
        }
        assertThat(backends.affinity.currentThreadCpus()).isEqualTo(before);
        int writes = backends.affinity.writes();
        CpuBackend everything = backends.on("0-127");
        everything.withSession(s -> null);
        try (CpuHeldSession held = everything.openSession()) {
            assertThat(held.isOpen()).isTrue();
        }
        assertThat(backends.affinity.writes()).isEqualTo(writes); // nothing to narrow: no call
        CpuBackend unpinned = backends.add(backends.builder("4").pinCaller(false).build());
        unpinned.withSession(s -> null);
        assertThat(backends.affinity.writes()).isEqualTo(writes);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
