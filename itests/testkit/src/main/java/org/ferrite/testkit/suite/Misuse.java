package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.testkit.Mirror;
import org.ferrite.testkit.ProviderConformance.PlacedWork;
import org.ferrite.testkit.oracle.Values;

/**
 * The assertion every misuse test makes: a {@link ValidationException} of the expected kind naming the
 * offending argument, thrown before the first write — the output's whole storage array and every
 * input are unchanged afterwards. The call runs on the session's placement ({@link Mirror}); what it
 * left in the mirrored storage is copied back before the comparison.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class Misuse {
    private Misuse() {
    }

    /** A call that writes {@code out}: the session, and the mirror of the test's tensors on its placement. */
    interface Call {
        void run(BackendSession s, Mirror m);
    }

    /**
     * A suite's {@code inSession(PlacedWork)} (pass {@code this::inSession}): runs work in a scoped session
     * of the backend under test, so that helpers outside the suite's class can run it.
     */
    @FunctionalInterface
    interface InSession {
        Object run(PlacedWork<Object> work);
    }

    static void expect(InSession suite, String what, ValidationKind kind, String argument,
            TensorWrite out, Call call, TensorRead... inputs) {
        Object outBefore = Values.snapshotStorage(out);
        Object[] inBefore = new Object[inputs.length];
        for (int k = 0; k < inputs.length; k++) {
            inBefore[k] = Values.snapshotStorage(inputs[k]);
        }
        Throwable thrown = catchThrowable(() -> suite.run((s, m) -> {
            call.run(s, m);
            return null;
        }));
        assertThat(thrown).as(what).isInstanceOf(ValidationException.class);
        ValidationException e = (ValidationException) thrown;
        assertThat(e.kind()).isEqualTo(ErrorKind.VALIDATION);
        assertThat(e.validationKind()).as(what + ": " + e.getMessage()).isEqualTo(kind);
        assertThat(e.argument()).as(what + ": " + e.getMessage()).isEqualTo(argument);
        assertThat(e.op()).isNotBlank();
        assertThat(e.getMessage()).contains(argument);
        assertThat(Values.storageEquals(out, outBefore)).as(what + ": out untouched").isTrue();
        for (int k = 0; k < inputs.length; k++) {
            assertThat(Values.storageEquals(inputs[k], inBefore[k])).as(what + ": input " + k + " untouched").isTrue();
        }
    }
}
