package org.ferrite.api.testkit.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.session.SessionFunction;

/**
 * The root of the provider conformance suite: every suite class extends it and runs against the
 * {@link Backend} its concrete subclass supplies. A provider proves conformance by extending each suite
 * ({@link SessionConformance}, {@link ElementwiseConformance}, {@link StructuralConformance},
 * {@link ReductionConformance}, {@link IndexingConformance}, {@link ContractionConformance},
 * {@link ErrorConformance}, {@link TransferConformance}, {@link LifecycleConformance}, and for linear algebra
 * {@link LinalgConformance}, {@link LinalgSolveConformance}, {@link LinalgEdgeConformance} — which test a
 * backend's {@code LinalgKernels} when its capabilities advertise them, and otherwise only that it fails
 * typed) in its own tests:
 *
 * <pre>{@code
 * class CpuElementwiseConformanceTest extends ElementwiseConformance {
 *     private static final CpuBackend BACKEND = CpuBackend.builder().threads(2).build();
 *
 *     @Override
 *     protected Backend backend() {
 *         return BACKEND;
 *     }
 * }
 * }</pre>
 *
 * <p>Not thread-safe: JUnit runs one test method at a time per instance. Lifetime: one instance per test
 * method (JUnit's default); the backend it returns may be shared and must be idle between tests — every
 * test closes what it opens.
 */
public abstract class ProviderConformance {
    /** For subclasses. */
    protected ProviderConformance() {
    }

    /**
     * @return the backend under test; called once or more per test, it may return a shared instance
     */
    protected abstract Backend backend();

    /**
     * Runs {@code work} in a scoped session of the backend under test.
     *
     * @param work the work
     * @param <R> its result type
     * @return what it returned
     */
    protected final <R> R inSession(SessionFunction<R> work) {
        return backend().withSession(work);
    }
}
