package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.TransferConformance;

/** The CPU provider passes {@link TransferConformance}: host-to-host transfers. */
class CpuTransferConformanceTest extends TransferConformance {
    @Override
    protected Backend backend() {
        return ConformanceBackends.TWO_THREADS;
    }
}
