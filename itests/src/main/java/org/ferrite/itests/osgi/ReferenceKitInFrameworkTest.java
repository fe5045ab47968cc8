package org.ferrite.itests.osgi;

import org.ferrite.api.Backend;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;

/**
 * The conformance kit inside the framework against the reference provider's {@link Backend} service
 * (bundle {@code org.ferrite.reference}); owned backends come from {@code ReferenceBackendProvider}.
 */
class ReferenceKitInFrameworkTest extends RegisteredBackendKit {
    /** The provider's name. */
    static final String PROVIDER = "reference";

    @InjectService(filter = "(" + NAME + "=" + PROVIDER + ")", timeout = 5000)
    static ServiceAware<Backend> reference;

    @Override
    ServiceAware<Backend> registered() {
        return reference;
    }
}
