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
import org.osgi.service.metatype.annotations.Designate;

/**
 * The OpenCL provider's {@link Backend} service: disabled until {@link OpenClAvailability} found an OpenCL
 * device (so a machine without OpenCL registers no service and logs no failure), then active without
 * configuration, one {@link OpenClBackend} per activation, closed on deactivation. Configuration Admin PID
 * {@value #PID}: every key of {@link OpenClSettings} and {@code service.ranking}.
 *
 * <p>Service properties: {@code ferrite.backend.name=opencl}, {@code ferrite.backend.device=other},
 * {@code ferrite.spi.version}, {@code service.ranking} (default {@value OpenClBackendProvider#PRIORITY}). The
 * service object is a {@link SharedBackend} (its {@code close()} is a no-op); the component owns the backend.
 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services.
 */
@Component(name = OpenClBackendComponent.PID, service = Backend.class, enabled = false,
        configurationPid = OpenClBackendComponent.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL,
        property = {
            "ferrite.backend.name=" + OpenClBackend.NAME,
            "ferrite.backend.device=other",
            "ferrite.spi.version=" + BackendCapabilities.SPI_VERSION,
            "service.ranking:Integer=" + OpenClBackendProvider.PRIORITY })
@Designate(ocd = OpenClBackendConfiguration.class)
public final class OpenClBackendComponent extends SharedBackend {
    /** The configuration PID (and component name). */
    public static final String PID = "org.ferrite.opencl";

    private final OpenClBackend backend;

    /**
     * Created by Declarative Services with the component's properties.
     *
     * @param properties the configuration over the defaults
     * @throws org.ferrite.api.error.ValidationException naming the key of a refused value
     */
    @Activate
    public OpenClBackendComponent(Map<String, Object> properties) {
        this(OpenClSettings.builder(properties, true).build());
    }

    private OpenClBackendComponent(OpenClBackend backend) {
        super(backend);
        this.backend = backend;
    }

    /** Closes the backend: later entries fail; the device is released once its last session left. */
    @Deactivate
    void deactivate() {
        backend.close();
    }

    @Override
    public String toString() {
        return "OpenClBackendComponent[" + backend + "]";
    }
}
