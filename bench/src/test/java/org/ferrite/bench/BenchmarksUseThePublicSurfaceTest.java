package org.ferrite.bench;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks measure Ferrite through its public surface: no benchmark class uses a type of
 * {@code org.ferrite.cpu.internal}; a route label or a counter comes from the provider's public API or
 * its capabilities ({@code CpuCapabilities}, {@code CpuBackend.nativeBlas()}). The classes in
 * {@link #NOT_YET} still reach internal types: {@code LapackPeersBenchmark}'s peers call LAPACK through
 * the provider's own binding, and its {@code …Layer} arms time the native tier without a session. The
 * list may only shrink: a class on it that no longer needs an internal type fails the second test.
 */
class BenchmarksUseThePublicSurfaceTest {
    /** Benchmarks that still measure internal kernels or tiers directly, by simple name. */
    private static final Set<String> NOT_YET = Set.of(
            "LapackPeersBenchmark");

    /**
     * The benchmark module's own classes, imported once from its class folder (or jar), without the
     * classes JMH generates from them (three quarters of the folder; they call only the benchmarks).
     */
    private static final JavaClasses BENCH = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("/jmh_generated/"))
            .importLocations(Set.of(Location.of(org.ferrite.bench.report.BenchmarksMain.class.getProtectionDomain()
                    .getCodeSource().getLocation())));

    private static JavaClasses benchmarks() {
        assertThat(BENCH.containPackage("org.ferrite.bench.report")).as("the benchmark classes are imported").isTrue();
        return BENCH;
    }

    @Test
    void noBenchmarkUsesAProviderInternalType() {
        noClasses().that(describe("benchmarks not listed in NOT_YET", (JavaClass c) -> !listed(c)))
                .should().dependOnClassesThat().resideInAPackage("org.ferrite.cpu.internal..")
                .check(benchmarks());
    }

    @Test
    void everyListedBenchmarkStillNeedsTheList() {
        Set<String> users = new TreeSet<>();
        for (JavaClass c : benchmarks()) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if (d.getTargetClass().getPackageName().startsWith("org.ferrite.cpu.internal")) {
                    users.add(topLevel(c).getSimpleName());
                }
            }
        }
        assertThat(users).as("remove from NOT_YET what no longer uses an internal type")
                .containsExactlyInAnyOrderElementsOf(NOT_YET);
    }

    private static boolean listed(JavaClass c) {
        return NOT_YET.contains(topLevel(c).getSimpleName());
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass t = c;
        while (t.getEnclosingClass().isPresent()) {
            t = t.getEnclosingClass().get();
        }
        return t;
    }
}
