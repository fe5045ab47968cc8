package org.ferrite.cpu.conformance;

import java.util.Set;
import org.ferrite.api.Backend;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.testkit.ConformanceKit;
import org.ferrite.testkit.LifecycleConformance;
import org.ferrite.testkit.ProviderConformance;

/**
 * The CPU provider passes the conformance kit, on one shared {@link CpuBackend} with a thread budget of
 * 2 (so that kernels may split work), created once per test JVM and never closed (its pool threads are
 * daemons).
 */
class CpuConformanceTest extends ConformanceKit {
    private static final CpuBackend TWO_THREADS = CpuBackend.builder().threads(2).build();

    @Override
    protected Backend backend() {
        return TWO_THREADS;
    }

    @Override
    protected Backend newBackend() {
        return CpuBackend.builder().threads(2).build();
    }

    /**
     * The CPU backend's close semantics are being aligned with {@code Backend.close()} separately; its
     * lifecycle tests ({@code CpuBackendTest}) cover close until the kit's lifecycle suite runs here.
     */
    @Override
    protected Set<Class<? extends ProviderConformance>> excludedSuites() {
        return Set.of(LifecycleConformance.class);
    }
}
