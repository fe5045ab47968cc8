package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.ferrite.api.Backends;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuCapabilities;
import org.ferrite.cpu.CpuDomain;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.junit.jupiter.api.Test;

/**
 * Plain JVM: every key of the CPU provider's settings table (docs/serviceloader.md) is accepted by
 * {@code Backends.create("cpu", Map)} through ServiceLoader and applied — those a {@link CpuBackend}
 * reports are read back — including {@code linalgRoute} and {@code longWaitWarningMillis}, which the
 * map route lacked before the table (issue 26). {@code CpuSettingParityTest} in the provider checks
 * the same for each key on its own, and for Configuration Admin.
 */
class CpuSettingsThroughServiceLoaderTest {
    @Test
    void everyDocumentedKeyIsAcceptedAndApplied() {
        int first = CpuDomain.available().cpus()[0];
        Map<String, String> settings = Map.of("threads", "1", "cpus", String.valueOf(first), "pinCaller", "false",
                "bufferPoolLimitBytes", "65536", "indexedPlanCacheMaxEntries", "9", "indexedPlanCacheMaxBytes", "9000",
                "gemmRoute", "JAVA", "linalgRoute", "dense", "leakDetection", "true", "longWaitWarningMillis", "750");
        try (CpuBackend cpu = (CpuBackend) Backends.create("cpu", settings)) {
            assertThat(cpu.threads()).isEqualTo(1);
            assertThat(cpu.domain()).isEqualTo(CpuDomain.of(first));
            assertThat(cpu.bufferPoolStats().limitBytes()).isEqualTo(65536);
            assertThat(cpu.indexedPlanCacheStats().maxEntries()).isEqualTo(9);
            assertThat(cpu.indexedPlanCacheStats().maxBytes()).isEqualTo(9000);
            assertThat(cpu.gemmRoute()).isEqualTo(GemmRoute.JAVA);
            assertThat(cpu.linalgRoute()).isEqualTo(LinalgRoute.DENSE);
            assertThat(cpu.capabilities().detail(CpuCapabilities.LINALG_ROUTE)).contains("DENSE");
            assertThat(cpu.longWaitWarning()).isEqualTo(Duration.ofMillis(750));
            double sum = cpu.withSession(s -> s.sumAll(s.zeros(DType.F64, 3)).getDouble());
            assertThat(sum).isEqualTo(0.0);
        }
    }

    @Test
    void aRefusedValueNamesTheKeyAndQuotesTheValueAsWritten() {
        assertThatThrownBy(() -> Backends.create("cpu", Map.of("linalgRoute", "sideways")))
                .isInstanceOfSatisfying(ValidationException.class, e -> {
                    assertThat(e.argument()).isEqualTo("linalgRoute");
                    assertThat(e.expected()).isEqualTo("AUTO, JAVA, SMALL, DENSE or NATIVE");
                    assertThat(e.actual()).isEqualTo("\"sideways\"");
                });
        assertThatThrownBy(() -> Backends.create("cpu", Map.of("longWaitWarningMillis", "0")))
                .isInstanceOfSatisfying(ValidationException.class, e -> {
                    assertThat(e.argument()).isEqualTo("longWaitWarningMillis");
                    assertThat(e.actual()).isEqualTo("\"0\"");
                });
        assertThatThrownBy(() -> Backends.create("cpu", Map.of("linalgroute", "AUTO")))
                .isInstanceOf(ValidationException.class).hasMessageContaining("linalgroute")
                .hasMessageContaining("linalgRoute");
    }
}
