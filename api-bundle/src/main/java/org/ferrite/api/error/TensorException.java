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
    /** The most characters of one user-supplied string that a message quotes ({@link #excerpt}). */
    public static final int EXCERPT_LIMIT = 200;
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

    /**
     * A user-supplied string as a message quotes it: whole when it has at most {@value #EXCERPT_LIMIT}
     * characters, else its first {@value #EXCERPT_LIMIT} and {@code "… (N more characters)"}, so that
     * a malformed multi-megabyte input cannot make a multi-megabyte message. For messages of
     * Ferrite and of providers.
     *
     * <pre>{@code
     * TensorException.excerpt("ij,jk->ik")      // "ij,jk->ik"
     * }</pre>
     *
     * @param text the string, or {@code null} (quoted as {@code "null"})
     * @return the excerpt
     */
    public static String excerpt(CharSequence text) {
        if (text == null) {
            return "null";
        }
        int length = text.length();
        return length <= EXCERPT_LIMIT ? text.toString()
                : text.subSequence(0, EXCERPT_LIMIT) + "… (" + (length - EXCERPT_LIMIT) + " more characters)";
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
