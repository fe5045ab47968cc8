package org.ferrite.api.testkit.reference.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.LinalgSolveConformance;
import org.ferrite.api.testkit.reference.ReferenceBackend;

/** The reference provider passes {@link LinalgSolveConformance} with its naive linear-algebra kernels. */
class ReferenceLinalgSolveConformanceTest extends LinalgSolveConformance {
    private static final ReferenceBackend BACKEND = new ReferenceBackend();

    @Override
    protected Backend backend() {
        return BACKEND;
    }
}
