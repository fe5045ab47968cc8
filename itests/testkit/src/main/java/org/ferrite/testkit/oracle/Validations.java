package org.ferrite.testkit.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;

/**
 * The assertion on a {@link ValidationException} that suites (and providers' own tests) make: the call
 * throws one of the given kind, operation and argument, and its message names the argument, the
 * expected and the actual value.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Validations {
    private Validations() {
    }

    /**
     * @param call the call that must fail
     * @param kind the expected validation kind
     * @param op the expected operation name
     * @param argument the expected argument name
     * @return the exception, for further assertions
     */
    public static ValidationException expectValidation(ThrowingCallable call, ValidationKind kind, String op,
            String argument) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).as("expected a ValidationException").isInstanceOf(ValidationException.class);
        ValidationException e = (ValidationException) thrown;
        assertThat(e.validationKind()).as("validationKind of: %s", e.getMessage()).isEqualTo(kind);
        assertThat(e.op()).as("op of: %s", e.getMessage()).isEqualTo(op);
        assertThat(e.argument()).as("argument of: %s", e.getMessage()).isEqualTo(argument);
        assertThat(e.kind()).isEqualTo(ErrorKind.VALIDATION);
        assertThat(e.getMessage()).startsWith(op + ": ").contains("'" + argument + "'")
                .contains("expected " + e.expected()).contains("got " + e.actual());
        return e;
    }
}
