package org.ferrite.api.testkit.reference.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.TransferConformance;
import org.ferrite.api.testkit.reference.ReferenceBackend;

/** The reference provider passes {@link TransferConformance}: host-to-host transfers. */
class ReferenceTransferConformanceTest extends TransferConformance {
    private static final ReferenceBackend BACKEND = new ReferenceBackend();

    @Override
    protected Backend backend() {
        return BACKEND;
    }
}
