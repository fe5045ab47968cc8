package org.ferrite.api.error;

import java.util.Objects;

/**
 * Discovery found no usable backend, or not the one asked for by name. The message and
 * {@link #diagnostics()} list every provider that was discovered, with its class loader, priority,
 * availability and failure reason. Thread-safe (immutable once thrown); lives as long as it is referenced.
 */
public final class NoBackendException extends RuntimeStateException {
    private static final long serialVersionUID = 1L;

    /** The rendered discovery report. */
    private final String diagnostics;

    /**
     * @param message what was asked for and what to do
     * @param diagnostics the rendered discovery report
     */
    public NoBackendException(String message, String diagnostics) {
        super("Backends.get", message + System.lineSeparator() + diagnostics);
        this.diagnostics = Objects.requireNonNull(diagnostics, "diagnostics");
    }

    /** @return the discovery report rendered as text, one provider per line */
    public String diagnostics() {
        return diagnostics;
    }
}
