package org.ferrite.cpu.internal.registration;

import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.error.ValidationException;
import org.ferrite.cpu.internal.settings.CpuSetting;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * One additional CPU {@link Backend} service per factory configuration of PID {@value #FACTORY_PID}
 * — for several independent backends, for example on disjoint CPU sets that run sessions
 * concurrently. Same keys as {@link CpuBackendComponent} ({@code cpus} is required; the metatype is
 * {@link CpuDomainBackendConfiguration}), same service properties, ranking {@value #RANKING} unless
 * configured. Deactivation (deleting the configuration) closes the backend.
 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services.
 */
@Component(name = CpuDomainBackendComponent.FACTORY_PID, service = Backend.class,
        configurationPid = CpuDomainBackendComponent.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
@BackendServiceProperties
@CpuDomainBackendConfiguration(cpus = "")
@Designate(ocd = CpuDomainBackendConfiguration.class, factory = true)
public final class CpuDomainBackendComponent extends ForwardingBackend {
    /** The factory configuration PID (and component name). */
    public static final String FACTORY_PID = "org.ferrite.cpu.domain";
    /** The default service ranking: below the default backend's. */
    public static final int RANKING = 50;

    /**
     * Builds the backend from the component properties.
     *
     * @param properties the factory configuration's properties over the published defaults
     * @throws ValidationException naming the key of a refused value, or {@code cpus} if it is blank
     */
    @Activate
    public CpuDomainBackendComponent(Map<String, Object> properties) {
        super(CpuSettings.fromConfiguration(requireCpus(properties), "configuration " + FACTORY_PID).build());
    }

    private static Map<String, Object> requireCpus(Map<String, Object> properties) {
        Object cpus = properties.get(CpuSetting.CPUS.key());
        if (cpus == null || cpus.toString().isBlank()) {
            throw ValidationException.invalidArgument("configuration " + FACTORY_PID, CpuSetting.CPUS.key(),
                    "a CPU list such as \"4-7\"", CpuSetting.shown(cpus), "a factory configuration names its CPU set");
        }
        return properties;
    }

    /** Closes the backend. */
    @Deactivate
    void deactivate() {
        backend.close();
    }
}
