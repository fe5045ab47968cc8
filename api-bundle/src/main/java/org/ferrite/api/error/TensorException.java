package org.ferrite.api.error;

import java.util.Objects;

/**
 * Root of every exception Ferrite throws on purpose. Unchecked.
 *
 * <p>{@link #kind()} classifies the failure; {@link #op()} names the operation (for example
 * {@code "dotGeneral"} or {@code "openSession"}). Thread-safe (immutable once thrown); lives as long
 * as it is referenced.
 */
public class TensorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The class of failure. */
    private final ErrorKind kind;
    /** The operation that failed. */
    private final String op;

    /**
     * Creates an exception.
     *
     * @param kind the class of failure
     * @param op the operation that failed, never {@code null}
     * @param message what was wrong, with the values involved, and what to do
     * @param cause the underlying cause, or {@code null}
     */
    public TensorException(ErrorKind kind, String op, String message, Throwable cause) {
        super(op + ": " + message, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.op = Objects.requireNonNull(op, "op");
    }

    /**
     * Creates an exception without a cause.
     *
     * @param kind the class of failure
     * @param op the operation that failed
     * @param message what was wrong, with the values involved, and what to do
     */
    public TensorException(ErrorKind kind, String op, String message) {
        this(kind, op, message, null);
    }

    /** @return the class of this failure */
    public final ErrorKind kind() {
        return kind;
    }

    /** @return the name of the operation that failed */
    public final String op() {
        return op;
    }
}
