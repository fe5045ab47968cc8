package org.ferrite.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks measure Ferrite through its public surface: no benchmark class uses a type of
 * {@code org.ferrite.cpu.internal}, with no exception. A route label or a counter comes from the
 * provider's public API or its capabilities ({@code CpuCapabilities}, {@code CpuBackend.nativeBlas()});
 * a tier is measured by forcing it through the public API ({@code LinalgBenchmark -p route=NATIVE}); a
 * native peer binds its library itself ({@code DirectLapack}).
 */
class BenchmarksUseThePublicSurfaceTest {
    /**
     * The benchmark module's own classes, imported once from its class folder (or jar), without the
     * classes JMH generates from them (three quarters of the folder; they call only the benchmarks).
     */
    private static final JavaClasses BENCH = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("/jmh_generated/"))
            .importLocations(Set.of(Location.of(org.ferrite.bench.report.BenchmarksMain.class.getProtectionDomain()
                    .getCodeSource().getLocation())));

    @Test
    void noBenchmarkUsesAProviderInternalType() {
        assertThat(BENCH.containPackage("org.ferrite.bench.report")).as("the benchmark classes are imported").isTrue();
        assertThat(BENCH.contain(LapackPeersBenchmark.class)).as("the LAPACK peers are imported").isTrue();
        noClasses().should().dependOnClassesThat().resideInAPackage("org.ferrite.cpu.internal..")
                .check(BENCH);
    }
}
