package org.ferrite.cpu.internal.registration;

import java.util.Map;
import org.ferrite.api.Backend;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * The default CPU {@link Backend} service of the bundle: active without configuration (every CPU the
 * process may use), reconfigured through Configuration Admin PID {@value #PID}: every key of the
 * provider's settings table ({@link org.ferrite.cpu.internal.settings.CpuSetting}, read through
 * {@link CpuSettings#fromConfiguration}; the metatype is {@link CpuBackendConfiguration}). A
 * configuration change re-creates the backend (its settings are immutable); deactivation closes it.
 *
 * <p>Service properties: {@code ferrite.backend.name=cpu}, {@code ferrite.backend.device=cpu},
 * {@code ferrite.backend.dtypes} (every dtype), {@code ferrite.spi.version} (all from
 * {@link BackendServiceProperties}), {@code service.ranking} ({@value #RANKING} unless configured), and
 * every setting — as configured, else its default (from {@link CpuBackendConfiguration}).
 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services.
 */
@Component(name = CpuBackendComponent.PID, service = Backend.class, configurationPid = CpuBackendComponent.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
@BackendServiceProperties
@CpuBackendConfiguration
@Designate(ocd = CpuBackendConfiguration.class)
public final class CpuBackendComponent extends ForwardingBackend {
    /** The configuration PID (and component name). */
    public static final String PID = "org.ferrite.cpu";
    /** The default service ranking. */
    public static final int RANKING = 100;

    /**
     * Builds the backend from the component properties.
     *
     * @param properties the configuration's properties over the published defaults
     * @throws org.ferrite.api.error.ValidationException naming the key of a refused value
     */
    @Activate
    public CpuBackendComponent(Map<String, Object> properties) {
        super(CpuSettings.fromConfiguration(properties, "configuration " + PID).build());
    }

    /** Closes the backend. */
    @Deactivate
    void deactivate() {
        backend.close();
    }
}
