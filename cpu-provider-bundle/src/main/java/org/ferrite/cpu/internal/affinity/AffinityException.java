package org.ferrite.cpu.internal.affinity;

/**
 * A CPU-affinity call failed (or is unsupported here). Checked, so that every caller decides how the
 * failure is reported (entry failure, close failure, or ignored for best-effort cleanup).
 * Thread-safe (immutable). Lifetime: as long as it is referenced; never escapes the provider.
 */
public final class AffinityException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, with the values involved
     * @param cause the underlying failure, or {@code null}
     */
    public AffinityException(String message, Throwable cause) {
        super(message, cause);
    }
}
