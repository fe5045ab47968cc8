package org.ferrite.api.testkit.reference.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.IndexingConformance;
import org.ferrite.api.testkit.reference.ReferenceBackend;

/** The reference provider passes {@link IndexingConformance}. */
class ReferenceIndexingConformanceTest extends IndexingConformance {
    private static final ReferenceBackend BACKEND = new ReferenceBackend();

    @Override
    protected Backend backend() {
        return BACKEND;
    }
}
