package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.ferrite.api.HeldSession;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.ProviderConformance;
import org.junit.jupiter.api.Test;

/**
 * Conformance of the completion contract of {@code BackendSession}: operations are stream-ordered
 * (each sees every earlier one of the session, across the calls of a held session); a result read with
 * {@code toHost} is complete; {@code synchronize} waits for everything issued; a session's end waits for
 * its work; a failure of asynchronous work is reported once, typed, at the next synchronisation point
 * (a synchronous provider throws it at submission — both satisfy the contract), and the session works
 * normally afterwards.
 *
 * <p>The failing work used is integer division by zero, the one failure every provider must detect from
 * the data ({@link NumericalFailureException}).
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class CompletionConformance extends ProviderConformance {
    private static final int STEPS = 50;

    /** For subclasses. */
    protected CompletionConformance() {
    }

    @Test
    void synchronizeReturnsOnceTheSessionsWorkIsCompleteAndVisible() {
        double sum = inSession(s -> {
            Tensor a = s.add(s.zeros(DType.F64, 4), s.to(Tensor.ones(DType.F64), s.placement()));
            s.synchronize();
            s.synchronize(); // idempotent
            return s.toHost(a).f64Data()[3];
        });
        assertThat(sum).isEqualTo(1);
    }

    @Test
    void aChainOfOperationsAcrossHeldCallsRunsInSubmissionOrderAndToHostSeesItComplete() {
        // x ← 2x + 1, STEPS times, in place: only submission order gives 2^STEPS - 1 exactly
        try (HeldSession held = backend().openSession()) {
            Tensor[] state = held.withSession(s -> new Tensor[] {s.zeros(DType.F64, 8),
                s.to(Tensor.full(DType.F64, 2, 8), s.placement()), s.to(Tensor.ones(DType.F64, 8), s.placement())});
            for (int step = 0; step < STEPS; step++) {
                held.withSession(s -> {
                    s.binaryInto(BinaryOp.MUL, state[0], state[1], state[0]);
                    s.binaryInto(BinaryOp.ADD, state[0], state[2], state[0]);
                    return null;
                });
            }
            double[] x = held.withSession(s -> s.toHost(state[0])).f64Data();
            assertThat(x).containsOnly(Math.pow(2, STEPS) - 1);
        }
    }

    @Test
    void anAsynchronousFailureIsReportedOnceTypedAtTheNextSynchronisationPoint() {
        Tensor a = Tensor.of(new long[] {6, 7, 8}, 3);
        Tensor zeroAt1 = Tensor.of(new long[] {2, 0, 4}, 3);
        for (int point = 0; point < 2; point++) {
            boolean viaSynchronize = point == 0;
            double after = inSession((s, m) -> {
                Throwable reported = catchThrowable(() -> {
                    Tensor q = s.div(m.of(a), m.of(zeroAt1));
                    if (viaSynchronize) {
                        s.synchronize();
                    } else {
                        s.toHost(q);
                    }
                });
                assertThat(reported).as(viaSynchronize ? "at synchronize" : "at toHost")
                        .isInstanceOf(NumericalFailureException.class);
                s.synchronize(); // reported once: the session goes on
                return s.toHost(s.add(m.of(a), m.of(a))).getDouble(2);
            });
            assertThat(after).isEqualTo(16);
        }
    }

    @Test
    void theEndOfAScopedSessionWaitsForItsWorkAndReportsItsFailure() {
        Tensor a = Tensor.of(new int[] {1, 2}, 2);
        Tensor zero = Tensor.zeros(DType.I32, 2);
        Throwable t = catchThrowable(() -> backend().withSession(s -> {
            s.rem(s.to(a, s.placement()), s.to(zero, s.placement()));
            return "queued";
        }));
        assertThat(t).isInstanceOf(NumericalFailureException.class);
        int[] back = backend().withSession(s -> s.toHost(s.to(a, s.placement())).i32Data());
        assertThat(back).containsExactly(1, 2);
    }

    @Test
    void closingAHeldSessionWaitsForItsWorkAndReportsAFailureOnceEitherAtSubmissionOrAtClose() {
        Tensor a = Tensor.of(new long[] {5, 9}, 2);
        Tensor zero = Tensor.zeros(DType.I64, 2);
        HeldSession held = backend().openSession();
        Throwable atSubmission = catchThrowable(() -> held.withSession(s -> s.div(s.to(a, s.placement()),
                s.to(zero, s.placement()))));
        Throwable atClose = catchThrowable(held::close);
        assertThat(held.isOpen()).isFalse();
        assertThat(atSubmission == null ? atClose : atSubmission).isInstanceOf(NumericalFailureException.class);
        assertThat(atSubmission == null || atClose == null).as("reported once").isTrue();
        assertThat(backend().withSession(BackendSession::placement)).as("the backend is free again").isNotNull();
    }
}
