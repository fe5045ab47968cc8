package org.ferrite.cpu;

import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.affinity.AffinityControl;
import org.ferrite.cpu.internal.session.EngineSettings;
import org.ferrite.cpu.internal.session.SessionEngine;

/**
 * Session engines for the tests of the internal packages, built the one way production builds them —
 * through {@link CpuBackend.Builder} — with an arbiter and an affinity control of the test's choosing,
 * so that no test restates the engine's settings positionally; and the engine settings of a built
 * backend, for the settings parity test.
 */
public final class TestEngines {
    private TestEngines() {
    }

    /**
     * @param builder the settings (the builder is configured further: arbiter and affinity control)
     * @param arbiter the admission arbiter, usually a private one
     * @param affinity the affinity control, usually a fake one
     * @return the new backend's engine; the caller closes it
     */
    public static SessionEngine engine(CpuBackend.Builder builder, AdmissionArbiter arbiter, AffinityControl affinity) {
        return builder.arbiter(arbiter).affinityControl(affinity).build().engine();
    }

    /**
     * @param backend a backend
     * @return the resolved settings its engine runs with (for settings no public accessor reports)
     */
    public static EngineSettings settings(CpuBackend backend) {
        return backend.engine().settings();
    }
}
