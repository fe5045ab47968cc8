package org.ferrite.itests.osgi;

import org.ferrite.api.Backend;
import org.junit.jupiter.api.condition.EnabledIf;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;

/**
 * The conformance kit inside the framework against the OpenCL provider's {@link Backend} service (bundle
 * {@code org.ferrite.opencl}, JOCL embedded, the first OpenCL device: POCL in CI); owned backends come from
 * its {@code OpenClBackendProvider}. Disabled, with the reason printed, where no OpenCL device is present.
 */
@EnabledIf("org.ferrite.itests.osgi.Bundles#openClAvailable")
class OpenClKitInFrameworkTest extends RegisteredBackendKit {
    /** The provider's name. */
    static final String PROVIDER = "opencl";

    @InjectService(filter = "(" + NAME + "=" + PROVIDER + ")", timeout = 10000)
    static ServiceAware<Backend> opencl;

    @Override
    ServiceAware<Backend> registered() {
        return opencl;
    }
}
