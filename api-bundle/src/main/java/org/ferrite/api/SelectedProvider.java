package org.ferrite.api;

import java.util.Map;
import java.util.function.Supplier;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.tensor.DeviceKind;

/**
 * The provider {@link Backends} selected, as the facade hands it on: it answers with the name it was
 * selected under, and its {@link #create} turns every failure of the provider into a typed error — an
 * untyped exception, an error such as {@link LinkageError}, or a {@code null} backend become a
 * {@link BackendFailureException} naming the provider (name, class, class loader), carrying the
 * discovery report and the cause. A {@link TensorException} the provider throws (for example a
 * {@code ValidationException} for a bad setting) passes through unchanged: it is typed already.
 *
 * <p>Thread-safe if the wrapped provider is (providers are). Lifetime: one selection.
 */
final class SelectedProvider implements BackendProvider {
    private final BackendProvider provider;
    private final String name;
    private final Supplier<String> diagnostics;

    /**
     * @param provider the selected provider
     * @param name the name it answered when it was selected
     * @param diagnostics renders the discovery report (only when creation fails)
     */
    SelectedProvider(BackendProvider provider, String name, Supplier<String> diagnostics) {
        this.provider = provider;
        this.name = name;
        this.diagnostics = diagnostics;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public DeviceKind device() {
        return provider.device();
    }

    @Override
    public int priority() {
        return provider.priority();
    }

    @Override
    public boolean isAvailable() {
        return provider.isAvailable();
    }

    @Override
    public String unavailableReason() {
        return provider.unavailableReason();
    }

    /**
     * @param properties provider-specific settings
     * @return the provider's new backend, never {@code null}
     * @throws BackendFailureException if the provider failed to create it (its own typed errors pass
     *     through)
     */
    @Override
    public Backend create(Map<String, String> properties) {
        Backend backend;
        try {
            backend = provider.create(properties);
        } catch (TensorException typed) {
            throw typed;
        } catch (RuntimeException | LinkageError e) {
            throw failure("failed to create its backend: " + e, e);
        }
        if (backend == null) {
            throw failure("returned no backend (null) from create()", null);
        }
        return backend;
    }

    private BackendFailureException failure(String what, Throwable cause) {
        return new BackendFailureException("BackendProvider.create", "backend provider '" + name + "' ("
                + provider.getClass().getName() + ", loader " + provider.getClass().getClassLoader() + ") " + what
                + ". Fix or remove that provider, or select another one by name" + System.lineSeparator()
                + diagnostics.get(), cause);
    }

    @Override
    public String toString() {
        return "SelectedProvider[" + name + ", " + provider.getClass().getName() + "]";
    }
}
