package org.ferrite.cpu.internal.registration;

import org.ferrite.api.Backend;
import org.ferrite.api.error.ValidationException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * One additional CPU {@link Backend} service per factory configuration of PID {@value #FACTORY_PID}
 * ({@link CpuDomainBackendConfiguration}; {@code cpus} is required) — for several independent
 * backends, for example on disjoint CPU sets that run sessions concurrently. Same service properties
 * as {@link CpuBackendComponent}, ranking {@value #RANKING} unless configured. Deactivation (deleting
 * the configuration) closes the backend.
 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services.
 */
@Component(name = CpuDomainBackendComponent.FACTORY_PID, service = Backend.class,
        configurationPid = CpuDomainBackendComponent.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        property = "service.ranking:Integer=" + CpuDomainBackendComponent.RANKING)
@BackendServiceProperties
@Designate(ocd = CpuDomainBackendConfiguration.class, factory = true)
public final class CpuDomainBackendComponent extends ForwardingBackend {
    /** The factory configuration PID (and component name). */
    public static final String FACTORY_PID = "org.ferrite.cpu.domain";
    /** The default service ranking: below the default backend's. */
    public static final int RANKING = 50;

    /**
     * Builds the backend from the factory configuration.
     *
     * @param config the configuration
     */
    @Activate
    public CpuDomainBackendComponent(CpuDomainBackendConfiguration config) {
        super(CpuSettings.fromValues("configuration " + FACTORY_PID, config.threads(), requireCpus(config.cpus()),
                config.pinCaller(), config.bufferPoolLimitBytes(), config.indexedPlanCacheMaxEntries(),
                config.indexedPlanCacheMaxBytes(), config.gemmRoute(), config.leakDetection()).build());
    }

    private static String requireCpus(String cpus) {
        if (cpus == null || cpus.isBlank()) {
            throw ValidationException.invalidArgument("configuration " + FACTORY_PID, "cpus",
                    "a CPU list such as \"4-7\"", String.valueOf(cpus), "a factory configuration names its CPU set");
        }
        return cpus;
    }

    /** Closes the backend. */
    @Deactivate
    void deactivate() {
        backend.close();
    }
}
