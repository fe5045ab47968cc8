package org.ferrite.api;

import org.ferrite.api.error.ValidationException;

/**
 * One discovered {@link BackendProvider}, as {@link Backends#diagnostics()} reports it. A snapshot taken
 * when the diagnostics were computed, for reports and error messages, not for control flow. Thread-safe
 * (immutable); lives as long as it is referenced.
 *
 * @param name the provider's name, or {@code "?"} if it has none (its {@code name()} threw or returned
 *     {@code null})
 * @param providerClass the implementation class name
 * @param classLoader the class loader that found it, as text
 * @param priority its priority (0 if it failed)
 * @param available whether it said it is available
 * @param reason why it is unavailable or failed to load, or an empty string
 */
public record ProviderDiagnostic(String name, String providerClass, String classLoader, int priority,
        boolean available, String reason) {

    /**
     * A provider's answers may be missing: a {@code null} name becomes {@code "?"} and a {@code null}
     * reason an empty one, so a misbehaving provider never breaks a report.
     *
     * @param name the provider's name; {@code null} or blank becomes {@code "?"}
     * @param providerClass the implementation class name
     * @param classLoader the class loader, as text
     * @param priority its priority
     * @param available whether it is available
     * @param reason why not; {@code null} becomes an empty string
     * @throws ValidationException if {@code providerClass} or {@code classLoader} is {@code null}
     */
    public ProviderDiagnostic {
        name = name == null || name.isBlank() ? "?" : name;
        reason = reason == null ? "" : reason;
        if (providerClass == null || classLoader == null) {
            throw ValidationException.invalidArgument("ProviderDiagnostic", providerClass == null ? "providerClass"
                    : "classLoader", "a text", "null", "pass the provider's class name and class loader as text");
        }
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "  %-8s priority=%-4d %-11s %s (loader %s)%s", name, priority,
                available ? "available" : "UNAVAILABLE", providerClass, classLoader,
                reason.isEmpty() ? "" : ": " + reason);
    }
}
