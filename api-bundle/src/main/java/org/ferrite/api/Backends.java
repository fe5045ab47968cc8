package org.ferrite.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.ferrite.api.error.NoBackendException;

/**
 * Discovery of backends through {@link ServiceLoader} on a plain JVM, in fat jars and on the module
 * path. (In OSGi, look {@link Backend} services up in the service registry instead.)
 *
 * <p>Selection order of {@link #get()}: the system property {@code ferrite.backend}, then the
 * environment variable {@code FERRITE_BACKEND}, then the available provider with the highest
 * {@link BackendProvider#priority() priority} (ties go to the alphabetically first name).
 * {@link #get(String)} takes an explicit name, which wins over both. An unknown name is an error that
 * lists what exists — never a silent fallback. A provider that throws from {@code name()},
 * {@code priority()} or {@code isAvailable()} is never selected; it shows up in {@link #diagnostics()}
 * with the failure, as does a {@code META-INF/services} entry that cannot be loaded.
 *
 * <p>Providers are looked up with this API's class loader, then the thread's context class loader,
 * deduplicated by class. The backend of each provider is created once, on first use, and shared:
 * {@code get()} returns the same instance every time. A shared backend's {@link Backend#close()} is a
 * no-op, so {@code try (Backend b = Backends.get())} is harmless; this facade owns the real backend and
 * closes it at JVM exit (from a shutdown hook, best effort). Use {@link #create} for a private, owned
 * one.
 *
 * <p>Thread-safe (a static facade; the shared backends live in a concurrent map). Lifetime: shared
 * backends live until JVM exit; a backend from {@link #create} belongs to the caller, who closes it.
 */
public final class Backends {
    /** System property that names the backend {@link #get()} selects. */
    public static final String PROPERTY = "ferrite.backend";
    /** Environment variable that names the backend {@link #get()} selects. */
    public static final String ENVIRONMENT = "FERRITE_BACKEND";

    private static final Map<String, SharedBackend> SHARED = new ConcurrentHashMap<>();
    private static final AtomicBoolean CLOSE_AT_EXIT = new AtomicBoolean();
    private static final int MAX_LOAD_FAILURES = 64;

    private Backends() {
    }

    /**
     * @return the shared backend chosen by the selection order; its {@code close()} is a no-op
     * @throws NoBackendException if none is available, or a configured name is unknown or unavailable
     */
    public static Backend get() {
        return shared(select(null, discover(), System::getProperty, System::getenv));
    }

    /**
     * @param name the provider's name, e.g. {@code "cpu"}
     * @return the shared backend of that provider; its {@code close()} is a no-op
     * @throws NoBackendException if no provider has that name or it is unavailable
     */
    public static Backend get(String name) {
        return shared(select(name, discover(), key -> null, key -> null));
    }

    private static Backend shared(BackendProvider provider) {
        return SHARED.computeIfAbsent(provider.name(), n -> {
            closeAtExit();
            return new SharedBackend(provider.create(Map.of()));
        });
    }

    /** Registers, once, the shutdown hook that closes the owned backends behind the shared ones. */
    private static void closeAtExit() {
        if (CLOSE_AT_EXIT.compareAndSet(false, true)) {
            Thread hook = new Thread(Backends::closeShared, "ferrite-backends-close");
            hook.setDaemon(true);
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    /** Closes every shared backend's owned backend, best effort: a failing one does not stop the rest. */
    static void closeShared() {
        for (SharedBackend shared : SHARED.values()) {
            try {
                shared.owned().close();
            } catch (RuntimeException | LinkageError e) {
                // best effort at JVM exit: nobody is left to report to
            }
        }
    }

    /**
     * @param name the provider's name
     * @param properties provider-specific settings
     * @return a new backend, owned by the caller, who closes it
     * @throws NoBackendException if no provider has that name or it is unavailable
     */
    public static Backend create(String name, Map<String, String> properties) {
        return select(name, discover(), key -> null, key -> null).create(properties);
    }

    /** @return every provider found, with loader, priority, availability and failure reason */
    public static List<ProviderDiagnostic> diagnostics() {
        return diagnose(discover());
    }

    /**
     * Picks a provider by the documented order. Visible for tests.
     *
     * @param explicit an explicit name, or {@code null}
     * @param found the discovered providers (with load failures)
     * @param properties system property lookup
     * @param environment environment lookup
     * @return the selected provider
     */
    static BackendProvider select(String explicit, Discovery found, Function<String, String> properties,
            Function<String, String> environment) {
        String name = explicit;
        String source = "the explicit name";
        if (name == null) {
            name = blankToNull(properties.apply(PROPERTY));
            source = "system property " + PROPERTY;
        }
        if (name == null) {
            name = blankToNull(environment.apply(ENVIRONMENT));
            source = "environment variable " + ENVIRONMENT;
        }
        if (name != null) {
            for (BackendProvider p : found.providers) {
                if (name.equals(nameOf(p))) {
                    if (!isAvailable(p)) {
                        throw new NoBackendException("backend '" + name + "' (from " + source
                                + ") is not available: " + unavailableReason(p), render(diagnose(found)));
                    }
                    return new SelectedProvider(p, name, () -> render(diagnose(found)));
                }
            }
            String known = found.providers.stream().map(Backends::nameOf).filter(n -> n != null)
                    .collect(Collectors.joining(", "));
            throw new NoBackendException("no backend named '" + name + "' (from " + source + "); known: ["
                    + known + "]. Add the provider's jar or bundle, or pick a known name", render(diagnose(found)));
        }
        // Highest priority wins; ties go to the alphabetically first name, so the choice does not depend
        // on class-path order.
        BackendProvider best = null;
        int bestPriority = 0;
        String bestName = null;
        for (BackendProvider p : found.providers) {
            String n = nameOf(p);
            if (n == null || !isAvailable(p)) {
                continue;
            }
            Integer priority = priorityOf(p);
            if (priority == null) {
                continue;
            }
            if (best == null || priority > bestPriority || (priority == bestPriority && n.compareTo(bestName) < 0)) {
                best = p;
                bestPriority = priority;
                bestName = n;
            }
        }
        if (best == null) {
            throw new NoBackendException(
                    "no available backend provider; add a provider such as ferrite-cpu to the class or module path",
                    render(diagnose(found)));
        }
        return new SelectedProvider(best, bestName, () -> render(diagnose(found)));
    }

    /**
     * A provider's name, or {@code null} if it has none: {@code name()} threw or returned {@code null}
     * (such a provider is never selected).
     */
    private static String nameOf(BackendProvider p) {
        try {
            return p.name();
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** A provider's priority, or {@code null} if {@code priority()} threw (never selected then). */
    private static Integer priorityOf(BackendProvider p) {
        try {
            return p.priority();
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** False if {@code isAvailable()} says so or throws. */
    private static boolean isAvailable(BackendProvider p) {
        try {
            return p.isAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** Why a provider is unavailable, never {@code null}: its own reason, or what went wrong asking. */
    private static String unavailableReason(BackendProvider p) {
        try {
            if (!p.isAvailable()) {
                String reason = p.unavailableReason();
                return reason == null || reason.isBlank() ? "it gave no reason" : reason;
            }
            return "";
        } catch (RuntimeException | LinkageError e) {
            return "provider failed: " + e;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    static Discovery discover() {
        Map<Class<?>, BackendProvider> byClass = new LinkedHashMap<>();
        List<ProviderDiagnostic> failures = new ArrayList<>();
        load(Backends.class.getClassLoader(), byClass, failures);
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null && context != Backends.class.getClassLoader()) {
            load(context, byClass, failures);
        }
        return new Discovery(new ArrayList<>(byClass.values()), failures);
    }

    private static void load(ClassLoader loader, Map<Class<?>, BackendProvider> byClass,
            List<ProviderDiagnostic> failures) {
        ServiceLoader<BackendProvider> sl = loader == null ? ServiceLoader.load(BackendProvider.class)
                : ServiceLoader.load(BackendProvider.class, loader);
        var it = sl.iterator();
        // Each failure advances the iterator past the bad entry; the bound only guards against a
        // broken ServiceLoader implementation that would report the same failure forever.
        for (int failed = 0; failed < MAX_LOAD_FAILURES;) {
            try {
                if (!it.hasNext()) {
                    return;
                }
                BackendProvider p = it.next();
                byClass.putIfAbsent(p.getClass(), p);
            } catch (ServiceConfigurationError e) {
                failed++;
                failures.add(new ProviderDiagnostic("?", "?", String.valueOf(loader), 0, false,
                        "failed to load: " + e.getMessage()));
            }
        }
    }

    static List<ProviderDiagnostic> diagnose(Discovery found) {
        List<ProviderDiagnostic> out = new ArrayList<>();
        for (BackendProvider p : found.providers) {
            // Each query on its own, so one misbehaving answer does not hide the others.
            String name = null;
            String trouble = "";
            try {
                name = p.name();
                trouble = name == null ? "name() returned null" : "";
            } catch (RuntimeException | LinkageError e) {
                trouble = "name() failed: " + e;
            }
            Integer priority = priorityOf(p);
            if (priority == null) {
                trouble = (trouble.isEmpty() ? "" : trouble + "; ") + "priority() failed";
            }
            String unavailable = unavailableReason(p);
            String reason = trouble.isEmpty() ? unavailable
                    : unavailable.isEmpty() ? trouble + " (never selected)" : trouble + "; " + unavailable;
            out.add(new ProviderDiagnostic(name, p.getClass().getName(), String.valueOf(p.getClass().getClassLoader()),
                    priority == null ? 0 : priority, reason.isEmpty(), reason));
        }
        out.addAll(found.failures);
        return List.copyOf(out);
    }

    static String render(List<ProviderDiagnostic> diagnostics) {
        if (diagnostics.isEmpty()) {
            return "Discovered providers: none (no META-INF/services/" + BackendProvider.class.getName()
                    + " entry and no module 'provides' clause was found)";
        }
        return "Discovered providers:" + System.lineSeparator() + diagnostics.stream().map(Object::toString)
                .collect(Collectors.joining(System.lineSeparator()));
    }

    /** What a ServiceLoader scan found: providers and load failures. */
    static final class Discovery {
        final List<BackendProvider> providers;
        final List<ProviderDiagnostic> failures;

        Discovery(List<BackendProvider> providers, List<ProviderDiagnostic> failures) {
            this.providers = providers;
            this.failures = failures;
        }
    }
}
