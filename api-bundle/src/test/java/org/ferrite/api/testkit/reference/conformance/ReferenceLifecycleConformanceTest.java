package org.ferrite.api.testkit.reference.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.LifecycleConformance;
import org.ferrite.api.testkit.reference.ReferenceBackend;

/** The reference provider passes {@link LifecycleConformance}: each test closes a fresh backend. */
class ReferenceLifecycleConformanceTest extends LifecycleConformance {
    @Override
    protected Backend newBackend() {
        return new ReferenceBackend();
    }
}
