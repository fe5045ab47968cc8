package org.ferrite.api.testkit.reference.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.EinsumConformance;
import org.ferrite.api.testkit.reference.ReferenceBackend;

/** The reference provider passes {@link EinsumConformance}. */
class ReferenceEinsumConformanceTest extends EinsumConformance {
    private static final ReferenceBackend BACKEND = new ReferenceBackend();

    @Override
    protected Backend backend() {
        return BACKEND;
    }
}
