package org.ferrite.reference.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.reference.ReferenceBackendProvider;
import org.junit.jupiter.api.Test;

/** The bundle's two registrations: the DS component and the ServiceLoader entry. */
class ReferenceBackendComponentTest {

    @Test
    void theComponentForwardsToAReferenceBackendUntilDeactivated() {
        ReferenceBackendComponent component = new ReferenceBackendComponent();
        assertThat(component.name()).isEqualTo("reference");
        assertThat(component.device()).isEqualTo(DeviceKind.CPU);
        Tensor sum = component.withSession(s -> s.add(Tensor.of(new double[] {1, 2}, 2), Tensor.scalar(3)));
        assertThat(sum.f64Data()).containsExactly(4, 5);
        HeldSession held = component.openSession();
        assertThat(component.isIdle()).isFalse();
        component.deactivate();
        assertThat(component.isClosed()).isTrue();
        assertThatThrownBy(() -> held.withSession(s -> s.zeros(DType.I32, 2)))
                .as("a held session open at close fails its next entry").isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("reference");
        held.close(); // and can still be closed
        assertThat(component.isIdle()).isTrue();
        assertThatThrownBy(() -> component.withSession(s -> null)).isInstanceOf(RuntimeStateException.class);
        assertThatThrownBy(component::openSession).isInstanceOf(RuntimeStateException.class);
    }

    @Test
    void theServiceObjectIsSharedSoItsCloseIsANoOp() {
        ReferenceBackendComponent component = new ReferenceBackendComponent();
        try (Backend shared = component) {
            assertThat(shared.name()).isEqualTo("reference");
        }
        component.close();
        assertThat(component.isClosed()).isFalse();
        assertThat(component.<Long>withSession(s -> s.zeros(DType.F64, 1).size())).isEqualTo(1);
        component.deactivate();
        assertThat(component.isClosed()).as("only deactivation closes the backend").isTrue();
    }

    @Test
    void serviceLoaderDiscoversTheReferenceProviderByName() {
        Backend backend = Backends.create("reference", Map.of());
        assertThat(backend.name()).isEqualTo("reference");
        assertThat(backend.withSession(s -> s.matmul(Tensor.ones(DType.F64, 2, 2), Tensor.ones(DType.F64, 2)))
                .f64Data()).containsExactly(2, 2);
        assertThat(Backends.diagnostics()).anySatisfy(d -> {
            assertThat(d.name()).isEqualTo("reference");
            assertThat(d.priority()).isEqualTo(ReferenceBackendProvider.PRIORITY);
            assertThat(d.available()).isTrue();
        });
    }

    @Test
    void theProviderHasNoSettingsAndSaysWhichKeyItRejected() {
        assertThatThrownBy(() -> Backends.create("reference", Map.of("threads", "2")))
                .isInstanceOfSatisfying(ValidationException.class, e -> assertThat(e.argument()).isEqualTo("threads"));
    }
}
