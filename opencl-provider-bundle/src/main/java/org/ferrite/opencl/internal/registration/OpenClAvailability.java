package org.ferrite.opencl.internal.registration;

import org.ferrite.opencl.OpenClBackend;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Enables {@link OpenClBackendComponent} and {@link OpenClDeviceBackendComponent} when this machine has an OpenCL device: an immediate component
 * without a service, so the {@code Backend} service exists only where it can work. Where no device is

 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services.
 */
@Component(immediate = true, service = {})
public final class OpenClAvailability {
    private final String reason;

    /**
     * @param context the component context, to enable the backend component
     */
    @Activate
    public OpenClAvailability(ComponentContext context) {
        this.reason = OpenClBackend.unavailableReason();
        if (reason.isEmpty()) {
            context.enableComponent(OpenClBackendComponent.PID);
            context.enableComponent(OpenClDeviceBackendComponent.FACTORY_PID);
        }
    }

    /** @return why no OpenCL backend service is registered, or "" if it is */
    public String reason() {
        return reason;
    }
}
