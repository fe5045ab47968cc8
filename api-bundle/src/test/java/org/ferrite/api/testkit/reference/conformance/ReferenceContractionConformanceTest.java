package org.ferrite.api.testkit.reference.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.ContractionConformance;
import org.ferrite.api.testkit.reference.ReferenceBackend;

/** The reference provider passes {@link ContractionConformance}. */
class ReferenceContractionConformanceTest extends ContractionConformance {
    private static final ReferenceBackend BACKEND = new ReferenceBackend();

    @Override
    protected Backend backend() {
        return BACKEND;
    }
}
