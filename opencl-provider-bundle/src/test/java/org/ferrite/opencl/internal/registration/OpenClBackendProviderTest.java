package org.ferrite.opencl.internal.registration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.ServiceLoader;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendProvider;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.opencl.OpenClBackend;
import org.ferrite.opencl.OpenClCapabilities;
import org.junit.jupiter.api.Test;

/**
 * The ServiceLoader registration: found by name, available exactly when a device is present (with the
 * reason otherwise), its settings applied or refused naming the key.
 */
class OpenClBackendProviderTest {
    private static BackendProvider provider() {
        return ServiceLoader.load(BackendProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals(OpenClBackend.NAME)).findFirst().orElseThrow();
    }

    @Test
    void theProviderIsFoundByNameAndIsAvailableExactlyWhenADeviceIsPresent() {
        BackendProvider p = provider();
        assertThat(p.device()).isEqualTo(DeviceKind.OTHER);
        assertThat(p.priority()).isLessThan(100);
        boolean present = !OpenClBackend.devices().isEmpty();
        assertThat(p.isAvailable()).isEqualTo(present);
        assertThat(p.unavailableReason().isEmpty()).isEqualTo(present);
        if (!present) {
            assertThat(p.unavailableReason()).contains("pocl-opencl-icd");
        }
    }

    @Test
    void unknownKeysAndBadValuesAreRefusedNamingTheKey() {
        BackendProvider p = provider();
        assertThatThrownBy(() -> p.create(Map.of("threads", "2"))).isInstanceOfSatisfying(ValidationException.class,
                e -> assertThat(e.argument()).contains("threads"));
        assertThatThrownBy(() -> p.create(Map.of(OpenClSettings.SYNCHRONOUS, "yes")))
                .isInstanceOfSatisfying(ValidationException.class, e -> assertThat(e.argument())
                        .contains(OpenClSettings.SYNCHRONOUS));
        assertThatThrownBy(() -> p.create(Map.of(OpenClSettings.MEMORY_LIMIT_BYTES, "0")))
                .isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> p.create(Map.of(OpenClSettings.DEVICE, "-1"))).isInstanceOf(ValidationException.class);
    }

    @Test
    void theSettingsReachTheBackend() {
        if (OpenClBackend.devices().isEmpty()) {
            return; // nothing to create on this machine; the reason is checked above
        }
        try (Backend b = provider().create(Map.of(OpenClSettings.SYNCHRONOUS, "true",
                OpenClSettings.MEMORY_LIMIT_BYTES, "1048576"))) {
            assertThat(b.capabilities().detail(OpenClCapabilities.SYNCHRONOUS)).contains(true);
            assertThat(b.capabilities().memoryTotalBytes()).hasValue(1L << 20);
        }
    }
}
