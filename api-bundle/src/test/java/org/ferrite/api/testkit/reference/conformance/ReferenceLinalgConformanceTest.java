package org.ferrite.api.testkit.reference.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.LinalgConformance;
import org.ferrite.api.testkit.reference.ReferenceBackend;

/** The reference provider passes {@link LinalgConformance} with its naive linear-algebra kernels. */
class ReferenceLinalgConformanceTest extends LinalgConformance {
    private static final ReferenceBackend BACKEND = new ReferenceBackend();

    @Override
    protected Backend backend() {
        return BACKEND;
    }
}
