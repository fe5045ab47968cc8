package org.ferrite.api.error;

/**
 * The class of a {@link TensorException}. Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum ErrorKind {
    /** Bad shapes, axes, dtypes, configurations or aliasing: the caller's input is wrong. */
    VALIDATION,
    /** The backend does not provide this operation for this dtype. */
    UNSUPPORTED,
    /** Singular matrix, not positive definite, no convergence, integer division by zero. */
    NUMERICAL_FAILURE,
    /** A provider-internal failure (native library, device). */
    BACKEND_FAILURE,
    /** The call is not allowed in the current state (closed session, escaped view, busy domain). */
    RUNTIME_STATE
}
