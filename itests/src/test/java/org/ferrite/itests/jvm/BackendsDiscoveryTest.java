package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.ServiceLoader;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendProvider;
import org.ferrite.api.Backends;
import org.ferrite.api.HeldSession;
import org.ferrite.api.ProviderDiagnostic;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuCapabilities;
import org.junit.jupiter.api.Test;

/** Plain JVM: the CPU provider is found through ServiceLoader (generated META-INF/services). */
class BackendsDiscoveryTest {
    @Test
    void serviceLoaderFindsTheCpuProvider() {
        assertThat(ServiceLoader.load(BackendProvider.class).stream().map(ServiceLoader.Provider::get))
                .extracting(BackendProvider::name).contains("cpu");
    }

    @Test
    void backendsGetFindsTheCpuBackendByPriorityAndByName() {
        Backend chosen = Backends.get();
        assertThat(chosen.name()).isEqualTo("cpu");
        // the shared face of the CPU backend (its close is a no-op), reporting the CPU provider's details
        assertThat(chosen).isNotInstanceOf(CpuBackend.class);
        assertThat(chosen.capabilities().detail(CpuCapabilities.AFFINITY_SUPPORTED)).isPresent();
        assertThat(Backends.get("cpu")).isSameAs(chosen);
        try (HeldSession held = chosen.openSession()) {
            assertThat(held.<Long>withSession(s -> s.allocate(DType.F64, 2, 3).size())).isEqualTo(6);
        }
        chosen.close();
        try (HeldSession held = chosen.openSession()) {
            assertThat(held.isOpen()).as("closing a shared backend is a no-op").isTrue();
        }
        assertThat(Backends.diagnostics()).filteredOn(d -> d.name().equals("cpu"))
                .singleElement().extracting(ProviderDiagnostic::available).isEqualTo(true);
    }

    @Test
    void backendsCreateMakesAPrivateConfiguredBackend() {
        try (CpuBackend own = (CpuBackend) Backends.create("cpu", Map.of("threads", "1"))) {
            assertThat(own.threads()).isEqualTo(1);
            assertThat(own).isNotSameAs(Backends.get("cpu"));
        }
    }
}
