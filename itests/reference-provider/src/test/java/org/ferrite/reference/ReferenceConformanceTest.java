package org.ferrite.reference;

import org.ferrite.api.Backend;
import org.ferrite.testkit.ConformanceKit;

/**
 * The reference provider passes every suite of the conformance kit: the shared backend for the suites,
 * a fresh owned one for each lifecycle test. This class is also the kit's own worked example — a
 * provider's whole conformance run is this one class.
 */
class ReferenceConformanceTest extends ConformanceKit {
    private static final ReferenceBackend SHARED = new ReferenceBackend();

    @Override
    protected Backend backend() {
        return SHARED;
    }

    @Override
    protected Backend newBackend() {
        return new ReferenceBackend();
    }
}
