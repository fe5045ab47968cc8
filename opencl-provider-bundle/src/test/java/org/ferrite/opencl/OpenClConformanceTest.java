package org.ferrite.opencl;

import java.util.Optional;
import org.ferrite.api.Backend;
import org.ferrite.testkit.ConformanceKit;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The OpenCL provider passes the conformance kit on the first OpenCL device of the machine (POCL in CI),
 * one backend shared by the whole run (its programs are compiled once), and a backend on the second device
 * as the device-to-device suite's peer (the build asks POCL for two devices, {@code POCL_DEVICES}; with
 * one device that suite is skipped). Disabled, with the reason printed, where no
 * OpenCL device is present ({@code .ci/run} fails the build if it installed POCL and this ran nothing).
 */
@EnabledIf("org.ferrite.opencl.OpenClTesting#available")
class OpenClConformanceTest extends ConformanceKit {
    @Override
    protected Backend backend() {
        return OpenClTesting.shared();
    }

    @Override
    protected Backend newBackend() {
        return OpenClBackend.builder().build();
    }

    @Override
    protected Optional<Backend> newPeerBackend() {
        return OpenClBackend.devices().size() > 1 ? Optional.of(OpenClBackend.builder().device(1).build())
                : Optional.empty();
    }
}
