package org.ferrite.opencl.internal.registration;

import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.SharedBackend;
import org.ferrite.opencl.OpenClBackend;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;

/**
 * One more OpenCL {@link Backend} service per factory configuration of PID {@value #FACTORY_PID} — one per
 * device you want as a service besides the default ({@code device=1} for the second GPU, say). The same
 * keys as {@link OpenClBackendComponent} ({@link OpenClSettings}); like it, enabled only where an OpenCL
 * device is present ({@link OpenClAvailability}). Service properties as the default component's, plus the
 * framework's {@code service.factoryPid}.
 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services (one instance per factory configuration).
 */
@Component(name = OpenClDeviceBackendComponent.FACTORY_PID, service = Backend.class, enabled = false,
        configurationPid = OpenClDeviceBackendComponent.FACTORY_PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        property = {
            "ferrite.backend.name=" + OpenClBackend.NAME,
            "ferrite.backend.device=other",
            "ferrite.spi.version=" + BackendCapabilities.SPI_VERSION,
            "service.ranking:Integer=" + OpenClBackendProvider.PRIORITY })
public final class OpenClDeviceBackendComponent extends SharedBackend {
    /** The factory configuration PID (and component name). */
    public static final String FACTORY_PID = "org.ferrite.opencl.device";

    private final OpenClBackend backend;

    /**
     * Created by Declarative Services for one factory configuration.
     *
     * @param properties the configuration
     * @throws org.ferrite.api.error.ValidationException naming the key of a refused value, or the device
     *     that does not exist (with the list)
     */
    @Activate
    public OpenClDeviceBackendComponent(Map<String, Object> properties) {
        this(OpenClSettings.builder(properties, true).build());
    }

    private OpenClDeviceBackendComponent(OpenClBackend backend) {
        super(backend);
        this.backend = backend;
    }

    /** Closes the backend. */
    @Deactivate
    void deactivate() {
        backend.close();
    }

    @Override
    public String toString() {
        return "OpenClDeviceBackendComponent[" + backend + "]";
    }
}
