package org.ferrite.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.junit.jupiter.api.Test;

class BackendCapabilitiesTest {

    @Test
    void dtypesAreCopiedImmutableAndIteratedInDtypeOrder() {
        Set<DType> given = new HashSet<>(List.of(DType.C128, DType.F64, DType.BOOL));
        BackendCapabilities c = new BackendCapabilities(DeviceKind.CPU, given, 2, true, "",
                BackendCapabilities.SPI_VERSION);
        given.add(DType.I32);
        assertThat(c.dtypes()).containsExactly(DType.BOOL, DType.F64, DType.C128);
        assertThat(c.supports(DType.F64)).isTrue();
        assertThat(c.supports(DType.I32)).isFalse();
        assertThatThrownBy(() -> c.dtypes().add(DType.I64)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(new BackendCapabilities(DeviceKind.CPU, Set.of(), 1, false, "no JNA", "0.1.0").dtypes()).isEmpty();
        assertThat(c).isEqualTo(new BackendCapabilities(DeviceKind.CPU, EnumSet.of(DType.BOOL, DType.F64, DType.C128),
                2, true, "", "0.1.0"));
    }

    @Test
    void invalidCapabilitiesAreRejected() {
        assertThatThrownBy(() -> new BackendCapabilities(DeviceKind.CPU, Set.of(), 0, false, "", "0.1.0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threadBudget");
        assertThatThrownBy(() -> new BackendCapabilities(null, Set.of(), 1, false, "", "0.1.0"))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new BackendCapabilities(DeviceKind.CPU, Set.of(), 1, false, null, "0.1.0"))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new BackendCapabilities(DeviceKind.CPU, Set.of(), 1, false, "", null))
                .isInstanceOf(NullPointerException.class);
    }
}
