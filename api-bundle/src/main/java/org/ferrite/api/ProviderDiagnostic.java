package org.ferrite.api;

/**
 * One discovered {@link BackendProvider}, as {@link Backends#diagnostics()} reports it. A snapshot taken
 * when the diagnostics were computed, for reports and error messages, not for control flow. Thread-safe
 * (immutable); lives as long as it is referenced.
 *
 * @param name the provider's name, or {@code "?"} if it could not be asked
 * @param providerClass the implementation class name
 * @param classLoader the class loader that found it, as text
 * @param priority its priority (0 if it failed)
 * @param available whether it said it is available
 * @param reason why it is unavailable or failed to load, or an empty string
 */
public record ProviderDiagnostic(String name, String providerClass, String classLoader, int priority,
        boolean available, String reason) {

    /**
     * @param name the provider's name, or {@code "?"}
     * @param providerClass the implementation class name
     * @param classLoader the class loader, as text
     * @param priority its priority
     * @param available whether it is available
     * @param reason why not, or an empty string
     */
    public ProviderDiagnostic {
        java.util.Objects.requireNonNull(name, "name");
        java.util.Objects.requireNonNull(providerClass, "providerClass");
        java.util.Objects.requireNonNull(classLoader, "classLoader");
        java.util.Objects.requireNonNull(reason, "reason");
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "  %-8s priority=%-4d %-11s %s (loader %s)%s", name, priority,
                available ? "available" : "UNAVAILABLE", providerClass, classLoader,
                reason.isEmpty() ? "" : ": " + reason);
    }
}
