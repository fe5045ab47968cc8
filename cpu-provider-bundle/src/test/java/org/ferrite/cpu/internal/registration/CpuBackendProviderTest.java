package org.ferrite.cpu.internal.registration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuDomain;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.junit.jupiter.api.Test;

class CpuBackendProviderTest {
    private final CpuBackendProvider provider = new CpuBackendProvider();

    @Test
    void theProviderDescribesItselfWithoutSideEffects() {
        assertThat(provider.name()).isEqualTo("cpu");
        assertThat(provider.device()).isEqualTo(DeviceKind.CPU);
        assertThat(provider.priority()).isEqualTo(100);
        assertThat(provider.isAvailable()).isTrue();
        assertThat(provider.unavailableReason()).isEmpty();
    }

    @Test
    void anEmptyMapGivesTheDefaultBackend() {
        Backend backend = provider.create(Map.of());
        try (CpuBackend cpu = (CpuBackend) backend) {
            assertThat(cpu.domain()).isEqualTo(CpuDomain.available());
            assertThat(cpu.threads()).isEqualTo(CpuDomain.available().size());
        }
    }

    @Test
    void everyDocumentedKeyIsApplied() {
        int first = CpuDomain.available().cpus()[0];
        try (CpuBackend cpu = (CpuBackend) provider.create(Map.of("threads", "1", "cpus", String.valueOf(first),
                "pinCaller", "false", "bufferPoolLimitBytes", "4096", "indexedPlanCacheMaxEntries", "7",
                "indexedPlanCacheMaxBytes", "700", "gemmRoute", "java", "linalgRoute", "native", "leakDetection", "true",
                "longWaitWarningMillis", "2500"))) {
            assertThat(cpu.threads()).isEqualTo(1);
            assertThat(cpu.longWaitWarning()).isEqualTo(java.time.Duration.ofMillis(2500));
            assertThat(cpu.domain()).isEqualTo(CpuDomain.of(first));
            assertThat(cpu.gemmRoute()).isEqualTo(GemmRoute.JAVA);
            assertThat(cpu.linalgRoute()).isEqualTo(LinalgRoute.NATIVE);
            assertThat(cpu.bufferPoolStats().limitBytes()).isEqualTo(4096);
            assertThat(cpu.indexedPlanCacheStats().maxEntries()).isEqualTo(7);
            assertThat(cpu.indexedPlanCacheStats().maxBytes()).isEqualTo(700);
        }
    }

    @Test
    void unknownKeysAndBadValuesAreRejectedNamingTheKey() {
        assertThatThrownBy(() -> provider.create(Map.of("thread", "2"))).isInstanceOf(ValidationException.class)
                .hasMessageContaining("thread").hasMessageContaining("threads");
        assertThatThrownBy(() -> provider.create(Map.of("threads", "two"))).isInstanceOf(ValidationException.class)
                .hasMessageContaining("threads").hasMessageContaining("\"two\"");
        assertThatThrownBy(() -> provider.create(Map.of("gemmRoute", "fast"))).isInstanceOf(ValidationException.class)
                .hasMessageContaining("AUTO, JAVA or NATIVE");
        assertThatThrownBy(() -> provider.create(Map.of("pinCaller", "yes"))).isInstanceOf(ValidationException.class)
                .hasMessageContaining("pinCaller");
        assertThatThrownBy(() -> provider.create(Map.of("cpus", "0-"))).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> provider.create(Map.of("longWaitWarningMillis", "0")))
                .isInstanceOf(ValidationException.class).hasMessageContaining("longWaitWarningMillis");
    }

    @Test
    void aValueTheBuilderRefusesIsReportedUnderTheSettingsKeyTheUserWrote() {
        for (Map.Entry<String, String> bad : Map.of("indexedPlanCacheMaxEntries", "-1", "indexedPlanCacheMaxBytes", "-5",
                "threads", "-3", "cpus", "9999999").entrySet()) {
            assertThatThrownBy(() -> provider.create(Map.of(bad.getKey(), bad.getValue())))
                    .as(bad.toString()).isInstanceOfSatisfying(ValidationException.class, e -> {
                        assertThat(e.argument()).isEqualTo(bad.getKey());
                        assertThat(e.actual()).isEqualTo("\"" + bad.getValue() + "\"");
                    });
        }
    }

    @Test
    void configurationAdminValuesUseTheSameRulesAndIgnorePropertiesThatAreNoSettings() {
        int first = CpuDomain.available().cpus()[0];
        try (CpuBackend cpu = CpuSettings.fromConfiguration(Map.of("cpus", " " + first + " ", "threads", 0,
                "bufferPoolLimitBytes", -1L, "gemmRoute", "NATIVE", "linalgRoute", "DENSE", "longWaitWarningMillis", 1500,
                "service.pid", "org.ferrite.cpu", "felix.fileinstall.filename", "file:/etc/cpu.cfg"), "test").build()) {
            assertThat(cpu.domain()).isEqualTo(CpuDomain.of(first));
            assertThat(cpu.threads()).isEqualTo(1);
            assertThat(cpu.gemmRoute()).isEqualTo(GemmRoute.NATIVE);
            assertThat(cpu.linalgRoute()).isEqualTo(LinalgRoute.DENSE);
            assertThat(cpu.longWaitWarning()).isEqualTo(java.time.Duration.ofMillis(1500));
            assertThat(cpu.bufferPoolStats().limitBytes()).isEqualTo(CpuBackend.DEFAULT_BUFFER_POOL_LIMIT_BYTES);
        }
        assertThatThrownBy(() -> CpuSettings.fromConfiguration(Map.of("threads", 2.5), "test"))
                .isInstanceOfSatisfying(ValidationException.class, e -> {
                    assertThat(e.argument()).isEqualTo("threads");
                    assertThat(e.actual()).isEqualTo("2.5");
                });
        assertThatThrownBy(() -> CpuSettings.fromConfiguration(Map.of("indexedPlanCacheMaxEntries", 1L << 40), "test"))
                .isInstanceOf(ValidationException.class).hasMessageContaining("indexedPlanCacheMaxEntries");
    }

    @Test
    void aFactoryConfigurationWithoutCpusIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> new CpuDomainBackendComponent(Map.of("cpus", " ", "threads", 1)))
                .isInstanceOfSatisfying(ValidationException.class, e -> {
                    assertThat(e.argument()).isEqualTo("cpus");
                    assertThat(e.actual()).isEqualTo("\" \"");
                });
        assertThatThrownBy(() -> new CpuDomainBackendComponent(Map.of("threads", 1)))
                .isInstanceOf(ValidationException.class).hasMessageContaining("cpus");
    }
}
