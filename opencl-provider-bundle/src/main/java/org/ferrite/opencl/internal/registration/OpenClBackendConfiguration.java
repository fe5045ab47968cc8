package org.ferrite.opencl.internal.registration;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the OpenCL backend service (PID {@code org.ferrite.opencl}); see {@link OpenClSettings}. */
@ObjectClassDefinition(name = "Ferrite OpenCL backend", description = "A backend on one OpenCL device")
@interface OpenClBackendConfiguration {
    /** @return the service ranking */
    @AttributeDefinition(description = "Service ranking of the Backend service")
    int service_ranking() default OpenClBackendProvider.PRIORITY;

    /** @return the device's index over every platform */
    @AttributeDefinition(description = "The OpenCL device's index over every platform (clinfo order)")
    int device() default 0;

    /** @return true to wait for every launch */
    @AttributeDefinition(description = "Wait for every launch and report its failure at the call (debugging)")
    boolean synchronous() default false;
}
