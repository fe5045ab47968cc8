package org.ferrite.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.ferrite.api.error.ValidationException;
import org.junit.jupiter.api.Test;

/** A spec is a value: equal when its parts are, the same after Java serialization, and checked when built. */
class BackendSpecTest {
    @Test
    void aSpecTravelsAndStaysEqual() throws IOException, ClassNotFoundException {
        BackendSpec spec = BackendSpec.of("cpu").withSetting("gemmRoute", "JAVA").withSlots(TaskSlots.SHARED);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(spec);
        }
        Object back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = in.readObject();
        }
        assertThat(back).isEqualTo(spec).hasSameHashCodeAs(spec);
        assertThat(((BackendSpec) back).settings()).containsEntry("gemmRoute", "JAVA");
        assertThat(spec.provider()).contains("cpu");
        assertThat(BackendSpec.highestPriority().provider()).isEmpty();
    }

    @Test
    void settingsAreAValueNotAView() {
        BackendSpec spec = BackendSpec.of("cpu");
        BackendSpec more = spec.withSetting("threads", "1");
        assertThat(spec.settings()).isEmpty();
        assertThat(more).isNotEqualTo(spec);
        assertThatThrownBy(() -> more.settings().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void autoSlotsAreDisjointCpusForTheCpuProviderAndSharedForOthers() {
        assertThat(BackendSpec.of("cpu").resolvedSlots("cpu")).isEqualTo(TaskSlots.DISJOINT_CPUS);
        assertThat(BackendSpec.of("opencl").resolvedSlots("opencl")).isEqualTo(TaskSlots.SHARED);
        assertThat(BackendSpec.of("cpu").withSlots(TaskSlots.SHARED).resolvedSlots("cpu")).isEqualTo(TaskSlots.SHARED);
    }

    @Test
    void aBlankNameOrKeyIsRefused() {
        assertThatThrownBy(() -> BackendSpec.of(" ")).isInstanceOf(ValidationException.class)
                .hasMessageContaining("provider").hasMessageContaining("highestPriority");
        assertThatThrownBy(() -> BackendSpec.of("cpu").withSetting("", "1")).isInstanceOf(ValidationException.class)
                .hasMessageContaining("key");
    }
}
