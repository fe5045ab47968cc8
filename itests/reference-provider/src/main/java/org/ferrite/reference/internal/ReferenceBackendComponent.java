package org.ferrite.reference.internal;

import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.SharedBackend;
import org.ferrite.reference.ReferenceBackend;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * The reference provider's {@link Backend} service: active without configuration, one
 * {@link ReferenceBackend} per activation, closed on deactivation (bundle stop, configuration change).
 * Configuration Admin PID {@value #PID} may only change {@code service.ranking}
 * ({@link ReferenceBackendConfiguration}).
 *
 * <p>Service properties: {@code ferrite.backend.name=reference}, {@code ferrite.backend.device=cpu},
 * {@code ferrite.backend.dtypes} (every dtype), {@code ferrite.spi.version}, {@code service.ranking}
 * {@value #RANKING} — below the CPU provider's 100, so an unfiltered lookup prefers the CPU backend.
 *
 * <p>The service object is shared by every bundle that looks it up: a {@link SharedBackend}, whose
 * {@code close()} is a no-op (the {@code Backend} contract for shared instances); the component owns the
 * {@link ReferenceBackend} and closes it on deactivation.
 *
 * <p>Thread-safe. Lifetime: managed by Declarative Services.
 */
@Component(name = ReferenceBackendComponent.PID, service = Backend.class,
        configurationPid = ReferenceBackendComponent.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL,
        property = {
            "ferrite.backend.name=reference",
            "ferrite.backend.device=cpu",
            "ferrite.backend.dtypes=BOOL", "ferrite.backend.dtypes=I32", "ferrite.backend.dtypes=I64",
            "ferrite.backend.dtypes=F32", "ferrite.backend.dtypes=F64", "ferrite.backend.dtypes=C64",
            "ferrite.backend.dtypes=C128", "ferrite.backend.dtypes=F16", "ferrite.backend.dtypes=BF16",
            "ferrite.backend.dtypes=I8", "ferrite.backend.dtypes=U8",
            "ferrite.spi.version=" + BackendCapabilities.SPI_VERSION,
            "service.ranking:Integer=" + ReferenceBackendComponent.RANKING })
@Designate(ocd = ReferenceBackendConfiguration.class)
public final class ReferenceBackendComponent extends SharedBackend {
    /** The configuration PID (and component name). */
    public static final String PID = "org.ferrite.reference";
    /** The default service ranking. */
    public static final int RANKING = 10;

    private final ReferenceBackend backend;

    /** Created by Declarative Services. */
    public ReferenceBackendComponent() {
        this(new ReferenceBackend());
    }

    private ReferenceBackendComponent(ReferenceBackend backend) {
        super(backend);
        this.backend = backend;
    }

    /** Closes the backend: later entries fail with {@code RuntimeStateException}. */
    @Deactivate
    void deactivate() {
        backend.close();
    }

    /** @return true once deactivation closed the backend behind this service (a snapshot, for tests) */
    public boolean isClosed() {
        return backend.isClosed();
    }

    /** @return true if no session holds or waits for the backend (a snapshot, for tests) */
    public boolean isIdle() {
        return backend.isIdle();
    }

    @Override
    public String toString() {
        return "ReferenceBackendComponent[" + backend + "]";
    }
}
