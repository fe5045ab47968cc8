package org.ferrite.opencl;

import java.util.Optional;
import org.ferrite.api.Backend;
import org.ferrite.testkit.ConformanceKit;

/**
 * The OpenCL provider passes the conformance kit on the first OpenCL device of the machine (POCL in CI),
 * one backend shared by the whole run (its programs are compiled once); a second backend on the same device
 * is the device-to-device suite's peer (another context: the copy goes through the host).
 */
class OpenClConformanceTest extends ConformanceKit {
    private static final Backend SHARED = OpenClTesting.shared();

    @Override
    protected Backend backend() {
        return SHARED;
    }

    @Override
    protected Backend newBackend() {
        return OpenClBackend.builder().build();
    }

    @Override
    protected Optional<Backend> newPeerBackend() {
        return Optional.empty();
    }
}
