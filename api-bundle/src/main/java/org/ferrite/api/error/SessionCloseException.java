package org.ferrite.api.error;

/**
 * Closing a session could not restore the caller's CPU affinity. Everything else (resources, owner
 * marker, admission permit) was released before this was thrown, so the domain is free again.
 * Thread-safe (immutable once thrown); lives as long as it is referenced.
 */
public final class SessionCloseException extends RuntimeStateException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what could not be restored
     * @param cause the failure of the affinity call
     */
    public SessionCloseException(String message, Throwable cause) {
        super("close", message, cause);
    }
}
