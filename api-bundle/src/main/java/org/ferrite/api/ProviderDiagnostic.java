package org.ferrite.api;

/**
 * One discovered {@link BackendProvider}, as {@link Backends#diagnostics()} reports it. Thread-safe
 * (immutable).
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

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "  %-8s priority=%-4d %-11s %s (loader %s)%s", name, priority,
                available ? "available" : "UNAVAILABLE", providerClass, classLoader,
                reason.isEmpty() ? "" : ": " + reason);
    }
}
