package org.ferrite.itests.osgi;

import org.ferrite.api.Backend;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;

/**
 * The conformance kit inside the framework against the off-heap device provider's {@link Backend}
 * service (bundle {@code org.ferrite.offheap}: off-heap storage on placement {@code other:0},
 * asynchronous stream-ordered work); owned backends come from {@code OffHeapBackendProvider}.
 */
class OffHeapKitInFrameworkTest extends RegisteredBackendKit {
    /** The provider's name. */
    static final String PROVIDER = "offheap";

    @InjectService(filter = "(" + NAME + "=" + PROVIDER + ")", timeout = 5000)
    static ServiceAware<Backend> offheap;

    @Override
    ServiceAware<Backend> registered() {
        return offheap;
    }
}
