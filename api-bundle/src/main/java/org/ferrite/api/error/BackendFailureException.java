package org.ferrite.api.error;

/**
 * A provider-internal failure (native library, device, worker pool), or memory the backend cannot give
 * ({@link MemoryExhaustedException}). Thread-safe (immutable once thrown); lives as long as it is
 * referenced.
 */
public class BackendFailureException extends TensorException {
    private static final long serialVersionUID = 1L;

    /**
     * @param op the operation
     * @param message what failed
     * @param cause the underlying failure, or {@code null}
     */
    public BackendFailureException(String op, String message, Throwable cause) {
        super(ErrorKind.BACKEND_FAILURE, op, message, cause);
    }
}
