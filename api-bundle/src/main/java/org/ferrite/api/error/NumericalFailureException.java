package org.ferrite.api.error;

/**
 * A numerical failure: singular matrix, not positive definite, no convergence, integer division by
 * zero. An {@code …Into} output is unspecified after this exception only when the failure was found
 * mid-kernel (documented per operation). Thread-safe (immutable once thrown); lives as long as it is referenced.
 */
public final class NumericalFailureException extends TensorException {
    private static final long serialVersionUID = 1L;

    /**
     * @param op the operation
     * @param message what failed, with the values involved
     */
    public NumericalFailureException(String op, String message) {
        super(ErrorKind.NUMERICAL_FAILURE, op, message);
    }
}
