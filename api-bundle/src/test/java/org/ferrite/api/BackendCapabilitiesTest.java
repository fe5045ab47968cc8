package org.ferrite.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.junit.jupiter.api.Test;

class BackendCapabilitiesTest {
    private static final CapabilityKey<Boolean> FLAG = CapabilityKey.of("test.flag", Boolean.class);
    private static final CapabilityKey<String> NOTE = CapabilityKey.of("test.note", String.class);

    /** An extension interface, as a provider would offer one. */
    interface Kernels {
    }

    @Test
    void dtypesAreCopiedImmutableAndIteratedInDtypeOrder() {
        Set<DType> given = new HashSet<>(List.of(DType.C128, DType.F64, DType.BOOL));
        BackendCapabilities.Builder b = BackendCapabilities.builder(DeviceKind.CPU).dtypes(given).threadBudget(2);
        BackendCapabilities c = b.build();
        given.add(DType.I32);
        assertThat(c.dtypes()).containsExactly(DType.BOOL, DType.F64, DType.C128);
        assertThat(c.supports(DType.F64)).isTrue();
        assertThat(c.supports(DType.I32)).isFalse();
        assertThatThrownBy(() -> c.dtypes().add(DType.I64)).isInstanceOf(UnsupportedOperationException.class);
        b.dtypes(DType.I64);
        assertThat(c.dtypes()).as("built capabilities do not see later builder changes").doesNotContain(DType.I64);
        assertThat(c).isEqualTo(BackendCapabilities.builder(DeviceKind.CPU).dtypes(DType.C128, DType.BOOL, DType.F64)
                .threadBudget(2).build()).hasSameHashCodeAs(BackendCapabilities.builder(DeviceKind.CPU)
                        .dtypes(DType.BOOL, DType.F64, DType.C128).threadBudget(2).build());
    }

    @Test
    void defaultsAreTheDevicesFirstPlacementOneThreadNoMemoryNoExtensionsAndThisSpiVersion() {
        BackendCapabilities c = BackendCapabilities.builder(DeviceKind.CPU).dtypes(DType.F64).build();
        assertThat(c.device()).isEqualTo(DeviceKind.CPU);
        assertThat(c.placement()).isEqualTo(Placement.HOST);
        assertThat(c.threadBudget()).isEqualTo(1);
        assertThat(c.memoryTotalBytes()).isEmpty();
        assertThat(c.memoryAvailableBytes()).isEmpty();
        assertThat(c.extensions()).isEmpty();
        assertThat(c.details()).isEmpty();
        assertThat(c.spiVersion()).isEqualTo(BackendCapabilities.SPI_VERSION).isEqualTo("0.3.0");
        assertThat(BackendCapabilities.builder(DeviceKind.CUDA).dtypes(DType.F32).build().placement())
                .isEqualTo(new Placement(DeviceKind.CUDA, 0));
    }

    @Test
    void memoryExtensionsAndTypedDetailsAreReported() {
        BackendCapabilities c = BackendCapabilities.builder(DeviceKind.CUDA).placement(new Placement(DeviceKind.CUDA,
                1)).dtypes(DType.F32).memory(80L << 30, 79L << 30).extension(Kernels.class).detail(NOTE, "sm_90")
                .detail(FLAG, true).build();
        assertThat(c.placement().ordinal()).isEqualTo(1);
        assertThat(c.memoryTotalBytes()).hasValue(80L << 30);
        assertThat(c.memoryAvailableBytes()).hasValue(79L << 30);
        assertThat(c.extensions()).containsExactly(Kernels.class);
        assertThat(c.supportsExtension(Kernels.class)).isTrue();
        assertThat(c.supportsExtension(Runnable.class)).isFalse();
        assertThat(c.detail(FLAG)).contains(true);
        assertThat(c.detail(NOTE)).contains("sm_90");
        assertThat(c.detail(CapabilityKey.of("test.absent", Integer.class))).isEmpty();
        assertThat(c.details().keySet()).as("ordered by name").containsExactly(FLAG, NOTE);
        assertThatThrownBy(() -> c.details().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> c.extensions().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(c.toString()).contains("placement=cuda:1").contains("memoryTotalBytes=" + (80L << 30))
                .contains(Kernels.class.getName()).contains("test.flag=true").contains("test.note=sm_90")
                .contains("spiVersion=0.3.0");
        assertThat(c.toBuilder().build()).isEqualTo(c).hasSameHashCodeAs(c);
        assertThat(c.toBuilder().detail(FLAG, false).build()).isNotEqualTo(c);
    }

    @Test
    void aDetailKeyIsIdentifiedByItsNameAndTypeMismatchesFailTyped() {
        assertThat(CapabilityKey.of("test.flag", String.class)).isEqualTo(FLAG).hasSameHashCodeAs(FLAG);
        BackendCapabilities c = BackendCapabilities.builder(DeviceKind.CPU).dtypes(DType.F64).detail(FLAG, true)
                .build();
        expectValidation(() -> c.detail(CapabilityKey.of("test.flag", String.class)), ValidationKind.INVALID_ARGUMENT,
                "detail", "key");
        BackendCapabilities replaced = BackendCapabilities.builder(DeviceKind.CPU).dtypes(DType.F64).detail(FLAG, true)
                .detail(CapabilityKey.of("test.flag", String.class), "yes").build();
        assertThat(replaced.details()).hasSize(1);
        assertThat(replaced.detail(CapabilityKey.of("test.flag", String.class))).contains("yes");
        assertThat(FLAG.toString()).isEqualTo("test.flag (Boolean)");
        assertThat(FLAG.name()).isEqualTo("test.flag");
        assertThat(FLAG.type()).isEqualTo(Boolean.class);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    @Test
    void invalidValuesAreRejectedWithValidationExceptions() {
        String op = "BackendCapabilities.Builder";
        BackendCapabilities.Builder b = BackendCapabilities.builder(DeviceKind.CPU);
        expectValidation(() -> b.threadBudget(0), ValidationKind.INVALID_ARGUMENT, op, "threadBudget");
        expectValidation(() -> b.memory(-1, 0), ValidationKind.INVALID_ARGUMENT, op, "memoryTotalBytes");
        expectValidation(() -> b.memory(10, 11), ValidationKind.INVALID_ARGUMENT, op, "memoryAvailableBytes");
        expectValidation(() -> b.memory(10, -1), ValidationKind.INVALID_ARGUMENT, op, "memoryAvailableBytes");
        expectValidation(() -> b.placement(new Placement(DeviceKind.CUDA, 0)), ValidationKind.INVALID_ARGUMENT, op,
                "placement");
        expectValidation(() -> b.extension(String.class), ValidationKind.INVALID_ARGUMENT, op, "extension");
        CapabilityKey raw = FLAG;
        expectValidation(() -> b.detail(raw, "not a boolean"), ValidationKind.INVALID_ARGUMENT, op, "value");
        expectValidation(() -> b.spiVersion(" "), ValidationKind.INVALID_ARGUMENT, op, "spiVersion");
        expectValidation(b::build, ValidationKind.INVALID_ARGUMENT, op, "dtypes");
        expectValidation(() -> CapabilityKey.of(" ", String.class), ValidationKind.INVALID_ARGUMENT,
                "CapabilityKey.of", "name");
        expectValidation(() -> CapabilityKey.of("x", boolean.class), ValidationKind.INVALID_ARGUMENT,
                "CapabilityKey.of", "type");
        assertThatThrownBy(() -> BackendCapabilities.builder(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> b.detail(FLAG, null)).isInstanceOf(NullPointerException.class);
    }
}
