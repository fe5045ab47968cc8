package org.ferrite.testkit;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import org.ferrite.api.Backend;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.suite.LifecycleConformance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The root of every conformance suite: each suite class extends it and runs against the backend of the
 * provider under test. A provider runs every suite with one test class that extends
 * {@link ConformanceKit}; a suite may also be extended on its own, overriding {@link #backend()} (and,
 * for {@link LifecycleConformance}, {@link #newBackend()}).
 *
 * <p>The suites are written once for host and device providers: they prepare operands and expected
 * values on the host and run the provider's work through {@link #inSession(PlacedWork)}, whose
 * {@link Mirror} moves the operands to the session's placement and the results back (for a host
 * provider it is the identity). Every run of a suite class is counted by {@link KitRun}: a test class
 * that executes none of the kit's tests fails.
 *
 * <p>Not thread-safe: JUnit runs one test method at a time per instance. Lifetime: one instance per test
 * method (JUnit's default); the backend it returns may be shared and must be idle between tests — every
 * test closes what it opens.
 */
@ExtendWith(KitRun.class)
public abstract class ProviderConformance {
    /** The kit this suite runs in, set by {@link KitRun} before each test; {@code null} when standalone. */
    ConformanceKit kit;

    /** For subclasses. */
    protected ProviderConformance() {
    }

    /**
     * @return the backend under test; called once or more per test, it may return a shared instance. The
     *     default asks the enclosing {@link ConformanceKit}; a standalone suite subclass overrides it.
     */
    protected Backend backend() {
        return kit("backend()").backend();
    }

    /**
     * @return a new owned backend of the provider under test, which the calling test closes; the default
     *     asks the enclosing {@link ConformanceKit}
     */
    protected Backend newBackend() {
        return kit("newBackend()").newBackend();
    }

    /**
     * @return a new owned backend on another device of the provider under test, which the calling test
     *     closes, or empty if the provider has one placement; the default asks the enclosing
     *     {@link ConformanceKit} ({@link ConformanceKit#newPeerBackend()}), and a standalone suite has none
     */
    protected Optional<Backend> newPeerBackend() {
        return kit == null ? Optional.empty() : kit.newPeerBackend();
    }

    /**
     * The dtypes the backend under test advertises ({@code capabilities().dtypes()}), in {@link DType}
     * order: what a test over every dtype, or every pair of dtypes, iterates. A device may lack some (F64
     * without fp64, the narrow dtypes); the kit tests what is advertised and nothing else — a test that
     * meets an unadvertised dtype anyway (the provider refuses it, naming it) is reported as skipped
     * ({@link #refusedDtype}), and {@code CapabilitiesConformance} checks that such refusals are typed.
     *
     * @return the advertised dtypes
     */
    protected final DType[] advertisedDtypes() {
        Set<DType> advertised = backend().capabilities().dtypes();
        return Arrays.stream(DType.values()).filter(advertised::contains).toArray(DType[]::new);
    }

    /**
     * @param thrown what a test threw
     * @return the dtype the backend under test does not advertise and refused, naming it (an
     *     {@link UnsupportedOpException} in {@code thrown}'s cause chain), or empty
     */
    final Optional<DType> refusedDtype(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof UnsupportedOpException) {
                String name = ((UnsupportedOpException) t).dtype();
                Optional<DType> dtype = Arrays.stream(DType.values()).filter(d -> d.name().equals(name)).findFirst();
                if (dtype.isPresent() && !backend().capabilities().dtypes().contains(dtype.get())) {
                    return dtype;
                }
            }
        }
        return Optional.empty();
    }

    private ConformanceKit kit(String method) {
        if (kit == null) {
            throw new IllegalStateException(getClass().getName() + " runs outside a ConformanceKit: extend"
                    + " ConformanceKit (which runs every suite), or override " + method + " in this suite subclass");
        }
        return kit;
    }

    /**
     * Runs {@code work} in a scoped session of the backend under test. A {@link Tensor} it returns comes
     * back as a host tensor ({@code toHost} when it lives elsewhere, inside the session).
     *
     * @param work the work
     * @param <R> its result type
     * @return what it returned
     */
    protected final <R> R inSession(SessionFunction<R> work) {
        return backend().withSession(s -> onHost(s, work.apply(s)));
    }

    /**
     * Runs {@code work} in a scoped session with a {@link Mirror} of the test's host tensors on the
     * session's placement; when the work ends (returning or throwing) every mirrored storage is copied
     * back over its host original, so the test asserts on its host tensors afterwards. A {@link Tensor}
     * the work returns comes back as a host tensor.
     *
     * @param work the work
     * @param <R> its result type
     * @return what it returned
     */
    protected final <R> R inSession(PlacedWork<R> work) {
        return backend().withSession(s -> {
            Mirror mirror = new Mirror(s);
            R result;
            try {
                result = onHost(s, work.apply(s, mirror));
            } catch (RuntimeException | Error e) {
                mirror.writeBackAfter(e);
                throw e;
            }
            mirror.writeBack();
            return result;
        });
    }

    @SuppressWarnings("unchecked") // a Tensor result is replaced by a Tensor
    private static <R> R onHost(BackendSession s, R result) {
        if (result instanceof Tensor && !((Tensor) result).placement().isHost()) {
            return (R) s.toHost((Tensor) result);
        }
        return result;
    }

    /**
     * Work on the session's placement: the session, and the mirror of the test's host tensors there.
     *
     * @param <R> its result type
     */
    @FunctionalInterface
    public interface PlacedWork<R> {
        /**
         * @param session the session
         * @param mirror the test's host tensors, mirrored on the session's placement
         * @return the result
         */
        R apply(BackendSession session, Mirror mirror);
    }
}
