package org.ferrite.cpu.internal.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;
import org.junit.jupiter.api.Test;

/** How a row reads a written value; that every route uses the rows is {@code CpuSettingParityTest}'s. */
class CpuSettingTest {
    @Test
    void numbersAreReadFromTextWithUnderscoresOrFromIntegralValuesInRange() {
        assertThat(CpuSetting.THREADS.parse("op", " 2 ")).isEqualTo(2);
        assertThat(CpuSetting.THREADS.parse("op", 2L)).isEqualTo(2);
        assertThat(CpuSetting.BUFFER_POOL_LIMIT_BYTES.parse("op", "1_048_576")).isEqualTo(1L << 20);
        assertThat(CpuSetting.BUFFER_POOL_LIMIT_BYTES.parse("op", 5)).isEqualTo(5L);
        for (Object bad : new Object[] {"2.0", 2.0, 1L << 32, "", true}) {
            assertThatThrownBy(() -> CpuSetting.THREADS.parse("op", bad)).as("%s", bad)
                    .isInstanceOfSatisfying(ValidationException.class, e -> {
                        assertThat(e.argument()).isEqualTo("threads");
                        assertThat(e.expected()).isEqualTo("an integer");
                        assertThat(e.actual()).isEqualTo(CpuSetting.shown(bad));
                    });
        }
    }

    @Test
    void aValueBelowTheBoundIsRefusedUnlessItStandsForTheDefault() {
        assertThat(CpuSetting.THREADS.meansDefault(CpuSetting.THREADS.parse("op", "0"))).isTrue();
        assertThatThrownBy(() -> CpuSetting.THREADS.parse("op", "-1")).isInstanceOfSatisfying(ValidationException.class,
                e -> assertThat(e.expected()).isEqualTo("an integer >= 1, or 0 for the default"));
        assertThat(CpuSetting.BUFFER_POOL_LIMIT_BYTES.meansDefault(CpuSetting.BUFFER_POOL_LIMIT_BYTES.parse("op", -7)))
                .isTrue();
        assertThatThrownBy(() -> CpuSetting.LONG_WAIT_WARNING_MILLIS.parse("op", 0L))
                .isInstanceOfSatisfying(ValidationException.class, e -> {
                    assertThat(e.argument()).isEqualTo("longWaitWarningMillis");
                    assertThat(e.actual()).isEqualTo("0");
                });
        assertThat(CpuSetting.INDEXED_PLAN_CACHE_MAX_ENTRIES.meansDefault(0)).isFalse();
    }

    @Test
    void flagsRoutesAndCpuListsAreReadCaseInsensitivelyAndTrimmed() {
        assertThat(CpuSetting.PIN_CALLER.parse("op", " FALSE ")).isEqualTo(false);
        assertThat(CpuSetting.PIN_CALLER.parse("op", Boolean.TRUE)).isEqualTo(true);
        assertThat(CpuSetting.LEAK_DETECTION.meansDefault(false)).isTrue();
        assertThat(CpuSetting.GEMM_ROUTE.parse("op", "native")).isEqualTo(GemmRoute.NATIVE);
        assertThat(CpuSetting.LINALG_ROUTE.parse("op", LinalgRoute.DENSE)).isEqualTo(LinalgRoute.DENSE);
        assertThatThrownBy(() -> CpuSetting.LINALG_ROUTE.parse("op", "fast")).isInstanceOfSatisfying(
                ValidationException.class, e -> assertThat(e.expected()).isEqualTo("AUTO, JAVA, SMALL, DENSE or NATIVE"));
        assertThat(CpuSetting.CPUS.parse("op", " 0-3,8 ")).isEqualTo("0-3,8");
        assertThat(CpuSetting.CPUS.parse("op", 3)).isEqualTo("3");
        assertThat(CpuSetting.CPUS.meansDefault(CpuSetting.CPUS.parse("op", "  "))).isTrue();
    }

    @Test
    void keysAreUniqueAndFoundAndALongValueIsQuotedOnlyInPart() {
        assertThat(Arrays.stream(CpuSetting.values()).map(CpuSetting::key).distinct().count())
                .isEqualTo(CpuSetting.values().length);
        for (CpuSetting setting : CpuSetting.values()) {
            assertThat(CpuSetting.forKey(setting.key())).contains(setting);
        }
        assertThat(CpuSetting.forKey("Threads")).isEmpty();
        assertThat(CpuSetting.shown("x".repeat(500))).hasSizeLessThan(260).startsWith("\"xxx").endsWith("\"");
        assertThat(CpuSetting.shown(12L)).isEqualTo("12");
    }
}
