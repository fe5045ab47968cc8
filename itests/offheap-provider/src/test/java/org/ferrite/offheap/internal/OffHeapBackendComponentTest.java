package org.ferrite.offheap.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.annotation.Annotation;
import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.offheap.OffHeapBackend;
import org.ferrite.offheap.OffHeapBackendProvider;
import org.junit.jupiter.api.Test;

/** The bundle's two registrations: the DS component and the ServiceLoader entry. */
class OffHeapBackendComponentTest {

    private static OffHeapBackendConfiguration configuration(long memoryBytes) {
        return new OffHeapBackendConfiguration() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return OffHeapBackendConfiguration.class;
            }

            @Override
            public int service_ranking() {
                return OffHeapBackendComponent.RANKING;
            }

            @Override
            public long memoryBytes() {
                return memoryBytes;
            }
        };
    }

    @Test
    void theServiceIsSharedItsCloseIsANoOpAndDeactivationClosesTheBackend() {
        OffHeapBackendComponent component = new OffHeapBackendComponent(configuration(1 << 20));
        assertThat(component.name()).isEqualTo("offheap");
        assertThat(component.device()).isEqualTo(DeviceKind.OTHER);
        assertThat(component.capabilities().memoryTotalBytes()).hasValue(1 << 20);
        try (Backend shared = component) {
            assertThat(shared.withSession(s -> s.toHost(s.add(s.to(Tensor.of(new double[] {1, 2}, 2), s.placement()),
                    s.to(Tensor.scalar(3), s.placement())))).f64Data()).containsExactly(4, 5);
        }
        assertThat(component.isClosed()).isFalse();
        component.deactivate();
        assertThat(component.isClosed()).isTrue();
        assertThatThrownBy(() -> component.withSession(s -> null)).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("offheap");
    }

    @Test
    void serviceLoaderDiscoversTheProviderAndItTakesTheMemorySetting() {
        assertThat(Backends.diagnostics()).anySatisfy(d -> {
            assertThat(d.name()).isEqualTo(OffHeapBackendProvider.NAME);
            assertThat(d.priority()).isEqualTo(OffHeapBackendProvider.PRIORITY);
        });
        try (Backend b = Backends.create("offheap", Map.of(OffHeapBackendProvider.MEMORY_BYTES, "65536"))) {
            assertThat(b).isInstanceOf(OffHeapBackend.class);
            assertThat(b.capabilities().memoryTotalBytes()).hasValue(65536);
            Placement placement = b.withSession(s -> s.allocate(DType.C128, 2).placement());
            assertThat(placement).isEqualTo(OffHeapBackend.PLACEMENT);
        }
        assertThatThrownBy(() -> Backends.create("offheap", Map.of("threads", "2")))
                .isInstanceOfSatisfying(ValidationException.class, e -> assertThat(e.argument()).isEqualTo("threads"));
        assertThatThrownBy(() -> Backends.create("offheap", Map.of(OffHeapBackendProvider.MEMORY_BYTES, "-1")))
                .isInstanceOfSatisfying(ValidationException.class,
                        e -> assertThat(e.argument()).isEqualTo(OffHeapBackendProvider.MEMORY_BYTES));
    }
}
