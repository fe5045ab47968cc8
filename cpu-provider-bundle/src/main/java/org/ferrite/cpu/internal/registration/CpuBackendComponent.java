package org.ferrite.cpu.internal.registration;

import org.ferrite.api.Backend;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * The default CPU {@link Backend} service of the bundle: active without configuration (every CPU the
 * process may use), reconfigured through Configuration Admin PID {@value #PID}
 * ({@link CpuBackendConfiguration}). A configuration change re-creates the backend (its settings are
 * immutable); deactivation closes it.
 *
 * <p>Service properties: {@code ferrite.backend.name=cpu}, {@code ferrite.backend.device=cpu},
 * {@code ferrite.backend.dtypes} (every dtype), {@code ferrite.spi.version} (all from
 * {@link BackendServiceProperties}), {@code service.ranking} ({@value #RANKING} unless configured), plus
 * the configuration's keys.
 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services.
 */
@Component(name = CpuBackendComponent.PID, service = Backend.class, configurationPid = CpuBackendComponent.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL,
        property = "service.ranking:Integer=" + CpuBackendComponent.RANKING)
@BackendServiceProperties
@Designate(ocd = CpuBackendConfiguration.class)
public final class CpuBackendComponent extends ForwardingBackend {
    /** The configuration PID (and component name). */
    public static final String PID = "org.ferrite.cpu";
    /** The default service ranking. */
    public static final int RANKING = 100;

    /**
     * Builds the backend from the configuration.
     *
     * @param config the configuration (defaults without one)
     */
    @Activate
    public CpuBackendComponent(CpuBackendConfiguration config) {
        super(CpuSettings.fromValues("configuration " + PID, config.threads(), config.cpus(), config.pinCaller(),
                config.bufferPoolLimitBytes(), config.indexedPlanCacheMaxEntries(), config.indexedPlanCacheMaxBytes(),
                config.gemmRoute(), config.leakDetection()).build());
    }

    /** Closes the backend. */
    @Deactivate
    void deactivate() {
        backend.close();
    }
}
