package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.ferrite.api.error.ValidationException;
import org.junit.jupiter.api.Test;

class CpuDomainTest {
    @Test
    void theLinuxListFormatRoundTrips() {
        CpuDomain domain = CpuDomain.parse(" 0-3, 8,10-11 ");
        assertThat(domain.cpus()).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(domain.size()).isEqualTo(7);
        assertThat(domain).hasToString("0-3,8,10-11");
        assertThat(CpuDomain.parse(domain.toString())).isEqualTo(domain).hasSameHashCodeAs(domain);
        assertThat(CpuDomain.of(11, 10, 8, 3, 2, 1, 0, 0)).isEqualTo(domain);
    }

    @Test
    void overlapAndContainmentFollowTheSets() {
        CpuDomain low = CpuDomain.parse("0-3");
        assertThat(low.overlaps(CpuDomain.of(3, 200))).isTrue();
        assertThat(low.overlaps(CpuDomain.of(4, 200))).isFalse();
        assertThat(low.containsAll(CpuDomain.of(1, 2))).isTrue();
        assertThat(low.containsAll(CpuDomain.of(1, 64))).isFalse();
        assertThat(low.contains(3)).isTrue();
        assertThat(low.contains(4)).isFalse();
        assertThat(CpuDomain.of(63, 64, 8191).toString()).isEqualTo("63-64,8191");
    }

    @Test
    void badListsAreRejectedNamingTheInput() {
        assertThatThrownBy(() -> CpuDomain.parse("")).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> CpuDomain.parse("0-x")).isInstanceOf(ValidationException.class)
                .hasMessageContaining("\"0-x\"");
        assertThatThrownBy(() -> CpuDomain.parse("5-2")).isInstanceOf(ValidationException.class)
                .hasMessageContaining("empty CPU range");
        assertThatThrownBy(() -> CpuDomain.of(8192)).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> CpuDomain.of(-1)).isInstanceOf(ValidationException.class);
        assertThatThrownBy(CpuDomain::of).isInstanceOf(ValidationException.class);
    }

    @Test
    void parseErrorsNameTheSettingsKeyCpus() {
        for (String bad : new String[] {"", "0-x", "5-2", "1,,2", null}) {
            ValidationException e = catchThrowableOfType(ValidationException.class, () -> CpuDomain.parse(bad));
            assertThat(e).as("CpuDomain.parse(%s)", bad).isNotNull();
            assertThat(e.argument()).as("CpuDomain.parse(%s)", bad).isEqualTo("cpus");
            assertThat(e.getMessage()).contains("argument 'cpus'").doesNotContain("'list'");
        }
        ValidationException viaSettings = catchThrowableOfType(ValidationException.class,
                () -> new org.ferrite.cpu.internal.registration.CpuBackendProvider().create(java.util.Map.of("cpus", "0-x")));
        assertThat(viaSettings.argument()).isEqualTo("cpus");
        assertThat(viaSettings.getMessage()).contains("\"0-x\"");
    }

    @Test
    void theAvailableDomainIsNotEmpty() {
        assertThat(CpuDomain.available().size()).isPositive();
    }
}
