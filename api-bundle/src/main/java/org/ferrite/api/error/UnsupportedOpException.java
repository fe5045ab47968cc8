package org.ferrite.api.error;

/**
 * The backend does not provide an operation for a dtype (or at all). Distinct from
 * {@link UnsupportedOperationException} so it stays inside the {@link TensorException} hierarchy.
 * Thread-safe (immutable once thrown); lives as long as it is referenced.
 */
public final class UnsupportedOpException extends TensorException {
    private static final long serialVersionUID = 1L;

    /** The dtype name asked for, or {@code null}. */
    private final String dtype;

    /**
     * @param op the operation, e.g. {@code "exp"}
     * @param dtype the dtype it was asked for, by name (e.g. {@code "I32"}), or {@code null}
     * @param message why, and what to use instead
     */
    public UnsupportedOpException(String op, String dtype, String message) {
        super(ErrorKind.UNSUPPORTED, op,
                (dtype == null ? "" : "not defined for dtype " + dtype + ": ") + message);
        this.dtype = dtype;
    }

    /** @return the dtype name the operation was asked for, or {@code null} if not dtype-specific */
    public String dtype() {
        return dtype;
    }
}
