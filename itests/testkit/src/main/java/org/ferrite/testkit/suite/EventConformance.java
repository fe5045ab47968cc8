package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.Event;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.ProviderConformance;
import org.junit.jupiter.api.Test;

/**
 * Conformance of events ({@code BackendSession.recordEvent}, {@code waitEvent}, {@link Event}): an event
 * completes once the work recorded before it is complete, and says so to the host (poll, block, bounded
 * block) on any thread, also after its session ended; a later session that waits for it sees that work;
 * a failure of the work before an event reaches every waiter typed, a session that waited for it reports
 * it at its next synchronisation point, and the recording session still reports it once — or, on a
 * synchronous provider, the failure was thrown at submission and the event completes normally (both
 * satisfy the contract); misuse is refused.
 *
 * <p>The failing work is integer division by zero, the failure every provider detects from the data
 * ({@link NumericalFailureException}).
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class EventConformance extends ProviderConformance {
    private static final int STEPS = 40;

    /** For subclasses. */
    protected EventConformance() {
    }

    @Test
    void anEventCompletesOnceTheWorkBeforeItIsCompleteAndSaysSoToTheHost() {
        Event[] kept = new Event[1];
        double[] x = inSession(s -> {
            Tensor state = s.zeros(DType.F64, 16);
            Tensor two = s.to(Tensor.full(DType.F64, 2, 16), s.placement());
            Tensor one = s.to(Tensor.ones(DType.F64, 16), s.placement());
            for (int step = 0; step < STEPS; step++) {
                s.binaryInto(BinaryOp.MUL, state, two, state);
                s.binaryInto(BinaryOp.ADD, state, one, state);
            }
            Event done = s.recordEvent();
            kept[0] = done;
            assertThat(done.placement()).isEqualTo(s.placement());
            done.await();
            assertThat(done.isComplete()).as("complete after await").isTrue();
            assertThat(done.await(Duration.ZERO)).as("a zero bound polls").isTrue();
            assertThat(done.await(Duration.ofSeconds(-1))).isTrue();
            return s.toHost(state).f64Data();
        });
        assertThat(x).containsOnly(Math.pow(2, STEPS) - 1);
        assertThat(kept[0].isComplete()).as("still complete after the session ended").isTrue();
        kept[0].await();
    }

    @Test
    void anEventOutlivesItsSessionAndIsAwaitedFromAnotherThreadAndByALaterSession() throws Throwable {
        Tensor[] result = new Tensor[1];
        Event[] done = new Event[1];
        try (HeldSession held = backend().openSession()) {
            held.withSession(s -> {
                result[0] = s.toPersistent(Tensor.zeros(DType.I32, 8));
                s.addInto(result[0], s.to(Tensor.full(DType.I32, 7, 8), s.placement()), result[0]);
                done[0] = s.recordEvent();
                return null;
            });
        }
        Boolean seen = OtherThread.call(() -> {
            done[0].await();
            return done[0].await(Duration.ofSeconds(5)) && done[0].isComplete();
        });
        assertThat(seen).isTrue();
        int[] back = backend().withSession(s -> {
            s.waitEvent(done[0]);
            int[] v = s.toHost(result[0]).i32Data();
            s.free(result[0]);
            return v;
        });
        assertThat(back).containsOnly(7);
    }

    @Test
    void aFailureBeforeAnEventReachesEveryWaiterTypedAndTheRecordingSessionOnce() throws Throwable {
        Tensor a = Tensor.of(new long[] {6, 7, 8}, 3);
        Tensor zeroAt1 = Tensor.of(new long[] {2, 0, 4}, 3);
        Event[] failed = new Event[1];
        Throwable[] atSubmission = new Throwable[1];
        inSession(s -> {
            atSubmission[0] = catchThrowable(() -> s.div(s.to(a, s.placement()), s.to(zeroAt1, s.placement())));
            failed[0] = s.recordEvent();
            Throwable atSync = catchThrowable(s::synchronize);
            if (atSubmission[0] == null) {
                assertThat(atSync).as("the recording session reports it at its next synchronisation point")
                        .isInstanceOf(NumericalFailureException.class);
            } else {
                assertThat(atSubmission[0]).isInstanceOf(NumericalFailureException.class);
                assertThat(atSync).as("reported once, at submission").isNull();
            }
            s.synchronize(); // reported once: the session goes on
            return null;
        });
        Event event = failed[0];
        assertThat(event.isComplete()).isTrue();
        if (atSubmission[0] != null) {
            event.await(); // the failure was reported at submission: the event's work did not fail
            return;
        }
        assertThatThrownBy(event::await).as("a host waiter").isInstanceOf(NumericalFailureException.class);
        Throwable other = OtherThread.call(() -> catchThrowable(() -> event.await(Duration.ofSeconds(5))));
        assertThat(other).as("a host waiter on another thread").isInstanceOf(NumericalFailureException.class);
        Throwable[] inWaiter = new Throwable[2];
        double after = backend().withSession(s -> {
            inWaiter[0] = catchThrowable(() -> s.waitEvent(event));
            inWaiter[1] = catchThrowable(s::synchronize);
            s.synchronize();
            return s.toHost(s.add(s.to(a, s.placement()), s.to(a, s.placement()))).getDouble(2);
        });
        assertThat(inWaiter[0] != null ? inWaiter[0] : inWaiter[1]).as("a session that waited for it")
                .isInstanceOf(NumericalFailureException.class);
        assertThat(inWaiter[0] == null || inWaiter[1] == null).as("reported once to that session").isTrue();
        assertThat(after).as("the waiting session goes on").isEqualTo(16);
    }

    @Test
    void anEscapedViewCannotRecordOrWaitAndWaitEventRefusesNull() {
        BackendSession[] escaped = new BackendSession[1];
        Event event = backend().withSession(s -> {
            escaped[0] = s;
            assertThatThrownBy(() -> s.waitEvent(null)).isInstanceOf(NullPointerException.class);
            return s.recordEvent();
        });
        assertThatThrownBy(() -> escaped[0].recordEvent()).isInstanceOf(RuntimeStateException.class);
        assertThatThrownBy(() -> escaped[0].waitEvent(event)).isInstanceOf(RuntimeStateException.class);
        assertThatThrownBy(() -> event.await(null)).isInstanceOf(NullPointerException.class);
    }
}
