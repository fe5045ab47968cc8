package org.ferrite.api.error;

/**
 * The call is not allowed in the current state: a closed session, a session view used after its
 * callback returned, a management call while the engine's resources are checked out by a held
 * session. Thread-safe (immutable once thrown); lives as long as it is referenced.
 */
public class RuntimeStateException extends TensorException {
    private static final long serialVersionUID = 1L;

    /**
     * @param op the operation
     * @param message what state forbade the call, and what to do
     */
    public RuntimeStateException(String op, String message) {
        super(ErrorKind.RUNTIME_STATE, op, message);
    }

    /**
     * @param op the operation
     * @param message what state forbade the call, and what to do
     * @param cause the underlying failure, or {@code null}
     */
    protected RuntimeStateException(String op, String message, Throwable cause) {
        super(ErrorKind.RUNTIME_STATE, op, message, cause);
    }
}
