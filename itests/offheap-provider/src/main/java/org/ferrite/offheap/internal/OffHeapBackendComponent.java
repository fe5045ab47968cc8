package org.ferrite.offheap.internal;

import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.SharedBackend;
import org.ferrite.offheap.OffHeapBackend;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * The off-heap provider's {@link Backend} service: active without configuration, one
 * {@link OffHeapBackend} per activation, closed on deactivation (bundle stop, configuration change).
 * Configuration Admin PID {@value #PID}: {@code service.ranking} and the device memory
 * ({@link OffHeapBackendConfiguration}).
 *
 * <p>Service properties: {@code ferrite.backend.name=offheap}, {@code ferrite.backend.device=other},
 * {@code ferrite.backend.dtypes} (every dtype), {@code ferrite.spi.version}, {@code service.ranking}
 * {@value #RANKING} — below the CPU provider's 100 and the reference provider's 10.
 *
 * <p>The service object is shared by every bundle that looks it up: a {@link SharedBackend}, whose
 * {@code close()} is a no-op; the component owns the {@link OffHeapBackend} and closes it on deactivation.
 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services.
 */
@Component(name = OffHeapBackendComponent.PID, service = Backend.class,
        configurationPid = OffHeapBackendComponent.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL,
        property = {
            "ferrite.backend.name=offheap",
            "ferrite.backend.device=other",
            "ferrite.backend.dtypes=BOOL", "ferrite.backend.dtypes=I32", "ferrite.backend.dtypes=I64",
            "ferrite.backend.dtypes=F32", "ferrite.backend.dtypes=F64", "ferrite.backend.dtypes=C64",
            "ferrite.backend.dtypes=C128", "ferrite.backend.dtypes=F16", "ferrite.backend.dtypes=BF16",
            "ferrite.backend.dtypes=I8", "ferrite.backend.dtypes=U8",
            "ferrite.spi.version=" + BackendCapabilities.SPI_VERSION,
            "service.ranking:Integer=" + OffHeapBackendComponent.RANKING })
@Designate(ocd = OffHeapBackendConfiguration.class)
public final class OffHeapBackendComponent extends SharedBackend {
    /** The configuration PID (and component name). */
    public static final String PID = "org.ferrite.offheap";
    /** The default service ranking. */
    public static final int RANKING = 5;

    private final OffHeapBackend backend;

    /**
     * Created by Declarative Services with the component's configuration.
     *
     * @param configuration the configuration (defaults without one)
     */
    @Activate
    public OffHeapBackendComponent(OffHeapBackendConfiguration configuration) {
        this(new OffHeapBackend(configuration.memoryBytes()));
    }

    private OffHeapBackendComponent(OffHeapBackend backend) {
        super(backend);
        this.backend = backend;
    }

    /** Closes the backend: later entries fail; the stream and memory go once its last session left. */
    @Deactivate
    void deactivate() {
        backend.close();
    }

    /** @return true once deactivation closed the backend behind this service (a snapshot, for tests) */
    public boolean isClosed() {
        return backend.isClosed();
    }

    @Override
    public String toString() {
        return "OffHeapBackendComponent[" + backend + "]";
    }
}
