package org.ferrite.itests.osgi;

import org.ferrite.api.Backend;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;

/**
 * The conformance kit inside the framework against the CPU provider's default {@link Backend} service
 * (not one of a factory configuration's); owned backends come from {@code CpuBackendProvider}.
 */
class CpuKitInFrameworkTest extends RegisteredBackendKit {
    /** The provider's name. */
    static final String PROVIDER = "cpu";

    @InjectService(filter = "(&(" + NAME + "=" + PROVIDER + ")(!(service.factoryPid=*)))", timeout = 5000)
    static ServiceAware<Backend> cpu;

    @Override
    ServiceAware<Backend> registered() {
        return cpu;
    }
}
