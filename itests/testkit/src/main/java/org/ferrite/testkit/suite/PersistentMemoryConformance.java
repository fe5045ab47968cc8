package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.Event;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;

/**
 * Conformance of backend-owned memory ({@code BufferOps.allocatePersistent}, {@code toPersistent},
 * {@code free}): a persistent tensor outlives the session that made it and is used by later sessions of
 * the backend on other threads — held or scoped, and by a child execution beside its root after an event
 * wait; {@code free} is stream-ordered (memory freed while queued work reads it is not reused under that
 * work); on a device, a freed tensor, a tensor of a closed backend and a second {@code free} fail with
 * {@link RuntimeStateException}, and {@code free}/{@code reclaim} refuse each other's tensors; host
 * tensors are accepted by {@code free} and stay readable. The persistent tensors of a host provider are
 * host tensors, so the device-only rules are checked where the session's placement is not the host.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class PersistentMemoryConformance extends ProviderConformance {
    private static final long N = 4096;
    private static final int STEPS = 20;
    private static final int ROUNDS = 6;

    /** For subclasses. */
    protected PersistentMemoryConformance() {
    }

    /** Queues {@code p ← 2p + 1}, {@link #STEPS} times, in place: only stream order gives the expected values. */
    private static void doubleAndIncrement(BackendSession s, Tensor p) {
        Tensor two = s.to(Tensor.full(DType.I64, 2, N), s.placement());
        Tensor one = s.to(Tensor.ones(DType.I64, N), s.placement());
        for (int step = 0; step < STEPS; step++) {
            s.binaryInto(BinaryOp.MUL, p, two, p);
            s.binaryInto(BinaryOp.ADD, p, one, p);
        }
    }

    private static Tensor smallIntegers(long seed) {
        long[] v = new long[(int) N];
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        for (int i = 0; i < v.length; i++) {
            v[i] = rnd.nextInt(-1000, 1000);
        }
        return Tensor.of(v, N);
    }

    private static long[] afterSteps(Tensor start) {
        long[] v = start.i64Data().clone();
        for (int i = 0; i < v.length; i++) {
            v[i] = v[i] * (1L << STEPS) + (1L << STEPS) - 1;
        }
        return v;
    }

    @Test
    void aPersistentTensorWrittenInAHeldSessionOnOneThreadIsReadByAHeldSessionOnAnotherAfterAnEventWait()
            throws Throwable {
        Tensor start = smallIntegers(2701);
        Tensor[] persistent = new Tensor[1];
        Event[] written = new Event[1];
        HeldSession writer = backend().openSession();
        OtherThread.Handle<Tensor> reader;
        try {
            writer.withSession(s -> {
                persistent[0] = s.toPersistent(start);
                doubleAndIncrement(s, persistent[0]);
                written[0] = s.recordEvent();
                return null;
            });
            reader = OtherThread.start("persistent-reader", () -> {
                try (HeldSession held = backend().openSession()) { // admitted once the writer's session allows
                    return held.withSession(s -> {
                        s.waitEvent(written[0]);
                        Tensor back = s.toHost(persistent[0]);
                        s.free(persistent[0]);
                        return back;
                    });
                }
            });
        } finally {
            writer.close();
        }
        Tensor read = reader.join();
        assertThat(read.i64Data()).as("the writer's work, in stream order, before the reader's").containsExactly(
                afterSteps(start));
        assertThat(written[0].isComplete()).isTrue();
        if (!placement().isHost()) {
            assertThatThrownBy(() -> inSession(s -> s.toHost(persistent[0]))).as("used after free")
                    .isInstanceOf(RuntimeStateException.class);
            assertThatThrownBy(() -> inSession(s -> {
                s.free(persistent[0]);
                return null;
            })).as("freed twice").isInstanceOf(RuntimeStateException.class);
        }
    }

    @Test
    void freeingAPersistentTensorWhileQueuedWorkReadsItIsStreamOrdered() {
        try (HeldSession held = backend().openSession()) {
            for (int round = 0; round < ROUNDS; round++) {
                Tensor values = Values.random(DType.F64, 2800 + round, Domain.ANY, N);
                Tensor other = Values.random(DType.F64, 2900 + round, Domain.ANY, N);
                Tensor twice = held.withSession(s -> {
                    Tensor p = s.toPersistent(values);
                    Tensor sum = s.add(p, p);   // queued on p
                    s.free(p);                  // freed while the add may be pending
                    List<Tensor> reusing = new ArrayList<>();
                    for (int k = 0; k < 4; k++) { // allocations that may reuse p's memory, overwritten
                        Tensor q = s.allocatePersistent(DType.F64, N);
                        s.transferInto(other, q);
                        s.binaryInto(BinaryOp.MUL, q, q, q);
                        reusing.add(q);
                    }
                    Tensor back = s.toHost(sum);
                    reusing.forEach(s::free);
                    return back;
                });
                Tolerance.assertClose("round " + round, twice, Oracle.binary(BinaryOp.ADD, values, values), 0, 0);
            }
        }
    }

    @Test
    void aPersistentTensorOutlivesTheScopedSessionThatMadeItAndServesLaterOnes() {
        Tensor values = Values.random(DType.C128, 2950, Domain.ANY, 3, 4);
        Tensor p = backend().withSession(s -> s.toPersistent(values));
        assertThat(p.placement()).isEqualTo(placement());
        for (int k = 0; k < 3; k++) {
            Tensor negated = backend().withSession(s -> s.toHost(s.neg(p)));
            Tolerance.assertClose("use " + k, negated, Oracle.unary(org.ferrite.api.session.UnaryOp.NEG, values), 0, 0);
        }
        Tensor z = backend().withSession(s -> {
            Tensor t = s.allocatePersistent(DType.F32, 2, 0, 3);
            assertThat(t.shape()).containsExactly(2, 0, 3);
            s.free(t);
            return s.toHost(p);
        });
        Tolerance.assertClose("unchanged", z, values, 0, 0);
        backend().run(s -> s.free(p));
    }

    @Test
    void aChildExecutionReadsItsRootsPersistentTensorAfterAnEventWait() throws Throwable {
        Tensor start = smallIntegers(2960);
        try (HeldSession held = backend().openSession()) {
            long[] read = held.withSession(s -> {
                Tensor p = s.toPersistent(start);
                doubleAndIncrement(s, p);
                Event written = s.recordEvent();
                ChildExecution child = s.childExecution();
                long[] back = onAnotherThread(() -> child.withSession(c -> {
                    c.waitEvent(written);
                    return c.toHost(p).i64Data();
                }));
                s.free(p);
                return back;
            });
            assertThat(read).containsExactly(afterSteps(start));
        }
    }

    @Test
    void aDevicePersistentTensorOfAClosedBackendFailsTypedAndAHostOneStaysReadable() {
        Tensor values = Tensor.of(new double[] {1, -2, 3}, 3);
        Backend owned = newBackend();
        Tensor p;
        try {
            p = owned.withSession(s -> s.toPersistent(values));
        } finally {
            owned.close();
        }
        try (Backend other = newBackend()) {
            if (p.placement().isHost()) {
                assertThat(other.withSession(s -> s.toHost(p)).f64Data()).containsExactly(1, -2, 3);
            } else {
                assertThatThrownBy(() -> other.withSession(s -> s.toHost(p))).as("used after its backend closed")
                        .isInstanceOf(RuntimeStateException.class);
                assertThatThrownBy(() -> other.run(s -> s.free(p))).isInstanceOf(RuntimeStateException.class);
            }
        }
    }

    @Test
    void onADeviceFreeRefusesASessionsTensorAndReclaimRefusesAPersistentOne() {
        assumeFalse(placement().isHost(), "a host provider's tensors are all host arrays: free and reclaim take any");
        backend().run(s -> {
            Tensor session = s.to(Tensor.ones(DType.F32, 2), s.placement());
            Tensor persistent = s.toPersistent(Tensor.ones(DType.F32, 2));
            Throwable free = catchThrowable(() -> s.free(session));
            Throwable reclaim = catchThrowable(() -> s.reclaim(persistent));
            for (Throwable t : new Throwable[] {free, reclaim}) {
                assertThat(t).isInstanceOf(ValidationException.class);
                assertThat(((ValidationException) t).validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
                assertThat(((ValidationException) t).argument()).isEqualTo("tensor");
            }
            assertThat(s.toHost(persistent).f32Data()).as("both still usable").containsExactly(1, 1);
            assertThat(s.toHost(session).f32Data()).containsExactly(1, 1);
            s.free(persistent);
        });
    }

    @Test
    void freeAcceptsAHostTensorAndAllocatePersistentValidatesItsShape() {
        Tensor host = Tensor.ones(DType.I32, 2);
        backend().run(s -> {
            s.free(host);
            assertThatThrownBy(() -> s.allocatePersistent(DType.F64, 2, -1)).isInstanceOf(ValidationException.class);
        });
        assertThat(host.i32Data()).containsExactly(1, 1);
    }

    private static <T> T onAnotherThread(java.util.concurrent.Callable<T> body) {
        try {
            return OtherThread.call(body);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private Placement placement() {
        return backend().capabilities().placement();
    }
}
