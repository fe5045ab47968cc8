package org.ferrite.api.testkit.reference.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.LinalgEdgeConformance;
import org.ferrite.api.testkit.reference.ReferenceBackend;

/** The reference provider passes {@link LinalgEdgeConformance} with its naive linear-algebra kernels. */
class ReferenceLinalgEdgeConformanceTest extends LinalgEdgeConformance {
    private static final ReferenceBackend BACKEND = new ReferenceBackend();

    @Override
    protected Backend backend() {
        return BACKEND;
    }
}
